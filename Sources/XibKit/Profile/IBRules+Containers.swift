/// Which containers are ordered and which are sets.
///
/// The merge takes children of both kinds as a sequence of keys (diff3 on keys: both sides'
/// insertions are kept, a reorder by one side is kept, order never conflicts); the members of
/// a set that Xcode writes sorted are then put in Xcode's order when the merge changed them.
/// The diff reports reorders in every container but a set, and the items of the document's own
/// sets (`<resources>`, `<dependencies>`) as objects. An empty container of either kind says
/// nothing (the diff leaves `<subviews/>` out). A container not listed is ordered.
extension IBRules {
    /// An element with no attributes and no text whose elements, if any, are all objects
    /// (`<connections>`, `<subviews>`, `<constraints>`): Xcode drops it when it holds none, so
    /// it is there for its objects, not a value of its own (a side that deleted them all
    /// removed it with them).
    public static func isObjectContainer(_ e: XMLElement) -> Bool {
        e.attributes.isEmpty && e.text.allSatisfy(\.isWhitespace) && e.children.allSatisfy { node in
            guard case .element(let child) = node else { return true }
            return child[attribute: objectIDAttribute] != nil && !hasNonObjectID(child.name)
        }
    }

    public enum Container: Sendable {
        /// Order carries meaning: `subviews` is z-order; `objects`, `scenes`, `items`,
        /// `segments`, `cells`, ... are ordered as shown to users.
        case ordered
        /// The children form a set: their order means nothing. With an order when Xcode
        /// writes the members sorted.
        case set(XcodeOrder?)
    }

    /// How Xcode sorts the members of a set: by element name first when `byTag`, then by the
    /// key; members without a key (nil) keep their relative place.
    public struct XcodeOrder: Sendable {
        let byTag: Bool
        let key: @Sendable (XMLElement) -> String?
    }

    /// Every container the profile knows. Sets that Xcode writes sorted, as measured on the
    /// corpus: constraints by id in 1,759 of 1,760 pairs, outlets by property in 742 of 743,
    /// resources by type then name and capabilities by name in all.
    public static let containers: [String: Container] = [
        "constraints": .set(XcodeOrder(byTag: false) { $0.name == "constraint" ? $0[attribute: "id"] : nil }),
        "connections": .set(XcodeOrder(byTag: true) { e in e.name == "outlet" || e.name == "outletCollection" ? e[attribute: "property"] : "" }),
        "resources": .set(XcodeOrder(byTag: true) { $0[attribute: "name"] }),
        "dependencies": .set(XcodeOrder(byTag: false) { $0.name == "capability" ? $0[attribute: "name"] : nil }),
        "userDefinedRuntimeAttributes": .set(nil), "inferredMetricsTieBreakers": .set(nil), "designables": .set(nil),
        "gestureRecognizers": .set(nil), "variation": .set(nil), "mask": .set(nil),
        "subviews": .ordered, "objects": .ordered, "scenes": .ordered, "items": .ordered, "segments": .ordered,
        "cells": .ordered, "prototypes": .ordered, "sections": .ordered, "tableColumns": .ordered,
        "toolbarItems": .ordered, "layoutGuides": .ordered, "visibilityPriorities": .ordered, "customSpacing": .ordered,
        "splitViewItems": .ordered, "tabViewItems": .ordered, "touchBarItems": .ordered, "prototypeCellViews": .ordered,
        "allowedToolbarItems": .ordered, "defaultToolbarItems": .ordered, "rows": .ordered, "columns": .ordered,
        "gridCells": .ordered, "holdingPriorities": .ordered, "mutableArray": .ordered, "array": .ordered,
    ]

    /// Lists holding one value per arranged view of their parent, by position (`NSStackView`'s
    /// visibility priorities and custom spacing): merged keyed by those views, like `subviews`.
    public static let perViewLists: [(parent: String, list: String)] = [
        ("stackView", "visibilityPriorities"), ("stackView", "customSpacing"),
    ]

    /// Where a parent's arranged views are, in order: its gravity lists (each merged like
    /// `subviews`, its views being objects), or its subviews.
    public static let arrangedViews: [String: [String]] = ["stackView": ["beginningViews", "middleViews", "endViews", "subviews"]]

}

extension IBRules.XcodeOrder {
    /// The permutation (indices into `elements`) that puts a set's members in Xcode's order:
    /// members without a key keep their slots, and the keyed ones are sorted among the slots
    /// keyed members occupy.
    public func permutation(_ elements: [XMLElement]) -> [Int] {
        let keyed = elements.indices.filter { key(elements[$0]) != nil }
        let sorted = keyed.sorted { a, b in
            let ka = (byTag ? elements[a].name : "", key(elements[a])!)
            let kb = (byTag ? elements[b].name : "", key(elements[b])!)
            return ka != kb ? ka < kb : a < b
        }
        var result = Array(elements.indices)
        for (slot, index) in zip(keyed, sorted) { result[slot] = index }
        return result
    }
}

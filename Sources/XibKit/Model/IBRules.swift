/// What Interface Builder's XML means, as tables rather than a type per UIKit class:
/// the format has hundreds of element types, and the few that need special meaning
/// (identity, references, order, noise) are listed here. Unknown elements are handled
/// generically: identified by position, merged as ordered sequences, never dropped.
public enum IBRules {
    /// Elements whose `id` is not an object id (device models, size-class adaptations).
    public static let nonObjectIDTags = ["device", "adaptation"]

    /// Attributes that identify an element without an id under its parent, in priority order.
    public static let identityAttributes = ["key", "name", "keyPath", "identifier", "reference", "property", "selector"]

    /// Containers whose children form a set: order carries no meaning, so concurrent
    /// insertions never conflict and duplicates collapse. Everything else is ordered
    /// (`subviews` is z-order; `objects`, `scenes`, `items`, `segments`, `cells`, ... are
    /// ordered as shown to users).
    public static let unorderedContainers: Set<String> = [
        "constraints", "connections", "resources", "dependencies", "userDefinedRuntimeAttributes",
        "inferredMetricsTieBreakers", "designables", "gestureRecognizers", "variation", "mask",
    ]

    /// Containers known to be ordered; listed for documentation and display.
    public static let orderedContainers: Set<String> = [
        "subviews", "objects", "scenes", "items", "segments", "cells", "prototypes", "sections",
        "tableColumns", "toolbarItems", "layoutGuides", "visibilityPriorities", "customSpacing",
        "splitViewItems", "tabViewItems", "touchBarItems", "prototypeCellViews", "allowedToolbarItems",
        "defaultToolbarItems", "rows", "columns", "gridCells", "holdingPriorities", "mutableArray", "array",
    ]

    /// Attributes whose value is the id of another object in the same document.
    /// `nil` tag: on any element.
    public static let referenceAttributes: [(tag: String?, attribute: String)] = [
        (nil, "destination"), (nil, "firstItem"), (nil, "secondItem"), (nil, "target"),
        ("document", "initialViewController"),
        ("exclude", "reference"), ("include", "reference"), ("segue", "reference"),
        ("tableViewCellContentView", "tableViewCell"), ("tableViewCell", "textLabel"),
        ("tableViewCell", "detailTextLabel"), ("tableViewCell", "imageView"),
        ("popUpButtonCell", "selectedItem"), ("binding", "previousBinding"),
        ("outlineView", "outlineTableColumn"), ("gridCell", "row"), ("gridCell", "column"),
        ("tableView", "headerView"),
    ]

    /// References Xcode itself leaves dangling (seen in Xcode-written files): renamed with
    /// their target, but not reported by `check`.
    public static let toleratedDanglingReferences: Set<String> = ["previousBinding"]

    /// First filters for the hot lookups below (every attribute of every element goes through
    /// them): most names fail on their length and first letter, before any string comparison.
    private static let identityFilter = NameFilter(identityAttributes)
    private static let referenceFilter = NameFilter(referenceAttributes.map(\.attribute))
    private static let noiseFilter = NameFilter(noiseAttributes.map(\.attribute))

    /// For each name length, the first letters of the names of that length, as bit sets:
    /// `height` (6, h) passes a filter on lengths and one on first letters apart, not this one.
    private struct NameFilter {
        private var firstBytesByLength = [UInt64](repeating: 0, count: 64)

        init(_ names: [String]) {
            for name in names { firstBytesByLength[name.utf8.count] |= IBRules.firstByteBit(name) }
        }

        @inline(__always) func mayContain(_ name: String) -> Bool {
            let n = name.utf8.count
            return n < 64 && firstBytesByLength[n] & IBRules.firstByteBit(name) != 0
        }
    }

    /// A bit for the first byte of a lower-case ASCII name (`a`...`z`), 0 otherwise.
    @inline(__always) private static func firstByteBit(_ s: String) -> UInt64 {
        // An index subscript, not `utf8.first`: the generic `first` was not inlined.
        guard !s.isEmpty else { return 0 }
        let f = s.utf8[s.utf8.startIndex]
        guard f >= 0x61, f <= 0x7A else { return 0 }
        return 1 << UInt64(f - 0x61)
    }

    /// Priority of an identity attribute (index in `identityAttributes`), or nil.
    @inline(__always) public static func identityRank(_ attribute: String) -> Int? {
        guard identityFilter.mayContain(attribute) else { return nil }
        return identityAttributes.firstIndex { $0.isSameName(as: attribute) }
    }

    public static func isReference(tag: String, attribute: String) -> Bool {
        guard referenceFilter.mayContain(attribute) else { return false }
        // A handful of pairs: comparing small strings beats hashing them.
        return referenceAttributes.contains { $0.attribute.isSameName(as: attribute) && ($0.tag.map { $0.isSameName(as: tag) } ?? true) }
    }

    /// Whether an element's `id` is not an object id (`<device>`, `<adaptation>`).
    @inline(__always) public static func hasNonObjectID(_ tag: String) -> Bool {
        // Two names, compared length first: hashing the tag (a set lookup) cost more.
        let n = tag.utf8.count
        return (n == 6 || n == 10) && nonObjectIDTags.contains { $0.isSameName(as: tag) }
    }

    /// How Xcode churns a value without a user's intent.
    public enum Noise: String, Sendable {
        /// Version stamps: the newer value wins (`toolsVersion`, `<plugIn version>`, ...).
        case toolsVersion = "tools-version"
        /// Editor state (`<device>`, `canvasLocation`, `misplaced`): ours wins.
        case editorState = "editor-state"
        /// Frames: recomputed by Xcode from constraints; ours wins, reported as layout-only.
        case layout
    }

    /// Noise attributes; `tag` nil: on any element.
    public static let noiseAttributes: [(tag: String?, attribute: String, noise: Noise)] = [
        ("document", "toolsVersion", .toolsVersion), ("document", "systemVersion", .toolsVersion),
        ("plugIn", "version", .toolsVersion),
        ("capability", "minToolsVersion", .toolsVersion),
        (nil, "misplaced", .editorState), (nil, "ambiguous", .editorState),
    ]

    public static func noise(tag: String, attribute: String) -> Noise? {
        // Hot path (fingerprints hash every attribute): hashing two strings into nested
        // tables here cost a tenth of a large merge.
        guard noiseFilter.mayContain(attribute) else { return nil }
        return noiseAttributes.first { $0.attribute.isSameName(as: attribute) && ($0.tag.map { $0.isSameName(as: tag) } ?? true) }?.noise
    }

    /// Whole elements that are noise, identified by tag and `key`. Geometry (`<rect>`: frames,
    /// window content rects; text views' min/max sizes) is layout: Xcode derives it from
    /// constraints and autoresizing, and rewrites it when a file is merely opened.
    public static func noise(element tag: String, key: String?) -> Noise? {
        switch (tag, key) {
        case ("device", _): return .editorState
        case ("point", "canvasLocation"): return .editorState
        case ("animations", _): return .editorState  // injected empty by Xcode 7, dropped by later versions
        case ("rect", _), ("size", "minSize"), ("size", "maxSize"): return .layout
        default: return nil
        }
    }

    /// How Xcode orders the members of some sets (measured on the corpus: constraints by id in
    /// 1,759 of 1,760 pairs, outlets by property in 742 of 743, resources by type then name and
    /// capabilities by name in all). `nil` key: the element keeps its relative place.
    static let xcodeSetOrder: [String: (tagRanked: Bool, key: @Sendable (XMLElement) -> String?)] = [
        "constraints": (false, { $0.name == "constraint" ? $0[attribute: "id"] : nil }),
        "connections": (true, { e in e.name == "outlet" || e.name == "outletCollection" ? e[attribute: "property"] : "" }),
        "resources": (true, { $0[attribute: "name"] }),
        "dependencies": (false, { $0.name == "capability" ? $0[attribute: "name"] : nil }),
    ]

    public static func hasXcodeOrder(_ container: String) -> Bool { xcodeSetOrder[container] != nil }

    /// The permutation (indices into `elements`) that puts a set's members in Xcode's order.
    /// With `tagRanked`, members sort by element name first; members without a key keep
    /// their slots, and the keyed ones are sorted among the slots keyed members occupy.
    public static func xcodeOrder(container: String, _ elements: [XMLElement]) -> [Int] {
        guard let rule = xcodeSetOrder[container] else { return Array(elements.indices) }
        let keyed = elements.indices.filter { rule.key(elements[$0]) != nil }
        let sorted = keyed.sorted { a, b in
            let ka = (rule.tagRanked ? elements[a].name : "", rule.key(elements[a])!)
            let kb = (rule.tagRanked ? elements[b].name : "", rule.key(elements[b])!)
            return ka != kb ? ka < kb : a < b
        }
        var result = Array(elements.indices)
        for (slot, index) in zip(keyed, sorted) { result[slot] = index }
        return result
    }

    /// Elements holding text, which Xcode writes as `<string key="x"></string>` when empty
    /// (seen in the corpus), so `format` keeps that spelling for them only.
    public static let textElements: Set<String> = ["string", "mutableString"]

    /// Human names for element types whose camel-case split reads badly.
    public static let typeNames: [String: String] = [
        "placeholder": "Placeholder", "tableViewCell": "Table View Cell",
        "collectionViewCell": "Collection View Cell", "viewControllerLayoutGuide": "Layout Guide",
        "viewLayoutGuide": "Layout Guide", "customObject": "Object", "customView": "Custom View",
        "menuItem": "Menu Item", "textField": "Text Field", "textView": "Text View",
    ]

    /// Attributes that hold the text a person sees on an object, in priority order.
    public static let titleAttributes = ["title", "text", "placeholder", "label", "headerTitle", "footerTitle"]

    /// Flags Xcode's editor writes on a view (`misplaced="YES"`, `ambiguous="YES"`), and the
    /// `check` rule that reports each one left in a file.
    public static let layoutWarningFlags: [(attribute: String, rule: String)] = [
        ("misplaced", "misplaced-view"), ("ambiguous", "ambiguous-layout"),
    ]

    /// Where an object's user-visible text is, and the property its key names in a
    /// Base-localised `.strings` file (`"abc-De-fgh.normalTitle" = "…";`), as Xcode exports
    /// them. `child`: a value element of the object (`<state key="normal" title=…>`), else the
    /// object's own attribute; `attribute` nil: the child's text content (`<string key="text">`).
    public static let localizableText: [(child: (tag: String, key: String)?, attribute: String?, property: String)] = [
        (nil, "text", "text"), (nil, "title", "title"), (nil, "placeholder", "placeholder"),
        (nil, "headerTitle", "headerTitle"), (nil, "footerTitle", "footerTitle"), (nil, "prompt", "prompt"),
        (nil, "label", "label"), (nil, "paletteLabel", "paletteLabel"), (nil, "placeholderString", "placeholderString"),
        (nil, "alternateTitle", "alternateTitle"),
        (("state", "normal"), "title", "normalTitle"), (("state", "highlighted"), "title", "highlightedTitle"),
        (("state", "selected"), "title", "selectedTitle"), (("state", "disabled"), "title", "disabledTitle"),
        (("string", "text"), nil, "text"), (("string", "title"), nil, "title"),
        (("accessibility", "accessibilityConfiguration"), "label", "accessibilityLabel"),
        (("accessibility", "accessibilityConfiguration"), "hint", "accessibilityHint"),
        (("tableHeaderCell", "headerCell"), "title", "headerCell.title"),
    ]

    /// How a `.strings` key of a Base-localised file names its object: `OBJECT-ID.property`,
    /// split at the first dot (ids have none; properties may: `headerCell.title`).
    public static let localizationKeySeparator: Character = "."
}

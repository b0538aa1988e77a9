import XibKit

/// What a document says, read independently of the merge: one fact per element and one per
/// attribute, as a multiset, plus the order of each element's object children.
///
/// Each element is named by a canonical path: `#id` for an object, `#scene:ID` for a scene,
/// otherwise its parent's path plus `/tag[key=value]` (the profile's identity attributes) or
/// `/tag[*]` for an anonymous value (its position is dropped). An object's existence fact names
/// its parent, so a move is a difference; a container of objects (`<connections>`) is no fact of
/// its own (Xcode drops it empty), as the shared corpus's fact check reads it too. Xcode's noise attributes and elements (versions,
/// frames, `misplaced`, `<device>`, …), the document's caches and comments are left out: those
/// are what the merge may take from either side.
///
/// The merge's own logic is not used: only the reader, the graph's walk and the profile's lists
/// of noise and identities, and its table of values that mean the same (`IBRules.equivalentValues`:
/// a system colour's name, not its cached components). That is what makes it a check of the
/// merge rather than a copy of it.
public struct Facts: Sendable {
    public let counts: [String: Int]
    /// For each ordered container with object children, their paths in document order.
    public let order: [String: [String]]

    public init(_ bytes: [UInt8]) throws {
        let g = IBGraph(xml: try XMLReader.parse(bytes, name: "facts"))
        var path = [String](repeating: "", count: g.nodes.count)
        var skipped = [Bool](repeating: false, count: g.nodes.count)
        var counts: [String: Int] = [:]
        var order: [String: [String]] = [:]
        for (i, node) in g.nodes.enumerated() {
            let e = node.element
            let parent = node.parent
            let isCache = parent > 0 && g.nodes[parent].parent == 0 && IBRules.isCacheContainer(g.nodes[parent].tag)
            if (parent >= 0 && skipped[parent]) || isCache || IBRules.noise(element: node.tag, key: e[attribute: "key"]) != nil {
                skipped[i] = true
                continue
            }
            let parentPath = parent >= 0 ? path[parent] : ""
            path[i] = Facts.path(of: node, parentPath: parentPath)
            // A value the profile reads as one, however spelled (`IBRules.equivalentValues`): its
            // meaning is the fact, and a default Xcode drops is no fact at all.
            let slot = IBRules.ValueSlot(parent: parent >= 0 ? g.nodes[parent].tag : nil, e)
            if IBRules.hasEquivalents(node.tag), let meaning = IBRules.meaning(of: e, in: slot) {
                skipped[i] = true
                if meaning != IBRules.meaning(of: nil, in: slot) { counts["\(path[i]) means \(meaning)", default: 0] += 1 }
                continue
            }
            // A container of objects is there for its objects (which name it as their parent).
            if IBRules.isObjectContainer(e) { continue }
            let isObject = IBGraph.isObjectKey(path[i])
            counts[isObject ? "\(path[i]) in \(parentPath)" : path[i], default: 0] += 1
            // Order means something only outside sets (`constraints`, `connections`, …).
            if isObject && parent >= 0 && !IBRules.isSet(g.nodes[parent].tag) { order[parentPath, default: []].append(path[i]) }
            for a in e.attributes where IBRules.noise(tag: node.tag, attribute: a.name) == nil {
                if isObject && a.name == IBRules.objectIDAttribute { continue }
                counts["\(path[i]) @\(a.name)=\(a.value)", default: 0] += 1
            }
            let text = e.text
            if !text.allSatisfy(\.isWhitespace) { counts["\(path[i]) text=\(text.debugDescription)", default: 0] += 1 }
        }
        self.counts = counts
        self.order = order
    }

    static func path(of node: IBGraph.Node, parentPath: String) -> String {
        let e = node.element
        if let id = node.objectID { return "#" + id }
        if let scene = e[attribute: "sceneID"] { return "#scene:" + scene }
        if let attribute = IBRules.identityAttributes.first(where: { e[attribute: $0] != nil }) {
            return parentPath + "/\(node.tag)[\(attribute)=\(e[attribute: attribute]!)]"
        }
        return parentPath + "/\(node.tag)[*]"
    }

    /// Facts only in self, and facts only in other (as multisets), order aside.
    public func difference(_ other: Facts) -> (onlySelf: [String], onlyOther: [String]) {
        var delta = counts
        for (f, n) in other.counts { delta[f, default: 0] -= n }
        return (delta.filter { $0.value > 0 }.map(\.key).sorted(), delta.filter { $0.value < 0 }.map(\.key).sorted())
    }

    /// The parents whose object children stand in a different order in `other`.
    public func orderDifference(_ other: Facts) -> [String] {
        Set(order.keys).union(other.order.keys).filter { order[$0] != other.order[$0] }.sorted()
    }

    /// The changes of ours and theirs (each against base) that `result` does not hold: for every
    /// fact one side changed and the other left alone, the result must have that side's count;
    /// where both changed it alike, that count or both changes added up. Facts both changed
    /// differently are a conflict's business, not a clean merge's, and are not judged here.
    public static func lost(base: Facts, ours: Facts, theirs: Facts, result: Facts) -> [String] {
        var all = Set(base.counts.keys)
        all.formUnion(ours.counts.keys)
        all.formUnion(theirs.counts.keys)
        all.formUnion(result.counts.keys)
        var lost: [String] = []
        for f in all {
            let b = base.counts[f] ?? 0, o = ours.counts[f] ?? 0, t = theirs.counts[f] ?? 0, r = result.counts[f] ?? 0
            // Where both changed a count alike, they may have made the same change (one object
            // added on both sides) or two alike (each side added an anonymous `<real value="1"/>`).
            let expected: Set<Int>
            if o == b { expected = [t] } else if t == b { expected = [o] } else if t == o { expected = [o, o + t - b] } else { continue }
            if !expected.contains(r) { lost.append("\(f) (base \(b), ours \(o), theirs \(t), result \(r))") }
        }
        return lost.sorted()
    }

    /// The changes of `side` against base that `result` lacks: what taking that side of every
    /// conflict must give back.
    public static func missing(changesOf side: Facts, base: Facts, in result: Facts) -> [String] {
        var out: [String] = []
        for f in Set(base.counts.keys).union(side.counts.keys) {
            let b = base.counts[f] ?? 0, s = side.counts[f] ?? 0
            if s != b && (result.counts[f] ?? 0) != s { out.append("\(f) (base \(b), side \(s), result \(result.counts[f] ?? 0))") }
        }
        return out.sorted()
    }
}

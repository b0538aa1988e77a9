/// The common ancestor to use when both sides added the same file independently (git's
/// add/add conflict: no merge base). Merging against an empty base would make the whole
/// file one conflict; instead the base is the structural intersection of the two versions:
/// the elements both have under the same parent (matched by their `IBGraph` keys, as the merge
/// matches them), each with only the attributes on which they agree. Measured against it, what
/// only one side has is that side's addition (taken), and what both have with different values
/// was added differently by both (a conflict) — a structural union.
public enum AddAddBase {
    /// The synthesized base, or nil when the two versions cannot be related (either is not an
    /// Interface Builder document, or their roots differ).
    public static func intersection(ours: [UInt8], theirs: [UInt8]) -> [UInt8]? {
        guard var o = try? IBDocument(bytes: ours, name: "ours"), let t = try? IBDocument(bytes: theirs, name: "theirs"),
              o.xml.root.name == t.xml.root.name else { return nil }
        o.xml.root = intersect(0, IBGraph(o), 0, IBGraph(t))
        return o.serialized()
    }

    /// Merges two versions that were added on both sides, against their intersection.
    public static func merge(ours: XibMerger.Input, theirs: XibMerger.Input,
                             options: XibMerger.Options = XibMerger.Options()) -> XibMerger.Outcome {
        let base = ours.bytes == theirs.bytes ? ours.bytes : (intersection(ours: ours.bytes, theirs: theirs.bytes) ?? [])
        return XibMerger.merge(base: .init(bytes: base, name: ours.name + " (common part)"), ours: ours, theirs: theirs,
                               options: options)
    }

    /// The common part of node `on` of ours and node `tn` of theirs (two elements of one key):
    /// children matched by their keys, as the merge matches them.
    private static func intersect(_ on: Int, _ O: IBGraph, _ tn: Int, _ T: IBGraph) -> XMLElement {
        let o = O.nodes[on].element, t = T.nodes[tn].element
        if sameBytes(o, t) { return o }
        var result = XMLElement(name: o.name, attributes: o.attributes.filter { t[attribute: $0.name] == $0.value })
        let theirText = t.children.filter(isTextual).map(describe)
        var elements = O.children(of: on).makeIterator()
        for node in o.children {
            if case .element(let e) = node, let c = elements.next() {
                if let tc = T.byKey[O.nodes[c].key], T.nodes[tc].parent == tn, T.nodes[tc].tag == e.name {
                    result.children.append(.element(intersect(c, O, tc, T)))
                }
            } else if case .comment(let c) = node {
                if t.children.contains(where: { if case .comment(let tc) = $0 { return tc.text == c.text } else { return false } }) {
                    result.children.append(node)
                }
            } else if isTextual(node), o.children.filter(isTextual).map(describe) == theirText {
                result.children.append(node)
            }
        }
        result.writtenAsEmptyPair = o.writtenAsEmptyPair && t.writtenAsEmptyPair
        return result
    }

    private static func isTextual(_ node: XMLNode) -> Bool {
        switch node {
        case .text, .cdata, .processingInstruction: return true
        case .element, .comment: return false
        }
    }

    private static func describe(_ node: XMLNode) -> String {
        switch node {
        case .text(let t): return "t" + t.raw
        case .cdata(let s): return "c" + s
        case .processingInstruction(let s): return "p" + s
        case .element, .comment: return ""
        }
    }

    /// Identical subtrees: as parsed at the same depth, the same bytes; otherwise written alike.
    private static func sameBytes(_ o: XMLElement, _ t: XMLElement) -> Bool {
        guard let a = o.origin, let b = t.origin, a.isPristine, b.isPristine, a.depth == b.depth else {
            return XMLWriter.write(o, depth: 0) == XMLWriter.write(t, depth: 0)
        }
        return o.hasSameBytes(as: t)
    }
}

extension XibMerger {
    /// `merge`, except that a missing or empty base is taken for git's add/add (both sides added the
    /// file; git then passes an empty ancestor to the merge driver): the two versions are merged
    /// against their common part (`AddAddBase`) instead of conflicting as a whole.
    public static func merge(baseOrNone base: Input?, ours: Input, theirs: Input, options: Options = Options()) -> Outcome {
        guard let base, !base.bytes.isEmpty else { return AddAddBase.merge(ours: ours, theirs: theirs, options: options) }
        return merge(base: base, ours: ours, theirs: theirs, options: options)
    }
}

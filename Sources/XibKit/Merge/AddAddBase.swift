/// The common ancestor to use when both sides added the same file independently (git's
/// add/add conflict: no merge base). Merging against an empty base would make the whole
/// file one conflict; instead the base is the structural intersection of the two versions:
/// the elements both have (matched by id, scene id, `key` or position among unkeyed siblings,
/// as `IBGraph` keys them), each with only the attributes on which they agree. Measured against
/// it, what only one side has is that side's addition (taken), and what both have with
/// different values was added differently by both (a conflict) — a structural union.
public enum AddAddBase {
    /// The synthesized base, or nil when the two versions cannot be related (either is not an
    /// Interface Builder document, or their roots differ).
    public static func intersection(ours: [UInt8], theirs: [UInt8]) -> [UInt8]? {
        guard var o = try? IBDocument(bytes: ours, name: "ours"), let t = try? IBDocument(bytes: theirs, name: "theirs"),
              o.xml.root.name == t.xml.root.name else { return nil }
        o.xml.root = intersect(o.xml.root, t.xml.root)
        return o.serialized()
    }

    /// Merges two versions that were added on both sides, against their intersection.
    public static func merge(ours: XibMerger.Input, theirs: XibMerger.Input,
                             options: XibMerger.Options = XibMerger.Options()) -> XibMerger.Outcome {
        let base = ours.bytes == theirs.bytes ? ours.bytes : (intersection(ours: ours.bytes, theirs: theirs.bytes) ?? [])
        return XibMerger.merge(base: .init(bytes: base, name: ours.name + " (common part)"), ours: ours, theirs: theirs,
                               options: options)
    }

    private static func intersect(_ o: XMLElement, _ t: XMLElement) -> XMLElement {
        if sameBytes(o, t) { return o }
        var result = XMLElement(name: o.name, attributes: o.attributes.filter { t[attribute: $0.name] == $0.value })
        let theirs = Dictionary(keyed(t.children), uniquingKeysWith: { a, _ in a })
        let theirText = t.children.filter(isTextual).map(describe)
        for (key, node) in keyed(o.children) {
            if case .element(let e) = node {
                if case .element(let te)? = theirs[key], te.name == e.name { result.children.append(.element(intersect(e, te))) }
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

    /// Children with the key `IBGraph` would give them among their siblings (elements only; other
    /// nodes get a unique placeholder so that order is kept).
    private static func keyed(_ children: [XMLNode]) -> [(String, XMLNode)] {
        var ordinals: [String: Int] = [:]
        var seen: Set<String> = []
        return children.enumerated().map { index, node in
            guard case .element(let e) = node else { return ("\u{0}\(index)", node) }
            var key: String
            if let id = e[attribute: "id"] { key = "#" + id }
            else if let scene = e[attribute: "sceneID"] { key = "#scene:" + scene }
            else if let k = e[attribute: "key"] { key = "\(e.name)[key=\(k)]" }
            else {
                key = "\(e.name)[\(ordinals[e.name, default: 0])]"
                ordinals[e.name, default: 0] += 1
            }
            var unique = key
            var n = 1
            while !seen.insert(unique).inserted { n += 1; unique = key + "~\(n)" }
            return (unique, node)
        }
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

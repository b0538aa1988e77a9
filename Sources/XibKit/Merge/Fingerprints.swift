/// Semantic hash of a subtree, computed on demand and remembered: blind to what Xcode
/// rewrites on its own (noise attributes, geometry, canvas locations, the device) and to
/// child order, so "changed" means changed by a person.
final class Fingerprints {
    private let g: IBGraph
    /// By node; 0 = not computed yet (a computed 0 is stored as 1).
    private var memo: [Int]

    init(_ g: IBGraph) {
        self.g = g
        memo = [Int](repeating: 0, count: g.nodes.count)
    }

    subscript(_ n: Int) -> Int {
        if memo[n] != 0 { return memo[n] }
        let node = g.nodes[n]
        var h = FastHash()
        h.combine(node.tag)
        for a in node.element.attributes where IBRules.noise(tag: node.tag, attribute: a.name) == nil {
            h.combine(a.name)
            h.combine(a.value)
        }
        for c in node.element.children {
            switch c {
            case .text(let t) where !t.isWhitespace: h.combine(t.raw)
            case .cdata(let s): h.combine(s)
            default: break
            }
        }
        var unordered = 0
        for c in g.children(of: n) {
            let child = g.nodes[c]
            // Editor state never counts; geometry counts by presence only: a frame that changed
            // is layout, a frame that appeared is a change (as the fact check sees it).
            let noise = IBRules.noise(of: child.element)
            if noise == .editorState { continue }
            if noise != nil || IBRules.isGeometry(child.tag) {
                var p = FastHash()
                p.combine(child.key)
                unordered = unordered &+ (Int(truncatingIfNeeded: p.value) &* 0x1E37_79B9_7F4A_7C15)
                continue
            }
            unordered = unordered &+ (self[c] &* 0x1E37_79B9_7F4A_7C15)
        }
        h.combine(unordered)
        let v = Int(truncatingIfNeeded: h.value)
        memo[n] = v == 0 ? 1 : v
        return memo[n]
    }


}


/// Semantic hash of a subtree, computed on demand and remembered: blind to what Xcode
/// rewrites on its own (noise attributes, geometry, canvas locations, the device) and to
/// child order, so "changed" means changed by a person.
final class Fingerprints {
    private let g: IBGraph
    /// By node; 0 = not computed yet (a computed 0 is stored as 1).
    private var memo: [Int]
    /// By node, once its fingerprint is computed: a value the profile reads whose meaning is
    /// what its slot means empty (a default Xcode drops, `IBRules.meansAbsence`), found with
    /// the meaning its fingerprint hashes: asked again, the meaning is made again, strings and
    /// all (a font's or colour's, twice more for each one).
    private var meansAbsence: [Bool]

    init(_ g: IBGraph) {
        self.g = g
        memo = [Int](repeating: 0, count: g.nodes.count)
        meansAbsence = [Bool](repeating: false, count: g.nodes.count)
    }

    subscript(_ n: Int) -> Int {
        if memo[n] != 0 { return memo[n] }
        var h = FastHash()
        let tag = g.nodes[n].tag
        h.combine(tag)
        // A value the profile reads (`IBRules.equivalentValues`) is what it means, however spelled.
        if IBRules.hasEquivalents(tag), let reading = IBRules.reading(g.nodes[n].element, in: slot(n)) {
            meansAbsence[n] = reading.meansAbsence
            h.combine(reading.meaning)
            return remember(h, n)
        }
        // Attributes and children in place: copying each out retains what it holds.
        g.nodes[n].element.attributes.withUnsafeBufferPointer { attributes in
            for i in attributes.indices where IBRules.noise(tag: tag, attribute: attributes[i].name) == nil {
                h.combine(attributes[i].name)
                h.combine(attributes[i].value)
            }
        }
        g.nodes[n].element.children.withUnsafeBufferPointer { children in
            for i in children.indices {
                switch children[i] {
                case .text(let t) where !t.isWhitespace: h.combine(t.raw)
                case .cdata(let s): h.combine(s)
                default: break
                }
            }
        }
        var unordered = 0
        for c in g.children(of: n) {
            // Editor state never counts; geometry counts by presence only: a frame that changed
            // is layout, a frame that appeared is a change (as the fact check sees it).
            let noise = IBRules.noise(of: g.nodes[c].element)
            if noise == .editorState { continue }
            // A default Xcode drops counts as no child at all.
            if IBRules.hasEquivalents(g.nodes[c].tag) {
                _ = self[c]
                if meansAbsence[c] { continue }
            }
            if noise != nil || IBRules.isGeometry(g.nodes[c].tag) {
                var p = FastHash()
                p.combine(g.nodes[c].key)
                unordered = unordered &+ (Int(truncatingIfNeeded: p.value) &* 0x1E37_79B9_7F4A_7C15)
                continue
            }
            unordered = unordered &+ (self[c] &* 0x1E37_79B9_7F4A_7C15)
        }
        h.combine(unordered)
        return remember(h, n)
    }

    private func remember(_ h: FastHash, _ n: Int) -> Int {
        let v = Int(truncatingIfNeeded: h.value)
        memo[n] = v == 0 ? 1 : v
        return memo[n]
    }

    private func slot(_ n: Int) -> IBRules.ValueSlot {
        let p = g.nodes[n].parent
        return IBRules.ValueSlot(parent: p >= 0 ? g.nodes[p].tag : nil, g.nodes[n].element)
    }

}


extension TidyWalk {
    /// `w`'s children tidied against `h`'s (`w` at `depth`); nil when none changed.
    mutating func children(_ w: XMLElement, _ h: XMLElement, depth: Int) -> [XMLNode]? {
        let wKeys = Self.keys(w), hKeys = Self.keys(h)
        var oldIndex: [String: Int] = [:]
        for (i, k) in hKeys.enumerated() { if let k { oldIndex[k] = i } }
        var out: [XMLNode] = []
        out.reserveCapacity(w.children.count)
        var placed: [Int: Int] = [:]  // old child → its place in `out`
        var changed = false
        for (i, node) in w.children.enumerated() {
            guard case .element(let wc) = node, let key = wKeys[i] else {
                out.append(node)
                continue
            }
            let hi = oldIndex[key]
            let hc = hi.flatMap { h.children[$0].element }
            var r: XMLElement? = wc
            switch treatment(of: wc, in: w, depth: depth) {
            case .walk where IBRules.hasEquivalents(wc.name) && equivalentToOld(wc, hc, in: w):
                // One value spelled another way, or a default Xcode wrote again: the old one.
                r = hc
            case .walk:
                if let old = hc ?? movedObject(wc) { r = element(wc, old, depth: depth + 1) } else { r = added(wc, depth: depth + 1) }
            case .head(let dropAdded, _, let label):
                if let hc {
                    if !wc.isSameValue(as: hc) { note(Self.describe(wc, hc, label)) }
                    r = hc
                } else if dropAdded {
                    note(label)
                    r = nil
                }
            }
            guard let r else {
                changed = true
                continue
            }
            if !r.isSameParsedElement(as: wc) { changed = true }
            if let hi { placed[hi] = out.count }
            out.append(.element(r))
        }
        changed = restoreRemoved(into: &out, from: h, in: w, placed: placed, depth: depth) || changed
        return changed ? out : nil
    }

    /// An element the old version does not have, with the objects that moved into it (a view
    /// wrapped in a new stack view) tidied against their old selves.
    private mutating func added(_ e: XMLElement, depth: Int) -> XMLElement {
        var children = e.children, changed = false
        for i in children.indices {
            guard case .element(let c) = children[i] else { continue }
            let r = movedObject(c).map { element(c, $0, depth: depth + 1) } ?? added(c, depth: depth + 1)
            if !r.isSameParsedElement(as: c) {
                children[i] = .element(r)
                changed = true
            }
        }
        guard changed else { return e }
        var r = e
        r.children = children
        return r
    }

    /// The old version of an object that moved here from another parent.
    private func movedObject(_ e: XMLElement) -> XMLElement? {
        guard !IBRules.hasNonObjectID(e.name), let id = e[attribute: IBRules.objectIDAttribute],
              let old = objects[id], old.name == e.name else { return nil }
        return old
    }

    /// Puts back the old version's noise elements the new one dropped, each after the element
    /// that precedes it in the old version.
    private mutating func restoreRemoved(into out: inout [XMLNode], from h: XMLElement, in w: XMLElement,
                                         placed: [Int: Int], depth: Int) -> Bool {
        var insertions: [(at: Int, node: XMLNode)] = []
        var next = 0
        for (hi, node) in h.children.enumerated() {
            guard case .element(let hc) = node else { continue }
            if let p = placed[hi] {
                next = p + 1
                continue
            }
            switch treatment(of: hc, in: w, depth: depth) {
            case .head(_, true, let label): note(label)
            case .walk where IBRules.hasEquivalents(hc.name) && equivalentToOld(nil, hc, in: w): break
            default: continue
            }
            insertions.append((next, node))
        }
        // From the last: the places before stay valid, and several at one place keep their order.
        for insertion in insertions.reversed() { out.insert(insertion.node, at: insertion.at) }
        return !insertions.isEmpty
    }

    /// Whether the new version's value `w` (nil: dropped) means what the old one, `h` (nil: none),
    /// does though written otherwise (`IBRules.equivalentValues`); noted by its rule.
    mutating func equivalentToOld(_ w: XMLElement?, _ h: XMLElement?, in parent: XMLElement) -> Bool {
        guard let e = w ?? h, !(w.map { h?.isSameValue(as: $0) ?? false } ?? false),
              let rule = IBRules.equivalence(h, w, in: IBRules.ValueSlot(parent: parent.name, e)) else { return false }
        note(rule.rule)
        return true
    }

    /// What went back when an element was replaced: the noise attribute, when that is all that
    /// differs (`plugIn version`), else the element's label (`capability`, `cached resource`).
    static func describe(_ w: XMLElement, _ h: XMLElement, _ label: String) -> String {
        guard w.name == h.name, w.children.isEmpty, h.children.isEmpty else { return label }
        let names = Set(w.attributes.map(\.name) + h.attributes.map(\.name)).filter { w[attribute: $0] != h[attribute: $0] }
        guard names.count == 1, let name = names.first, IBRules.noise(tag: w.name, attribute: name) != nil else { return label }
        return "\(w.name) \(name)"
    }

    /// Each child element's identity under its parent (nil for other nodes): its id or scene id,
    /// else its highest-ranked identity attribute, else its place among its anonymous siblings
    /// of its tag, as the graph keys elements; a repeated key gets `~n`.
    static func keys(_ e: XMLElement) -> [String?] {
        var seen: [String: Int] = [:], anonymous: [String: Int] = [:]
        return e.children.map { node in
            guard case .element(let c) = node else { return nil }
            let identity = ElementIdentity(c)
            // A `<device>`'s id names a model, not an object: it is known by its place.
            let id = IBRules.hasNonObjectID(c.name) ? -1 : identity.id
            let at = id >= 0 ? id : identity.sceneID >= 0 ? identity.sceneID : identity.ranked
            var key: String
            if at >= 0 {
                key = c.name + "[" + c.attributes[at].name + "=" + c.attributes[at].value + "]"
            } else {
                let n = anonymous[c.name, default: 0]
                anonymous[c.name] = n + 1
                key = c.name + "[\(n)]"
            }
            let n = seen[key, default: 0]
            seen[key] = n + 1
            return n == 0 ? key : key + "~\(n + 1)"
        }
    }
}

/// The walk of `Tidy`: the new version's tree beside the old one's, noise put back.
struct TidyWalk {
    let options: Tidy.Options
    /// The old version's objects by id: an object moved to another parent is tidied against
    /// its old self.
    let objects: [String: XMLElement]
    /// Ids of the views whose frame goes back (`FrameShifts`).
    let frames: Set<String>
    /// Whether the file has real changes: capabilities added or removed then stay.
    let realChange: Bool
    private(set) var reverted: [Tidy.Revert] = []

    init(options: Tidy.Options, objects: [String: XMLElement], frames: Set<String>, realChange: Bool) {
        self.options = options
        self.objects = objects
        self.frames = frames
        self.realChange = realChange
    }

    mutating func note(_ what: String) {
        if let i = reverted.firstIndex(where: { $0.what == what }) { reverted[i].count += 1 } else { reverted.append(.init(what: what, count: 1)) }
    }

    /// How a child element is tidied.
    enum Treatment {
        /// Element by element, attribute by attribute.
        case walk
        /// The old version's element where both have one; one only the new version has goes
        /// when `dropAdded`, one only the old version has comes back when `restoreRemoved`.
        case head(dropAdded: Bool, restoreRemoved: Bool, label: String)
    }

    /// `parent` stands at `depth`.
    func treatment(of e: XMLElement, in parent: XMLElement, depth: Int) -> Treatment {
        if depth == 1, let noise = IBRules.entryNoise(container: parent.name) {
            // A cache whose asset changed too keeps its new value.
            if noise == .cache, options.changedResources.contains(e[attribute: IBRules.nameAttribute] ?? "") { return .walk }
            let goes: Bool
            switch IBRules.turnover(entry: e.name, container: parent.name) {
            case .change: goes = false
            case .noise: goes = true
            case .noiseUnlessOtherChanges: goes = !realChange
            }
            return .head(dropAdded: goes, restoreRemoved: goes, label: noise == .cache ? "cached resource" : e.name)
        }
        switch IBRules.noise(of: e) {
        case nil: return .walk
        case .layout?:
            guard e[attribute: IBRules.keyAttribute] == IBRules.frameKey, let id = parent[attribute: IBRules.objectIDAttribute],
                  frames.contains(id) else { return .walk }
            return .head(dropAdded: false, restoreRemoved: false, label: "frame")
        case .some:
            return .head(dropAdded: true, restoreRemoved: true, label: e[attribute: IBRules.keyAttribute] ?? e.name)
        }
    }

    /// `w` tidied against `h`, its old counterpart, both at `depth`: `h` itself when they end up equal.
    mutating func element(_ w: XMLElement, _ h: XMLElement, depth: Int) -> XMLElement {
        if w.hasSameBytes(as: h) { return h }
        var children = self.children(w, h, depth: depth)
        if Self.isReorder(children ?? w.children, of: h.children) {
            // Value children in another order, objects in the same: how an Xcode version orders them.
            note("order")
            children = h.children
        }
        let kids = children ?? w.children
        // Xcode's flags on a view's frame (`misplaced`) go back only with the frame.
        let geometryIsHeads = Self.geometry(kids).elementsEqual(Self.geometry(h.children)) { $0.isSameValue(as: $1) }
        let attributes = self.attributes(w, h, depth: depth, editorState: geometryIsHeads)
        let attrs = attributes ?? w.attributes
        let sameAttributes = attrs.count == h.attributes.count && attrs.allSatisfy { h[attribute: $0.name] == $0.value }
        let sameChildren = kids.isSameNodes(as: h.children)
        if sameAttributes && sameChildren { return h }
        var r = sameAttributes ? h : w
        if !sameAttributes, let attributes { r.attributes = attributes }
        if sameAttributes ? !sameChildren : children != nil { r.children = kids }
        return r
    }

    /// The old element's children in another order, those that are objects (with an id) in the
    /// same order: a change of no meaning (the diff shows none).
    static func isReorder(_ kids: [XMLNode], of old: [XMLNode]) -> Bool {
        guard kids.count == old.count, !kids.isSameNodes(as: old) else { return false }
        let others = { (nodes: [XMLNode]) in
            nodes.filter { node in if case .text(let t) = node { !t.isWhitespace } else { !node.isElement } }
        }
        guard others(kids).isSameNodes(as: others(old)) else { return false }
        let a = kids.compactMap(\.element), b = old.compactMap(\.element)
        guard let source = b.first?.origin?.source else { return false }
        // The old element's own children, each once.
        let spans = { (elements: [XMLElement]) -> Set<Int>? in
            var out = Set<Int>()
            for e in elements {
                guard let o = e.origin, o.isPristine, o.source === source else { return nil }
                out.insert(o.span.lowerBound)
            }
            return out.count == elements.count ? out : nil
        }
        guard let x = spans(a), x == spans(b) else { return false }
        let ids = { (elements: [XMLElement]) in elements.compactMap { $0[attribute: IBRules.objectIDAttribute] } }
        return ids(a) == ids(b)
    }

    private static func geometry(_ nodes: [XMLNode]) -> [XMLElement] {
        nodes.compactMap { $0.element }.filter { IBRules.isGeometry($0.name) }
    }

    /// `w`'s attributes with the noise ones put back to `h`'s; nil when none changed.
    private mutating func attributes(_ w: XMLElement, _ h: XMLElement, depth: Int, editorState: Bool) -> [XMLAttribute]? {
        func goesBack(_ name: String) -> Bool {
            switch IBRules.noise(tag: w.name, attribute: name) {
            case nil, .layout?: return false
            case .editorState?: return editorState
            case .some: return true
            }
        }
        // `plugIn version` for an element's own stamp; `misplaced` for a flag any element has.
        let label = { (name: String) in
            depth > 0 && IBRules.noiseAttributes.contains { $0.attribute == name && $0.tag != nil } ? "\(w.name) \(name)" : name
        }
        var out = w.attributes
        var changed = false
        out.removeAll { a in
            guard goesBack(a.name), h[attribute: a.name] == nil else { return false }
            changed = true
            note(label(a.name))
            return true
        }
        for i in out.indices where goesBack(out[i].name) {
            guard let old = h.attributes.first(where: { $0.name == out[i].name }), old.value != out[i].value else { continue }
            out[i] = old
            changed = true
            note(label(old.name))
        }
        for (j, old) in h.attributes.enumerated() where goesBack(old.name) && w[attribute: old.name] == nil {
            // After the attribute that precedes it in the old version, as Xcode orders them.
            let before = h.attributes[..<j].last { a in out.contains { $0.name == a.name } }
            let at = before.flatMap { b in out.firstIndex { $0.name == b.name } }.map { $0 + 1 } ?? 0
            out.insert(old, at: at)
            changed = true
            note(label(old.name))
        }
        return changed ? out : nil
    }
}

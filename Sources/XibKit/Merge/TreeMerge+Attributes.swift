/// The tree merge's attributes, merged one by one.
extension TreeMerge {
    func mergeAttributes(_ nodes: Three<Int?>, _ log: inout MergeLog) -> [XMLAttribute] {
        let elements = self.elements(nodes)
        // The same start tag, as read, in all three (an element the merge enters for a change
        // further in): every attribute unchanged, ours' as they are, and nothing to count.
        if let b = elements.base, let o = elements.ours, let t = elements.theirs, o.hasSameStartTag(as: b), t.hasSameStartTag(as: b) {
            return o.attributes
        }
        let tag = (elements.ours ?? elements.theirs ?? elements.base)!.name
        let names = mergedNames(base: elements.base?.attributes.map(\.name) ?? [], ours: elements.ours?.attributes.map(\.name),
                                theirs: elements.theirs?.attributes.map(\.name))
        if let whole = mergeWholeValue(nodes, elements, names, &log) { return whole }
        var out: [XMLAttribute] = []
        var oursChanged = false, theirsChanged = false
        for name in names {
            let baseValue = elements.base?[attribute: name]
            // A side that lacks the element entirely keeps base's value.
            let values = Three(base: baseValue, ours: elements.ours == nil ? baseValue : elements.ours![attribute: name],
                               theirs: elements.theirs == nil ? baseValue : elements.theirs![attribute: name])
            var value: String?
            let rule = ThreeWay(values)
            oursChanged = oursChanged || rule.oursChanged
            theirsChanged = theirsChanged || rule.theirsChanged
            switch rule {
            case .unchanged, .ours, .alike: value = values.ours
            case .theirs: value = values.theirs
            case .conflict:
                // Named as in base when it was there: ours' changed title would misname it.
                let (graph, node) = nodes.base.map { (graphs.base, $0) } ?? nodes.ours.map { (graphs.ours, $0) } ?? (graphs.theirs, nodes.theirs!)
                value = resolveAttributeConflict(tag: tag, name: name, values, node: node, graph: graph, &log)
            }
            guard let v = value else { continue }
            if let a = (elements.ours?.attributes.first { $0.name == name }), a.value == v { out.append(a) }
            else if let a = (elements.theirs?.attributes.first { $0.name == name }), a.value == v { out.append(a) }
            else if let a = (elements.base?.attributes.first { $0.name == name }), a.value == v { out.append(a) }
            else { out.append(XMLAttribute(name: name, value: v)) }
        }
        if nodes.base != nil && elements.ours != nil && elements.theirs != nil {
            if oursChanged { log.fromOurs.modified += 1 }
            if theirsChanged { log.fromTheirs.modified += 1 }
        }
        return out
    }

    /// The elements of nodes of the three graphs.
    func elements(_ nodes: Three<Int?>) -> Three<XMLElement?> {
        Three(base: nodes.base.map { graphs.base.nodes[$0].element }, ours: nodes.ours.map { graphs.ours.nodes[$0].element },
              theirs: nodes.theirs.map { graphs.theirs.nodes[$0].element })
    }

    func resolveAttributeConflict(tag: String, name: String, _ values: Three<String?>, node: Int,
                                  graph: IBGraph, _ log: inout MergeLog) -> String? {
        let (base, ours, theirs) = (values.base, values.ours, values.theirs)
        let owner = graph.owningObject(node)
        let element = graph.nodes[node].element
        let subject = TreeMerge.attributeSubject(name, of: element, tag: tag, isObject: graph.nodes[node].isObject)
        func settle(_ how: BothChanged, _ value: String?) -> String? {
            log.recordBothChanged(how, graph: graph, node: owner, subject: subject, ours: ours, theirs: theirs)
            return value
        }
        let noise = attributeNoise(tag: tag, name: name, node: node, graph: graph)
        switch noise {
        case .cache?:
            log.recordBothChanged(.cacheKeptOurs, graph: graph, node: owner, subject: cacheSubject(graph, entry: cacheEntry(graph, node) ?? node, node: node, subject),
                                  ours: ours, theirs: theirs)
            return ours
        case .layout? where !options.strictLayout: return settle(.layoutKeptOurs, ours)
        case .toolsVersion?: return settle(.newerTaken, TreeMerge.compareVersions(ours ?? "", theirs ?? "") >= 0 ? ours : theirs)
        case .editorState?: return settle(.editorStateKeptOurs, ours)
        case .layout?, nil:
            let key = graph.nodes[node].key
            let kind: ConflictClass = noise == .layout ? .layout : (base == nil ? .addAdd : .attribute)
            let conflict = decide("attribute \(key) \(name)", kind, element: key, attribute: name, offering: [.base])
            log.recordBothChanged(.conflict, graph: graph, node: owner, subject: subject, ours: ours, theirs: theirs, conflict: conflict)
            switch take(conflict) {
            case .base: return base
            case .theirs: return theirs
            default: return ours
            }
        }
    }

    /// How an attribute both sides changed differently is settled: by its noise class (inside a
    /// frame or other noise element, every attribute is noise of that kind), as a cache entry
    /// (`.cache`), else (nil) as a conflict.
    func attributeNoise(tag: String, name: String, node: Int, graph: IBGraph) -> IBRules.Noise? {
        let element = graph.nodes[node].element
        if let noise = IBRules.noise(element: tag, key: element[attribute: IBRules.keyAttribute]) ?? IBRules.noise(tag: tag, attribute: name) {
            return noise
        }
        return cacheEntry(graph, node) != nil ? .cache : nil
    }

    /// A value read as one (`DiffAttributes.isCompact`: a colour, a font, a frame) that both
    /// sides changed differently: one conflict on the whole value, which each resolution takes
    /// whole from one version (a colour of one side's red and the other's blue is nobody's).
    /// Nil when it is no such value, or when what both changed is settled by rule (noise).
    func mergeWholeValue(_ nodes: Three<Int?>, _ elements: Three<XMLElement?>, _ names: [String], _ log: inout MergeLog) -> [XMLAttribute]? {
        guard let o = nodes.ours, let oe = elements.ours, let te = elements.theirs, !IBGraph.isObjectKey(graphs.ours.nodes[o].key),
              DiffAttributes.isCompact(oe) else { return nil }
        let tag = oe.name
        let (graph, node) = nodes.base.map { (graphs.base, $0) } ?? (graphs.ours, o)
        var layout = false
        let conflicting = names.contains { name in
            let values = Three(base: elements.base?[attribute: name], ours: oe[attribute: name], theirs: te[attribute: name])
            guard ThreeWay(values) == .conflict else { return false }
            switch attributeNoise(tag: tag, name: name, node: node, graph: graph) {
            case nil: return true
            case .layout?: layout = true; return options.strictLayout
            default: return false
            }
        }
        guard conflicting else { return nil }
        let key = graph.nodes[node].key
        let kind: ConflictClass = layout ? .layout : (elements.base == nil ? .addAdd : .attribute)
        let conflict = decide("value " + key, kind, element: key, offering: elements.base == nil ? [] : [.base])
        log.recordBothChanged(.conflict, graph: graph, node: graph.owningObject(node), subject: Self.valueSubject(elements.base ?? oe),
                              ours: Self.summary(oe), theirs: Self.summary(te), conflict: conflict)
        switch take(conflict) {
        case .base: return elements.base?.attributes ?? oe.attributes
        case .theirs: return te.attributes
        default: return oe.attributes
        }
    }

    /// The tag of node `n`'s parent element.
    func parentTag(_ g: IBGraph, _ n: Int) -> String? {
        let p = g.nodes[n].parent
        return p >= 0 ? g.nodes[p].tag : nil
    }

    /// Xcode version strings compared numerically, component by component.
    static func compareVersions(_ a: String, _ b: String) -> Int {
        func parts(_ s: String) -> [Int] {
            s.split(whereSeparator: { !$0.isNumber }).map { Int($0) ?? 0 }
        }
        let pa = parts(a), pb = parts(b)
        for i in 0..<max(pa.count, pb.count) {
            let x = i < pa.count ? pa[i] : 0, y = i < pb.count ? pb[i] : 0
            if x != y { return x < y ? -1 : 1 }
        }
        return a == b ? 0 : (a < b ? -1 : 1)
    }

    /// Attribute names in ours' order, with names only theirs has placed after their
    /// predecessor in theirs' order (so a new attribute lands where Xcode writes it).
    func mergedNames(base: [String], ours: [String]?, theirs: [String]?) -> [String] {
        var names = ours ?? base
        guard let theirs else { return names }
        if theirs == names && base == names { return names }
        var present = Set(names)
        var anchor = -1
        for name in theirs {
            if let i = names.firstIndex(of: name) { anchor = i; continue }
            guard !present.contains(name) else { continue }
            anchor += 1
            names.insert(name, at: anchor)
            present.insert(name)
        }
        // Names only base has (removed by one side, kept by the other) are re-added at the end.
        for name in base where !present.contains(name) { names.append(name); present.insert(name) }
        return names
    }

    /// Attributes of the element itself (not its children), ignoring Xcode noise.
    static func sameOwnAttributes(_ a: XMLElement, _ b: XMLElement) -> Bool {
        let x = a.attributes.filter { IBRules.noise(tag: a.name, attribute: $0.name) == nil }
        let y = b.attributes.filter { IBRules.noise(tag: b.name, attribute: $0.name) == nil }
        return x.count == y.count && zip(x, y).allSatisfy { $0.name == $1.name && $0.value == $1.value }
    }

    /// Whether `e` has no attribute that `base` lacks or has with another value (noise aside).
    static func onlyRemovedAttributes(from base: XMLElement, _ e: XMLElement) -> Bool {
        e.attributes.allSatisfy { a in IBRules.noise(tag: e.name, attribute: a.name) != nil || base[attribute: a.name] == a.value }
    }
}

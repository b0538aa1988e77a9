/// The tree merge's attributes, merged one by one.
extension TreeMerge {
    func mergeAttributes(b: Int?, o: Int?, t: Int?, _ log: inout MergeLog) -> [XMLAttribute] {
        let be = b.map { B.nodes[$0].element }, oe = o.map { O.nodes[$0].element }, te = t.map { T.nodes[$0].element }
        let tag = (oe ?? te ?? be)!.name
        let names = mergedNames(base: be?.attributes.map(\.name) ?? [], ours: oe?.attributes.map(\.name), theirs: te?.attributes.map(\.name))
        var out: [XMLAttribute] = []
        var oursChanged = false, theirsChanged = false
        for name in names {
            let bv = be?[attribute: name]
            // A side that lacks the element entirely keeps base's value.
            let ov = oe == nil ? bv : oe![attribute: name]
            let tv = te == nil ? bv : te![attribute: name]
            var value: String?
            if ov == tv { value = ov; if ov != bv { oursChanged = true; theirsChanged = true } }
            else if ov == bv { value = tv; theirsChanged = true }
            else if tv == bv { value = ov; oursChanged = true }
            else {
                // Named as in base when it was there: ours' changed title would misname it.
                let graph = b != nil ? B : (o != nil ? O : T), node = b ?? o ?? t!
                value = resolveAttributeConflict(tag: tag, name: name, base: bv, ours: ov, theirs: tv, node: node, graph: graph,
                                                 rewrite: IBRules.xcodeRewrite(parent: parentTag(graph, node), base: be, ours: oe, theirs: te), &log)
            }
            guard let v = value else { continue }
            if let a = (oe?.attributes.first { $0.name == name }), a.value == v { out.append(a) }
            else if let a = (te?.attributes.first { $0.name == name }), a.value == v { out.append(a) }
            else if let a = (be?.attributes.first { $0.name == name }), a.value == v { out.append(a) }
            else { out.append(XMLAttribute(name: name, value: v)) }
        }
        if b != nil && oe != nil && te != nil {
            if oursChanged { log.fromOurs.modified += 1 }
            if theirsChanged { log.fromTheirs.modified += 1 }
        }
        return out
    }

    func resolveAttributeConflict(tag: String, name: String, base: String?, ours: String?, theirs: String?, node: Int,
                                  graph: IBGraph, rewrite: IBRules.XcodeRewrite? = nil, _ log: inout MergeLog) -> String? {
        let owner = graph.owningObject(node)
        let element = graph.nodes[node].element
        let subject = TreeMerge.attributeSubject(name, of: element, tag: tag, isObject: graph.nodes[node].objectID != nil)
        func settle(_ how: BothChanged, _ value: String?) -> String? {
            log.recordBothChanged(how, graph: graph, node: owner, subject: subject, ours: ours, theirs: theirs)
            return value
        }
        // Inside a frame (or other noise element), every attribute is noise of that kind.
        let noise = IBRules.noise(element: tag, key: element[attribute: IBRules.keyAttribute]) ?? IBRules.noise(tag: tag, attribute: name)
        let entry = noise == nil ? cacheEntry(graph, node) : nil
        switch noise ?? (entry != nil ? .cache : nil) {
        case .cache?:
            log.recordBothChanged(.cacheKeptOurs, graph: graph, node: owner, subject: cacheSubject(graph, entry: entry!, node: node, subject),
                                  ours: ours, theirs: theirs)
            return ours
        case .layout? where !options.strictLayout: return settle(.layoutKeptOurs, ours)
        case .toolsVersion?: return settle(.newerTaken, TreeMerge.compareVersions(ours ?? "", theirs ?? "") >= 0 ? ours : theirs)
        case .editorState?: return settle(.editorStateKeptOurs, ours)
        case .layout?, nil:
            let key = graph.nodes[node].key
            let kind: ConflictClass = noise == .layout ? .layout : (base == nil ? .addAdd : .attribute)
            var conflict = decide("attribute \(key) \(name)", kind, element: key, attribute: name, offering: [.base])
            conflict.xcodeRewrite = rewrite?.rule
            log.recordBothChanged(.conflict, graph: graph, node: owner, subject: subject, ours: ours, theirs: theirs, conflict: conflict)
            switch take(conflict) {
            case .base: return base
            case .theirs: return theirs
            default: return ours
            }
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

/// Objects both versions have: moves, reorders and attribute changes.
extension DiffComparison {
    mutating func compareMatched(_ oi: Int, _ ni: Int, identical: Bool) {
        guard let new, let change = matchedChange(oi, ni, identical: identical) else { return }
        let p = new.parentEntity[ni]
        let depth = p >= 0 && addedDepth[p] >= 0 ? addedDepth[p] + 1 : 0
        append(kind: change.move != nil ? .moved : .modified, depth: depth, move: change.move, attributes: change.attributes,
               side: new, isNew: true, index: ni, sort: SortKey(position: ni, removed: 0), oldNode: oi)
    }

    /// What changed in an object both versions have: its move, and its attributes (noise and
    /// frames left out, and counted, as the options say); nil where nothing did.
    mutating func matchedChange(_ oi: Int, _ ni: Int, identical: Bool) -> (move: Move?, attributes: [AttributeChange])? {
        guard let old, let new else { return nil }
        var move: Move? = nil
        if oi > 0, ni > 0 {
            let oParent = old.graph.nodes[old.graph.nodes[oi].parent].key, nParent = new.graph.nodes[new.graph.nodes[ni].parent].key
            if oParent != nParent {
                move = Move(reparented: true)
            } else if let reorder = reorders[ni] {
                move = Move(reparented: false, oldPosition: reorder.from, newPosition: reorder.to)
            }
        }
        var attributes: [AttributeChange] = []
        if !identical, !sameOwnBytes(oi, ni) {
            let oTag = old.graph.nodes[oi].tag, nTag = new.graph.nodes[ni].tag
            if oTag != nTag {
                attributes.append(AttributeChange(name: IBRules.elementTypeLabel, old: DiffValue(text: oTag), new: DiffValue(text: nTag)))
            }
            var changes = compareAttributes(DiffAttributes.of(oi, in: old), DiffAttributes.of(ni, in: new), old: old, new: new)
            // An entry of the document's record or caches changed in place: all of it is noise.
            if let container = noiseContainer(new, ni) {
                for k in changes.indices where changes[k].noise == nil { changes[k].noise = container.noise }
            }
            attributes += filtered(changes, entityTag: nTag, isNamedItem: !new.graph.nodes[ni].isObject && ni > 0 && nTag != IBRules.sceneTag)
        }
        return move != nil || !attributes.isEmpty ? (move, attributes) : nil
    }

    /// Attribute changes, in the new order, then attributes only the old side has.
    func compareAttributes(_ a: [FlatAttribute], _ b: [FlatAttribute], old: DiffObjects, new: DiffObjects) -> [AttributeChange] {
        var out: [AttributeChange] = []
        func change(_ name: String, _ o: FlatAttribute?, _ n: FlatAttribute?) -> AttributeChange {
            var c = AttributeChange(name: name, old: o?.value(in: old), new: n?.value(in: new), noise: n?.noise ?? o?.noise)
            // Two different values that read the same: show what is written, so no change reads "x → x".
            if let ov = c.old, let nv = c.new, ov.display == nv.display, let o, let n {
                if let oid = ov.referencedID, let nid = nv.referencedID {
                    c.old?.text += " (\(oid))"
                    c.new?.text += " (\(nid))"
                } else {
                    c.old = DiffValue(text: o.written, isText: ov.isText)
                    c.new = DiffValue(text: n.written, isText: nv.isText)
                }
            }
            return c
        }
        // Usually both sides list the same attributes in the same order: compare them pairwise
        // (as matching by name would pair them), named as below only when one differs.
        if a.count == b.count, zip(a, b).allSatisfy({ $0.name == $1.name }) {
            let differing = a.indices.filter { !a[$0].isSame(as: b[$0]) }
            guard !differing.isEmpty else { return out }
            let names = uniqueNames(b)
            for j in differing { out.append(change(names[j], a[j], b[j])) }
            return out
        }
        // Otherwise match by name. A few dozen names a side: scans beat hashing them, and
        // indices beat copying the values into tables; past that (a hostile element of a
        // million values), a table of positions, since scans would be quadratic.
        let oldNames = uniqueNames(a), newNames = uniqueNames(b)
        func table(_ names: [String]) -> [String: Int]? {
            names.count > 32 ? Dictionary(uniqueKeysWithValues: names.enumerated().map { ($1, $0) }) : nil
        }
        let oldTable = table(oldNames), newTable = table(newNames)
        func position(of name: String, in names: [String], _ table: [String: Int]?) -> Int? {
            table.map { $0[name] } ?? names.firstIndex { $0.isSameName(as: name) }
        }
        for (j, name) in newNames.enumerated() {
            if let i = position(of: name, in: oldNames, oldTable) {
                if a[i].isSame(as: b[j]) { continue }
                out.append(change(name, a[i], b[j]))
            } else if b[j].meaning?.meansAbsence != true {
                out.append(change(name, nil, b[j]))
            }
        }
        // A default Xcode dropped (`IBRules.equivalentValues`) is no change.
        for (i, name) in oldNames.enumerated() where position(of: name, in: newNames, newTable) == nil && a[i].meaning?.meansAbsence != true {
            out.append(change(name, a[i], nil))
        }
        return out
    }

    /// The attributes' names, a repeated one numbered: `title`, `title (2)`.
    func uniqueNames(_ list: [FlatAttribute]) -> [String] {
        var names: [String] = []
        names.reserveCapacity(list.count)
        // A few dozen names as a rule: a scan beats hashing them. Past that, the names taken
        // and each name's next number, as scans and counting up from 2 would be quadratic.
        var taken: Set<String>? = list.count > 32 ? [] : nil
        var next: [String: Int] = [:]
        for f in list {
            var name = f.name
            var k = taken == nil ? 2 : next[f.name] ?? 2
            while taken?.contains(name) ?? names.contains(where: { $0.isSameName(as: name) }) {
                name = "\(f.name) (\(k))"
                k += 1
            }
            if taken != nil {
                next[f.name] = k
                taken!.insert(name)
            }
            names.append(name)
        }
        return names
    }

    /// Leaves out (and counts) noise and frames unless the options show them.
    mutating func filtered(_ changes: [AttributeChange], entityTag: String, isNamedItem: Bool) -> [AttributeChange] {
        var out: [AttributeChange] = []
        for c in changes {
            switch c.noise {
            case .layout? where !options.layout:
                framesChanged += 1
            case .toolsVersion?, .editorState?, .cache?:
                if options.includeNoise {
                    out.append(c)
                } else {
                    hideNoise(isNamedItem ? entityTag + " " + c.name : c.name)
                }
            default:
                out.append(c)
            }
        }
        return out
    }

    /// Objects that stay in the same container but change order: those outside a longest
    /// run kept in order (so one insertion or one move does not make every sibling "moved").
    mutating func findReorders(_ oi: Int, _ ni: Int) {
        guard let old, let new else { return }
        func containers(_ objects: DiffObjects, _ e: Int) -> [Int] {
            var out: [Int] = []
            func walk(_ i: Int) {
                for c in objects.graph.children(of: i) where !objects.isEntity[c] && objects.containsEntity[c] {
                    out.append(c)
                    walk(c)
                }
            }
            walk(e)
            return out
        }
        for nc in containers(new, ni) where !IBRules.isSet(new.graph.nodes[nc].tag) {
            guard let oc = old.graph.byKey[new.graph.nodes[nc].key] else { continue }
            if skipIdenticalSubtrees, old.graph.nodes[oc].element.hasSameBytes(as: new.graph.nodes[nc].element) { continue }
            let oldKids = old.graph.children(of: oc).filter { old.isEntity[$0] }
            let newKids = new.graph.children(of: nc).filter { new.isEntity[$0] }
            // Each old child's position, by binary search (their node numbers increase in
            // document order): one container may hold a hundred thousand of them, and a table
            // of positions beside the list would cost 37 bytes a child at a large diff's peak.
            func oldPosition(_ o: Int) -> Int? {
                let p = oldKids.partitionPoint { $0 < o }
                return p < oldKids.count && oldKids[p] == o ? p : nil
            }
            var common: [(newIndex: Int, newPos: Int, oldPos: Int)] = []
            common.reserveCapacity(newKids.count)
            for (p, k) in newKids.enumerated() {
                if let o = old.graph.byKey[new.graph.nodes[k].key], let op = oldPosition(o) { common.append((k, p, op)) }
            }
            // The run kept in order, its indices increasing: walked beside `common`.
            let kept = longestIncreasing(common.map(\.oldPos))
            var next = 0
            for (i, c) in common.enumerated() {
                if next < kept.count && kept[next] == i {
                    next += 1
                } else {
                    reorders[c.newIndex] = Reorder(from: c.oldPos + 1, to: c.newPos + 1)
                }
            }
        }
    }
}

/// Fills in a merge's conflicts in the diff's words: the name of what is in conflict (`title`,
/// `normal title`, `backgroundColor`), what base, ours and theirs hold there (`"Save"`,
/// `systemRedColor`, `constraint Title.top = Safe Area.top + 20`), and, for a deletion against
/// an edit, the edit (the semantic diff of base and the side that kept the object). Runs only
/// on merges with conflicts.
struct ConflictWords {
    private let graphs: Three<IBGraph>
    /// How many of a kept side's changes to put in words per list (`XibMerger.Options`).
    private let limit: Int?
    private var objects = Three<DiffObjects?>(base: nil, ours: nil, theirs: nil)
    /// base → ours and base → theirs, for the objects the deletions ask about.
    private var edits = Three<Edits?>(base: nil, ours: nil, theirs: nil)
    /// Per version, the nodes referring to each id, made when a deletion asks: each deletion
    /// searching every reference (and every edit) would make the merge quadratic.
    private var referrers = Three<Referrers?>(base: nil, ours: nil, theirs: nil)

    /// A version's referring nodes, by the id they refer to, each id's in the graph's order.
    /// Counted into one array, as a counting sort does, over a `KeyIndex` of the ids: grouped
    /// by `Dictionary(grouping:)`, each of a heavy merge's 30,000 references cost a SipHash of
    /// its id and an array of its own, 4.4M instructions of nRF's (doc/performance.md).
    private struct Referrers {
        private var groups = KeyIndex()
        /// Group k's nodes are `nodes[starts[k]..<starts[k + 1]]`.
        private var starts: [Int] = [0]
        private var nodes: [Int]

        init(_ g: IBGraph) {
            var group: [Int] = [], counts: [Int] = []
            group.reserveCapacity(g.references.count)
            for r in g.references {
                if let k = groups.insert(r.target, counts.count) {
                    group.append(k)
                    counts[k] += 1
                } else {
                    group.append(counts.count)
                    counts.append(1)
                }
            }
            starts.reserveCapacity(counts.count + 1)
            for c in counts { starts.append(starts[starts.count - 1] + c) }
            var next = starts
            nodes = [Int](repeating: 0, count: g.references.count)
            for (r, k) in zip(g.references, group) {
                nodes[next[k]] = r.node
                next[k] += 1
            }
        }

        subscript(id: String) -> ArraySlice<Int> {
            guard let k = groups[id] else { return [] }
            return nodes[starts[k]..<starts[k + 1]]
        }
    }

    /// A side's changes to base (its semantic diff), found by object id, each put in words
    /// only when a conflict reads it.
    private struct Edits {
        let comparison: DiffComparison
        /// The entries in the diff's order, and each id's positions in that order (`positions`,
        /// by the id's entry in `ids`: a `KeyIndex`, where a `Dictionary` hashed every id with
        /// SipHash).
        let order: [Int]
        let ids: KeyIndex
        let positions: [[Int]]

        init(_ comparison: DiffComparison) {
            self.comparison = comparison
            order = comparison.listed.flatMap(\.members)
            var ids = KeyIndex(), positions: [[Int]] = []
            for (p, k) in order.enumerated() {
                guard let id = comparison.id(of: comparison.entries[k]) else { continue }
                if let i = ids.insert(id, positions.count) { positions[i].append(p) } else { positions.append([p]) }
            }
            (self.ids, self.positions) = (ids, positions)
        }

        /// The changes to the objects of `wanted` (each id once), in the diff's order: all of
        /// them, or the first `limit` and those to `own`, with how many were left out.
        func changes(to wanted: [String], limit: Int?, own: String?) -> (words: [ObjectChange], unworded: Int) {
            var found = wanted.flatMap { ids[$0].map { positions[$0] } ?? [] }.sorted()
            let all = found.count
            if let limit, all > limit {
                let owns = own.flatMap { ids[$0] }.map { Set(positions[$0]) } ?? []
                found = Array(found.prefix(limit)) + found.dropFirst(limit).filter(owns.contains)
            }
            return (found.map { comparison.change(comparison.entries[order[$0]]) }, all - found.count)
        }
    }

    init(_ graphs: Three<IBGraph>, limit: Int?) {
        self.graphs = graphs
        // At least one: a sentence names a change before it counts the rest.
        self.limit = limit.map { max($0, 1) }
    }

    mutating func describe(_ events: inout [MergeEvent]) {
        // What each deletion's words are about, found first: a side's changes are then made
        // for those objects only (`DiffComparison.wanted`), once for all its deletions.
        var scopes: [Int: Scope] = [:]
        var wanted = Three<KeyIndex?>(base: nil, ours: nil, theirs: nil)
        for i in events.indices {
            guard let c = events[i].conflict, Self.describesObject(c), let keeper = c.keptBy else { continue }
            let v = MergeVersion(keeper), scope = scope(of: c.elementKey, keptIn: v)
            var ids = wanted[version: v] ?? KeyIndex()
            for id in scope.all.keys + scope.referrers.keys { ids.insert(id, 0) }
            wanted[version: v] = ids
            scopes[i] = scope
        }
        for v in [MergeVersion.ours, .theirs] {
            guard let ids = wanted[version: v] else { continue }
            var comparison = DiffComparison(old: diffObjects(.base), new: diffObjects(v), options: DiffOptions(),
                                            skipIdenticalSubtrees: true, wanted: ids)
            comparison.run()
            edits[version: v] = Edits(comparison)
        }
        for i in events.indices {
            guard var c = events[i].conflict else { continue }
            if c.conflictClass == .moveMove {
                describeMove(&c)
            } else if Self.describesObject(c) {
                describeObject(&c, id: events[i].objectID, scope: scopes[i])
            } else {
                describeValue(&c)
            }
            events[i].conflict = c
        }
    }

    /// Whether a conflict is about an object deleted on one side (worded with what the other
    /// side changed in it), not about a value.
    private static func describesObject(_ c: MergeConflict) -> Bool {
        switch c.conflictClass {
        case .deleteEdit: c.attribute != nil || IBGraph.isObjectKey(c.elementKey)
        case .deleteReference: true
        case .attribute, .addAdd, .list, .layout, .moveMove: false
        }
    }

    /// The objects a deletion's words are about, in the side that kept it: those inside it
    /// there and in base, and those outside it there that refer to them.
    private struct Scope {
        var all: KeyIndex
        var referrers: KeyIndex
    }

    private mutating func scope(of key: String, keptIn v: MergeVersion) -> Scope {
        let kept = subtree(key, in: v)
        var all = ids(in: kept, of: v)
        let referrers = ids(referringTo: all, outside: kept, in: v)
        for id in ids(in: subtree(key, in: .base), of: .base).keys { all.insert(id, 0) }
        return Scope(all: all, referrers: referrers)
    }

    private mutating func diffObjects(_ v: MergeVersion) -> DiffObjects {
        if let o = objects[version: v] { return o }
        let o = DiffObjects(graphs[version: v])
        objects[version: v] = o
        return o
    }

    /// An attribute or value element: each version's value, in the diff's words. An attribute
    /// of a compact value (`<color key="textColor">`'s `blue`) is shown as the whole value, unless
    /// the two sides' values read the same (numbers differing past what is shown): then as itself.
    private mutating func describeValue(_ c: inout MergeConflict) {
        var whole = true
        for _ in 0..<2 {
            c.name = nil
            var values = Three<DiffValue?>(base: nil, ours: nil, theirs: nil)
            for v in MergeVersion.allCases {
                let g = graphs[version: v]
                guard let n = g.byKey[c.elementKey] else { continue }
                let e = g.nodes[n].element
                let compact = whole && !g.nodes[n].isObject && DiffAttributes.isCompact(e)
                if c.name == nil { c.name = DiffAttributes.valueName(of: n, attribute: c.attribute, wholeValue: compact, in: g) }
                values[version: v] = value(of: n, in: v, attribute: compact ? nil : c.attribute)
            }
            (c.base, c.ours, c.theirs) = (values.base, values.ours, values.theirs)
            guard c.attribute != nil, whole, c.ours != nil, c.ours?.text == c.theirs?.text else { return }
            whole = false
        }
    }

    /// Node `n`'s value in version `v`: one of its attributes, or the element as one value.
    private mutating func value(of n: Int, in v: MergeVersion, attribute: String?) -> DiffValue? {
        let g = graphs[version: v], e = g.nodes[n].element
        if let attribute {
            return e[attribute: attribute].map { value in
                IBRules.isReference(tag: e.name, attribute: attribute)
                    ? DiffValue(text: diffObjects(v).name(ofID: value), referencedID: value)
                    : DiffValue(text: value, isText: IBRules.textAttributes.contains(attribute) || value.isEmpty || value.contains(" "))
            }
        }
        if g.children(of: n).contains(where: { g.nodes[$0].isObject }) {
            // A container of objects (`<connections>`): what it holds, as the diff names them.
            let items = g.children(of: n).map { diffObjects(v).summary($0) }
            return DiffValue(text: "[" + items.joined(separator: ", ") + "]")
        }
        return DiffAttributes.describeValue(e)
    }

    /// An object deleted on one side: how it reads in each version that has it, and what the
    /// side that kept it changed in it or made refer to it. With a `limit`, the object's own
    /// change (`id`'s) is always worded: the others read one phrase each, and are counted.
    private mutating func describeObject(_ c: inout MergeConflict, id: String?, scope: Scope?) {
        var values = Three<DiffValue?>(base: nil, ours: nil, theirs: nil)
        for v in MergeVersion.allCases {
            values[version: v] = graphs[version: v].byKey[c.elementKey].map { DiffValue(text: diffObjects(v).summary($0)) }
        }
        (c.base, c.ours, c.theirs) = (values.base, values.ours, values.theirs)
        guard let keeper = c.keptBy, let scope, let edits = edits[version: MergeVersion(keeper)] else { return }
        let edit = edits.changes(to: scope.all.keys, limit: limit, own: id)
        let outside = edits.changes(to: scope.referrers.keys.filter { scope.all[$0] == nil }, limit: limit, own: nil)
        (c.edit, c.referrers, c.unworded) = (edit.words, outside.words, edit.unworded + outside.unworded)
    }

    /// The nodes of the object with this key and of everything in it, in one version (none
    /// where that version has no such object).
    private func subtree(_ key: String, in v: MergeVersion) -> Range<Int> {
        let g = graphs[version: v]
        guard let top = g.byKey[key] else { return 0..<0 }
        return top..<g.subtreeEnd(of: top)
    }

    /// The ids of these nodes' objects and scenes: a `KeyIndex` used as a set (a `Set` hashed
    /// each id with SipHash, hundreds of them for an object holding a scene's views).
    private func ids(in nodes: Range<Int>, of v: MergeVersion) -> KeyIndex {
        let g = graphs[version: v]
        var inside = KeyIndex()
        for n in nodes {
            if let id = g.shownID(n) { inside.insert(id, 0) }
        }
        return inside
    }

    /// The ids of the objects outside `subtree` that refer to any of `inside`.
    private mutating func ids(referringTo inside: KeyIndex, outside subtree: Range<Int>, in v: MergeVersion) -> KeyIndex {
        var referrers = KeyIndex()
        guard !subtree.isEmpty else { return referrers }
        let g = graphs[version: v]
        if self.referrers[version: v] == nil { self.referrers[version: v] = Referrers(g) }
        for id in inside.keys {
            for node in self.referrers[version: v]![id] where !subtree.contains(node) {
                if let id = g.nodes[g.owningObject(node)].objectID { referrers.insert(id, 0) }
            }
        }
        return referrers
    }

    /// An object moved to different parents: the path of its parent in each version.
    private func describeMove(_ c: inout MergeConflict) {
        let values = graphs.map { g in
            g.byKey[c.elementKey].map { n in DiffValue(text: g.displayPath(g.owningObject(g.nodes[n].parent))) }
        }
        (c.base, c.ours, c.theirs) = (values.base, values.ours, values.theirs)
    }
}

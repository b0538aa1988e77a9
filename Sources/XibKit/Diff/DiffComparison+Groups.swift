#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Changes as they are listed: each described from its side, sorted where a person expects it,
/// with its lines, gathered in groups (a scene, a top-level object, the resources, the document).
extension DiffComparison {
    mutating func emitAdded(_ ni: Int, depth: Int) {
        guard let new, !meansNothing(ni, in: new) else { return }
        append(kind: .added, depth: depth, side: new, isNew: true, index: ni, sort: SortKey(position: ni, removed: 0), turnover: turnover(new, ni))
    }

    mutating func emitRemoved(_ oi: Int, depth: Int) {
        guard let old, !meansNothing(oi, in: old) else { return }
        append(kind: .removed, depth: depth, side: old, isNew: false, index: oi, sort: removedSortKey(oi), turnover: turnover(old, oi))
    }

    /// What an object added or removed is: an entry of the document's record may be noise (in a
    /// file both versions have; a whole file added or removed is that).
    func turnover(_ side: DiffObjects, _ i: Int) -> IBRules.EntryTurnover {
        guard !options.includeNoise, old != nil, new != nil, let container = noiseContainer(side, i) else { return .change }
        return IBRules.turnover(entry: side.graph.nodes[i].tag, container: container.tag)
    }

    /// An item that means what its absence means (`IBRules.meansAbsence`: a `<deployment>`
    /// without a version): written or dropped, no change.
    func meansNothing(_ i: Int, in side: DiffObjects) -> Bool {
        let g = side.graph
        guard IBRules.hasEquivalents(g.nodes[i].tag), i > 0 else { return false }
        return IBRules.meansAbsence(g.nodes[i].element, parent: g.nodes[g.nodes[i].parent].tag)
    }

    /// The change an entry stands for, in words: described from its side, the new document's,
    /// or the old one's for removed objects.
    func change(_ e: Entry) -> ObjectChange {
        let isNew = e.newNode != nil
        let side = isNew ? new! : old!, i = e.newNode ?? e.oldNode!
        let title = side.groupTitle(side.groupRoot(i))
        let summary = side.summary(i)
        return ObjectChange(kind: e.kind, category: side.category(i), tag: side.graph.nodes[i].tag, id: side.shownID(i),
                            path: side.path(i, summary: summary), location: side.location(i, groupTitle: title),
                            oldSummary: isNew ? e.oldNode.map { old!.summary($0) } : summary, newSummary: isNew ? summary : nil,
                            depth: e.depth, move: e.move.map { objectMove($0, e) }, attributes: e.attributes,
                            oldLine: e.oldLine, newLine: e.newLine)
    }

    private func objectMove(_ move: Move, _ e: Entry) -> ObjectMove {
        ObjectMove(from: old!.ancestorPath(e.oldNode!), to: new!.ancestorPath(e.newNode!), reparented: move.reparented,
                   oldPosition: move.oldPosition, newPosition: move.newPosition)
    }

    /// The id `change(e)` shows, without the rest of its words.
    func id(of e: Entry) -> String? {
        e.newNode.map { new!.shownID($0) } ?? old!.shownID(e.oldNode!)
    }

    func tag(of e: Entry) -> String {
        e.newNode.map { new!.graph.nodes[$0].tag } ?? old!.graph.nodes[e.oldNode!].tag
    }

    mutating func append(kind: ObjectChange.Kind, depth: Int, move: Move? = nil, attributes: [AttributeChange] = [],
                         side: DiffObjects, isNew: Bool, index: Int, sort: SortKey, oldNode: Int? = nil,
                         turnover: IBRules.EntryTurnover = .change) {
        if turnover == .noise { return hideNoise(side.graph.nodes[index].tag) }
        let root = side.groupRoot(index)
        if wanted != nil, [.document, .resources].contains(side.groupKind(root)) { wantedOutsideObjectGroups = true }
        let groupSort = isNew ? SortKey(position: root, removed: 0) : removedSortKey(root)
        let entry = Entry(groupKey: side.graph.nodes[root].key,
                          group: (side.groupKind(root), side.groupTitle(root), root > 0 ? side.shownID(root) : nil),
                          groupSort: groupSort, sort: sort, kind: kind, depth: depth, move: move, attributes: attributes,
                          oldNode: isNew ? oldNode : index, newNode: isNew ? index : nil)
        if turnover == .noiseUnlessOtherChanges { changesIfOthers.append(entry) } else { entries.append(entry) }
    }

    /// Where a removed object sorts: with its removed ancestor; else after the nearest earlier
    /// sibling that the new document still has in the same place; else right after the
    /// nearest ancestor (object or container) the new document still has.
    mutating func removedSortKey(_ oi: Int) -> SortKey {
        guard let old, let new else { return SortKey(position: oi, removed: 0) }
        if let known = removedSort[oi] { return known }
        let key: SortKey
        let pe = old.parentEntity[oi]
        if pe > 0, removedDepth[pe] >= 0 {
            key = SortKey(position: removedSortKey(pe).position, removed: oi + 1)
        } else {
            key = SortKey(position: anchor(oi, old, new), removed: oi + 1)
        }
        removedSort[oi] = key
        return key
    }

    func anchor(_ oi: Int, _ old: DiffObjects, _ new: DiffObjects) -> Int {
        let nodes = old.graph.nodes
        let parent = nodes[oi].parent
        guard parent >= 0 else { return 0 }
        let parentKey = nodes[parent].key
        // Back from `oi` among its siblings (in document order); a removed sibling on the way
        // already has the answer, so a parent of many removed children is walked once.
        let siblings = old.graph.children(of: parent)
        var lo = 0, hi = siblings.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if siblings[mid] < oi { lo = mid + 1 } else { hi = mid }
        }
        for s in siblings[..<lo].reversed() where old.isEntity[s] {
            let isMatched = isMatched(s)
            if !isMatched, let known = removedSort[s] { return known.position }
            guard isMatched else { continue }
            if let ns = new.graph.byKey[nodes[s].key], new.graph.nodes[ns].parent >= 0,
               new.graph.nodes[new.graph.nodes[ns].parent].key == parentKey {
                return new.subtreeEnd[ns] - 1
            }
        }
        var a = parent
        while a >= 0 {
            if let na = new.graph.byKey[nodes[a].key] { return na }
            a = nodes[a].parent
        }
        return 0
    }

    /// Whether the new document's group with this key holds a change among the objects walked
    /// and not wanted (`unwantedByGroup`): an object of both with a change, or one added that
    /// is listed.
    mutating func hasNewChange(inGroup key: String) -> Bool {
        guard let new, let root = new.graph.byKey[key] else { return false }
        walkUnwalked(in: root)
        guard let nodes = unwantedByGroup[root] else { return false }
        for n in nodes {
            if let oi = n.old {
                if matchedChange(oi, n.node, identical: n.identical) != nil { return true }
            } else if !meansNothing(n.node, in: new), turnover(new, n.node) == .change {
                return true
            }
        }
        return false
    }

    /// Fills in the line numbers of all changes: one pass over each file, not an index of every line.
    mutating func fillLines() {
        /// The line of each node's start, by position in `nodes`: one pass over the file.
        func lines(_ side: DiffObjects?, _ nodes: [Int?]) -> [Int?] {
            guard let side else { return nodes.map { _ in nil } }
            let offsets = nodes.map { $0.flatMap(side.offset(of:)) }
            let order = offsets.indices.filter { offsets[$0] != nil }.sorted { offsets[$0]! < offsets[$1]! }
            var out = [Int?](repeating: nil, count: nodes.count)
            var line = 1, position = 0
            side.graph.document.source.bytes.withUnsafeBufferPointer { p in
                guard let base = p.baseAddress else { return }
                for k in order {
                    let o = offsets[k]!
                    while position < o, let nl = memchr(base + position, 0x0A, o - position) {
                        line += 1
                        position = base.distance(to: nl.assumingMemoryBound(to: UInt8.self)) + 1
                    }
                    position = max(position, o)
                    out[k] = line
                }
            }
            return out
        }
        let oldLines = lines(old, entries.map(\.oldNode))
        let newLines = lines(new, entries.map(\.newNode))
        for k in entries.indices {
            entries[k].oldLine = oldLines[k]
            entries[k].newLine = newLines[k]
        }
    }

    /// The diff's groups, every change in words.
    func groups() -> [ChangeGroup] {
        listed.map { g in
            var group = g.group
            group.changes = g.members.map { change(entries[$0]) }
            return group
        }
    }

    mutating func listGroups() {
        // Groups in order of their position; changes by position, then by emission.
        // On `KeyIndex`: a `Dictionary` hashed each entry's group key with SipHash.
        var groupIndex = KeyIndex()
        var heads: [(key: String, sort: SortKey, group: ChangeGroup)] = []
        var members: [[Int]] = []
        for (n, e) in entries.enumerated() {
            if let g = groupIndex.insert(e.groupKey, heads.count) {
                members[g].append(n)
                // The new document's name and position for a group win over the old one's.
                if e.groupSort.removed == 0, heads[g].sort.removed != 0 {
                    heads[g].group.title = e.group.title
                    heads[g].sort = e.groupSort
                }
            } else {
                heads.append((e.groupKey, e.groupSort, ChangeGroup(kind: e.group.kind, title: e.group.title, id: e.group.id, changes: [])))
                members.append([n])
            }
        }
        // Wanted changes only (`wanted`): a group whose wanted changes are all removals sorts
        // where the new document has it if it holds any other change of the new document's, as
        // in the whole comparison.
        if let new, wanted != nil {
            for g in heads.indices where heads[g].sort.removed != 0 && hasNewChange(inGroup: heads[g].key) {
                let root = new.graph.byKey[heads[g].key]!
                heads[g].sort = SortKey(position: root, removed: 0)
                heads[g].group.title = new.groupTitle(root)
            }
        }
        let order = heads.indices.sorted { a, b in
            heads[a].sort != heads[b].sort ? heads[a].sort < heads[b].sort : heads[a].key < heads[b].key
        }
        listed = order.map { g in
            (heads[g].group, members[g].sorted { a, b in
                entries[a].sort != entries[b].sort ? entries[a].sort < entries[b].sort : a < b
            })
        }
    }
}

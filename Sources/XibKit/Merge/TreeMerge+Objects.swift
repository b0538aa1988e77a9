/// Stage 1 of the tree merge's output: for every object id in any version, whether it survives
/// and under which parent, and what the rebuild may therefore not take whole from one side.
struct ObjectPlan {
    /// Object ids (as keys `#id`) that survive, and the key of their parent in the result.
    let parents: TreeMerge.ParentTable
    /// Keys of elements, in any version, whose subtree gains or loses objects by a move:
    /// those cannot be reused wholesale from one side. (A `KeyIndex` used as a set, over the
    /// hashes the graphs' indexes hold: the rebuild asks it of every element it visits.)
    let moveTouched: KeyIndex
    /// Objects a side deleted but that a conflict kept: their whole subtree (from the keeper) stays.
    /// (This and the plan's other sets of keys are `KeyIndex`es used as sets: a `Set<String>`
    /// hashed each key with SipHash, 1.1% of a heavy merge's instructions.)
    let keptByConflict: KeyIndex
    /// Objects that come back as base had them (only when preferring base).
    let restoredFromBase: KeyIndex
    let log: MergeLog
}

/// Stage 1 of the tree merge: for every object id in any version, whether it survives and
/// under which parent.
extension TreeMerge {
    /// The stage's working state, alive only while `planObjects` runs.
    struct ObjectPlanning {
        var parents: ParentTable
        var moveTouched = KeyIndex()
        /// Objects a side deleted: they stay deleted (`staysDeleted`), never brought back as an
        /// ancestor, unless a conflict keeps them with an enclosing object (`keepSubtree`).
        var deletedObjects = KeyIndex()
        var keptByConflict = KeyIndex()
        var restoredFromBase = KeyIndex()
        /// The next of `TreeMerge.deletions` to decide (they come in the order of the keys).
        var nextDeletion = 0
        /// The paths of the parents sides moved objects to, by side and key (`movedToPath`).
        var movedToPaths: [String: String] = [:]
        var log = MergeLog()

        /// Whether the object with `key` (and its hash, as the graphs' indexes hold it) was
        /// deleted and no conflict kept it since: an object is never deleted after it is kept.
        func staysDeleted(_ key: String, hash: UInt64) -> Bool {
            !deletedObjects.isEmpty && deletedObjects.value(for: key, hash: hash) != nil
                && keptByConflict.value(for: key, hash: hash) == nil
        }
    }

    func planObjects() -> ObjectPlan {
        let (ids, found) = (objects.keys, objects.places)
        var s = ObjectPlanning(parents: ParentTable(minimumCapacity: ids.count))
        s.log.keepsEvents = keepsEvents
        for (key, places) in zip(ids, found) { decide(key, places, &s) }
        assert(s.nextDeletion == deletions.count)
        breakMoveCycles(ids, found, &s)
        keepReferrersOfKept(&s)
        keepAncestorsOfSurvivors(&s)
        markMoves(ids, found, &s)
        return ObjectPlan(parents: s.parents, moveTouched: s.moveTouched, keptByConflict: s.keptByConflict,
                          restoredFromBase: s.restoredFromBase, log: s.log)
    }

    func markAncestors(_ g: IBGraph, _ n: Int, inclusive: Bool = false, _ s: inout ObjectPlanning) {
        var p = inclusive ? n : g.nodes[n].parent
        while p >= 0 {
            s.moveTouched.insert(g.nodes[p].key, 0, hash: g.byKey.hash(ofEntry: p))
            p = g.nodes[p].parent
        }
    }

    /// Every object key of the three versions once (ours' first), and the object's node and
    /// parent in each version: what the plan of each rendering starts from, found once.
    struct Objects {
        let keys: [String]
        let places: [Places]
        /// The objects (by index) one side moved and the other left under base's parent: those
        /// whose moves may close a cycle (`breakMoveCycles`), found with the places.
        let movedOnOneSide: [Int]

        init(_ graphs: Three<IBGraph>) {
            let (keys, hashes) = Objects.keys(graphs)
            self.keys = keys
            // Looked up once: the move checks need them again.
            var places: [Places] = [], moved: [Int] = []
            places.reserveCapacity(keys.count)
            for (k, (key, hash)) in zip(keys, hashes).enumerated() {
                let nodes = Three(base: graphs.base.byKey.value(for: key, hash: hash), ours: graphs.ours.byKey.value(for: key, hash: hash),
                                  theirs: graphs.theirs.byKey.value(for: key, hash: hash))
                let parents = Three(base: Places.parentKey(graphs.base, nodes.base), ours: Places.parentKey(graphs.ours, nodes.ours),
                                    theirs: Places.parentKey(graphs.theirs, nodes.theirs))
                if let base = parents.base, let ours = parents.ours, let theirs = parents.theirs, (ours == base) != (theirs == base) {
                    moved.append(k)
                }
                places.append(Places(nodes, parents: parents))
            }
            self.places = places
            movedOnOneSide = moved
        }

        /// Every object key of the three versions once, ours' first, with its hash as every graph's
        /// index has it (node i is entry i): hashed once.
        private static func keys(_ graphs: Three<IBGraph>) -> ([String], [UInt64]) {
            // The graphs are passed to a local function, not gathered in an array: an array of them
            // copies each graph's tables (a dozen retains) every time it is built.
            var ids: [String] = []
            var hashes: [UInt64] = []
            var seen = KeyIndex(minimumCapacity: graphs.ours.nodes.count / 2)
            func collect(_ g: IBGraph) {
                for i in g.nodes.indices {
                    let key = g.nodes[i].key
                    guard IBGraph.isObjectKey(key) else { continue }
                    let hash = g.byKey.hash(ofEntry: i)
                    if seen.insert(key, 0, hash: hash) == nil {
                        ids.append(key)
                        hashes.append(hash)
                    }
                }
            }
            collect(graphs.ours)
            collect(graphs.theirs)
            collect(graphs.base)
            return (ids, hashes)
        }
    }

    /// Whether one object survives, and under which parent.
    private func decide(_ key: String, _ f: Places, _ s: inout ObjectPlanning) {
        let nodes = f.nodes
        switch (nodes.base, nodes.ours, nodes.theirs) {
        case (_, .some, .some):
            decideKept(key, f, &s)
        case (.some(let b), nil, .some(let kept)):
            decideDeletion(key: key, keeper: graphs.theirs, base: b, kept: kept, keeperParent: f.parents.theirs!, &s)
        case (.some(let b), .some(let kept), nil):
            decideDeletion(key: key, keeper: graphs.ours, base: b, kept: kept, keeperParent: f.parents.ours!, &s)
        case (nil, .some, nil):
            s.parents[key] = f.parents.ours!
            s.log.fromOurs.added += 1
        case (nil, nil, .some):
            s.parents[key] = f.parents.theirs!
            s.log.fromTheirs.added += 1
        default:
            break // deleted on both sides, or only in base
        }
    }

    /// Both sides have the object: a move on one side is kept; moves to different parents conflict.
    private func decideKept(_ key: String, _ f: Places, _ s: inout ObjectPlanning) {
        let parents = f.parents
        let (ours, theirs) = (parents.ours!, parents.theirs!)
        let parent: String
        let rule = ThreeWay(parents)
        switch rule {
        case .unchanged, .ours, .alike: parent = ours
        case .theirs: parent = theirs
        case .conflict:
            let conflict = decide("move " + key, .moveMove, element: key)
            let taken = take(conflict)
            parent = taken == .theirs ? theirs : (taken == .base ? parents.base ?? ours : ours)
            recordMovedToDifferentParents(f.nodes.ours!, ours: ours, theirs: theirs, conflict: conflict, &s)
        }
        s.parents[key] = parent
        let inBase = f.nodes.base != nil
        if ours != parents.base, inBase { s.log.fromOurs.moved += 1 }
        if theirs != parents.base, inBase, theirs != ours { s.log.fromTheirs.moved += 1 }
        if !inBase { s.log.fromOurs.added += 1 }
    }

    /// Both sides moved object `o` (ours' node), to different parents.
    private func recordMovedToDifferentParents(_ o: Int, ours po: String, theirs pt: String, conflict: MergeConflict,
                                               _ s: inout ObjectPlanning) {
        guard s.log.keepsEvents else { return }
        let oursPath = movedToPath(po, in: .ours, &s), theirsPath = movedToPath(pt, in: .theirs, &s)
        s.log.record(.conflict, graph: graphs.ours, node: o, subject: "moved to different parents", ours: oursPath, theirs: theirsPath,
                     resolution: "kept \(take(conflict).rawValue)", conflict: conflict)
    }

    /// The path of the parent (key `key`) one side moved objects to, made once per parent: a
    /// parent's name reads its children, so made again for each object moved into one parent
    /// it would make the merge quadratic.
    private func movedToPath(_ key: String, in side: Side, _ s: inout ObjectPlanning) -> String {
        let cacheKey = (side == .ours ? "o" : "t") + key
        if let path = s.movedToPaths[cacheKey] { return path }
        let g = graphs[side: side]
        let path = g.displayPath(g.byKey[key] ?? 0)
        s.movedToPaths[cacheKey] = path
        return path
    }

    /// Moves on the two sides can close a cycle (ours puts A into B, theirs puts B into a view
    /// inside A): a result would hold neither. Every object that one side moved into such a
    /// cycle is a move-move conflict: found on the decided parents first, then resolved, so
    /// that the conflicts do not depend on the order the objects are met in.
    private func breakMoveCycles(_ ids: [String], _ found: [Places], _ s: inout ObjectPlanning) {
        let moved = objects.movedOnOneSide
        let cyclic = closingCycles(moved.map { ids[$0] }, s.parents)
        for k in moved where cyclic.contains(ids[k]) {
            let (key, f) = (ids[k], found[k])
            let conflict = decide("move " + key, .moveMove, element: key)
            let taken = take(conflict)
            s.parents[key] = taken == .theirs ? f.parents.theirs! : taken == .base ? f.parents.base! : f.parents.ours!
            recordMovedToDifferentParents(f.nodes.ours!, ours: f.parents.ours!, theirs: f.parents.theirs!, conflict: conflict, &s)
        }
    }

    /// The objects among `keys` whose chain of decided parents comes back to itself or runs
    /// into such a loop. Each object's chain is walked once, whatever the depth and the number
    /// of moves, so the pass is linear.
    private func closingCycles(_ keys: [String], _ parents: ParentTable) -> Set<String> {
        enum Mark { case walking, clear, cyclic }
        var marks: [String: Mark] = [:]
        var cyclic = Set<String>()
        for start in keys {
            var path: [String] = [], k = start, verdict = Mark.clear
            while true {
                if let m = marks[k] { verdict = m == .walking ? .cyclic : m; break }
                marks[k] = .walking
                path.append(k)
                guard let parent = parents[k] else { break }
                // The object a parent element belongs to: its key up to the first `/`.
                let owner = parent.utf8.firstIndex(of: 0x2F).map { String(parent[..<$0]) } ?? parent
                guard IBGraph.isObjectKey(owner) else { break }
                k = owner
            }
            for p in path { marks[p] = verdict }
            if verdict == .cyclic { cyclic.insert(start) }
        }
        return cyclic
    }

    /// A move makes the subtrees around both its old and new places non-reusable, in every
    /// version. (`ids` holds every object of the three versions, so every survivor.)
    private func markMoves(_ ids: [String], _ found: [Places], _ s: inout ObjectPlanning) {
        func movedIn(_ n: Int?, _ p: String?, from parent: String) -> Bool { n != nil && p != parent }
        func markAround(_ g: IBGraph, _ n: Int?, _ parent: String) {
            if let n { markAncestors(g, n, &s) }
            if let p = g.byKey[parent] { markAncestors(g, p, inclusive: true, &s) }
        }
        // A deleted object that a side still has somewhere else than base had it (moved, then
        // deleted by the other side's decision) must not come back with that side's subtree.
        func markIfElsewhere(_ g: IBGraph, _ n: Int?, _ p: String?, _ pb: String?) {
            if let n, p != pb { markAncestors(g, n, &s) }
        }
        for (key, f) in zip(ids, found) {
            let (nodes, parents) = (f.nodes, f.parents)
            if let parent = s.parents[key] {
                guard movedIn(nodes.base, parents.base, from: parent) || movedIn(nodes.ours, parents.ours, from: parent)
                        || movedIn(nodes.theirs, parents.theirs, from: parent) else { continue }
                markAround(graphs.base, nodes.base, parent)
                markAround(graphs.ours, nodes.ours, parent)
                markAround(graphs.theirs, nodes.theirs, parent)
            } else {
                markIfElsewhere(graphs.ours, nodes.ours, parents.ours, parents.base)
                markIfElsewhere(graphs.theirs, nodes.theirs, parents.theirs, parents.base)
            }
        }
    }

    /// Object key → the key of its parent in the result, on `KeyIndex` (a merge looks it up for
    /// every child of every element it rebuilds; `Dictionary` hashed each key with SipHash).
    /// Entries are set, and reset, never removed.
    struct ParentTable {
        private var index: KeyIndex
        private var parents: [String] = []

        var count: Int { parents.count }

        init(minimumCapacity: Int = 0) {
            index = KeyIndex(minimumCapacity: minimumCapacity)
            parents.reserveCapacity(minimumCapacity)
        }

        subscript(key: String) -> String? {
            get { index[key].map { parents[$0] } }
            set {
                guard let newValue else { preconditionFailure("a surviving object's parent is never removed") }
                if let i = index.insert(key, parents.count) { parents[i] = newValue } else { parents.append(newValue) }
            }
        }

        /// The getter, with the key's hash as a graph's index has it.
        func parent(of key: String, hash: UInt64) -> String? {
            index.value(for: key, hash: hash).map { parents[$0] }
        }
    }

    /// An object's node and parent's key in each version. (A struct: an array of tuples goes
    /// through run-time type information for every copy, a third of `decideObjects` once.)
    /// Nodes in 32 bits, -1 for none: one Places per key of the three graphs, 24 bytes
    /// less each than three `Int?`.
    struct Places {
        private let packed: (Int32, Int32, Int32)
        /// The key of the object's parent in each version that has it ("" for the root).
        let parents: Three<String?>

        init(_ nodes: Three<Int?>, parents: Three<String?>) {
            packed = (nodes.base.map(Int32.init) ?? -1, nodes.ours.map(Int32.init) ?? -1, nodes.theirs.map(Int32.init) ?? -1)
            self.parents = parents
        }

        /// The key of node `n`'s parent in `g` ("" for the root), nil without a node.
        static func parentKey(_ g: IBGraph, _ n: Int?) -> String? {
            guard let n else { return nil }
            let p = g.nodes[n].parent
            return p >= 0 ? g.nodes[p].key : ""
        }

        /// The object's node in each version that has it.
        var nodes: Three<Int?> {
            Three(base: packed.0 < 0 ? nil : Int(packed.0), ours: packed.1 < 0 ? nil : Int(packed.1), theirs: packed.2 < 0 ? nil : Int(packed.2))
        }
    }

    /// An object kept by a conflict needs its enclosing objects (its scene, its superview)
    /// even where one side deleted them: they come back from the version that places it.
    private func keepAncestorsOfSurvivors(_ s: inout ObjectPlanning) {
        var queue = s.keptByConflict.keys.compactMap { k in s.parents[k].map { (k, $0) } }
        /// Keeps the nearest object above `parent` in the first version that has `parent`.
        func keepEnclosingObject(of parent: String, in g: IBGraph) -> Bool {
            guard var p = g.byKey[parent] else { return false }
            while p > 0 {
                let key = g.nodes[p].key
                if IBGraph.isObjectKey(key) {
                    if s.parents[key] == nil && !s.staysDeleted(key, hash: g.byKey.hash(ofEntry: p)) {
                        let pk = parentKey(g, p)
                        s.parents[key] = pk
                        keepSubtree(of: p, in: g, &s)
                        queue.append((key, pk))
                    }
                    break
                }
                p = g.nodes[p].parent
            }
            return true
        }
        while let (_, parent) = queue.popLast() {
            _ = keepEnclosingObject(of: parent, in: graphs.theirs) || keepEnclosingObject(of: parent, in: graphs.ours)
                || keepEnclosingObject(of: parent, in: graphs.base)
        }
    }

    /// What Xcode deleted with an object a conflict keeps (its outlets, the constraints on it,
    /// what refers to those) comes back with it from the keeper: the deleter removed them only
    /// because the object went, and the keeper's side of the conflict is the object with them.
    private func keepReferrersOfKept(_ s: inout ObjectPlanning) {
        guard !s.keptByConflict.isEmpty else { return }
        for keeper in [MergeSide.ours, .theirs] {
            let g = graphs[side: keeper], deleter = graphs[otherThan: keeper]
            // Only what this side kept and the other deleted: a referrer the other side dropped
            // from an object both kept (a view it moved) was a change of its own.
            // By id, as references name them (a key made for each reference was most of the pass),
            // in a `KeyIndex` used as a set: each pass hashes every reference's target.
            var targets = KeyIndex()
            for key in s.keptByConflict.keys where g.byKey[key] != nil && deleter.byKey[key] == nil {
                if let id = IBGraph.id(ofObjectKey: key) { targets.insert(id, 0) }
            }
            while true {
                var kept: [Int] = []
                for r in g.references where targets[r.target] != nil {
                    let owner = g.owningObject(r.node)
                    let key = g.nodes[owner].key
                    guard owner > 0, IBGraph.isObjectKey(key), s.parents[key] == nil, !s.staysDeleted(key, hash: g.byKey.hash(ofEntry: owner)),
                          deleter.byKey[key] == nil, graphs.base.byKey[key] != nil else { continue }
                    kept.append(owner)
                }
                guard !kept.isEmpty else { break }
                targets = KeyIndex()
                for owner in kept where s.parents[g.nodes[owner].key] == nil {
                    s.parents[g.nodes[owner].key] = parentKey(g, owner)
                    keepSubtree(of: owner, in: g, &s)
                    markAncestors(g, owner, &s)
                    if let id = IBGraph.id(ofObjectKey: g.nodes[owner].key) { targets.insert(id, 0) }
                }
            }
        }
    }

    /// One side deleted an object the other kept: a delete, unless the keeper changed it
    /// (beyond layout) or made something new refer to it — then it is a conflict; judged once
    /// for every rendering (`DeletionJudge`). (`keeper`: the other side's graph, passed as the
    /// merge's own rather than a copy of it, which retained and released each of its dozen
    /// tables for every object a side deleted.)
    private func decideDeletion(key: String, keeper: borrowing IBGraph, base b: Int, kept: Int, keeperParent: String,
                                _ s: inout ObjectPlanning) {
        let judged = deletions[s.nextDeletion]
        s.nextDeletion += 1
        let (deleter, changed, referenced, parentAlsoDeleted) = (judged.deleter, judged.changed, judged.referenced, judged.parentAlsoDeleted)
        if !s.keptByConflict.isEmpty && s.keptByConflict[key] != nil {
            s.parents[key] = keeperParent
            return
        }
        if insideDeletedByConflict(kept, in: keeper, s) {
            // Goes with the enclosing object a conflict deleted, reported once, as keepSubtree
            // keeps it whole when the conflict is resolved the other way.
            s.deletedObjects.insert(key, 0)
            return
        }
        if !changed && !referenced {
            if !parentAlsoDeleted { s.log.countRemoval(by: deleter) }
            if !parentAlsoDeleted, !judged.sameBytes {
                s.log.recordDeletedOverLayout(graphs.base, b, deleter: deleter)
            }
            return
        }
        let conflict = decide("delete " + key, referenced ? .deleteReference : .deleteEdit, element: key, deletedBy: deleter)
        let taken = take(conflict)
        let keep = taken.rawValue != deleter.rawValue
        if !parentAlsoDeleted || referenced {
            s.log.recordDeletionConflict(graphs.base, b, referenced: referenced, kept: keep, conflict: conflict)
        }
        // A kept object's ancestors cannot be taken whole from the side that deleted it.
        if taken == .base {
            s.parents[key] = parentKey(graphs.base, b)
            keepSubtree(of: b, in: graphs.base, &s)
            markAncestors(graphs.base, b, &s)
            s.restoredFromBase.insert(key, 0)
        } else if keep {
            s.parents[key] = keeperParent
            keepSubtree(of: kept, in: keeper, &s)
            markAncestors(keeper, kept, &s)
        } else {
            s.deletedObjects.insert(key, 0)
        }
    }

    /// Whether an enclosing object of this node (in the keeper's version) was deleted by a conflict.
    private func insideDeletedByConflict(_ n: Int, in g: IBGraph, _ s: ObjectPlanning) -> Bool {
        guard !s.deletedObjects.isEmpty else { return false }
        var p = g.nodes[n].parent
        while p > 0 {
            // Only objects' keys are deleted (`Objects.keys`): a container's is never looked up.
            if IBGraph.isObjectKey(g.nodes[p].key), s.staysDeleted(g.nodes[p].key, hash: g.byKey.hash(ofEntry: p)) { return true }
            p = g.nodes[p].parent
        }
        return false
    }

    /// A deleted subtree that a conflict keeps comes back whole from the keeper: its objects
    /// are not re-decided one by one.
    private func keepSubtree(of node: Int, in g: IBGraph, _ s: inout ObjectPlanning) {
        s.keptByConflict.insert(g.nodes[node].key, 0, hash: g.byKey.hash(ofEntry: node))
        let depth = g.nodes[node].depth
        var n = node + 1
        while n < g.nodes.count && g.nodes[n].depth > depth {
            let k = g.nodes[n].key
            if IBGraph.isObjectKey(k) {
                s.keptByConflict.insert(k, 0, hash: g.byKey.hash(ofEntry: n))
                if s.parents[k] == nil { s.parents[k] = parentKey(g, n) }
            }
            n += 1
        }
    }
}

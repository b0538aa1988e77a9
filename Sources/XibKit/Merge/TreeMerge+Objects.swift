/// Stage 1 of the tree merge's output: for every object id in any version, whether it survives
/// and under which parent, and what the rebuild may therefore not take whole from one side.
struct ObjectPlan {
    /// Object ids (as keys `#id`) that survive, and the key of their parent in the result.
    let parents: TreeMerge.ParentTable
    /// Keys of elements, in any version, whose subtree gains or loses objects by a move:
    /// those cannot be reused wholesale from one side.
    let moveTouched: Set<String>
    /// Objects a side deleted but that a conflict kept: their whole subtree (from the keeper) stays.
    let keptByConflict: Set<String>
    /// Objects that come back as base had them (only when preferring base).
    let restoredFromBase: Set<String>
    let log: MergeLog
}

/// Stage 1 of the tree merge: for every object id in any version, whether it survives and
/// under which parent.
extension TreeMerge {
    /// The stage's working state, alive only while `planObjects` runs.
    struct ObjectPlanning {
        var parents: ParentTable
        var moveTouched: Set<String> = []
        /// Objects a side deleted and that stay deleted: never brought back as an ancestor.
        var deletedObjects: Set<String> = []
        var keptByConflict: Set<String> = []
        var restoredFromBase: Set<String> = []
        /// Ids referenced by what each side added or changed; only needed when a side deletes
        /// something, so made on first use (`touched(by:)`).
        var touchedByOurs: KeyIndex?
        var touchedByTheirs: KeyIndex?
        /// The paths of the parents sides moved objects to, by side and key (`movedToPath`).
        var movedToPaths: [String: String] = [:]
        var log = MergeLog()
    }

    func planObjects() -> ObjectPlan {
        let (ids, hashes) = objectKeys()
        var s = ObjectPlanning(parents: ParentTable(minimumCapacity: ids.count))
        // Each object's node and parent in each version, looked up once (the move checks need
        // them again).
        var found: [Places] = []
        found.reserveCapacity(ids.count)
        for (key, hash) in zip(ids, hashes) {
            let b = B.byKey.value(for: key, hash: hash), o = O.byKey.value(for: key, hash: hash), t = T.byKey.value(for: key, hash: hash)
            let places = Places(b: b, o: o, t: t, pb: Places.parentKey(B, b), po: Places.parentKey(O, o), pt: Places.parentKey(T, t))
            found.append(places)
            decide(key, places, &s)
        }
        breakMoveCycles(ids, found, &s)
        keepAncestorsOfSurvivors(&s)
        markMoves(ids, found, &s)
        return ObjectPlan(parents: s.parents, moveTouched: s.moveTouched, keptByConflict: s.keptByConflict,
                          restoredFromBase: s.restoredFromBase, log: s.log)
    }

    /// The ids referenced by what `side` added or changed, made once.
    private func touched(by side: Side, _ s: inout ObjectPlanning) -> KeyIndex {
        if side == .ours {
            if s.touchedByOurs == nil { s.touchedByOurs = referencedByChanges(in: O) }
            return s.touchedByOurs!
        }
        if s.touchedByTheirs == nil { s.touchedByTheirs = referencedByChanges(in: T) }
        return s.touchedByTheirs!
    }

    func markAncestors(_ g: IBGraph, _ n: Int, inclusive: Bool = false, _ s: inout ObjectPlanning) {
        var p = inclusive ? n : g.nodes[n].parent
        while p >= 0 {
            s.moveTouched.insert(g.nodes[p].key)
            p = g.nodes[p].parent
        }
    }

    /// Every object key of the three versions once, ours' first, with its hash as every graph's
    /// index has it (node i is entry i): hashed once.
    private func objectKeys() -> ([String], [UInt64]) {
        // The graphs are passed to a local function, not gathered in an array: an array of them
        // copies each graph's tables (a dozen retains) every time it is built.
        var ids: [String] = []
        var hashes: [UInt64] = []
        var seen = KeyIndex(minimumCapacity: O.nodes.count / 2)
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
        collect(O)
        collect(T)
        collect(B)
        return (ids, hashes)
    }

    /// Whether one object survives, and under which parent.
    private func decide(_ key: String, _ f: Places, _ s: inout ObjectPlanning) {
        switch (f.b, f.o, f.t) {
        case (_, .some, .some):
            decideKept(key, f, &s)
        case (.some(let bn), nil, .some(let tn)):
            decideDeletion(key: key, deleter: .ours, b: bn, kept: tn, keptGraph: T, keptFP: dfpT, keeperParent: f.pt!, &s)
        case (.some(let bn), .some(let on), nil):
            decideDeletion(key: key, deleter: .theirs, b: bn, kept: on, keptGraph: O, keptFP: dfpO, keeperParent: f.po!, &s)
        case (nil, .some, nil):
            s.parents[key] = f.po!
            s.log.fromOurs.added += 1
        case (nil, nil, .some):
            s.parents[key] = f.pt!
            s.log.fromTheirs.added += 1
        default:
            break // deleted on both sides, or only in base
        }
    }

    /// Both sides have the object: a move on one side is kept; moves to different parents conflict.
    private func decideKept(_ key: String, _ f: Places, _ s: inout ObjectPlanning) {
        let (po, pt, pb) = (f.po!, f.pt!, f.pb)
        let parent: String
        if po == pt || pt == pb { parent = po }
        else if po == pb { parent = pt }
        else {
            let conflict = decide("move " + key, .moveMove, element: key)
            let taken = take(conflict)
            parent = taken == .theirs ? pt : (taken == .base ? pb ?? po : po)
            recordMovedToDifferentParents(f.o!, ours: po, theirs: pt, conflict: conflict, &s)
        }
        s.parents[key] = parent
        if po != pb, f.b != nil { s.log.fromOurs.moved += 1 }
        if pt != pb, f.b != nil, pt != po { s.log.fromTheirs.moved += 1 }
        if f.b == nil { s.log.fromOurs.added += 1 }
    }

    /// Both sides moved object `o` (ours' node), to different parents.
    private func recordMovedToDifferentParents(_ o: Int, ours po: String, theirs pt: String, conflict: MergeConflict,
                                               _ s: inout ObjectPlanning) {
        let oursPath = movedToPath(po, in: .ours, &s), theirsPath = movedToPath(pt, in: .theirs, &s)
        s.log.record(.conflict, graph: O, node: o, subject: "moved to different parents", ours: oursPath, theirs: theirsPath,
                     resolution: "kept \(take(conflict).rawValue)", conflict: conflict)
    }

    /// The path of the parent (key `key`) one side moved objects to, made once per parent: a
    /// parent's name reads its children, so made again for each object moved into one parent
    /// it would make the merge quadratic.
    private func movedToPath(_ key: String, in side: Side, _ s: inout ObjectPlanning) -> String {
        let cacheKey = (side == .ours ? "o" : "t") + key
        if let path = s.movedToPaths[cacheKey] { return path }
        let g = side == .ours ? O : T
        let path = g.displayPath(g.byKey[key] ?? 0)
        s.movedToPaths[cacheKey] = path
        return path
    }

    /// Moves on the two sides can close a cycle (ours puts A into B, theirs puts B into a view
    /// inside A): a result would hold neither. Every object that one side moved into such a
    /// cycle is a move-move conflict: found on the decided parents first, then resolved, so
    /// that the conflicts do not depend on the order the objects are met in.
    private func breakMoveCycles(_ ids: [String], _ found: [Places], _ s: inout ObjectPlanning) {
        let moved = zip(ids, found).filter { _, f in
            guard let pb = f.pb, let po = f.po, let pt = f.pt else { return false }
            return (po == pb) != (pt == pb)
        }
        let cyclic = closingCycles(moved.map(\.0), s.parents)
        for (key, f) in moved where cyclic.contains(key) {
            let conflict = decide("move " + key, .moveMove, element: key)
            let taken = take(conflict)
            s.parents[key] = taken == .theirs ? f.pt! : taken == .base ? f.pb! : f.po!
            recordMovedToDifferentParents(f.o!, ours: f.po!, theirs: f.pt!, conflict: conflict, &s)
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
            if let parent = s.parents[key] {
                guard movedIn(f.b, f.pb, from: parent) || movedIn(f.o, f.po, from: parent) || movedIn(f.t, f.pt, from: parent) else { continue }
                markAround(B, f.b, parent)
                markAround(O, f.o, parent)
                markAround(T, f.t, parent)
            } else {
                markIfElsewhere(O, f.o, f.po, f.pb)
                markIfElsewhere(T, f.t, f.pt, f.pb)
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
        private let nodes: (Int32, Int32, Int32)
        let pb: String?, po: String?, pt: String?

        init(b: Int?, o: Int?, t: Int?, pb: String?, po: String?, pt: String?) {
            nodes = (b.map(Int32.init) ?? -1, o.map(Int32.init) ?? -1, t.map(Int32.init) ?? -1)
            (self.pb, self.po, self.pt) = (pb, po, pt)
        }

        /// The key of node `n`'s parent in `g` ("" for the root), nil without a node.
        static func parentKey(_ g: IBGraph, _ n: Int?) -> String? {
            guard let n else { return nil }
            let p = g.nodes[n].parent
            return p >= 0 ? g.nodes[p].key : ""
        }

        var b: Int? { nodes.0 < 0 ? nil : Int(nodes.0) }
        var o: Int? { nodes.1 < 0 ? nil : Int(nodes.1) }
        var t: Int? { nodes.2 < 0 ? nil : Int(nodes.2) }
    }

    /// An object kept by a conflict needs its enclosing objects (its scene, its superview)
    /// even where one side deleted them: they come back from the version that places it.
    private func keepAncestorsOfSurvivors(_ s: inout ObjectPlanning) {
        var queue = s.keptByConflict.compactMap { k in s.parents[k].map { (k, $0) } }
        /// Keeps the nearest object above `parent` in the first version that has `parent`.
        func keepEnclosingObject(of parent: String, in g: IBGraph) -> Bool {
            guard var p = g.byKey[parent] else { return false }
            while p > 0 {
                let key = g.nodes[p].key
                if IBGraph.isObjectKey(key) {
                    if s.parents[key] == nil && !s.deletedObjects.contains(key) {
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
            _ = keepEnclosingObject(of: parent, in: T) || keepEnclosingObject(of: parent, in: O) || keepEnclosingObject(of: parent, in: B)
        }
    }

    /// One side deleted an object the other kept: a delete, unless the keeper changed it
    /// (beyond layout) or made something new refer to it — then it is a conflict.
    private func decideDeletion(key: String, deleter: Side, b: Int, kept: Int, keptGraph: IBGraph, keptFP: Fingerprints,
                                keeperParent: String, _ s: inout ObjectPlanning) {
        let id = String(key.dropFirst())
        // Removals inside the object (an outlet deleted, a subview deleted) are subsumed by
        // deleting the whole object: only additions and modifications stop a deletion.
        let moved = parentKey(B, b) != keeperParent
        let changed = (keptFP[kept] != dfpB[b] && !isPruned(kept, in: keptGraph, keptFP, from: b)) || moved
        let referenced = touched(by: deleter == .ours ? .theirs : .ours, &s)[id] != nil
        // Only the top of a deleted subtree is reported and counted; an object the keeper moved
        // out of the deleted subtree is a top of its own (its old parent lost only a child).
        let parentAlsoDeleted = isDeletedAncestor(b, in: B, deleter: deleter)
            && !(moved && !isDeletedAncestor(kept, in: keptGraph, deleter: deleter))
        if !s.keptByConflict.isEmpty && s.keptByConflict.contains(key) {
            s.parents[key] = keeperParent
            return
        }
        if insideDeletedByConflict(kept, in: keptGraph, s.deletedObjects) {
            // Goes with the enclosing object a conflict deleted, reported once, as keepSubtree
            // keeps it whole when the conflict is resolved the other way.
            s.deletedObjects.insert(key)
            return
        }
        if !changed && !referenced {
            if !parentAlsoDeleted { s.log.countRemoval(by: deleter) }
            if !parentAlsoDeleted, !bytesEqual(B, b, keptGraph, kept) {
                s.log.recordDeletedOverLayout(B, b, deleter: deleter)
            }
            return
        }
        let conflict = decide("delete " + key, referenced ? .deleteReference : .deleteEdit, element: key, deletedBy: deleter)
        let taken = take(conflict)
        let keep = taken.rawValue != deleter.rawValue
        if !parentAlsoDeleted || referenced {
            s.log.recordDeletionConflict(B, b, referenced: referenced, kept: keep, conflict: conflict)
        }
        // A kept object's ancestors cannot be taken whole from the side that deleted it.
        if taken == .base {
            s.parents[key] = parentKey(B, b)
            keepSubtree(of: b, in: B, &s)
            markAncestors(B, b, &s)
            s.restoredFromBase.insert(key)
        } else if keep {
            s.parents[key] = keeperParent
            keepSubtree(of: kept, in: keptGraph, &s)
            markAncestors(keptGraph, kept, &s)
        } else {
            s.deletedObjects.insert(key)
        }
    }

    /// Whether an enclosing object of this node (in the keeper's version) was deleted by a conflict.
    private func insideDeletedByConflict(_ n: Int, in g: IBGraph, _ deletedObjects: Set<String>) -> Bool {
        var p = g.nodes[n].parent
        while p > 0 {
            if !deletedObjects.isEmpty && deletedObjects.contains(g.nodes[p].key) { return true }
            p = g.nodes[p].parent
        }
        return false
    }

    /// A deleted subtree that a conflict keeps comes back whole from the keeper: its objects
    /// are not re-decided one by one.
    private func keepSubtree(of node: Int, in g: IBGraph, _ s: inout ObjectPlanning) {
        s.keptByConflict.insert(g.nodes[node].key)
        let depth = g.nodes[node].depth
        var n = node + 1
        while n < g.nodes.count && g.nodes[n].depth > depth {
            let k = g.nodes[n].key
            if IBGraph.isObjectKey(k) {
                s.keptByConflict.insert(k)
                s.deletedObjects.remove(k)
                if s.parents[k] == nil { s.parents[k] = parentKey(g, n) }
            }
            n += 1
        }
    }

    /// Whether `n` (in `g`) is base's node `b` with only things removed: no attribute added or
    /// changed, the same text, every remaining child a pruned (or equal) copy of base's child.
    func isPruned(_ n: Int, in g: IBGraph, _ fp: Fingerprints, from b: Int) -> Bool {
        let e = g.nodes[n].element, be = B.nodes[b].element
        guard e.name == be.name, e.text == be.text else { return false }
        // Attributes may have been removed, not added or changed.
        guard TreeMerge.onlyRemovedAttributes(from: be, e) else { return false }
        for c in g.children(of: n) {
            let child = g.nodes[c]
            guard let bc = B.byKey[child.key], B.nodes[bc].parent == b else { return false }
            // Geometry that base had too may have changed (a deletion wins over layout).
            if IBRules.noise(of: child.element) != nil || IBRules.isGeometry(child.tag) { continue }
            if fp[c] != dfpB[bc] && !isPruned(c, in: g, fp, from: bc) { return false }
        }
        return true
    }

    /// Whether the nearest object enclosing node `n` of `g` is one the deleter deleted.
    func isDeletedAncestor(_ n: Int, in g: IBGraph, deleter: Side) -> Bool {
        var p = g.nodes[n].parent
        while p > 0 {
            if g.nodes[p].objectID != nil {
                let key = g.nodes[p].key
                return deleter == .ours ? O.byKey[key] == nil : T.byKey[key] == nil
            }
            p = g.nodes[p].parent
        }
        return false
    }

    /// Ids referenced by elements that this side added or changed.
    /// (A `KeyIndex` used as a set: no SipHash, no set type built at run time.)
    func referencedByChanges(in g: IBGraph) -> KeyIndex {
        var out = KeyIndex()
        for r in g.references {
            let key = g.nodes[r.node].key
            // Unchanged, or only attributes removed (Xcode drops a constraint's `firstItem`
            // when it is the container): not a new reason to keep the target.
            if let bn = B.byKey.value(for: key, hash: g.byKey.hash(ofEntry: r.node)) {
                // Base's own start tag (most of a side is base's elements, taken whole): unchanged.
                if g.nodes[r.node].element.hasSameStartTag(as: B.nodes[bn].element) { continue }
                if TreeMerge.onlyRemovedAttributes(from: B.nodes[bn].element, g.nodes[r.node].element) { continue }
            }
            out.insert(r.target, 0)
        }
        return out
    }
}

/// One side deleted an object the other kept: what the keeper did to it. None of it depends on
/// the side conflicts are resolved toward, so it is judged once for every rendering of a merge
/// (`TreeMerge.deletions`), as the objects' places are found once (`TreeMerge.Objects`); each
/// rendering's plan decides with it (`decideDeletion`).
struct DeletionJudgement {
    /// The object, by its index in `Objects.keys`.
    let object: Int
    let deleter: MergeSide
    /// The keeper's subtree is base's, byte for byte.
    let sameBytes: Bool
    /// The keeper moved it, or changed it beyond layout and beyond removals: a reason to keep it.
    let changed: Bool
    /// Something the keeper added or changed refers to it: a reason to keep it.
    let referenced: Bool
    /// The object enclosing it went with it (and the keeper did not move it out of that one):
    /// only the top of a deleted subtree is reported and counted.
    let parentAlsoDeleted: Bool
}

extension TreeMerge {
    /// Judges every object one side deleted and the other kept, in the order of `objects.keys`.
    /// (A struct of its own: the merge's init runs it before `self` exists.)
    struct DeletionJudge {
        let graphs: Three<IBGraph>
        let fingerprints: Three<Fingerprints>

        func judge(_ objects: Objects) -> [DeletionJudgement] {
            var out: [DeletionJudgement] = []
            // Ids referenced by what each side added or changed: made when a side first keeps
            // something the other deleted (most merges delete nothing).
            var touched: (ours: KeyIndex?, theirs: KeyIndex?) = (nil, nil)
            for (k, places) in objects.places.enumerated() {
                let nodes = places.nodes
                guard let b = nodes.base, (nodes.ours == nil) != (nodes.theirs == nil) else { continue }
                let deleter: MergeSide = nodes.ours == nil ? .ours : .theirs
                // The keeper's graph passed where it is: a copy of one retains all its tables.
                let (sameBytes, changed, parentAlsoDeleted) = deleter == .ours
                    ? judge(places, base: b, kept: nodes.theirs!, in: graphs.theirs, deleter: .ours)
                    : judge(places, base: b, kept: nodes.ours!, in: graphs.ours, deleter: .theirs)
                if deleter == .theirs, touched.ours == nil { touched.ours = referencedByChanges(in: graphs.ours) }
                if deleter == .ours, touched.theirs == nil { touched.theirs = referencedByChanges(in: graphs.theirs) }
                let referenced = (deleter == .theirs ? touched.ours! : touched.theirs!)[String(objects.keys[k].dropFirst())] != nil
                out.append(DeletionJudgement(object: k, deleter: deleter, sameBytes: sameBytes, changed: changed,
                                             referenced: referenced, parentAlsoDeleted: parentAlsoDeleted))
            }
            return out
        }

        /// What the keeper did to base's node `b`, its node `kept` in `keeper`.
        private func judge(_ places: Places, base b: Int, kept: Int, in keeper: IBGraph,
                           deleter: MergeSide) -> (sameBytes: Bool, changed: Bool, parentAlsoDeleted: Bool) {
            let moved = places.parents.base != places.parents[otherThan: deleter]
            // The same bytes need no fingerprints (most objects a side deletes, the other left alone).
            let sameBytes = graphs.base.nodes[b].element.hasSameBytes(as: keeper.nodes[kept].element)
            // Removals inside the object (an outlet deleted, a subview deleted) are subsumed by
            // deleting the whole object: only additions and modifications stop a deletion.
            let fp = fingerprints[otherThan: deleter]
            let changed = moved || (!sameBytes && fp[kept] != fingerprints.base[b] && !isPruned(kept, in: keeper, fp, from: b))
            // Only the top of a deleted subtree is reported and counted; an object the keeper moved
            // out of the deleted subtree is a top of its own (its old parent lost only a child).
            let parentAlsoDeleted = isDeletedAncestor(b, in: graphs.base, deleter: deleter)
                && !(moved && !isDeletedAncestor(kept, in: keeper, deleter: deleter))
            return (sameBytes, changed, parentAlsoDeleted)
        }

        /// Whether `n` (in `g`) is base's node `b` with only things removed: no attribute added or
        /// changed, the same text, every remaining child a pruned (or equal) copy of base's child.
        private func isPruned(_ n: Int, in g: IBGraph, _ fp: Fingerprints, from b: Int) -> Bool {
            let e = g.nodes[n].element, be = graphs.base.nodes[b].element
            guard e.name == be.name, e.text == be.text else { return false }
            // Attributes may have been removed, not added or changed.
            guard TreeMerge.onlyRemovedAttributes(from: be, e) else { return false }
            for c in g.children(of: n) {
                let child = g.nodes[c]
                guard let bc = graphs.base.byKey[child.key], graphs.base.nodes[bc].parent == b else { return false }
                // Geometry that base had too may have changed (a deletion wins over layout).
                if IBRules.noise(of: child.element) != nil || IBRules.isGeometry(child.tag) { continue }
                if fp[c] != fingerprints.base[bc] && !isPruned(c, in: g, fp, from: bc) { return false }
            }
            return true
        }

        /// Whether the nearest object enclosing node `n` of `g` is one the deleter deleted.
        private func isDeletedAncestor(_ n: Int, in g: IBGraph, deleter: MergeSide) -> Bool {
            var p = g.nodes[n].parent
            while p > 0 {
                if g.nodes[p].isObject {
                    let key = g.nodes[p].key, hash = g.byKey.hash(ofEntry: p)
                    // Each side's graph read where it is (a copy of one retains all its tables).
                    let found = deleter == .ours ? graphs.ours.byKey.value(for: key, hash: hash) : graphs.theirs.byKey.value(for: key, hash: hash)
                    return found == nil
                }
                p = g.nodes[p].parent
            }
            return false
        }

        /// Ids referenced by elements that this side added or changed.
        /// (A `KeyIndex` used as a set: no SipHash, no set type built at run time.)
        private func referencedByChanges(in g: IBGraph) -> KeyIndex {
            var out = KeyIndex()
            for r in g.references {
                let key = g.nodes[r.node].key
                // Unchanged, or only attributes removed (Xcode drops a constraint's `firstItem`
                // when it is the container): not a new reason to keep the target.
                if let bn = graphs.base.byKey.value(for: key, hash: g.byKey.hash(ofEntry: r.node)) {
                    // Base's own start tag (most of a side is base's elements, taken whole): unchanged.
                    if g.nodes[r.node].element.hasSameStartTag(as: graphs.base.nodes[bn].element) { continue }
                    if TreeMerge.onlyRemovedAttributes(from: graphs.base.nodes[bn].element, g.nodes[r.node].element) { continue }
                }
                out.insert(r.target, 0)
            }
            return out
        }
    }
}

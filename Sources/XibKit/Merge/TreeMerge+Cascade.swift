/// Stage 4's output: the merged document, and whether its ids and references are sound.
struct CascadedTree {
    let document: XMLDocument
    let log: MergeLog
    /// Whether the document, as the last cascade pass saw it, has no duplicate id and no
    /// dangling reference but to ids no version has and base already pointed at (nil:
    /// references still dangled after 8 passes).
    let sound: Bool?
}

/// Stage 4 of the tree merge: what Xcode deletes with an object.
extension TreeMerge {
    /// Removes what refers to objects that no longer exist, as Xcode does when an object is
    /// deleted: constraints, connections and other referring elements go; a referring
    /// attribute on an element that stays (`initialViewController`) is dropped. Only what a
    /// side deleted cascades: a reference that already pointed at a missing object in the
    /// version it comes from stays as it was: base's to ids no version has
    /// (`missingEverywhere`), and a side's own (`sidesOwn`: a content view's `tableViewCell`
    /// naming a cell that side deleted), since the merge neither repairs a side's file nor
    /// refuses it; `merge(b, b, x)` gives such an `x` as it is too.
    func cascade(_ tree: MergedTree) -> CascadedTree {
        var doc = tree.document, log = tree.log
        // Ids that references point at in the result but that no version has: a dangling
        // reference the inputs already had, left as it was.
        var missingEverywhere: Set<String> = []
        // These two made at the first reference that needs them: most renderings have none
        // that dangles.
        var danglingInBase: Set<String>?
        var sidesOwn: Set<String>?
        // The ids and references first: a graph of the result only when something goes, and
        // each later pass reads what is left from that graph, not the document again.
        var scan = IBGraph.IDsAndReferences(doc)
        for _ in 0..<8 {
            var dropping = false
            for r in scan.references where scan.ids[r.target] == nil && !IBRules.toleratedDanglingReferences.contains(r.attribute) {
                if graphs.base.objectIndex[r.target] == nil && graphs.ours.objectIndex[r.target] == nil && graphs.theirs.objectIndex[r.target] == nil {
                    // Already dangling in base: left as it was. A side's new reference to an id
                    // no version has is that side's own, below.
                    if danglingInBase == nil {
                        danglingInBase = Set(graphs.base.references.lazy.filter { self.graphs.base.objectIndex[$0.target] == nil }.map(\.target))
                    }
                    if danglingInBase!.contains(r.target) { missingEverywhere.insert(r.target) }
                }
                if sidesOwn == nil { sidesOwn = danglingInSides() }
                if !sidesOwn!.contains(r.attribute + " " + r.target) && !missingEverywhere.contains(r.target) { dropping = true }
            }
            if !dropping {
                let sound = !IntegrityCheck.hasGraphProblems(scan, ignoringMissing: missingEverywhere, ignoringReferences: sidesOwn ?? [])
                return CascadedTree(document: doc, log: log, sound: sound)
            }
            scan = dropReferences(to: &doc, keeping: sidesOwn ?? [], &log)
        }
        return CascadedTree(document: doc, log: log, sound: nil)
    }

    /// The references ours and theirs have to objects they lack themselves, as `attribute
    /// target`.
    private func danglingInSides() -> Set<String> {
        var out: Set<String> = []
        for g in [graphs.ours, graphs.theirs] {
            for r in g.references where g.objectIndex[r.target] == nil && !IBRules.toleratedDanglingReferences.contains(r.attribute) {
                out.insert(r.attribute + " " + r.target)
            }
        }
        return out
    }

    /// Removes the references of `doc` to objects a side deleted, and the elements that exist
    /// to hold them; gives the ids and references of what is left.
    private func dropReferences(to doc: inout XMLDocument, keeping sidesOwn: Set<String>,
                                _ log: inout MergeLog) -> IBGraph.IDsAndReferences {
        let g = IBGraph(xml: doc, keyed: false)
        // Nodes of `g`: their paths in `doc` are made only to edit it.
        var dropElements: Set<Int> = []
        var dropAttributes: [IBGraph.Reference] = []
        for r in g.references where g.objectIndex[r.target] == nil && !IBRules.toleratedDanglingReferences.contains(r.attribute) {
            if graphs.base.objectIndex[r.target] == nil && graphs.ours.objectIndex[r.target] == nil && graphs.theirs.objectIndex[r.target] == nil { continue }
            if !sidesOwn.isEmpty && sidesOwn.contains(r.attribute + " " + r.target) { continue }
            if IBRules.referringElements.contains(g.nodes[r.node].tag) {
                if dropElements.insert(r.node).inserted {
                    log.recordCascade(g, r.node, attribute: nil, target: r.target)
                }
            } else {
                dropAttributes.append(r)
                log.recordCascade(g, r.node, attribute: r.attribute, target: r.target)
            }
        }
        for r in dropAttributes { TreeEdit.modify(&doc.root, at: g.treePath(of: r.node)[...]) { $0[attribute: r.attribute] = nil } }
        TreeEdit.remove(&doc.root, at: dropElements.map(g.treePath))
        return IBGraph.IDsAndReferences(g, removing: Array(dropElements), attributes: dropAttributes)
    }
}

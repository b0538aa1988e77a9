/// Xcode gave one object two ids. An element in a keyed slot of its parent (a box's `<view
/// key="contentView">`, a controller's `<view key="view">`) is one object, whatever id each
/// version gave it: Xcode 5 wrote a box's content view without an id, and each later Xcode that
/// opens the file gives it a fresh one (MacDown's `MPEditorPreferencesViewController.xib`: none
/// at toolsVersion 5056, `74B-GJ-2mO` at 12118). Merged by id, the two sides' content views are
/// two new views, and every subview is moved to both: one move-move conflict per subview.
///
/// So each such slot gets one id in all three versions before the merge, with the references
/// to the others rewritten: the id the one side that changed it gave (the three-way rule on
/// the slot's id), or, when base had none and the sides gave two, the one that sorts first (the
/// same whichever side is ours). Nothing is matched where an id involved names another object
/// in a version (an object moved into the slot is a move, not a new id), where the versions'
/// elements differ in type, or where base had an id that both sides replaced. Each match is
/// reported (`renamed-id`).
enum SlotIdentity {
    struct Result {
        /// The graphs to merge: the inputs', or rebuilt where ids were rewritten.
        var graphs: Three<IBGraph>
        var events: [MergeEvent]
    }

    /// One slot's element in each version, and the id they all get.
    private struct Match {
        let nodes: Three<Int?>
        let ids: Three<String?>
        let kept: String
    }

    static func resolve(_ graphs: Three<IBGraph>) -> Result {
        var result = Result(graphs: graphs, events: [])
        let matches = findMatches(graphs)
        guard !matches.isEmpty else { return result }
        // Base first: the sides are read again with its elements, as they were first read.
        var base: Rewrite.ReadWith?
        for version in MergeVersion.allCases {
            var renames: [String: String] = [:], additions: [Int: String] = [:]
            for m in matches where m.ids[version: version] != m.kept {
                if let old = m.ids[version: version] { renames[old] = m.kept } else if let n = m.nodes[version: version] { additions[n] = m.kept }
            }
            guard !renames.isEmpty || !additions.isEmpty else { continue }
            if version != .base && base == nil { base = Rewrite.ReadWith(result.graphs.base) }
            result.graphs[version: version] = IDCollisions.rewrite(result.graphs[version: version], renaming: renames,
                                                                   adding: additions, readWith: version == .base ? nil : base)
        }
        // Named in ours as merged: a slot's element that had no id there has one now (the
        // rewrite keeps every node's number).
        for m in matches {
            result.events.append(MergeEvent(kind: .renamedID, path: result.graphs.ours.displayPath(m.nodes.ours!), objectID: m.kept,
                                            subject: IBRules.objectIDAttribute, ours: m.ids.ours, theirs: m.ids.theirs,
                                            resolution: "one object in its parent's keyed slot, with another id in each version; kept '\(m.kept)' and rewrote the references to the others"))
        }
        return result
    }

    /// The keyed slots whose object has another id in some version, each once, a slot inside a
    /// matched slot included (found under the id its parent keeps), outer slots first. Most
    /// objects have the same id in all three: two look-ups each, then nothing.
    private static func findMatches(_ graphs: Three<IBGraph>) -> [Match] {
        var found: [(level: Int, match: Match)] = []
        // The slots looked at, as `parent NUL tag NUL slot`: a `KeyIndex` used as a set (a `Set`
        // hashed each with SipHash, after four appends had joined it: 0.4% of a heavy merge).
        var seen = KeyIndex()
        // Per version: each matched slot's node under the key its kept id gives it, and each
        // matched node's key and nesting level.
        var renamed = Three<[String: Int]>(base: [:], ours: [:], theirs: [:])
        var matched = Three<[Int: (key: String, level: Int)]>(base: [:], ours: [:], theirs: [:])
        for side in [MergeSide.ours, .theirs] {
            // Bound once: a graph read through the subscript is a copy (a dozen references).
            let g = graphs[side: side], other = graphs[otherThan: side]
            let version = MergeVersion(side)
            for n in g.nodes.indices where g.nodes[n].parent >= 0 && IBGraph.isObjectKey(g.nodes[n].key) {
                let key = g.nodes[n].key, hash = g.byKey.hash(ofEntry: n)
                guard other.byKey.value(for: key, hash: hash) == nil || graphs.base.byKey.value(for: key, hash: hash) == nil,
                      let slot = g.nodes[n].element[attribute: IBRules.keyAttribute] else { continue }
                let parent = matched[version: version][g.nodes[n].parent]
                let parentKey = parent?.key ?? g.nodes[g.nodes[n].parent].key
                guard seen.insert(slotKey(parentKey, g.nodes[n].tag, slot), 0) == nil,
                      let m = match(graphs, parentKey: parentKey, tag: g.nodes[n].tag, slot: slot, renamed: renamed) else { continue }
                let level = parent.map { $0.level + 1 } ?? 0, keptKey = IBGraph.objectKey(m.kept)
                found.append((level, m))
                for v in MergeVersion.allCases {
                    guard let node = m.nodes[version: v] else { continue }
                    renamed[version: v][keptKey] = node
                    matched[version: v][node] = (keptKey, level)
                }
            }
        }
        // Stable: within a level, in the order found.
        return found.enumerated().sorted { ($0.element.level, $0.offset) < ($1.element.level, $1.offset) }.map(\.element.match)
    }

    /// `parent NUL tag NUL slot`, in one allocation.
    private static func slotKey(_ parent: String, _ tag: String, _ slot: String) -> String {
        var key = ""
        key.reserveCapacity(parent.utf8.count + tag.utf8.count + slot.utf8.count + 2)
        key += parent
        key += "\u{0}"
        key += tag
        key += "\u{0}"
        key += slot
        return key
    }

    /// The slot `slot` of the element `parentKey` in each version, if its object is one with
    /// two or three ids.
    /// `renamed`: per version, the nodes of slots already matched, under their kept ids' keys.
    private static func match(_ graphs: Three<IBGraph>, parentKey: String, tag: String, slot: String,
                              renamed: Three<[String: Int]>) -> Match? {
        func element(in v: MergeVersion) -> Int? {
            let g = graphs[version: v]
            guard let p = renamed[version: v][parentKey] ?? g.byKey[parentKey] else { return nil }
            return g.children(of: p).first { g.nodes[$0].element[attribute: IBRules.keyAttribute] == slot }
        }
        let nodes = Three(base: element(in: .base), ours: element(in: .ours), theirs: element(in: .theirs))
        guard let o = nodes.ours, let t = nodes.theirs, graphs.ours.nodes[o].tag == tag, graphs.theirs.nodes[t].tag == tag,
              nodes.base.map({ graphs.base.nodes[$0].tag == tag }) ?? true else { return nil }
        let ids = Three(base: nodes.base.flatMap { graphs.base.nodes[$0].objectID }, ours: graphs.ours.nodes[o].objectID,
                        theirs: graphs.theirs.nodes[t].objectID)
        let kept: String?
        switch ThreeWay(ids) {
        case .unchanged: return nil
        case .ours, .alike: kept = ids.ours
        case .theirs: kept = ids.theirs
        case .conflict: kept = ids.base == nil ? min(ids.ours!, ids.theirs!) : nil
        }
        // Something to rewrite: a version whose element has no id, or another one (both sides
        // adding one object under one id is no match).
        guard let kept, MergeVersion.allCases.contains(where: { nodes[version: $0] != nil && ids[version: $0] != kept }) else { return nil }
        // No id involved may name another object in any version: then it is a move.
        for version in MergeVersion.allCases {
            let g = graphs[version: version]
            for id in [ids.base, ids.ours, ids.theirs] {
                guard let id, id != ids[version: version], g.objectIndex[id] != nil else { continue }
                return nil
            }
        }
        return Match(nodes: nodes, ids: ids, kept: kept)
    }
}

/// Three-way merge of a sequence of unique keys (a container's children): diff3 over the
/// keys, where both sides' insertions at the same place are all kept (in an order that does
/// not depend on which side is ours), a reorder
/// made by one side is kept, and an element moved by one side lands where that side put it.
///
/// The keys are dense numbers (0, 1, 2 ... for the keys of the three versions: a caller's
/// table of them, as `TreeMerge.ChildTable` has), each looked up by its number: as strings,
/// each was hashed again by every table on the way (the numbering of diff3, the moves, the
/// survivors, the placing), 3.8% of a heavy merge's instructions.
enum SequenceMerge {
    /// `survives[k]`: whether key k may be in the result (an element deleted is not, one kept
    /// by a conflict is even where no version's order has it here). `name(k)`: the key itself,
    /// for the one place its spelling decides (both sides inserting at one place).
    static func merge(_ keys: Three<[Int]>, survives: [Bool], name: (Int) -> String) -> [Int] {
        let (base, ours, theirs) = (keys.base, keys.ours, keys.theirs)
        switch ThreeWay(keys) {
        case .unchanged, .ours, .alike: return place(ours, survives: survives, hints: [theirs, base])
        case .theirs: return place(theirs, survives: survives, hints: [ours, base])
        case .conflict: break
        }
        // Whether a key is in the base part of the stretch at hand (set and cleared per stretch).
        var inBase = [Bool](repeating: false, count: survives.count)
        var out: [(key: Int, moved: Bool)] = []
        for chunk in Diff3.chunks(base: base, ours: ours, theirs: theirs).chunks {
            let bChunk = base[chunk.base]
            if chunk.kind == .stable {
                for k in bChunk { out.append((k, false)) }
                continue
            }
            let oChunk = ours[chunk.ours], tChunk = theirs[chunk.theirs]
            for k in bChunk { inBase[k] = true }
            let chosen: [Int]
            switch chunk.kind {
            case .theirs: chosen = Array(tChunk)
            case .ours, .stable: chosen = Array(oChunk)
            case .both:
                // Both changed this stretch: keep the order of the side whose keys sort first,
                // then the other's new elements (the result does not depend on which side is
                // ours); elements one side removed here stay removed.
                let inOurs = Set(oChunk), inTheirs = Set(tChunk)
                var seen: Set<Int> = []
                var merged: [Int] = []
                let oursFirst = Diff3.oursFirst(ArraySlice(oChunk.map(name)), ArraySlice(tChunk.map(name)))
                for k in oursFirst ? oChunk + tChunk : tChunk + oChunk {
                    let removed = inBase[k] && !(inOurs.contains(k) && inTheirs.contains(k))
                    if !removed && seen.insert(k).inserted { merged.append(k) }
                }
                chosen = merged
            }
            for k in chosen { out.append((k, !inBase[k])) }
            for k in bChunk { inBase[k] = false }
        }
        // An element moved by one side appears twice: keep it where it was moved to.
        var first = [Int](repeating: -1, count: survives.count), firstMoved = first
        for (i, e) in out.enumerated() {
            if first[e.key] < 0 { first[e.key] = i }
            if e.moved && firstMoved[e.key] < 0 { firstMoved[e.key] = i }
        }
        var kept: [Int] = []
        for (i, e) in out.enumerated() where (firstMoved[e.key] >= 0 ? firstMoved[e.key] : first[e.key]) == i { kept.append(e.key) }
        return place(kept, survives: survives, hints: [theirs, ours, base])
    }

    /// Keeps only survivors, and adds survivors missing from `order` (an element one side
    /// deleted but that a conflict kept) after their predecessor in the first hint that has them.
    /// The result is a list linked through `next`, so that each addition costs the same however
    /// long the list: found and inserted in an array, each would cost the list's length.
    static func place(_ order: [Int], survives: [Bool], hints: [[Int]]) -> [Int] {
        var keys = order.filter { survives[$0] }
        guard keys.count < survives.lazy.filter({ $0 }).count else { return keys }
        // Each key's place in `keys`, or -1.
        var nodes = [Int](repeating: -1, count: survives.count)
        for (n, k) in keys.enumerated() { nodes[k] = n }
        var next = keys.indices.map { $0 + 1 < keys.count ? $0 + 1 : -1 }
        var head = keys.isEmpty ? -1 : 0
        for hint in hints {
            // The hint's last survivor so far: every survivor is in the list once it has been met.
            var previous = -1
            for k in hint where survives[k] {
                if nodes[k] >= 0 {
                    previous = nodes[k]
                    continue
                }
                let n = keys.count
                keys.append(k)
                nodes[k] = n
                if previous < 0 {
                    next.append(head)
                    head = n
                } else {
                    next.append(next[previous])
                    next[previous] = n
                }
                previous = n
            }
        }
        var result: [Int] = []
        result.reserveCapacity(keys.count)
        var n = head
        while n >= 0 {
            result.append(keys[n])
            n = next[n]
        }
        return result
    }
}

/// Three-way merge of a sequence of unique keys (a container's children): diff3 over the
/// keys, where both sides' insertions at the same place are all kept (in an order that does
/// not depend on which side is ours), a reorder
/// made by one side is kept, and an element moved by one side lands where that side put it.
enum SequenceMerge {
    /// The keys that survive, and how many there are: a set, or a caller's own table.
    struct Survivors {
        let contains: (String) -> Bool
        let count: Int

        init(_ keys: Set<String>) {
            contains = keys.contains
            count = keys.count
        }

        init(count: Int, _ contains: @escaping (String) -> Bool) {
            self.contains = contains
            self.count = count
        }
    }

    static func merge(_ keys: Three<[String]>, survivors: Survivors) -> [String] {
        let (base, ours, theirs) = (keys.base, keys.ours, keys.theirs)
        switch ThreeWay(keys) {
        case .unchanged, .ours, .alike: return place(ours, survivors: survivors, hints: [theirs, base])
        case .theirs: return place(theirs, survivors: survivors, hints: [ours, base])
        case .conflict: break
        }
        var out: [(key: String, moved: Bool)] = []
        for chunk in Diff3.chunks(base: base, ours: ours, theirs: theirs).chunks {
            let bChunk = base[chunk.base]
            if chunk.kind == .stable {
                for k in bChunk { out.append((k, false)) }
                continue
            }
            let oChunk = ours[chunk.ours], tChunk = theirs[chunk.theirs]
            let inBase = Set(bChunk)
            let chosen: [String]
            switch chunk.kind {
            case .theirs: chosen = Array(tChunk)
            case .ours, .stable: chosen = Array(oChunk)
            case .both:
                // Both changed this stretch: keep the order of the side whose keys sort first,
                // then the other's new elements (the result does not depend on which side is
                // ours); elements one side removed here stay removed.
                let inOurs = Set(oChunk), inTheirs = Set(tChunk)
                var seen: Set<String> = []
                var merged: [String] = []
                for k in Diff3.oursFirst(oChunk, tChunk) ? oChunk + tChunk : tChunk + oChunk {
                    let removed = inBase.contains(k) && !(inOurs.contains(k) && inTheirs.contains(k))
                    if !removed && seen.insert(k).inserted { merged.append(k) }
                }
                chosen = merged
            }
            for k in chosen { out.append((k, !inBase.contains(k))) }
        }
        // An element moved by one side appears twice: keep it where it was moved to.
        var firstMoved = KeyIndex(), first = KeyIndex(minimumCapacity: out.count)
        for (i, e) in out.enumerated() {
            first.insert(e.key, i)
            if e.moved { firstMoved.insert(e.key, i) }
        }
        var keys: [String] = []
        for (i, e) in out.enumerated() where (firstMoved[e.key] ?? first[e.key]) == i { keys.append(e.key) }
        return place(keys, survivors: survivors, hints: [theirs, ours, base])
    }

    /// Keeps only survivors, and adds survivors missing from `order` (an element one side
    /// deleted but that a conflict kept) after their predecessor in the first hint that has them.
    /// The result is a list linked through `next`, so that each addition costs the same however
    /// long the list: found and inserted in an array, each would cost the list's length.
    static func place(_ order: [String], survivors: Survivors, hints: [[String]]) -> [String] {
        var keys = order.filter { survivors.contains($0) }
        guard keys.count < survivors.count else { return keys }
        var nodes = KeyIndex(minimumCapacity: survivors.count)
        for (n, k) in keys.enumerated() { nodes.insert(k, n) }
        var next = keys.indices.map { $0 + 1 < keys.count ? $0 + 1 : -1 }
        var head = keys.isEmpty ? -1 : 0
        for hint in hints {
            // The hint's last survivor so far: every survivor is in the list once it has been met.
            var previous = -1
            for k in hint where survivors.contains(k) {
                if let n = nodes[k] {
                    previous = n
                    continue
                }
                let n = keys.count
                keys.append(k)
                nodes.insert(k, n)
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
        var result: [String] = []
        result.reserveCapacity(keys.count)
        var n = head
        while n >= 0 {
            result.append(keys[n])
            n = next[n]
        }
        return result
    }
}

/// Three-way merge of a sequence of unique keys (a container's children): diff3 over the
/// keys, where both sides' insertions at the same place are all kept (ours first), a reorder
/// made by one side is kept, and an element moved by one side lands where that side put it.
enum SequenceMerge {
    static func merge(base: [String], ours: [String], theirs: [String], survivors: Set<String>) -> [String] {
        if ours == theirs || base == theirs { return place(ours, survivors: survivors, hints: [theirs, base]) }
        if base == ours { return place(theirs, survivors: survivors, hints: [ours, base]) }
        var table: [String: Int] = [:]
        func ids(_ s: [String]) -> [Int] {
            s.map { k in
                if let i = table[k] { return i }
                table[k] = table.count
                return table.count - 1
            }
        }
        let b = ids(base), o = ids(ours), t = ids(theirs)
        let bo = LineDiff.match(b, o), bt = LineDiff.match(b, t)
        var out: [(key: String, moved: Bool)] = []
        var ib = 0, io = 0, it = 0
        while ib < b.count || io < o.count || it < t.count {
            var n = 0
            while ib + n < b.count && bo[ib + n] == io + n && bt[ib + n] == it + n { n += 1 }
            if n > 0 {
                for k in 0..<n { out.append((base[ib + k], false)) }
                ib += n; io += n; it += n
                continue
            }
            var nb = ib
            while nb < b.count && (bo[nb] < 0 || bt[nb] < 0) { nb += 1 }
            let no = nb < b.count ? bo[nb] : o.count
            let nt = nb < b.count ? bt[nb] : t.count
            let bChunk = Array(base[ib..<nb]), oChunk = Array(ours[io..<no]), tChunk = Array(theirs[it..<nt])
            let inBase = Set(bChunk)
            let chosen: [String]
            if oChunk == bChunk { chosen = tChunk }
            else if tChunk == bChunk || oChunk == tChunk { chosen = oChunk }
            else {
                // Both changed this stretch: keep ours' order, then theirs' new elements;
                // elements one side removed here stay removed.
                let removedByOurs = inBase.subtracting(oChunk), removedByTheirs = inBase.subtracting(tChunk)
                var seen = Set<String>()
                var merged: [String] = []
                for k in oChunk + tChunk where !seen.contains(k) && !removedByOurs.contains(k) && !removedByTheirs.contains(k) {
                    seen.insert(k)
                    merged.append(k)
                }
                chosen = merged
            }
            for k in chosen { out.append((k, !inBase.contains(k))) }
            ib = nb; io = no; it = nt
        }
        // An element moved by one side appears twice: keep it where it was moved to.
        var firstMoved: [String: Int] = [:], first: [String: Int] = [:]
        for (i, e) in out.enumerated() {
            if first[e.key] == nil { first[e.key] = i }
            if e.moved && firstMoved[e.key] == nil { firstMoved[e.key] = i }
        }
        var keys: [String] = []
        for (i, e) in out.enumerated() where (firstMoved[e.key] ?? first[e.key]) == i { keys.append(e.key) }
        return place(keys, survivors: survivors, hints: [theirs, ours, base])
    }

    /// Keeps only survivors, and adds survivors missing from `order` (an element one side
    /// deleted but that a conflict kept) after their predecessor in the first hint that has them.
    private static func place(_ order: [String], survivors: Set<String>, hints: [[String]]) -> [String] {
        var result = order.filter { survivors.contains($0) }
        var present = Set(result)
        guard present.count < survivors.count else { return result }
        for hint in hints {
            for (i, k) in hint.enumerated() where survivors.contains(k) && !present.contains(k) {
                var pos = 0
                var j = i - 1
                while j >= 0 {
                    if let p = result.firstIndex(of: hint[j]) { pos = p + 1; break }
                    j -= 1
                }
                result.insert(k, at: pos)
                present.insert(k)
            }
        }
        return result
    }
}

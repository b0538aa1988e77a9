/// Indices (into `values`) of one longest strictly increasing subsequence, in order; O(n log n)
/// (patience sorting). Anchors the line alignment (`LineDiff`) and tells a reorder from the
/// siblings that kept their order (`SemanticDiff`).
func longestIncreasing(_ values: [Int]) -> [Int] {
    var tails: [Int] = []  // index into values of the smallest tail of each length
    var previous = [Int](repeating: -1, count: values.count)
    for (i, v) in values.enumerated() {
        let lo = tails.partitionPoint { values[$0] < v }
        if lo > 0 { previous[i] = tails[lo - 1] }
        if lo == tails.count { tails.append(i) } else { tails[lo] = i }
    }
    var out: [Int] = []
    var k = tails.last ?? -1
    while k >= 0 {
        out.append(k)
        k = previous[k]
    }
    return out.reversed()
}

/// What the Swift and Objective-C scanners share in walking their tokens.
protocol TokenWalk {
    var tokenCount: Int { get }
    func isPunctuation(_ i: Int, _ text: String) -> Bool
}

extension TokenWalk {
    /// Past the balanced group from `open` at `i` to its `close`. A list in angle brackets may
    /// be no list at all (`a < b`), so it ends, unclosed, before any of `stops`.
    func skipBalanced(_ i: Int, open: String, close: String, stops: [String] = []) -> Int {
        var j = i, depth = 0
        while j < tokenCount {
            if isPunctuation(j, open) { depth += 1 } else if isPunctuation(j, close) { depth -= 1; if depth == 0 { return j + 1 } }
            if stops.contains(where: { isPunctuation(j, $0) }) { return j }
            j += 1
        }
        return j
    }
}

/// "Did you mean …?" for a mistyped option or subcommand, as swift-argument-parser says it.
enum Suggestion {
    /// `. Did you mean '--format'?` when one of `candidates` is near `word`, else "".
    static func didYouMean(_ word: String, among candidates: [String]) -> String {
        nearest(word, among: candidates).map { ". Did you mean '\($0)'?" } ?? ""
    }

    /// The candidate `word` most likely meant: the fewest edits, at most a third of the word's
    /// length (a typo, not another word); or the one candidate `word` begins.
    static func nearest(_ word: String, among candidates: [String]) -> String? {
        let scored = candidates.map { ($0, distance(word, $0)) }
        if let (best, edits) = scored.min(by: { $0.1 < $1.1 }), edits > 0, edits <= max(1, word.count / 3) { return best }
        let prefixed = candidates.filter { $0.hasPrefix(word) && $0 != word }
        return word.count > 2 && prefixed.count == 1 ? prefixed[0] : nil
    }

    /// Edits (insert, delete, replace, swap two neighbours) from `a` to `b`: the optimal string
    /// alignment distance, which counts the commonest typo, two letters swapped, as one.
    static func distance(_ a: String, _ b: String) -> Int {
        let (a, b) = (Array(a), Array(b))
        if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
        // Three rows of the table: the one before the previous, the previous, the current.
        var (older, previous) = ([Int](repeating: 0, count: b.count + 1), Array(0...b.count))
        for i in 1...a.count {
            var current = [i] + [Int](repeating: 0, count: b.count)
            for j in 1...b.count {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] { current[j] = min(current[j], older[j - 2] + 1) }
            }
            (older, previous) = (previous, current)
        }
        return previous[b.count]
    }
}

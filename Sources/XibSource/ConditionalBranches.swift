/// `#if` branches that are alternatives of one another. The scanners read every branch (an
/// outlet declared for iOS and one for macOS both count), but a branch that opens a bracket
/// the other branches open too (`#if os(iOS)` `class A: UIView {` `#else` `class A: NSView {`
/// `#endif`, or a method's two signatures) would leave one bracket too many open, and the
/// rest of the file would be read inside it. So the earlier branches' unmatched brackets that
/// repeat the last branch's are dropped: what follows the `#endif` closes the last branch's,
/// and each earlier branch reads as a declaration without a body (both signatures count).
enum ConditionalBranches {
    enum Directive { case open, alternative, close }

    /// One branch's brackets: those still open and those it closed that it did not open.
    private struct Branch {
        var open: [Int] = []
        var unmatched: [Int] = []

        /// The unmatched ones in their order in the source.
        var loose: [Int] { (unmatched + open).sorted() }
    }

    /// The indices of the tokens to drop. `directives`: where each `#if`, `#elseif`/`#else` and
    /// `#endif` stands, in order (the index of the token that follows it, or the directive's own
    /// token); `bracket`: a token's bracket character (`{`, `}`, `(`, `)`, `[`, `]`), else nil.
    static func alternativeBrackets(count: Int, directives: [(index: Int, directive: Directive)],
                                    bracket: (Int) -> Character?) -> [Int] {
        guard directives.contains(where: { $0.directive == .alternative }) else { return [] }
        var dropped: [Int] = []
        // The branches of each open `#if`, innermost last; the outermost level is never compared.
        var groups: [[Branch]] = [[Branch()]]
        var d = 0
        for i in 0..<count {
            while d < directives.count && directives[d].index == i {
                switch directives[d].directive {
                case .open: groups.append([Branch()])
                case .alternative: if groups.count > 1 { groups[groups.count - 1].append(Branch()) }
                case .close:
                    if groups.count > 1 {
                        let branches = groups.removeLast()
                        for k in close(branches, dropping: &dropped, bracket: bracket) { add(k, to: &groups, bracket: bracket) }
                    }
                }
                d += 1
            }
            if bracket(i) != nil { add(i, to: &groups, bracket: bracket) }
        }
        return dropped.sorted()
    }

    /// The earlier branches whose loose brackets are the last's are dropped; what the kept ones
    /// leave loose is the group's effect on the branch around it.
    private static func close(_ branches: [Branch], dropping dropped: inout [Int], bracket: (Int) -> Character?) -> [Int] {
        let last = branches[branches.count - 1].loose
        let shape = last.map(bracket)
        var kept = last
        for branch in branches.dropLast() {
            let loose = branch.loose
            if !loose.isEmpty && loose.map(bracket) == shape {
                dropped += loose
            } else {
                kept += loose
            }
        }
        return kept.sorted()
    }

    private static func add(_ i: Int, to groups: inout [[Branch]], bracket: (Int) -> Character?) {
        guard let c = bracket(i) else { return }
        let g = groups.count - 1, b = groups[g].count - 1
        if let opener = openers[c] {
            if let last = groups[g][b].open.last, bracket(last) == opener {
                groups[g][b].open.removeLast()
            } else {
                groups[g][b].unmatched.append(i)
            }
        } else {
            groups[g][b].open.append(i)
        }
    }

    private static let openers: [Character: Character] = ["}": "{", ")": "(", "]": "["]
    private static let brackets: Set<Character> = ["{", "}", "(", ")", "[", "]"]

    /// The character if it is a bracket.
    static func bracket(_ c: Character) -> Character? { brackets.contains(c) ? c : nil }
}

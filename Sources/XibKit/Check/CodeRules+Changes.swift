/// What a change does to the contract between IB files and code: the code rules' findings of
/// the new version that the old one does not have.
extension CodeRules {
    /// `head`'s code-rule findings not in `base` (in `head`'s order). Findings are matched by
    /// rule, file, object and message without their line and column numbers, which an
    /// unrelated edit above them moves.
    public static func introduced(base: [IntegrityProblem], head: [IntegrityProblem]) -> [IntegrityProblem] {
        let before = Set(base.filter(\.kind.readsCode).map(identity))
        return head.filter { $0.kind.readsCode && !before.contains(identity($0)) }
    }

    /// A finding's rule, file, object path and message, every `:NUMBER` dropped (the code
    /// side's `File.swift:12`).
    static func identity(_ f: IntegrityProblem) -> String {
        var message = "", afterColon = false
        for c in f.message {
            if afterColon && c.isASCII && c.isNumber { continue }
            afterColon = c == ":"
            message.append(c)
        }
        return [f.kind.id, f.file, f.path ?? "", message].joined(separator: "\u{0}")
    }
}

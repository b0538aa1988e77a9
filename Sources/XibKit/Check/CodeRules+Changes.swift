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

    /// A finding's rule, file, object path and message, line numbers dropped
    /// (`IntegrityProblem.withoutLineNumbers`: the code side's `File.swift:12`).
    static func identity(_ f: IntegrityProblem) -> String {
        [f.kind.id, f.file, f.path ?? "", IntegrityProblem.withoutLineNumbers(f.message)].joined(separator: "\u{0}")
    }
}

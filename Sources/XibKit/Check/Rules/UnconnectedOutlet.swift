extension CheckRule {
    /// Off by default: an outlet set in code or kept for later is common.
    public static let unconnectedOutlet = CheckRule(
        id: "unconnected-outlet", severity: .warning, enabledByDefault: false, category: .code,
        summary: "An @IBOutlet that no IB file connects.",
        help: "An implicitly unwrapped @IBOutlet nothing connects crashes when used. Off by default: outlets set in code or kept for another target are common.",
        finds: "an `@IBOutlet` (or `IBOutlet`) that no IB file connects",
        finder: .project(unconnectedOutlets))

    private static func unconnectedOutlets(code: CodeIndex, facts: CodeRules.DocumentFacts) -> [IntegrityProblem] {
        var out: [IntegrityProblem] = []
        for c in code.classes.values {
            // A connection may name the outlet by any key that sets it (`NoGroupsButton`, `_textView`).
            for (key, at) in c.outlets where !KeyValueCoding.keys(settingOutlet: key).contains(where: { facts.connectedOutlets.contains(c.name + "." + $0) }) {
                out.append(IntegrityProblem(kind: .unconnectedOutlet, file: at.file, line: at.line, column: at.column,
                                            message: "@IBOutlet '\(key)' of \(c.name) is not connected by any IB file"))
            }
        }
        return out
    }
}

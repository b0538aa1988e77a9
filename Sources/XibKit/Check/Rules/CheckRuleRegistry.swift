/// Every rule of `check`, in the order `--help`, SARIF's rule list and the rules table of
/// doc/cli.md show them. A new rule is a file of this folder and a line here.
public enum CheckRuleRegistry {
    public static let rules: [CheckRule] = [
        .malformed,
        .conflictMarkers,
        .duplicateID,
        .danglingReference,
        .misplacedView,
        .ambiguousLayout,
        .duplicateConstraint,
        .lostTranslation,
        .orphanedTranslation,
        .staleTranslation,
        .missingTranslation,
        .missingOutlet,
        .missingAction,
        .unknownClass,
        .missingIdentifier,
        .unconnectedOutlet,
    ]

    /// The rules table of doc/cli.md (between `<!-- check-rules:begin -->` and
    /// `<!-- check-rules:end -->`), one row per rule: id, default severity, what it finds.
    public static func markdownTable() -> String {
        var out = "| rule | default | finds |\n|---|---|---|\n"
        for rule in rules {
            let severity = rule.isEnabledByDefault ? rule.defaultSeverity.rawValue : "off (\(rule.defaultSeverity.rawValue))"
            out += "| `\(rule.id)` | \(severity) | \(rule.finds) |\n"
        }
        return out
    }
}

extension CheckRule {
    /// Only string literals are checked.
    public static let missingIdentifier = CheckRule(
        id: "missing-identifier", severity: .error, category: .code,
        summary: "Code names a storyboard, nib, storyboard identifier, segue or reuse identifier that no IB file defines.",
        help: "instantiateViewController(withIdentifier:), performSegue(withIdentifier:), dequeueReusableCell(withIdentifier:), UINib(nibName:), UIStoryboard(name:) and their Objective-C forms crash when the IB side lacks the name. Only string literals are checked.",
        finds: "a storyboard, nib, storyboard identifier, segue identifier or reuse identifier named by a string literal in code that no IB file defines",
        finder: .project(missingIdentifiers))

    private static func missingIdentifiers(code: CodeIndex, facts: CodeRules.DocumentFacts) -> [IntegrityProblem] {
        var out: [IntegrityProblem] = []
        var seen = Set<CodeIndex.IdentifierUse>()
        for use in code.identifierUses where seen.insert(use).inserted {
            var defined = facts.identifiers[use.kind] ?? []
            if use.kind == .reuseID { defined.formUnion(code.registeredReuseIDs) }
            if defined.contains(use.value) { continue }
            // A nib or storyboard named with its extension, or through a path.
            if use.kind == .nib || use.kind == .storyboard, defined.contains(CodeRules.documentName(use.value)) { continue }
            out.append(IntegrityProblem(kind: .missingIdentifier, file: use.location.file, line: use.location.line,
                                        column: use.location.column,
                                        message: "\(use.kind.rawValue) '\(use.value)' is not defined by any IB file"))
        }
        return out
    }
}

extension CheckRule {
    /// Found by the readers: `IntegrityCheck.outcome(of:)` for documents,
    /// `LocalizationCheck.findings` for translation files.
    public static let malformed = CheckRule(
        id: "malformed", severity: .error, category: .integrity,
        summary: "The file is not well-formed XML (or a .strings file does not parse).",
        help: "Xcode cannot open a file that is not well-formed XML; a truncated write or a hand merge leaves this. Fix the XML at the line and column given.",
        finds: "XML that is not well-formed (line and column of the fault), or a `.strings` file that does not parse",
        finder: .reading)
}

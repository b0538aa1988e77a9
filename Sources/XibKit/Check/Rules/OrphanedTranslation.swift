extension CheckRule {
    /// A dead key (`TranslationFates`): a warning, since no user sees a difference; one finding
    /// per key, at its first place, naming every language that holds it.
    public static let orphanedTranslation = CheckRule(
        id: "orphaned-translation", severity: .warning, category: .localization,
        summary: "A translation key names an object id the document no longer has, and no code reads it: dead.",
        help: "The object was deleted: no user sees a difference, the key only weighs on translators. Remove it from every language at once with `xibmerge strings --prune DOCUMENT`. Keys the code names as string literals (NSLocalizedString(_:tableName:), String(localized:table:), Bundle.localizedString(forKey:value:table:)) are live and never reported; a re-created object's translations are `lost-translation`.",
        finds: "a key of a `*.lproj/NAME.strings` file or `NAME.xcstrings` catalog beside the document that starts with an object id the document does not have, that no string literal of the code names and whose object was not re-created: dead, one finding per key listing its languages",
        finder: .translations(deadKeys))

    private static func deadKeys(_ scan: inout DocumentScan, _ t: DocumentTranslations) -> [IntegrityProblem] {
        t.fates.dead.map { k in
            let first = k.places[0]
            let list = LocalizationCheck.languageList(k.languages)
            let was = k.text.map { "; it translated \(LocalizationCheck.quoted($0))" } ?? ""
            let marked = k.markedStale ? " (Xcode marked it stale)" : ""
            return IntegrityProblem(kind: .orphanedTranslation, file: first.file, line: first.line, column: first.column,
                                    objectID: k.key.objectID,
                                    message: "translation \"\(k.key.key)\" is dead: \(scan.file) has no object '\(k.key.objectID)' (\(list))\(was)\(marked)")
        }
    }
}

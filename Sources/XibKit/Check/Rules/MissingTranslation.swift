extension CheckRule {
    /// Off by default: a file without every translation is often work in progress, not damage.
    public static let missingTranslation = CheckRule(
        id: "missing-translation", severity: .warning, enabledByDefault: false, category: .localization,
        summary: "An object's user-visible text has no translation in a language (.strings key, or a translated catalog unit).",
        help: "An object shows text that a language's .strings file does not translate: that language shows the base text. Off by default; enable it for projects whose translations must be complete.",
        finds: "an object's user-visible text (text, titles, placeholders, button states, accessibility labels, …) without a key in a language that has a `.strings` file, or without a `translated` unit in the catalog",
        finder: .translations(missingTranslations))

    /// Texts of `IBRules.localizableText` without a key in a `.strings` file, or in the catalog
    /// without a unit for the language or one whose state is not `translated`.
    private static func missingTranslations(_ scan: inout DocumentScan, _ t: DocumentTranslations) -> [IntegrityProblem] {
        var out: [IntegrityProblem] = []
        // Where the translation was lost (re-created object), `lost-translation` says so already.
        let lost = Set(t.fates.lost.flatMap { l in l.languages.map { l.text.key.key + "\u{0}" + $0 } })
        func report(_ text: LocalizableString, _ message: String) {
            out.append(IntegrityProblem(kind: .missingTranslation, file: scan.file, line: scan.locations.line(of: text.node),
                                        column: scan.locations.column(of: text.node), path: scan.graph.displayPath(text.node),
                                        objectID: text.key.objectID, message: message))
        }
        for file in t.files {
            let present = Set(file.entries.map(\.key))
            let language = LocalizationCheck.language(of: file.name)
            for text in t.texts where !present.contains(text.key.key) && !lost.contains(text.key.key + "\u{0}" + language) {
                report(text, "\(language) has no translation of \(text.key.property) (\"\(text.key.key)\" is not in \(file.name))")
            }
        }
        for catalog in t.catalogs {
            let entries = Dictionary(catalog.entries.map { ($0.key, $0) }, uniquingKeysWith: { a, _ in a })
            for language in catalog.languages where language != catalog.sourceLanguage {
                for text in t.texts where entries[text.key.key]?.shouldTranslate != false && !lost.contains(text.key.key + "\u{0}" + language) {
                    let state = entries[text.key.key]?.state(of: language)
                    guard state != StringCatalog.State.translated else { continue }
                    report(text, "\(language) has no translation of \(text.key.property) (\"\(text.key.key)\" is \(state.map { "'\($0)'" } ?? "absent") in \(catalog.name))")
                }
            }
        }
        return out
    }
}

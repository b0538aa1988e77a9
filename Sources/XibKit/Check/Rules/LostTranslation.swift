extension CheckRule {
    /// At the object that shows the text now: what users see is there.
    public static let lostTranslation = CheckRule(
        id: "lost-translation", severity: .error, category: .localization,
        summary: "An object re-created with a new id lost its translations: users see the base text.",
        help: "Deleting an object and making it again (or a merge that gave it a new id) leaves its translations under the old id, which nothing uses: users of those languages see the base text. Move each language's translation to the new key (the finding names both), or run `xibmerge strings --update` and translate again.",
        finds: "an object whose text has no translation in a language while a key of a deleted object with the same property, base text and class translates it there: the object was re-created and its translation stayed under the old id",
        finder: .translations(lostTranslations))

    private static func lostTranslations(_ scan: inout DocumentScan, _ t: DocumentTranslations) -> [IntegrityProblem] {
        t.fates.lost.map { lost in
            let first = lost.old.places[0]
            let new = lost.text.key
            return scan.problem(.lostTranslation, at: lost.text.node, object: lost.text.node,
                                message: "\(new.property) \(LocalizationCheck.quoted(lost.text.text)) lost its translation in \(LocalizationCheck.languageList(lost.languages)): the object was re-created as '\(new.objectID)' and the translations are still under \"\(lost.old.key.key)\" (\(first.file):\(first.line)); move them to \"\(new.key)\"")
        }
    }
}

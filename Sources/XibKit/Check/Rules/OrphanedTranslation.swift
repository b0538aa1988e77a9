extension CheckRule {
    public static let orphanedTranslation = CheckRule(
        id: "orphaned-translation", severity: .error, category: .localization,
        summary: "A .strings or .xcstrings key names an object id that is not in the base file.",
        help: "Object ids are the keys of Base-localised .strings files. When an object is deleted and re-created, or a merge gives it a new id, its translations are silently dropped and the app shows the base language. Move the translation to the new id or delete the key.",
        finds: "a key of a `*.lproj/NAME.strings` or `NAME.xcstrings` String Catalog beside the document whose object id is not in it: an object deleted, or re-created with a new id, whose translation the app now silently drops",
        finder: .translationKey(orphaned))

    private static func orphaned(_ k: TranslationKey) -> IntegrityProblem? {
        guard let objectKey = k.objectKey else {
            return IntegrityProblem(kind: .orphanedTranslation, file: k.file, line: k.line, column: k.column,
                                    message: "key \"\(k.key)\" names no object (expected OBJECT-ID.property) of \(k.document)")
        }
        guard k.node == nil else { return nil }
        let marked = k.state == StringCatalog.State.stale ? " (Xcode marked it stale; delete it)" : ""
        return IntegrityProblem(kind: .orphanedTranslation, file: k.file, line: k.line, column: k.column, objectID: objectKey.objectID,
                                message: "translation \"\(k.key)\" is orphaned: \(k.document) has no object '\(objectKey.objectID)' (deleted, or re-created with a new id?)\(marked)")
    }
}

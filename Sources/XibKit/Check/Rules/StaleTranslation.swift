extension CheckRule {
    /// Keys Xcode already marked `stale` are left to Xcode.
    public static let staleTranslation = CheckRule(
        id: "stale-translation", severity: .warning, category: .localization,
        summary: "A translation was made for a text the object no longer shows.",
        help: "ibtool's comment in a .strings file and the extraction comment of a String Catalog record the text a key was made for (title = \"…\"). When the object's text changed since, the translation shows the old meaning. Update the translation, then the comment (`xibmerge strings --update`). Keys Xcode marked stale are not reported.",
        finds: "a key whose recorded source text (ibtool's comment, the catalog's extraction comment) is not the object's text any more: the translation shows the old meaning",
        finder: .translationKey(stale))

    private static func stale(_ k: TranslationKey) -> IntegrityProblem? {
        guard let objectKey = k.objectKey, let n = k.node, k.state != StringCatalog.State.stale, let comment = k.comment else { return nil }
        let now = k.current[k.key]
        // The property as the comment names it: an item of a list is `OBJECT-ID.property[i]`.
        let property = now?.commentProperty ?? (objectKey.property.hasSuffix("]") ? k.key : objectKey.property)
        guard let was = LocalizableString.recordedText(in: comment, property: property), was != now?.text else { return nil }
        let what = now.map { "is now \(LocalizationCheck.quoted($0.text))" } ?? "is not in \(k.document) any more"
        return IntegrityProblem(kind: .staleTranslation, file: k.file, line: k.line, column: k.column, path: k.graph.displayPath(n),
                                objectID: objectKey.objectID,
                                message: "translation \"\(k.key)\" is stale: it translates \(LocalizationCheck.quoted(was)), and the text \(what)")
    }
}

/// The keys of a document's translation files whose object is gone, in terms of what users see:
/// - **lost**: the object was re-created under a new id (the same property and base text, and
///   of the same class, where the key's comment records one), and the new id has no translation
///   in a language the old key translates into something else than the base text: users of
///   that language now see the base text;
/// - **read by code**: a string literal of the code names the key (`NSLocalizedString(
///   "abc-De-fgh.title", tableName: "Main", …)`, `String(localized:table:)`,
///   `Bundle.localizedString(forKey:value:table:)`, or a wrapper such as `"…".localized(key:)`):
///   the translation is live;
/// - **dead**: neither; no user sees a difference, and `strings --prune` removes it.
///
/// Only keys that start with an object id are the document's (`StringsFile.ObjectKey`):
/// `"Use frontmost.app as Todo App"` is a key of the code's, never judged here.
public struct TranslationFates: Sendable {
    /// Where a key is, in one language: a `.strings` file's entry, or a catalog's key with a
    /// unit for the language.
    public struct Place: Sendable, Equatable {
        public var file: String
        public var line: Int
        public var column: Int
        public var language: String
        /// The translation, where it is one text (not a catalog's plural variations).
        public var value: String?
    }

    /// A key whose object the document no longer has, with every place that holds it.
    public struct Key: Sendable {
        public var key: StringsFile.ObjectKey
        public var places: [Place]
        /// The base text it was made for: the comment's (ibtool's, Xcode's extraction comment),
        /// else a catalog's source-language unit.
        public var text: String?
        /// The class the comment records (`Class = "NSMenuItem";`).
        public var className: String?
        /// A catalog key Xcode marked `stale`.
        public var markedStale = false

        /// The languages holding it, in the order met, each once.
        public var languages: [String] { TranslationFates.unique(places.map(\.language)) }
    }

    public struct Lost: Sendable {
        public var old: Key
        /// The object that shows the text now, and its key.
        public var text: LocalizableString
        /// The languages that translate the old key and lack the new one.
        public var languages: [String]
    }

    public var lost: [Lost] = []
    public var dead: [Key] = []
    public var readByCode: [Key] = []

    public init() {}

    /// `codeStrings`: every string literal of the code (nil when the code was not read).
    public init(graph: IBGraph, texts: [LocalizableString], files: [StringsFile], catalogs: [StringCatalog],
                codeStrings: Set<String>? = nil) {
        let gone = Self.goneKeys(graph: graph, files: files, catalogs: catalogs)
        var candidates: [Key] = []
        for k in gone {
            if codeStrings?.contains(k.key.key) == true { readByCode.append(k) } else { candidates.append(k) }
        }
        let missing = Self.missingLanguages(texts, files: files, catalogs: catalogs)
        var bySignature: [String: [Int]] = [:]
        for (i, k) in candidates.enumerated() {
            if let text = k.text { bySignature[k.key.property + "\u{0}" + text, default: []].append(i) }
        }
        var used = Set<Int>()
        for t in texts {
            guard let absent = missing[t.key.key], !absent.isEmpty else { continue }
            for i in bySignature[t.key.property + "\u{0}" + t.text] ?? [] where candidates[i].className.map({ $0 == t.className }) ?? true {
                let k = candidates[i]
                // A language whose translation is the base text itself loses nothing users see.
                let languages = k.places.filter { absent.contains($0.language) && $0.value != k.text }.map(\.language)
                guard !languages.isEmpty else { continue }
                lost.append(Lost(old: k, text: t, languages: Self.unique(languages)))
                used.insert(i)
                break
            }
        }
        dead = candidates.indices.filter { !used.contains($0) }.map { candidates[$0] }
    }

    /// The keys of the files that start with an object id the document does not have, each
    /// once with all its places, in the order first met.
    static func goneKeys(graph: IBGraph, files: [StringsFile], catalogs: [StringCatalog]) -> [Key] {
        var out: [Key] = []
        var index: [String: Int] = [:]
        let isObjectID: (Substring) -> Bool = { graph.node(forObjectID: String($0)) != nil }
        func add(_ key: String, _ place: Place, comment: String?, sourceText: String?, stale: Bool) {
            guard let objectKey = StringsFile.ObjectKey(key, isObjectID: isObjectID),
                  graph.node(forObjectID: objectKey.objectID) == nil else { return }
            if let i = index[key] {
                out[i].places.append(place)
                return
            }
            let property = objectKey.property.hasSuffix("]") ? key : objectKey.property
            index[key] = out.count
            out.append(Key(key: objectKey, places: [place],
                           text: comment.flatMap { LocalizableString.recordedText(in: $0, property: property) } ?? sourceText,
                           className: comment.flatMap(LocalizableString.recordedClass), markedStale: stale))
        }
        for file in files {
            let language = LocalizationCheck.language(of: file.name)
            for e in file.entries {
                add(e.key, Place(file: file.name, line: e.line, column: e.column, language: language, value: e.value),
                    comment: e.comment, sourceText: nil, stale: false)
            }
        }
        for catalog in catalogs {
            for e in catalog.entries {
                let stale = e.extractionState == StringCatalog.State.stale
                let translated = e.languages.map(\.name).filter { $0 != catalog.sourceLanguage }
                for language in translated.isEmpty ? [catalog.sourceLanguage] : translated {
                    add(e.key, Place(file: catalog.name, line: e.line, column: e.column, language: language, value: e.values[language]),
                        comment: e.comment, sourceText: e.values[catalog.sourceLanguage], stale: stale)
                }
            }
        }
        return out
    }

    /// Each once, in the order met.
    static func unique(_ languages: [String]) -> [String] {
        var seen = Set<String>()
        return languages.filter { seen.insert($0).inserted }
    }

    /// For each key of the document's texts, the languages that have no translation of it: a
    /// `.strings` file without the key, a catalog language without a unit for it.
    static func missingLanguages(_ texts: [LocalizableString], files: [StringsFile], catalogs: [StringCatalog]) -> [String: Set<String>] {
        var out: [String: Set<String>] = [:]
        for file in files {
            let present = Set(file.entries.map(\.key))
            let language = LocalizationCheck.language(of: file.name)
            for t in texts where !present.contains(t.key.key) { out[t.key.key, default: []].insert(language) }
        }
        for catalog in catalogs {
            let entries = Dictionary(catalog.entries.map { ($0.key, $0) }, uniquingKeysWith: { a, _ in a })
            for language in catalog.languages where language != catalog.sourceLanguage {
                for t in texts where entries[t.key.key]?.state(of: language) == nil { out[t.key.key, default: []].insert(language) }
            }
        }
        return out
    }
}

/// What a change does to a document's translations: the `*.lproj/NAME.strings` files and the
/// String Catalog beside it (`LocalizationCheck.stringsFiles`), as of the new version, are keyed
/// by object id, so
/// - deleting an object, or re-creating it with a new id, orphans its translations;
/// - new user-visible text (`IBRules.localizableText`) has no translation in the languages that
///   lack its key.
/// Translations missing or orphaned before the change are not its doing, and are left to `check`.
public struct LocalizationImpact: Sendable {
    public struct Language: Sendable, Equatable {
        /// `fr`, from `fr.lproj`.
        public var name: String
        /// The `.strings` file, or the catalog that holds the language.
        public var file: String
        /// This language's keys orphaned by the change, and the change's new keys it lacks.
        public var orphaned: Int
        public var untranslated: Int
    }

    /// A key and the languages concerned: those that translate it (orphaned), or lack it (untranslated).
    public struct Key: Sendable, Equatable {
        public var key: String
        public var languages: [String]
    }

    public struct Object: Sendable {
        public var id: String
        /// Its human name and path: in the old version (orphaned), in the new one (untranslated).
        public var name: String
        public var path: String
        /// The object that seems to be the same one re-created (the same type with the same
        /// text): for an orphaned object the new one, for an untranslated one the deleted one.
        public var counterpart: String?
        public var keys: [Key]
    }

    /// One per `.strings` file read, in path order, then one per language of each catalog
    /// (its source language left out).
    public var languages: [Language]
    /// In the old version's order.
    public var orphaned: [Object]
    /// In the new version's order.
    public var untranslated: [Object]

    public var hasImpact: Bool { !orphaned.isEmpty || !untranslated.isEmpty }

    /// One language's keys: a `.strings` file's, or those of a catalog with a unit for it.
    struct Table {
        var language: String
        var file: String
        var keys: [String]
    }

    /// `old`, `new`: the document's two versions (nil: absent on that side); `translations`,
    /// `catalogs`: the `.strings` files and String Catalogs of the new version.
    public init(old: IBGraph?, new: IBGraph?, translations: [StringsFile], catalogs: [StringCatalog] = []) {
        var tables = translations.map { Table(language: LocalizationCheck.language(of: $0.name), file: $0.name, keys: $0.entries.map(\.key)) }
        for c in catalogs {
            for language in c.languages where language != c.sourceLanguage {
                tables.append(Table(language: language, file: c.name, keys: c.entries.filter { $0.state(of: language) != nil }.map(\.key)))
            }
        }
        let names = tables.map(\.language)
        let oldTexts = old.map(LocalizationCheck.localizableKeys) ?? []
        let newTexts = new.map(LocalizationCheck.localizableKeys) ?? []

        var orphaned = Objects()
        if let old {
            for (f, table) in tables.enumerated() {
                for k in table.keys {
                    guard let key = StringsFile.ObjectKey(k, isObjectID: { old.node(forObjectID: String($0)) != nil }),
                          let n = old.node(forObjectID: key.objectID),
                          new?.node(forObjectID: key.objectID) == nil else { continue }
                    orphaned.add(key.objectID, node: n, key: k, language: names[f])
                }
            }
        }
        let before = Set(oldTexts.map(\.key.key))
        let present = tables.map { Set($0.keys) }
        var untranslated = Objects()
        for (n, key, _) in newTexts where !before.contains(key.key) {
            for f in tables.indices where !present[f].contains(key.key) {
                untranslated.add(key.objectID, node: n, key: key.key, language: names[f])
            }
        }

        let recreated = Self.recreations(of: orphaned.ids, in: old, oldTexts, by: untranslated.ids, in: new, newTexts)
        let recreates = Dictionary(recreated.map { ($0.value, $0.key) }, uniquingKeysWith: { a, _ in a })
        let lost = orphaned.objects(old) { recreated[$0] }, missing = untranslated.objects(new) { recreates[$0] }
        func count(_ objects: [Object], _ language: String) -> Int {
            objects.reduce(0) { $0 + $1.keys.filter { $0.languages.contains(language) }.count }
        }
        languages = tables.indices.map { f in
            Language(name: names[f], file: tables[f].file, orphaned: count(lost, names[f]), untranslated: count(missing, names[f]))
        }
        self.orphaned = lost
        self.untranslated = missing
    }

    /// Deleted objects paired with new ones of the same type that show the same text, each at
    /// most once, in document order: what deleting an object and making it again leaves.
    static func recreations(of deleted: [String], in old: IBGraph?, _ oldTexts: [(node: Int, key: StringsFile.ObjectKey, text: String)],
                            by added: [String], in new: IBGraph?, _ newTexts: [(node: Int, key: StringsFile.ObjectKey, text: String)]) -> [String: String] {
        guard let old, let new, !deleted.isEmpty, !added.isEmpty else { return [:] }
        func signatures(_ graph: IBGraph, _ texts: [(node: Int, key: StringsFile.ObjectKey, text: String)], _ ids: [String]) -> [String: String] {
            let wanted = Set(ids)
            var parts: [String: [String]] = [:]
            for t in texts where wanted.contains(t.key.objectID) {
                parts[t.key.objectID, default: [graph.nodes[t.node].tag]].append(t.key.property + "=" + t.text)
            }
            return parts.mapValues { $0.joined(separator: "\u{0}") }
        }
        let was = signatures(old, oldTexts, deleted)
        var candidates: [String: [String]] = [:]
        for (id, signature) in signatures(new, newTexts, added.filter { old.node(forObjectID: $0) == nil }) {
            candidates[signature, default: []].append(id)
        }
        for key in candidates.keys { candidates[key]!.sort { new.node(forObjectID: $0)! < new.node(forObjectID: $1)! } }
        var out: [String: String] = [:]
        for id in deleted {
            guard let s = was[id], var list = candidates[s], !list.isEmpty else { continue }
            out[id] = list.removeFirst()
            candidates[s] = list
        }
        return out
    }

    /// Objects with their keys and languages, as they are met.
    struct Objects {
        var ids: [String] = []
        var nodes: [String: Int] = [:]
        var keys: [String: [Key]] = [:]

        mutating func add(_ id: String, node: Int, key: String, language: String) {
            if nodes[id] == nil { ids.append(id); nodes[id] = node }
            if let k = keys[id, default: []].firstIndex(where: { $0.key == key }) {
                if !keys[id]![k].languages.contains(language) { keys[id]![k].languages.append(language) }
            } else {
                keys[id, default: []].append(Key(key: key, languages: [language]))
            }
        }

        /// In document order, named by `graph`.
        func objects(_ graph: IBGraph?, counterpart: (String) -> String?) -> [Object] {
            guard let graph else { return [] }
            return ids.sorted { nodes[$0]! < nodes[$1]! }.map { id in
                Object(id: id, name: graph.displayName(nodes[id]!), path: graph.displayPath(nodes[id]!),
                       counterpart: counterpart(id), keys: keys[id]!)
            }
        }
    }
}

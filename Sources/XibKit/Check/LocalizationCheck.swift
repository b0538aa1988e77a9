#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What the localisation rules of `check` share. For `X.lproj/NAME.storyboard` (or `.xib`), every
/// `*.lproj/NAME.strings` beside it, and the String Catalog `NAME.xcstrings` (in `mul.lproj/`
/// or another `.lproj` folder beside it, or beside the `.lproj` folders), translate it by
/// object id (`"abc-De-fgh.text"`). The keys whose object is gone are judged once for all
/// rules (`TranslationFates`):
/// - `lost-translation`: an object re-created with a new id whose translations stayed under
///   the old one, so that users see the base text;
/// - `orphaned-translation`: a key whose object id is not in the document and that no code
///   reads: dead, one finding per key with its languages;
/// - `stale-translation`: a key whose source text, as ibtool's or Xcode's comment recorded it
///   when the key was extracted, is not the document's text any more (keys Xcode already
///   marked `stale` are left to Xcode);
/// - `missing-translation`: an object's user-visible text (`IBRules.localizableText`) without
///   a translation in some language: no key in its `.strings` file, or in the catalog no unit
///   for the language or one whose state is not `translated`.
public enum LocalizationCheck {
    /// The extensions of translation files: `.strings`, and String Catalogs.
    public static let stringsExtension = "strings", catalogExtension = "xcstrings"

    /// The translation files of a document, sorted. A document in `Base.lproj` owns them; one
    /// in another `.lproj` only when no `Base.lproj` document of that name exists.
    public static func stringsFiles(for documentPath: String, in tree: FileTree = .disk) -> [String] {
        stringsFiles(for: documentPath, names: { tree.entries(of: $0.isEmpty ? "." : $0) }, exists: { tree.size($0) != nil })
    }

    /// The same in any tree of files (a commit's): `names(folder)` lists a folder ("" the top),
    /// `exists(path)` says whether a file is there.
    public static func stringsFiles<E: Error>(for documentPath: String, names: (String) throws(E) -> [String],
                                              exists: (String) throws(E) -> Bool) throws(E) -> [String] {
        let (dir, file) = split(documentPath)
        guard dir.hasSuffix(".lproj"), let dot = file.lastIndex(of: ".") else { return [] }
        let stem = String(file[..<dot])
        let (parent, folder) = split(dir)
        let prefix = parent.isEmpty ? "" : parent + "/"
        if folder != "Base.lproj" {
            for ext in Checker.documentExtensions {
                if try exists("\(prefix)Base.lproj/\(stem).\(ext)") { return [] }
            }
        }
        var out: [String] = []
        for lproj in try names(parent).filter({ $0.hasSuffix(".lproj") }).sorted() {
            for ext in [stringsExtension, catalogExtension] {
                let path = prefix + lproj + "/" + stem + "." + ext
                if try exists(path) { out.append(path) }
            }
        }
        let beside = prefix + stem + "." + catalogExtension
        if try exists(beside) { out.append(beside) }
        return out
    }

    /// The document a `LANG.lproj/NAME.strings` file or a `NAME.xcstrings` catalog translates:
    /// `Base.lproj/NAME.storyboard` (or `.xib`), else the one such document in another `.lproj`
    /// folder beside it.
    public static func document(translatedBy path: String) -> String? {
        let (dir, file) = split(path)
        let catalog = file.hasSuffix("." + catalogExtension)
        guard catalog || (dir.hasSuffix(".lproj") && file.hasSuffix("." + stringsExtension)) else { return nil }
        let stem = file.dropLast((catalog ? catalogExtension : stringsExtension).count + 1)
        let parent = dir.hasSuffix(".lproj") ? split(dir).dir : dir
        let top = parent.isEmpty ? "." : parent
        let folders = ["Base.lproj"] + entries(of: top).filter { $0.hasSuffix(".lproj") && $0 != "Base.lproj" }.sorted()
        for folder in folders {
            for ext in Checker.documentExtensions {
                let path = (parent.isEmpty ? "" : parent + "/") + "\(folder)/\(stem).\(ext)"
                if FileIO.size(path) != nil { return path }
            }
        }
        return nil
    }

    /// The keys Xcode exports for a document's user-visible text, with the text, in document order.
    public static func localizableKeys(in graph: IBGraph) -> [(node: Int, key: StringsFile.ObjectKey, text: String)] {
        LocalizableStrings.strings(in: graph).map { ($0.node, $0.key, $0.text) }
    }

    /// Findings of the enabled localisation rules (`Rules/` with category `localization`), in
    /// the translation files (orphans, stale keys) and the document (missing translations). A
    /// file that does not parse is `malformed`. The files are read and their keys walked once
    /// for all the rules.
    /// `codeStrings`: the code's string literals (nil when it was not read): keys it names are live.
    /// `readByCode`: how many keys of gone objects the code names, and so kept live.
    public static func findings(in graph: IBGraph, strings paths: [String], codeStrings: Set<String>? = nil,
                                enabled: (CheckRule) -> Bool) -> (findings: [IntegrityProblem], readByCode: Int) {
        let rules = CheckRule.allCases.filter { $0.readsTranslations && enabled($0) }
        guard !rules.isEmpty, !paths.isEmpty else { return ([], 0) }
        var out: [IntegrityProblem] = []
        var translations = DocumentTranslations()
        for path in paths {
            do {
                if path.hasSuffix("." + catalogExtension) {
                    translations.catalogs.append(try StringCatalog.load(path: path))
                } else {
                    translations.files.append(try StringsFile.load(path: path))
                }
            } catch {
                out.append(IntegrityProblem(kind: .malformed, file: path, line: max(error.location.line, 1),
                                            column: max(error.location.column, 1), message: error.message))
            }
        }
        translations.texts = LocalizableStrings.strings(in: graph)
        let current = Dictionary(translations.texts.map { ($0.key.key, $0) }, uniquingKeysWith: { a, _ in a })
        let onKeys: [@Sendable (TranslationKey) -> IntegrityProblem?] = rules.compactMap { rule in
            guard case .translationKey(let f) = rule.finder else { return nil }
            return f
        }
        func judge(_ file: String, _ key: String, _ line: Int, _ column: Int, _ comment: String?, _ state: String?) {
            let k = TranslationKey(graph: graph, current: current, file: file, key: key, line: line, column: column,
                                   comment: comment, state: state)
            for rule in onKeys { if let f = rule(k) { out.append(f) } }
        }
        if !onKeys.isEmpty {
            for file in translations.files {
                for e in file.entries { judge(file.name, e.key, e.line, e.column, e.comment, nil) }
            }
            for catalog in translations.catalogs {
                for e in catalog.entries { judge(catalog.name, e.key, e.line, e.column, e.comment, e.extractionState) }
            }
        }
        if !(translations.files.isEmpty && translations.catalogs.isEmpty) {
            translations.fates = TranslationFates(graph: graph, texts: translations.texts, files: translations.files,
                                                  catalogs: translations.catalogs, codeStrings: codeStrings)
            var scan = DocumentScan(graph)
            for rule in rules { if case .translations(let f) = rule.finder { out += f(&scan, translations) } }
        }
        return (out, translations.fates.readByCode.count)
    }

    /// Languages in a message: all of them, or from seven on their count and the first five.
    static func languageList(_ languages: [String]) -> String {
        languages.count > 6 ? "\(languages.count) languages: " + languages.prefix(5).joined(separator: ", ") + ", …"
            : languages.joined(separator: ", ")
    }

    /// A text on one line, in quotes, shortened to its first 60 characters.
    static func quoted(_ text: String) -> String {
        let short = text.count > 60 ? String(text.prefix(59)) + "…" : text
        return "\"" + LocalizableString.escaped(short) + "\""
    }

    /// The language of a `LANG.lproj/NAME.strings` file: `LANG`.
    public static func language(of stringsPath: String) -> String {
        let folder = split(split(stringsPath).dir).file
        return folder.hasSuffix(".lproj") ? String(folder.dropLast(".lproj".count)) : folder
    }

    static func split(_ path: String) -> (dir: String, file: String) {
        guard let slash = path.lastIndex(of: "/") else { return ("", path) }
        return (String(path[..<slash]), String(path[path.index(after: slash)...]))
    }

    /// The names in a folder, without `.` and `..`.
    public static func entries(of directory: String) -> [String] {
        guard let dir = opendir(directory) else { return [] }
        defer { closedir(dir) }
        var names: [String] = []
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }
}

/// One key of a translation file, as the rules on keys see it.
struct TranslationKey {
    let graph: IBGraph
    /// The document's texts by key.
    let current: [String: LocalizableString]
    let file: String, key: String, line: Int, column: Int
    /// The comment above the key (ibtool's, or the catalog's extraction comment).
    let comment: String?
    /// The catalog's extraction state (nil in a `.strings` file).
    let state: String?
    /// The key as `OBJECT-ID.property`, and the object it names.
    let objectKey: StringsFile.ObjectKey?
    let node: Int?

    init(graph: IBGraph, current: [String: LocalizableString], file: String, key: String, line: Int, column: Int,
         comment: String?, state: String?) {
        self.graph = graph
        self.current = current
        self.file = file
        self.key = key
        self.line = line
        self.column = column
        self.comment = comment
        self.state = state
        objectKey = StringsFile.ObjectKey(key) { graph.node(forObjectID: String($0)) != nil }
        node = objectKey.flatMap { graph.node(forObjectID: $0.objectID) }
    }

    var document: String { graph.document.source.name }
}

/// A document's user-visible texts and the translation files that read.
struct DocumentTranslations {
    var texts: [LocalizableString] = []
    var files: [StringsFile] = []
    var catalogs: [StringCatalog] = []
    /// The keys whose object is gone, judged.
    var fates = TranslationFates()
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The localisation rules of `check`. For `X.lproj/NAME.storyboard` (or `.xib`), every
/// `*.lproj/NAME.strings` beside it, and the String Catalog `NAME.xcstrings` (in `mul.lproj/`
/// or another `.lproj` folder beside it, or beside the `.lproj` folders), translate it by
/// object id (`"abc-De-fgh.text"`):
/// - `orphaned-translation`: a key whose object id is not in the document;
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
    public static func stringsFiles(for documentPath: String) -> [String] {
        stringsFiles(for: documentPath, names: { entries(of: $0.isEmpty ? "." : $0) }, exists: { FileIO.size($0) != nil })
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

    /// Findings of the enabled localisation rules, in the translation files (orphans, stale
    /// keys) and the document (missing translations). A file that does not parse is `malformed`.
    public static func findings(in graph: IBGraph, strings paths: [String], enabled: (CheckRule) -> Bool) -> [IntegrityProblem] {
        guard CheckRule.allCases.contains(where: { $0.readsTranslations && enabled($0) }), !paths.isEmpty else { return [] }
        var out: [IntegrityProblem] = []
        var files: [StringsFile] = [], catalogs: [StringCatalog] = []
        for path in paths {
            do {
                if path.hasSuffix("." + catalogExtension) {
                    catalogs.append(try StringCatalog.load(path: path))
                } else {
                    files.append(try StringsFile.load(path: path))
                }
            } catch {
                out.append(IntegrityProblem(kind: .malformed, file: path, line: max(error.location.line, 1),
                                            column: max(error.location.column, 1), message: error.message))
            }
        }
        let texts = LocalizableStrings.strings(in: graph)
        let current = Dictionary(texts.map { ($0.key.key, $0) }, uniquingKeysWith: { a, _ in a })
        for file in files {
            for e in file.entries {
                out += judge(graph, current, file: file.name, key: e.key, line: e.line, column: e.column, comment: e.comment,
                             state: nil, enabled: enabled)
            }
        }
        for catalog in catalogs {
            for e in catalog.entries where e.extractionState != StringCatalog.State.manual || e.objectKey != nil {
                out += judge(graph, current, file: catalog.name, key: e.key, line: e.line, column: e.column, comment: e.comment,
                             state: e.extractionState, enabled: enabled)
            }
        }
        if enabled(.missingTranslation) && !(files.isEmpty && catalogs.isEmpty) {
            out += missing(graph, texts, files, catalogs)
        }
        return out
    }

    /// The findings on one key of a translation file: orphaned, or stale.
    static func judge(_ graph: IBGraph, _ current: [String: LocalizableString], file: String, key: String, line: Int, column: Int,
                      comment: String?, state: String?, enabled: (CheckRule) -> Bool) -> [IntegrityProblem] {
        let document = graph.document.source.name
        guard let objectKey = StringsFile.ObjectKey(key) else {
            guard enabled(.orphanedTranslation) else { return [] }
            return [IntegrityProblem(kind: .orphanedTranslation, file: file, line: line, column: column,
                                     message: "key \"\(key)\" names no object (expected OBJECT-ID.property) of \(document)")]
        }
        guard let n = graph.node(forObjectID: objectKey.objectID) else {
            guard enabled(.orphanedTranslation) else { return [] }
            let marked = state == StringCatalog.State.stale ? " (Xcode marked it stale; delete it)" : ""
            return [IntegrityProblem(kind: .orphanedTranslation, file: file, line: line, column: column, objectID: objectKey.objectID,
                                     message: "translation \"\(key)\" is orphaned: \(document) has no object '\(objectKey.objectID)' (deleted, or re-created with a new id?)\(marked)")]
        }
        guard enabled(.staleTranslation), state != StringCatalog.State.stale, let comment else { return [] }
        let now = current[key]
        // The property as the comment names it: an item of a list is `OBJECT-ID.property[i]`.
        let property = now?.commentProperty ?? (objectKey.property.hasSuffix("]") ? key : objectKey.property)
        guard let was = LocalizableString.recordedText(in: comment, property: property), was != now?.text else { return [] }
        let what = now.map { "is now \(quoted($0.text))" } ?? "is not in \(document) any more"
        return [IntegrityProblem(kind: .staleTranslation, file: file, line: line, column: column, path: graph.displayPath(n),
                                 objectID: objectKey.objectID,
                                 message: "translation \"\(key)\" is stale: it translates \(quoted(was)), and the text \(what)")]
    }

    /// A text on one line, in quotes, shortened to its first 60 characters.
    static func quoted(_ text: String) -> String {
        let short = text.count > 60 ? String(text.prefix(59)) + "…" : text
        return "\"" + LocalizableString.escaped(short) + "\""
    }

    private static func missing(_ graph: IBGraph, _ texts: [LocalizableString], _ files: [StringsFile],
                                _ catalogs: [StringCatalog]) -> [IntegrityProblem] {
        var locations = NodeLocations(graph)
        var out: [IntegrityProblem] = []
        func report(_ t: LocalizableString, _ message: String) {
            out.append(IntegrityProblem(kind: .missingTranslation, file: graph.document.source.name, line: locations.line(of: t.node),
                                        column: locations.column(of: t.node), path: graph.displayPath(t.node), objectID: t.key.objectID,
                                        message: message))
        }
        for file in files {
            let present = Set(file.entries.map(\.key))
            let language = self.language(of: file.name)
            for t in texts where !present.contains(t.key.key) {
                report(t, "\(language) has no translation of \(t.key.property) (\"\(t.key.key)\" is not in \(file.name))")
            }
        }
        for catalog in catalogs {
            let entries = Dictionary(catalog.entries.map { ($0.key, $0) }, uniquingKeysWith: { a, _ in a })
            for language in catalog.languages where language != catalog.sourceLanguage {
                for t in texts where entries[t.key.key]?.shouldTranslate != false {
                    let state = entries[t.key.key]?.state(of: language)
                    guard state != StringCatalog.State.translated else { continue }
                    report(t, "\(language) has no translation of \(t.key.property) (\"\(t.key.key)\" is \(state.map { "'\($0)'" } ?? "absent") in \(catalog.name))")
                }
            }
        }
        return out
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

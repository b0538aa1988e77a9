#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The localisation rules of `check`. For `X.lproj/NAME.storyboard` (or `.xib`), every
/// `*.lproj/NAME.strings` beside it translates it by object id (`"abc-De-fgh.text" = "…";`):
/// - `orphaned-translation`: a key whose object id is not in the document;
/// - `missing-translation`: an object's user-visible text (`IBRules.localizableText`) without
///   a key in some language that has a `.strings` file.
public enum LocalizationCheck {
    /// The `.strings` files that translate a document, sorted. A document in `Base.lproj` owns
    /// them; one in another `.lproj` only when no `Base.lproj` document of that name exists.
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
            let path = prefix + lproj + "/" + stem + ".strings"
            if try exists(path) { out.append(path) }
        }
        return out
    }

    /// The document a `LANG.lproj/NAME.strings` file translates: `Base.lproj/NAME.storyboard`
    /// (or `.xib`), else the one such document in another `.lproj` folder beside it.
    public static func document(translatedBy stringsPath: String) -> String? {
        let (dir, file) = split(stringsPath)
        guard dir.hasSuffix(".lproj"), file.hasSuffix(".strings") else { return nil }
        let stem = file.dropLast(".strings".count)
        let parent = split(dir).dir
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
        var out: [(Int, StringsFile.ObjectKey, String)] = []
        let own = TextRule.own, children = TextRule.children
        for n in graph.nodes.indices {
            guard let id = graph.nodes[n].objectID else { continue }
            let e = graph.nodes[n].element
            var properties: [String] = []
            func add(_ text: String?, _ property: String) {
                guard let text, !text.isEmpty, !properties.contains(property) else { return }
                properties.append(property)
                out.append((n, StringsFile.ObjectKey(objectID: id, property: property), text))
            }
            for r in own.indices { add(e[attribute: own[r].attribute!], own[r].property) }
            for case .element(let c) in e.children where children.contains(where: { $0.tag == c.name }) {
                let key = c[attribute: "key"]
                for r in children.indices where children[r].tag == c.name && children[r].key == key {
                    add(children[r].attribute.map { c[attribute: $0] } ?? c.text, children[r].property)
                }
            }
        }
        return out
    }

    /// `IBRules.localizableText` as structs, split by where the text is: walking an array of
    /// tuples runs the runtime's generic copying for each, which was most of the time here.
    private struct TextRule {
        var tag: String?, key: String?, attribute: String?, property: String

        static let all = IBRules.localizableText.map { TextRule(tag: $0.child?.tag, key: $0.child?.key, attribute: $0.attribute, property: $0.property) }
        /// The object's own attributes, and its value children's.
        static let own = all.filter { $0.tag == nil }
        static let children = all.filter { $0.tag != nil }
    }

    /// Findings of the enabled localisation rules, in the `.strings` files (orphans) and the
    /// document (missing translations). A `.strings` file that does not parse is `malformed`.
    public static func findings(in graph: IBGraph, strings paths: [String], enabled: (CheckRule) -> Bool) -> [IntegrityProblem] {
        guard enabled(.orphanedTranslation) || enabled(.missingTranslation), !paths.isEmpty else { return [] }
        var out: [IntegrityProblem] = []
        var files: [StringsFile] = []
        for path in paths {
            do {
                files.append(try StringsFile.load(path: path))
            } catch {
                out.append(IntegrityProblem(kind: .malformed, file: path, line: max(error.location.line, 1),
                                            column: max(error.location.column, 1), message: error.message))
            }
        }
        let document = graph.document.source.name
        if enabled(.orphanedTranslation) {
            for file in files {
                for entry in file.entries {
                    guard let key = entry.objectKey else {
                        out.append(IntegrityProblem(kind: .orphanedTranslation, file: file.name, line: entry.line, column: entry.column,
                                                    message: "key \"\(entry.key)\" names no object (expected OBJECT-ID.property) of \(document)"))
                        continue
                    }
                    if graph.node(forObjectID: key.objectID) == nil {
                        out.append(IntegrityProblem(kind: .orphanedTranslation, file: file.name, line: entry.line, column: entry.column,
                                                    objectID: key.objectID,
                                                    message: "translation \"\(entry.key)\" is orphaned: \(document) has no object '\(key.objectID)' (deleted, or re-created with a new id?)"))
                    }
                }
            }
        }
        if enabled(.missingTranslation) && !files.isEmpty {
            out += missing(graph, files)
        }
        return out
    }

    private static func missing(_ graph: IBGraph, _ files: [StringsFile]) -> [IntegrityProblem] {
        var locations = NodeLocations(graph)
        let keys = localizableKeys(in: graph)
        var out: [IntegrityProblem] = []
        for file in files {
            let present = Set(file.entries.map(\.key))
            let language = self.language(of: file.name)
            for (n, key, _) in keys where !present.contains(key.key) {
                out.append(IntegrityProblem(kind: .missingTranslation, file: graph.document.source.name, line: locations.line(of: n),
                                            column: locations.column(of: n), path: graph.displayPath(n), objectID: key.objectID,
                                            message: "\(language) has no translation of \(key.property) (\"\(key.key)\" is not in \(file.name))"))
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

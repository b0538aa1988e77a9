import Foundation

/// The shared xib/storyboard corpus (`<package root>/../shared/corpus`), located from this
/// file's path so that tests work from any working directory. A plain clone has no corpus:
/// the tests that need it are then skipped with `Corpus.unavailableMessage`.
///
/// Corpus-wide tests count what is there and assert laws over it, never its size: the corpus
/// grows. Where a count guards against an empty or unreadable corpus, it asks for at least
/// `Corpus.minimumScenarios` or `Corpus.minimumFiles`.
public enum Corpus {
    public static let root: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // CorpusSupport
        .deletingLastPathComponent()  // Tests
        .deletingLastPathComponent()  // package root
        .deletingLastPathComponent()
        .appendingPathComponent("shared/corpus", isDirectory: true)

    /// Real apps with their sources (`../shared/projects`), one folder each.
    public static var projectsDirectory: URL { root.deletingLastPathComponent().appendingPathComponent("projects", isDirectory: true) }

    public static var filesDirectory: URL { root.appendingPathComponent("files", isDirectory: true) }
    public static var scenariosDirectory: URL { root.appendingPathComponent("scenarios", isDirectory: true) }

    public static var isAvailable: Bool {
        FileManager.default.fileExists(atPath: root.appendingPathComponent("files.tsv").path)
    }

    public static let unavailableMessage = "the shared corpus is not available (expected at <package root>/../shared/corpus); skipping"

    /// Guards against a missing or unreadable corpus, not a size to match.
    public static let minimumScenarios = 20
    public static let minimumFiles = 20

    // MARK: - Single files

    /// One row of `files.tsv`.
    public struct FileRow: Sendable {
        public var file: String
        public var bytes: Int
        public var rootElement: String
        public var notes: [String]

        public var url: URL { Corpus.filesDirectory.appendingPathComponent(file) }
    }

    public static func fileRows() throws -> [FileRow] {
        let text = try String(contentsOf: root.appendingPathComponent("files.tsv"), encoding: .utf8)
        var lines = text.split(separator: "\n", omittingEmptySubsequences: true)
        guard let header = lines.first?.split(separator: "\t", omittingEmptySubsequences: false).map(String.init) else { return [] }
        lines.removeFirst()
        func column(_ name: String) -> Int { header.firstIndex(of: name) ?? -1 }
        let (cFile, cBytes, cRoot, cNotes) = (column("file"), column("bytes"), column("root_element"), column("notes"))
        return lines.map { line in
            let f = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            func at(_ i: Int) -> String { i >= 0 && i < f.count ? f[i] : "" }
            return FileRow(file: at(cFile), bytes: Int(at(cBytes)) ?? 0, rootElement: at(cRoot),
                           notes: at(cNotes).split(separator: ",").map(String.init))
        }
    }

    /// Document-format (Xcode 5+) single files without committed conflict markers.
    public static func documentFiles() throws -> [FileRow] {
        try fileRows().filter { $0.rootElement == "document" && !$0.notes.contains("committed-conflict-markers") }
    }

    // MARK: - Merge scenarios

    /// One scenario folder and the versions it has.
    public struct Scenario: Sendable, CustomStringConvertible {
        public var folder: URL
        /// `conflicts` or `clean`.
        public var set: String
        /// base, ours and theirs (those present).
        public var files: [String: URL]
        /// What was committed as the merge's result: a person's resolution, often hand-edited.
        public var expected: URL?
        /// `set/folder`, unique and stable.
        public var name: String { self.set + "/" + folder.lastPathComponent }
        public var description: String { name }

        /// base, ours and theirs, when all three are there.
        public var sides: (base: URL, ours: URL, theirs: URL)? {
            guard let b = files["base"], let o = files["ours"], let t = files["theirs"] else { return nil }
            return (b, o, t)
        }
    }

    /// Every scenario of the given sets whose meta.json says `"file_format": "document"`,
    /// sorted by set, then folder name.
    public static func documentScenarios(_ sets: [String] = ["conflicts", "clean"]) -> [Scenario] {
        let fm = FileManager.default
        var result: [Scenario] = []
        for set in sets {
            let dir = scenariosDirectory.appendingPathComponent(set, isDirectory: true)
            guard let names = try? fm.contentsOfDirectory(atPath: dir.path) else { continue }
            for name in names.sorted() {
                let folder = dir.appendingPathComponent(name, isDirectory: true)
                guard let data = fm.contents(atPath: folder.appendingPathComponent("meta.json").path),
                      let meta = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
                      meta["file_format"] as? String == "document" else { continue }
                var files: [String: URL] = [:], expected: URL?
                for f in (try? fm.contentsOfDirectory(atPath: folder.path)) ?? [] {
                    let side = String(f.prefix { $0 != "." })
                    if ["base", "ours", "theirs"].contains(side) { files[side] = folder.appendingPathComponent(f) }
                    if side == "expected" { expected = folder.appendingPathComponent(f) }
                }
                result.append(Scenario(folder: folder, set: set, files: files, expected: expected))
            }
        }
        return result
    }

    /// base / ours / theirs of every document-format scenario.
    public static func documentScenarioFiles() -> [URL] {
        documentScenarios().flatMap { s in ["base", "ours", "theirs"].compactMap { s.files[$0] } }
    }

    public static func bytes(_ url: URL) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: url))
    }

    // MARK: - Xcode-written files

    /// Whether a document-format file looks written by Xcode rather than edited by hand after it.
    ///
    /// Tests that hold xibmerge to Xcode's form (`format` changes nothing, the regenerated tree
    /// is byte-identical) need files Xcode wrote. Some committed files were touched after Xcode:
    /// a hand-resolved merge, another editor. Xcode writes one element per line, indented with
    /// spaces only, four per level, and never a blank line between elements. So a file is taken
    /// as hand-edited when a line holding markup (an element or a comment) is indented with a
    /// tab or by a number of spaces that is not a multiple of four, or when a blank line stands
    /// between two lines of markup. Blank lines inside text content (a label's multi-line
    /// `<string>`) are the text's own and do not count. `check` must still pass on such files
    /// when they are well-formed; only the byte-for-byte form tests leave them out.
    public static func isXcodeWritten(_ bytes: [UInt8]) -> Bool {
        handEditedReason(bytes) == nil
    }

    /// Why `bytes` look hand-edited (see `isXcodeWritten`), or nil.
    public static func handEditedReason(_ bytes: [UInt8]) -> String? {
        var lineStart = 0, lineNumber = 1
        var previousEndsMarkup = false, blankAfterMarkup = false
        while lineStart <= bytes.count {
            var end = lineStart
            while end < bytes.count && bytes[end] != UInt8(ascii: "\n") { end += 1 }
            var first = lineStart, spaces = 0, tab = false
            while first < end && (bytes[first] == UInt8(ascii: " ") || bytes[first] == UInt8(ascii: "\t")) {
                if bytes[first] == UInt8(ascii: "\t") { tab = true } else { spaces += 1 }
                first += 1
            }
            let contentEnd = end > first && bytes[end - 1] == UInt8(ascii: "\r") ? end - 1 : end
            if first == contentEnd {
                if previousEndsMarkup && end < bytes.count { blankAfterMarkup = true }
            } else {
                let startsMarkup = bytes[first] == UInt8(ascii: "<")
                if startsMarkup && lineNumber > 1 {
                    if tab { return "line \(lineNumber): markup indented with a tab" }
                    if spaces % 4 != 0 { return "line \(lineNumber): markup indented by \(spaces) spaces" }
                    if blankAfterMarkup { return "line \(lineNumber - 1): a blank line between elements" }
                }
                blankAfterMarkup = false
                previousEndsMarkup = bytes[contentEnd - 1] == UInt8(ascii: ">")
            }
            lineStart = end + 1
            lineNumber += 1
        }
        return nil
    }

    /// Document-format files Xcode wrote (see `isXcodeWritten`): the single files without
    /// committed markers, and base, ours and theirs of every document-format scenario.
    public static func xcodeWrittenFiles() throws -> [URL] {
        let all = try documentFiles().map(\.url) + documentScenarioFiles()
        return try all.filter { isXcodeWritten([UInt8](try Data(contentsOf: $0))) }
    }

    /// The files `xcodeWrittenFiles` leaves out, with the reason.
    public static func handEditedFiles() throws -> [(url: URL, reason: String)] {
        let all = try documentFiles().map(\.url) + documentScenarioFiles()
        return try all.compactMap { url in
            handEditedReason([UInt8](try Data(contentsOf: url))).map { (url, $0) }
        }
    }
}

/// The fixtures every test can count on, plain clone or not (`Tests/Fixtures`).
public enum Fixtures {
    public static let root: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures", isDirectory: true)

    /// A fixture by its path under `Tests/Fixtures`, e.g. `real/legacy-archive.xib`.
    public static func url(_ relativePath: String) -> URL { root.appendingPathComponent(relativePath) }
}

/// The shared projects (`<package root>/../shared/projects`): real apps with their IB files
/// and translations. Absent from a plain clone, like the corpus.
public enum Projects {
    public static let root: URL = Corpus.root.deletingLastPathComponent().appendingPathComponent("projects", isDirectory: true)

    public static var isAvailable: Bool { FileManager.default.fileExists(atPath: root.appendingPathComponent("README.md").path) }

    public static let unavailableMessage = "the shared projects are not available (expected at <package root>/../shared/projects); skipping"

    /// Each project's folder, sorted by name.
    public static func folders() throws -> [URL] {
        try FileManager.default.contentsOfDirectory(at: root, includingPropertiesForKeys: [.isDirectoryKey])
            .filter { (try? $0.resourceValues(forKeys: [.isDirectoryKey]).isDirectory) == true }
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
    }

    /// Every file under a folder whose name ends with one of `suffixes`, sorted.
    public static func files(under folder: URL, suffixes: [String]) -> [URL] {
        let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)
        var out: [URL] = []
        while let url = walker?.nextObject() as? URL {
            if suffixes.contains(where: { url.lastPathComponent.hasSuffix($0) }) { out.append(url) }
        }
        return out.sorted { $0.path < $1.path }
    }
}

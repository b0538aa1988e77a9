import Foundation
import Testing

/// The shared xib/storyboard corpus (`<package root>/../shared/corpus`), located from this
/// file's path so that the tests work from any working directory. Absent on machines that
/// do not have it: the tests that need it are then disabled with a message.
enum XMLTestCorpus {
    static let root: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // XibKitTests
        .deletingLastPathComponent()  // Tests
        .deletingLastPathComponent()  // package root
        .deletingLastPathComponent()
        .appendingPathComponent("shared/corpus", isDirectory: true)

    static var filesDirectory: URL { root.appendingPathComponent("files", isDirectory: true) }
    static var scenariosDirectory: URL { root.appendingPathComponent("scenarios", isDirectory: true) }

    static var isAvailable: Bool {
        FileManager.default.fileExists(atPath: root.appendingPathComponent("files.tsv").path)
    }

    static let unavailableMessage: Comment =
        "the shared corpus is not available (expected at <package root>/../shared/corpus); skipping"

    /// One row of `files.tsv`.
    struct FileRow: Sendable {
        var file: String
        var bytes: Int
        var rootElement: String
        var notes: [String]

        var url: URL { XMLTestCorpus.filesDirectory.appendingPathComponent(file) }
    }

    static func fileRows() throws -> [FileRow] {
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
    static func documentFiles() throws -> [FileRow] {
        try fileRows().filter { $0.rootElement == "document" && !$0.notes.contains("committed-conflict-markers") }
    }

    /// One scenario folder and the versions it has.
    struct Scenario: Sendable, CustomTestStringConvertible {
        var folder: URL
        /// base, ours, theirs (those present).
        var files: [String: URL]
        var testDescription: String { folder.lastPathComponent }
    }

    /// Every scenario whose meta.json says `"file_format": "document"`.
    static func documentScenarios() -> [Scenario] {
        let fm = FileManager.default
        var result: [Scenario] = []
        for category in ["conflicts", "clean"] {
            let dir = scenariosDirectory.appendingPathComponent(category, isDirectory: true)
            guard let names = try? fm.contentsOfDirectory(atPath: dir.path) else { continue }
            for name in names.sorted() {
                let folder = dir.appendingPathComponent(name, isDirectory: true)
                guard let data = fm.contents(atPath: folder.appendingPathComponent("meta.json").path),
                      let meta = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
                      meta["file_format"] as? String == "document" else { continue }
                var files: [String: URL] = [:]
                for f in (try? fm.contentsOfDirectory(atPath: folder.path)) ?? [] {
                    let side = String(f.prefix { $0 != "." })
                    if ["base", "ours", "theirs"].contains(side) { files[side] = folder.appendingPathComponent(f) }
                }
                result.append(Scenario(folder: folder, files: files))
            }
        }
        return result
    }

    /// base / ours / theirs of every document-format scenario.
    static func documentScenarioFiles() throws -> [URL] {
        documentScenarios().flatMap { s in ["base", "ours", "theirs"].compactMap { s.files[$0] } }
    }

    static func bytes(_ url: URL) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: url))
    }
}

/// SplitMix64: a tiny, seeded, deterministic PRNG (same sequence on every platform).
struct XMLSplitMix64: RandomNumberGenerator {
    var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// Uniform in 0..<n (n > 0); the modulo bias is irrelevant here.
    mutating func below(_ n: Int) -> Int { Int(next() % UInt64(n)) }

    mutating func pick<T>(_ items: [T]) -> T { items[below(items.count)] }

    mutating func chance(_ percent: Int) -> Bool { below(100) < percent }
}

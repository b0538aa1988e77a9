import Foundation
import Testing
@testable import XibKit
import XibReport

/// Golden-file tests of `xibmerge diff`: every folder of Tests/Fixtures/diff holds
/// `old.<ext>` and/or `new.<ext>` (a missing side is an added or deleted file), optionally
/// `args` (`--include-noise`, `--layout`), and the expected `expected.txt`, `expected.md`
/// and `expected.json`. Regenerate them with `UPDATE_GOLDEN=1 swift test --filter DiffFixture`
/// (then read the changes: they are the specification).
struct DiffFixtureTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/diff", isDirectory: true)

    static var cases: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: root.path)) ?? []).sorted()
    }

    struct Case {
        var folder: URL
        var old: String?
        var new: String?
        var options: DiffOptions

        init(_ name: String) throws {
            folder = DiffFixtureTests.root.appendingPathComponent(name, isDirectory: true)
            let files = try FileManager.default.contentsOfDirectory(atPath: folder.path)
            old = files.first { $0.hasPrefix("old.") }
            new = files.first { $0.hasPrefix("new.") }
            let args = (try? String(contentsOf: folder.appendingPathComponent("args"), encoding: .utf8)) ?? ""
            options = DiffOptions(includeNoise: args.contains("--include-noise"), layout: args.contains("--layout"))
        }

        func bytes(_ name: String?) throws -> [UInt8]? {
            try name.map { [UInt8](try Data(contentsOf: folder.appendingPathComponent($0))) }
        }

        /// The diff as `xibmerge diff [args] old.<ext> new.<ext>` run in the folder computes it.
        func diff() throws -> FileDiff {
            try SemanticDiff.files(oldBytes: try bytes(old), newBytes: try bytes(new), oldName: old ?? "/dev/null",
                                   newName: new ?? "/dev/null", options: options)
        }
    }

    /// Compares with the golden file, or writes it when UPDATE_GOLDEN is set.
    static func check(_ actual: String, _ file: URL, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws {
        if ProcessInfo.processInfo.environment["UPDATE_GOLDEN"] != nil {
            try actual.write(to: file, atomically: true, encoding: .utf8)
            return
        }
        let expected = try String(contentsOf: file, encoding: .utf8)
        #expect(actual == expected, "\(file.path) differs; run with UPDATE_GOLDEN=1 to regenerate", sourceLocation: sourceLocation)
    }

    @Test("fixtures: text, Markdown and JSON match the golden files", arguments: cases)
    func golden(_ name: String) throws {
        let c = try Case(name)
        let file = try c.diff()
        try Self.check(DiffReport.render([file], format: .text), c.folder.appendingPathComponent("expected.txt"))
        try Self.check(DiffReport.render([file], format: .markdown), c.folder.appendingPathComponent("expected.md"))
        try Self.check(DiffReport.render([file], format: .json), c.folder.appendingPathComponent("expected.json"))
    }

    @Test("fixtures cover every kind of change, a storyboard with segues and a macOS xib")
    func coverage() throws {
        var kinds: Set<ObjectChange.Kind> = []
        var categories: Set<String> = []
        var moves: (reparented: Bool, reordered: Bool) = (false, false)
        var sawValueChild = false, sawNoise = false, sawFrames = false, sawMacOS = false, sawSegueStoryboard = false
        for name in Self.cases {
            let c = try Case(name)
            let file = try c.diff()
            for change in file.changes {
                kinds.insert(change.kind)
                categories.insert(change.category)
                if let m = change.move { if m.reparented { moves.reparented = true } else { moves.reordered = true } }
                if change.attributes.contains(where: { $0.name.contains(" ") }) { sawValueChild = true }
                if change.attributes.contains(where: { $0.noise == .toolsVersion || $0.noise == .editorState }) { sawNoise = true }
                if change.attributes.contains(where: { $0.noise == .layout }) { sawFrames = true }
                if change.category == "segue", file.documentKind == .storyboard { sawSegueStoryboard = true }
            }
            if file.noiseHidden > 0 { sawNoise = true }
            if file.framesChanged > 0 { sawFrames = true }
            if file.platform == .macOS, file.documentKind == .xib, !file.changes.isEmpty { sawMacOS = true }
        }
        #expect(kinds == Set(ObjectChange.Kind.allCases))
        for category in ["view", "constraint", "outlet", "action", "segue", "scene", "resource", "view controller"] {
            #expect(categories.contains(category), "no fixture changes a \(category)")
        }
        #expect(moves.reparented && moves.reordered)
        #expect(sawValueChild && sawNoise && sawFrames && sawMacOS && sawSegueStoryboard)
    }
}

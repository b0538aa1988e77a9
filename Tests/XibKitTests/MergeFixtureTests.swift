import Foundation
import MergeLaws
import Testing
import XibKit
import XibReport

/// Hand-made merge cases built from real Xcode-written files: each folder of
/// `Tests/Fixtures/merge/` holds `base`, `ours`, `theirs` and `expected` (`.xib` or
/// `.storyboard`), and optionally `expect.json`:
///
///     {"options": {"strictLayout": true, "conflictStyle": "markers"},
///      "clean": false, "method": "structural", "conflicts": 1, "markerHunks": 1,
///      "markedLines": [[1, 1]], "events": ["conflict"],
///      "summary": ["a line of the stderr summary, or part of one"], "unworded": 2}
///
/// `markedLines` gives, per conflict hunk, how many lines its ours and theirs parts hold (so a
/// conflict on one attribute is seen to mark one line). `events` is the multiset of event kinds
/// reported (order ignored). `unworded`: how many of the kept side's changes are left out of
/// words by a merge asked to word only what the summary shows (`xibmerge merge` without
/// `--report`). The merge result must equal `expected` byte for byte (for a conflict, the exact
/// marker output). Adding a case is adding a folder. `UPDATE_FIXTURES=1` rewrites `expected`
/// from the merge first (review the diff!).
///
/// Each case also checks what must hold whatever the expected bytes: a clean result is sound
/// and holds what the merge in the other order holds; a clean line-based result is what the
/// structural merge produces too; each side of structural conflict markers is a sound file,
/// the one `--conflict-style ours` (or `theirs`) writes.
@Suite struct MergeFixtureTests {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // XibKitTests
        .deletingLastPathComponent()  // Tests
        .appendingPathComponent("Fixtures/merge", isDirectory: true)

    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var folder: URL
        var fileExtension: String

        var testDescription: String { name }

        func url(_ stem: String) -> URL { folder.appendingPathComponent("\(stem).\(fileExtension)") }
        func input(_ stem: String) throws -> XibMerger.Input {
            .init(bytes: [UInt8](try Data(contentsOf: url(stem))), name: "\(stem).\(fileExtension)")
        }
    }

    struct Expectation: Decodable {
        struct Options: Decodable {
            var strictLayout: Bool?
            var conflictStyle: String?
        }

        var options: Options?
        var clean: Bool?
        var method: String?
        var conflicts: Int?
        var markerHunks: Int?
        var markedLines: [[Int]]?
        var events: [String]?
        var summary: [String]?
        var unworded: Int?
    }

    static let cases: [Case] = {
        let fm = FileManager.default
        guard let names = try? fm.contentsOfDirectory(atPath: root.path) else { return [] }
        return names.sorted().compactMap { name in
            let folder = root.appendingPathComponent(name, isDirectory: true)
            let files = (try? fm.contentsOfDirectory(atPath: folder.path)) ?? []
            guard let base = files.first(where: { $0.hasPrefix("base.") }) else { return nil }
            return Case(name: name, folder: folder, fileExtension: String(base.dropFirst("base.".count)))
        }
    }()

    @Test func fixturesAreComplete() {
        #expect(MergeFixtureTests.cases.count >= 15, "expected the merge fixtures in \(MergeFixtureTests.root.path)")
        for c in MergeFixtureTests.cases {
            for stem in ["base", "ours", "theirs", "expected"] {
                #expect(FileManager.default.fileExists(atPath: c.url(stem).path), "\(c.name): missing \(stem).\(c.fileExtension)")
            }
        }
    }

    /// A subtree one side deleted and a conflict kept comes back as the side that kept it wrote
    /// it, whichever side that is: in `kept-subtree-as-the-keeper-wrote-it` theirs wrote the
    /// logo's constraints out of the order Xcode sorts them in, and the rendering that takes
    /// theirs holds theirs' stack view byte for byte, as the one that takes ours does with the
    /// sides swapped.
    @Test func aKeptSubtreeIsTheKeepersBytes() throws {
        let c = try #require(MergeFixtureTests.cases.first { $0.name == "kept-subtree-as-the-keeper-wrote-it" })
        let base = try c.input("base"), ours = try c.input("ours"), theirs = try c.input("theirs")
        let graph = IBGraph(try IBDocument(bytes: theirs.bytes, name: theirs.name))
        let node = try #require(graph.objectIndex["IH4-GE-Uvn"])
        let span = try #require(graph.nodes[node].element.origin?.span)
        let kept = Array(theirs.bytes[span])
        func holds(_ bytes: [UInt8]) -> Bool {
            bytes.count >= kept.count && (0...(bytes.count - kept.count)).contains { bytes[$0..<$0 + kept.count].elementsEqual(kept) }
        }
        var options = XibMerger.Options()
        options.conflictStyle = .theirs
        #expect(holds(XibMerger.merge(base: base, ours: ours, theirs: theirs, options: options).bytes))
        options.conflictStyle = .ours
        #expect(holds(XibMerger.merge(base: base, ours: theirs, theirs: ours, options: options).bytes))
        // The case's point: theirs' order is not Xcode's (by id), so a rewritten subtree would show.
        let text = String(decoding: kept, as: UTF8.self)
        let first = try #require(text.range(of: "hG0-9J-Fdt")), second = try #require(text.range(of: "Ab3-xY-9Qz"))
        #expect(first.lowerBound < second.lowerBound)
    }

    @Test(arguments: MergeFixtureTests.cases)
    func fixture(_ c: Case) throws {
        let base = try c.input("base"), ours = try c.input("ours"), theirs = try c.input("theirs")
        let expectURL = c.folder.appendingPathComponent("expect.json")
        let expect = FileManager.default.fileExists(atPath: expectURL.path)
            ? try JSONDecoder().decode(Expectation.self, from: Data(contentsOf: expectURL)) : Expectation()
        var options = XibMerger.Options()
        if let v = expect.options?.strictLayout { options.strictLayout = v }
        if let v = expect.options?.conflictStyle {
            options.conflictStyle = try #require(XibMerger.Options.ConflictStyle(rawValue: v), "unknown conflictStyle \(v)")
        }

        let outcome = XibMerger.merge(base: base, ours: ours, theirs: theirs, options: options)
        if ProcessInfo.processInfo.environment["UPDATE_FIXTURES"] == "1" {
            try Data(outcome.bytes).write(to: c.url("expected"))
        }
        let expected = [UInt8](try Data(contentsOf: c.url("expected")))
        let matches = outcome.bytes == expected
        #expect(matches, "\(c.name): the merge differs from expected.\(c.fileExtension):\n\(MergeFixtureTests.firstDifference(outcome.bytes, expected))")

        // The report.
        let summary = MergeSummary.text(outcome, path: "\(c.name).\(c.fileExtension)", verbose: true)
        if let v = expect.clean { #expect(outcome.isClean == v, "clean: \(outcome.isClean)\n\(summary)") }
        if let v = expect.method { #expect(outcome.method.rawValue == v, "method: \(outcome.method)\n\(summary)") }
        if let v = expect.conflicts { #expect(outcome.conflicts == v, "conflicts: \(outcome.conflicts)\n\(summary)") }
        if let v = expect.markerHunks { #expect(outcome.markerHunks == v, "marker hunks: \(outcome.markerHunks)\n\(summary)") }
        if let v = expect.markedLines {
            let hunks = MergeFixtureTests.splitMarkers(outcome.bytes).hunks
            #expect(hunks == v, "lines inside the markers (ours, theirs) per hunk: \(hunks)")
        }
        if let v = expect.events {
            #expect(outcome.events.map(\.kind.rawValue).sorted() == v.sorted(), "events:\n\(summary)")
        }
        for line in expect.summary ?? [] {
            #expect(summary.contains(line), "the summary does not say: \(line)\n\(summary)")
        }
        #expect(IntegrityCheck.conflictMarkerLines(outcome.bytes).isEmpty == (outcome.markerHunks == 0), "markers in the file vs markerHunks \(outcome.markerHunks)")
        try MergeFixtureTests.checkWordingOnlyWhatIsShown(c, options: options, full: outcome, unworded: expect.unworded)

        if outcome.isClean {
            let problems = MergeLawTests.integrityProblems(outcome.bytes, name: c.name)
            #expect(problems.isEmpty, "a clean result must pass check:\n\(problems.joined(separator: "\n"))")
            // The other order holds the same (`Facts`, as the merge's laws compare).
            let swapped = XibMerger.merge(base: base, ours: theirs, theirs: ours, options: options)
            #expect(swapped.isClean, "merge(base, theirs, ours) is not clean")
            if swapped.isClean {
                let (a, b) = try Facts(outcome.bytes).difference(Facts(swapped.bytes))
                #expect(a.isEmpty && b.isEmpty, "the merge in the other order differs:\n\(a.prefix(5).joined(separator: "\n"))\nvs\n\(b.prefix(5).joined(separator: "\n"))")
            }
        }
        if outcome.method == .structural && outcome.markerHunks > 0 {
            // Each side of the markers is a whole, sound file: the one a conflict style writes.
            let sides = MergeFixtureTests.splitMarkers(outcome.bytes)
            for style in [XibMerger.Options.ConflictStyle.ours, .theirs] {
                var styled = options
                styled.conflictStyle = style
                let resolved = XibMerger.merge(base: base, ours: ours, theirs: theirs, options: styled)
                let side = style == .ours ? sides.ours : sides.theirs
                let sameSide = side == resolved.bytes
                #expect(sameSide, "taking \(style) in every marker hunk differs from --conflict-style \(style):\n\(MergeFixtureTests.firstDifference(side, resolved.bytes))")
                #expect(resolved.isClean && resolved.conflicts == outcome.conflicts)
                let problems = MergeLawTests.integrityProblems(resolved.bytes, name: "\(c.name) (\(style))")
                #expect(problems.isEmpty, "--conflict-style \(style) is not sound:\n\(problems.joined(separator: "\n"))")
            }
        }
    }

    // MARK: - Helpers

    /// A merge asked to word only the changes the summary shows writes the same bytes and the
    /// same summary, and its conflicts' changes are the full ones' first few (the object's own
    /// among them) with the rest counted; asked for one, it counts the same changes.
    static func checkWordingOnlyWhatIsShown(_ c: Case, options: XibMerger.Options, full: XibMerger.Outcome, unworded: Int?) throws {
        let name = "\(c.name).\(c.fileExtension)"
        for limit in [ConflictWording.shownPhrases, 1] {
            var short = options
            short.wordedChanges = limit
            let outcome = XibMerger.merge(base: try c.input("base"), ours: try c.input("ours"), theirs: try c.input("theirs"), options: short)
            #expect(outcome.bytes == full.bytes, "\(c.name): wording fewer changes changed the merge")
            var left = 0
            for (a, b) in zip(outcome.events, full.events) {
                guard let short = a.conflict, let whole = b.conflict else { continue }
                #expect(short.edit.count + short.referrers.count + short.unworded == whole.edit.count + whole.referrers.count)
                #expect(short.edit.allSatisfy(whole.edit.contains) && short.referrers.allSatisfy(whole.referrers.contains))
                left += short.unworded
            }
            guard limit == ConflictWording.shownPhrases else { continue }
            #expect(MergeSummary.text(outcome, path: name, verbose: true) == MergeSummary.text(full, path: name, verbose: true))
            if let unworded { #expect(left == unworded, "changes left unworded") }
        }
    }

    /// A file with conflict markers, split: the file with every hunk replaced by its ours part,
    /// the same with theirs, and the number of lines in the ours and theirs parts of each hunk.
    static func splitMarkers(_ bytes: [UInt8]) -> (ours: [UInt8], theirs: [UInt8], hunks: [[Int]]) {
        var ours: [UInt8] = [], theirs: [UInt8] = [], hunks: [[Int]] = []
        var part = -1  // -1 outside a hunk, 0 in its ours part, 1 in its theirs part
        for line in LineDiff.lines(bytes) {
            if line.starts(with: Array("<<<<<<< ".utf8)) { hunks.append([0, 0]); part = 0; continue }
            if part == 0, line.starts(with: Array("=======".utf8)) { part = 1; continue }
            if part == 1, line.starts(with: Array(">>>>>>> ".utf8)) { part = -1; continue }
            if part >= 0 { hunks[hunks.count - 1][part] += 1 }
            if part != 1 { ours.append(contentsOf: line) }
            if part != 0 { theirs.append(contentsOf: line) }
        }
        return (ours, theirs, hunks)
    }

    /// The first line where two texts differ, with a little context, for failure messages.
    static func firstDifference(_ actual: [UInt8], _ expected: [UInt8]) -> String {
        let a = LineDiff.lines(actual).map { String(decoding: $0, as: UTF8.self) }
        let e = LineDiff.lines(expected).map { String(decoding: $0, as: UTF8.self) }
        guard let i = a.indices.first(where: { $0 >= e.count || a[$0] != e[$0] }) ?? (a.count < e.count ? a.count : nil) else {
            return "(no difference)"
        }
        func show(_ lines: [String]) -> String {
            lines[min(lines.count, max(0, i - 2))..<min(lines.count, i + 4)].map { "    " + $0.trimmingCharacters(in: .newlines) }.joined(separator: "\n")
        }
        return "line \(i + 1):\n  actual:\n\(show(a))\n  expected:\n\(show(e))"
    }
}

import CorpusSupport
import Foundation
import Testing

/// `xibmerge check` and `xibmerge format` through the binary: exit codes, messages, and the
/// byte-identical round trip over the corpus (format is a no-op on what Xcode wrote).
@Suite struct CheckFormatCLITests {
    static let checkFixtures = CLI.fixtures.appendingPathComponent("check")
    static let examples = CLI.packageRoot.appendingPathComponent("Examples")

    /// `format --check` changes nothing on the files Xcode wrote (`Corpus.isXcodeWritten`), and
    /// `check` finds no problem in any document-format file, hand-edited ones included.
    @Test(.enabled(if: CLI.hasCorpus, "the shared corpus is not available (../shared/corpus); skipping"))
    func formatCheckAndCheckPassOnEveryXcodeWrittenFile() throws {
        let xcodeWritten = try Corpus.xcodeWrittenFiles().map(\.path)
        #expect(xcodeWritten.count >= Corpus.minimumFiles)
        let format = try CLI.xibmerge(["format", "--check"] + xcodeWritten)
        #expect(format.status == 0, "format --check would change: \(format.stdout.prefix(2000)) \(format.stderr.prefix(2000))")
        #expect(format.stdout.isEmpty)
        let all = try (Corpus.documentFiles().map(\.url) + Corpus.documentScenarioFiles()).map(\.path)
        let check = try CLI.xibmerge(["check"] + all)
        #expect(check.status == 0, "\(check.stdout.prefix(2000)) \(check.stderr.prefix(2000))")
    }

    /// Real committed files that are not in the document format, or not well-formed.
    @Test func otherRealFilesAreRefusedClearly() throws {
        let files = CLI.fixtures.appendingPathComponent("real")
        let legacy = files.appendingPathComponent("legacy-archive.xib").path
        let junk = files.appendingPathComponent("junk-before-declaration.xib").path
        let markers = files.appendingPathComponent("committed-conflict-markers.xib").path

        let l = try CLI.xibmerge(["format", "--check", legacy])
        #expect(l.status == 2)
        #expect(l.stderr.contains("\(legacy):2:1: error: unsupported format: legacy Interface Builder 3 archive (Xcode 3/4); open and save it in Xcode 5 or later"))
        #expect(try CLI.xibmerge(["check", legacy]).status == 2)

        let j = try CLI.xibmerge(["format", "--check", junk])
        #expect(j.status == 2)
        #expect(j.stderr.contains("\(junk):1:1: error: unexpected content before the XML declaration"))
        let jc = try CLI.xibmerge(["check", junk])
        #expect(jc.status == 1)
        #expect(jc.stdout.contains("\(junk):1:1: error: unexpected content before the XML declaration"))
        #expect(jc.stdout.contains("[malformed]"))

        let m = try CLI.xibmerge(["format", "--check", markers])
        #expect(m.status == 2)
        #expect(m.stderr.contains("\(markers):93:1: error: the file contains git conflict markers"))
        let mc = try CLI.xibmerge(["check", markers])
        #expect(mc.status == 1)
        #expect(mc.stdout.contains("\(markers):93:1: error: git conflict marker; resolve the conflict first (e.g. `xibmerge resolve`) [conflict-markers]"))
    }

    @Test func checkExitCodesAndMessages() throws {
        let clean = try CLI.xibmerge(["check", Self.examples.appendingPathComponent("CrashReport.storyboard").path,
                                      Self.examples.appendingPathComponent("BannerView.xib").path])
        #expect(clean.status == 0)
        #expect(clean.stdout.isEmpty)

        let dup = Self.checkFixtures.appendingPathComponent("duplicate-id.storyboard").path
        let outlet = Self.checkFixtures.appendingPathComponent("dangling-outlet.storyboard").path
        let r = try CLI.xibmerge(["check", dup, outlet])
        #expect(r.status == 1)
        #expect(r.stdout.contains("\(dup):46:29: error: Crash ReportVC Scene > View > Constraint (leading): duplicate object id 'te6-OX-DTW'"))
        #expect(r.stdout.contains("[duplicate-id]"))
        #expect(r.stdout.contains("\(outlet):55:25: error: Crash ReportVC Scene > Outlet learnMoreButton: outlet 'learnMoreButton' points at a missing object 'Zq9-xx-0Ab' [dangling-reference]"))

        let malformed = Self.checkFixtures.appendingPathComponent("malformed.storyboard").path
        let m = try CLI.xibmerge(["check", malformed])
        #expect(m.status == 1)
        #expect(m.stdout.contains("\(malformed):30:29: error: end tag </label> does not match start tag <nil> opened at line 29, column 33 [malformed]"))

        let missing = try CLI.xibmerge(["check", "/nonexistent/file.xib"])
        #expect(missing.status == 2)
        #expect(missing.stdout.contains("/nonexistent/file.xib") || missing.stderr.contains("/nonexistent/file.xib"))
    }

    @Test func checkJSONHasVersionAndProblems() throws {
        let markers = Self.checkFixtures.appendingPathComponent("conflict-markers.storyboard").path
        let r = try CLI.xibmerge(["check", "--format", "json", markers])
        #expect(r.status == 1)
        let json = try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any]
        #expect(json?["version"] as? Int == 1)
        let file = (json?["files"] as? [[String: Any]])?.first
        #expect(file?["status"] as? String == "problems")
        let lines = (file?["problems"] as? [[String: Any]])?.compactMap { $0["line"] as? Int }
        #expect(lines == [34, 36, 38])
    }

    @Test func formatRewritesInXcodeFormAndIsIdempotent() throws {
        let dir = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let original = try String(contentsOf: Self.examples.appendingPathComponent("BannerView.xib"), encoding: .utf8)
        // A hand edit: wrong indentation, a spelled-out empty element, single quotes.
        var edited = original.replacingOccurrences(of: "\n            <subviews>", with: "\n  <subviews>")
        edited = edited.replacingOccurrences(of: "<nil key=\"textColor\"/>", with: "<nil key='textColor'></nil>")
        #expect(edited != original)
        let path = dir + "/BannerView.xib"
        try edited.write(toFile: path, atomically: true, encoding: .utf8)

        let check = try CLI.xibmerge(["format", "--check", path])
        #expect(check.status == 1)
        #expect(check.stdout == path + "\n")
        #expect(try String(contentsOfFile: path, encoding: .utf8) == edited, "--check must not write")

        let format = try CLI.xibmerge(["format", path])
        #expect(format.status == 0)
        let formatted = try String(contentsOfFile: path, encoding: .utf8)
        #expect(formatted.contains("\n            <subviews>"))
        #expect(!formatted.contains("<nil key='textColor'></nil>"))
        #expect(try CLI.xibmerge(["format", "--check", path]).status == 0)
        #expect(try CLI.xibmerge(["check", path]).status == 0)
    }
}

import CorpusSupport
import Foundation
import Testing

/// `xibmerge review`'s localisation impact in a real repository: a real KeePassium storyboard in
/// `App/Base.lproj` with fr and de (UTF-16) `.strings` made from its text-bearing objects on
/// `main`; on `feature`, a label deleted and re-created with a new id, a bar button item deleted,
/// a label added and translated in fr only (Tests/Fixtures/review/localization).
@Suite(.serialized)
struct GitReviewLocalizationTests {
    static let fixture = CLI.fixtures.appendingPathComponent("review/localization")
    static let strings = "DiagnosticsViewerVC.strings"

    static func repository() throws -> GitSandbox {
        let git = try GitSandbox()
        func copy(_ side: String) throws {
            let dir = fixture.appendingPathComponent(side)
            for folder in try FileManager.default.contentsOfDirectory(atPath: dir.path) {
                for file in try FileManager.default.contentsOfDirectory(atPath: dir.appendingPathComponent(folder).path) {
                    let target = git.path("App/\(folder)/\(file)")
                    try FileManager.default.createDirectory(atPath: git.path("App/\(folder)"), withIntermediateDirectories: true)
                    try? FileManager.default.removeItem(atPath: target)
                    try FileManager.default.copyItem(atPath: dir.appendingPathComponent("\(folder)/\(file)").path, toPath: target)
                }
            }
        }
        try copy("base")
        try git.commit("base")
        try git.git(["checkout", "-q", "-b", "feature"])
        try copy("ours")
        try git.commit("re-create a label, delete a button, add a label")
        try git.git(["checkout", "-q", "main"])
        return git
    }

    /// The fixture's translations are what Xcode exports for its text: `check` finds every key's
    /// object and, with missing translations on, only the one key German lacks.
    @Test func theTranslationsFitTheStoryboard() throws {
        let git = try Self.repository()
        let check = try git.xibmerge(["check", "--enable", "missing-translation", "App"])
        #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
        let findings = check.stdout.split(separator: "\n")
        #expect(findings.count == 1)
        #expect(findings.first?.contains("de has no translation of title (\"Bti-aV-bQB.title\"") == true, "\(check.stdout)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: git.path("App/de.lproj/\(Self.strings)"))).prefix(2) == Data([0xFF, 0xFE]))
    }

    @Test func everyFormatNamesTheOrphanedAndUntranslatedObjects() throws {
        let git = try Self.repository()
        let report = try GitReviewTests.checkLaws(git)
        let l10n = report["files"]!.array.first!["localization"]!
        #expect(l10n["languages"]!.array.map { [$0["language"]!, $0["orphaned"]!, $0["untranslated"]!] }
                == [[.string("de"), .int(1), .int(2)], [.string("fr"), .int(2), .int(1)]])
        #expect(l10n["languages"]!.array.compactMap { $0["file"]?.string } == ["App/de.lproj/\(Self.strings)", "App/fr.lproj/\(Self.strings)"])
        func summary(_ list: String, _ counterpart: String) -> [String] {
            l10n[list]!.array.map { o in
                "\(o["id"]!.string!) \(o[counterpart]!.string ?? "-") "
                    + o["keys"]!.array.map { "\($0["key"]!.string!)=\($0["languages"]!.array.compactMap(\.string).joined(separator: ","))" }.joined()
            }
        }
        #expect(summary("orphaned", "recreatedAs") == ["VTC-44-cgF p3K-8d-Vxe VTC-44-cgF.text=de,fr", "Bti-aV-bQB - Bti-aV-bQB.title=fr"])
        #expect(summary("untranslated", "recreates") == ["p3K-8d-Vxe VTC-44-cgF p3K-8d-Vxe.text=de,fr", "Lh5-Qe-2Zs - Lh5-Qe-2Zs.text=de"])

        let markdown = try git.xibmerge(["review", "--format", "markdown", "main..feature"]).stdout
        #expect(markdown.contains("; ⚠️ 3 translations orphaned, 3 translations missing for new text</summary>"))
        let expected = """
        **Translations**: ⚠️ 3 translations orphaned (de 1, fr 2), 3 translations missing for new text (de 2, fr 1)

        - orphaned: Label "{file:line:function}" `VTC-44-cgF` (re-created as `p3K-8d-Vxe`): `VTC-44-cgF.text` (de, fr)
        - orphaned: Bar Button Item "{Contact Support}" `Bti-aV-bQB` (deleted): `Bti-aV-bQB.title` (fr)
        - untranslated: Label "{file:line:function}" `p3K-8d-Vxe` (re-creates `VTC-44-cgF`): `p3K-8d-Vxe.text` (de, fr)
        - untranslated: Label "Level" `Lh5-Qe-2Zs` (new): `Lh5-Qe-2Zs.text` (de)
        """
        #expect(markdown.contains(expected), "\(markdown)")

        let html = try git.xibmerge(["review", "--format", "html", "main..feature"]).stdout
        let box = try #require(html.range(of: "<div class=\"l10n\">").map { html[$0.lowerBound...] }.flatMap { s in
            s.range(of: "</div>").map { String(s[..<$0.upperBound]) }
        })
        let scan = MarkupScan(box, idsOf: ["li"])
        #expect(scan.error == nil)
        #expect(scan.idCounts == ["VTC-44-cgF": 1, "Bti-aV-bQB": 1, "p3K-8d-Vxe": 1, "Lh5-Qe-2Zs": 1])
        #expect(box.contains("3 translations orphaned (de 1, fr 2), 3 translations missing for new text (de 2, fr 1)"))
        for key in ["VTC-44-cgF.text</code> (de, fr)", "Bti-aV-bQB.title</code> (fr)", "p3K-8d-Vxe.text</code> (de, fr)", "Lh5-Qe-2Zs.text</code> (de)"] {
            #expect(box.contains(key), "\(key) not in \(box)")
        }
    }

    /// A `.strings` file that does not parse is a finding named with `file:line:column` (in the
    /// report and on standard error); the document is reviewed against the other languages, and
    /// the review does not fail for it (it exited 2).
    @Test func aBrokenStringsFileIsReportedAndTheRestGoesOn() throws {
        let git = try Self.repository()
        try git.git(["checkout", "-q", "feature"])
        try git.commit("break German", ["App/de.lproj/\(Self.strings)": "\"vlS-RX-RUW.text\" = \"{Diagnosemeldung}\"\n"])
        let r = try git.xibmerge(["review", "--format", "json", "main..HEAD"])
        #expect(r.status == 0)
        #expect(r.stderr.contains("App/de.lproj/\(Self.strings):2:1: "), "\(r.stderr)")
        #expect(r.stderr.contains("its translations left out of the review"))
        let report = try JSONValue.parse(r.stdout)
        #expect(report["problems"]!.array.compactMap { $0["path"]?.string } == ["App/de.lproj/\(Self.strings)"])
        #expect(report["problems"]!.array.first?["message"]?.string?.hasPrefix("App/de.lproj/\(Self.strings):2:1: error:") == true)
        let markdown = try git.xibmerge(["review", "--format", "markdown", "main..HEAD"])
        #expect(markdown.status == 0)
        #expect(markdown.stdout.contains("App/de.lproj/\(Self.strings):2:1: error:"))
        let l10n = report["files"]!.array.first!["localization"]!
        #expect(l10n["languages"]!.array.compactMap { $0["language"]?.string } == ["fr"])
        #expect(l10n["orphaned"]!.array.count == 2)
    }

    /// In a partial clone whose remote is gone, a translation git cannot fetch is reported with
    /// its blob, and the document is still reviewed (without failing the review).
    @Test func aMissingStringsBlobIsReportedAndTheRestGoesOn() throws {
        let git = try Self.repository()
        try git.git(["config", "uploadpack.allowFilter", "true"])
        let clone = git.root + "/clone"
        try git.git(["clone", "-q", "--filter=blob:none", "--no-checkout", "file://" + git.repo, clone], cwd: git.root)
        try git.git(["branch", "feature", "origin/feature"], cwd: clone)
        // diff reads the storyboard's two versions only: git fetches them now, not the translations.
        #expect(try git.xibmerge(["diff", "main..feature"], cwd: clone).status == 0)
        let fr = try git.gitOutput("rev-parse", "feature:App/fr.lproj/\(Self.strings)")
        let gone = git.root + "/gone"
        try FileManager.default.moveItem(atPath: git.repo, toPath: gone)
        defer { try? FileManager.default.moveItem(atPath: gone, toPath: git.repo) }
        let r = try git.xibmerge(["review", "--format", "json", "main..feature"], cwd: clone)
        #expect(r.status == 0)
        #expect(r.stderr.contains("xibmerge: cannot read App/fr.lproj/\(Self.strings) (blob \(fr)): git could not fetch it"), "\(r.stderr)")
        let report = try JSONValue.parse(r.stdout)
        #expect(report["files"]!.array.compactMap { $0["path"]?.string } == ["App/Base.lproj/DiagnosticsViewerVC.storyboard"])
        #expect(report["problems"]!.array.count == 2)
    }
}

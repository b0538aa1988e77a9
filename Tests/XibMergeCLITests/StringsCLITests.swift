import Foundation
import Testing

/// `xibmerge strings`: generation in both formats, writing to a file, `--update` in place with
/// its report and exit codes, and `check` given a String Catalog.
@Suite struct StringsCLITests {
    static let fixtures = CheckFormatCLITests.checkFixtures.deletingLastPathComponent().appendingPathComponent("strings")

    static func copy(_ name: String) throws -> String {
        let dir = try CLI.temporaryDirectory()
        try FileManager.default.removeItem(atPath: dir)
        try FileManager.default.copyItem(atPath: fixtures.appendingPathComponent(name).path, toPath: dir)
        return dir
    }

    @Test func writesIbtoolsFileAndCatalogs() throws {
        let dir = try Self.copy("utf16-strings")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let r = try CLI.xibmerge(["strings", "Base.lproj/Main.storyboard", "-o", "out.strings"], cwd: dir)
        #expect(r.status == 0)
        #expect(try Data(contentsOf: URL(fileURLWithPath: dir + "/out.strings")) == Data(contentsOf: URL(fileURLWithPath: dir + "/expected/Main.strings")))
        let utf8 = try CLI.xibmerge(["strings", "--encoding", "utf8", "Base.lproj/Main.storyboard"], cwd: dir)
        #expect(utf8.stdout.hasPrefix("\n/* Class = \"UITextField\"; placeholder = \"E-mail \\\"address\\\"\"; ObjectID = \"Eml-Tf-001\"; */\n"))
        let catalog = try CLI.xibmerge(["strings", "--format", "xcstrings", "Base.lproj/Main.storyboard"], cwd: dir)
        #expect(catalog.stdout.hasPrefix("{\n  \"sourceLanguage\" : \"en\",\n  \"strings\" : {\n    \"Eml-Tf-001.placeholder\" : {\n"))
        #expect(try CLI.xibmerge(["strings", "missing.xib"], cwd: dir).status == 2)
    }

    @Test func updateReportsStaleAndDroppedKeys() throws {
        let dir = try Self.copy("utf16-strings")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let r = try CLI.xibmerge(["strings", "--update", "de.lproj/Main.strings", "Base.lproj/Main.storyboard"], cwd: dir)
        #expect(r.status == 1)
        #expect(r.stderr == """
            de.lproj/Main.strings:6: stale: Lgn-Bt-001.normalTitle (source was "Sign in", is now "Log in"; translation "Anmelden" kept)
            de.lproj/Main.strings:12: dropped: Old-Bt-001.normalTitle (no such text in the document; translation "Abbrechen" dropped)
            de.lproj/Main.strings:15: updated: Wlc-Lb-001.text ("Welcome" is now "Welcome back")

            """)
        #expect(try Data(contentsOf: URL(fileURLWithPath: dir + "/de.lproj/Main.strings"))
                == Data(contentsOf: URL(fileURLWithPath: dir + "/update/de.lproj/Main.strings")))
    }

    @Test func updateOfACatalogInStepChangesNothing() throws {
        let dir = try Self.copy("catalog-plural")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let before = try Data(contentsOf: URL(fileURLWithPath: dir + "/mul.lproj/Menu.xcstrings"))
        let r = try CLI.xibmerge(["strings", "--update", "mul.lproj/Menu.xcstrings", "Base.lproj/Menu.xib"], cwd: dir)
        #expect(r.status == 0)
        #expect(r.stderr.isEmpty)
        #expect(try Data(contentsOf: URL(fileURLWithPath: dir + "/mul.lproj/Menu.xcstrings")) == before)
    }

    @Test func checkGivenACatalogChecksItsDocument() throws {
        let dir = try Self.copy("catalog-stale-manual")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let r = try CLI.xibmerge(["check", "mul.lproj/Edit.xcstrings"], cwd: dir)
        #expect(r.status == 0, "dead keys and a stale one are warnings")
        let lines = r.stdout.split(separator: "\n").map { String($0.prefix { $0 != " " }) }
        #expect(lines == ["mul.lproj/Edit.xcstrings:22:5:", "mul.lproj/Edit.xcstrings:58:5:", "mul.lproj/Edit.xcstrings:76:5:"])
    }
}

/// `strings --prune`: the dead keys out of every language at once, the rest of each file as it
/// was; keys the code reads and lost translations stay.
@Suite struct StringsPruneCLITests {
    @Test func prunesEveryLanguageAndKeepsLostTranslations() throws {
        let dir = try StringsCLITests.copy("lost-recreated")
        let r = try CLI.xibmerge(["strings", "--prune", "Base.lproj/WelcomeView.xib"], cwd: dir)
        #expect(r.status == 0)
        #expect(r.stderr == "xibmerge: 4 dead keys removed from 2 files; 2 lost translations kept (move them to the new ids: see `xibmerge check`)\n")
        for file in ["it.lproj/WelcomeView.strings", "sv-SE.lproj/WelcomeView.strings"] {
            #expect(try Data(contentsOf: URL(fileURLWithPath: dir + "/" + file)) == Data(contentsOf: URL(fileURLWithPath: dir + "/prune/" + file)), "\(file)")
        }
        let again = try CLI.xibmerge(["strings", "--prune", "Base.lproj/WelcomeView.xib"], cwd: dir)
        #expect(again.stderr == "xibmerge: 0 dead keys removed from 0 files; 2 lost translations kept (move them to the new ids: see `xibmerge check`)\n")
    }

    /// The code beside the document is read (no repository here: the folder above `Base.lproj`).
    @Test func keepsKeysTheCodeReads() throws {
        let dir = try StringsCLITests.copy("code-keys")
        let r = try CLI.xibmerge(["strings", "--prune", "Base.lproj/Main.storyboard"], cwd: dir)
        #expect(r.stderr == "xibmerge: 1 dead keys removed from 1 file; 1 key the code reads kept\n")
        let catalog = try String(contentsOfFile: dir + "/mul.lproj/Main.xcstrings", encoding: .utf8)
        #expect(catalog.contains("\"D99-0O-MB6.title\""))
        #expect(catalog.contains("\"Use frontmost.app as Todo App\""))
        #expect(!catalog.contains("\"1tx-W0-xDw.title\""))
    }

    /// A translation file that does not parse: its place, exit 2, nothing written.
    @Test func aBrokenFileStopsBeforeAnyWrite() throws {
        let dir = try StringsCLITests.copy("lost-recreated")
        try "\"24.title\" = \"x\"\n".write(toFile: dir + "/sv-SE.lproj/WelcomeView.strings", atomically: true, encoding: .utf8)
        let before = try Data(contentsOf: URL(fileURLWithPath: dir + "/it.lproj/WelcomeView.strings"))
        let r = try CLI.xibmerge(["strings", "--prune", "Base.lproj/WelcomeView.xib"], cwd: dir)
        #expect(r.status == 2)
        #expect(r.stderr.contains("sv-SE.lproj/WelcomeView.strings:2:1: error:"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: dir + "/it.lproj/WelcomeView.strings")) == before)
        #expect(try CLI.xibmerge(["strings", "--prune", "--update", "x.strings", "Base.lproj/WelcomeView.xib"], cwd: dir).status == 2)
    }
}

/// `xibmerge review` reads a document's String Catalog from the head commit.
@Suite(.serialized) struct GitReviewCatalogTests {
    @Test func deletingAMenuItemOrphansItsCatalogTranslations() throws {
        let git = try GitSandbox()
        let fixture = StringsCLITests.fixtures.appendingPathComponent("catalog-stale-manual")
        let newText = try String(contentsOf: fixture.appendingPathComponent("Base.lproj/Edit.xib"), encoding: .utf8)
        let oldText = newText.replacingOccurrences(of: "<menuItem title=\"Find…\" keyEquivalent=\"f\" id=\"New-Mi-001\"/>",
                                                   with: "<menuItem title=\"Copy\" id=\"Old-Mi-001\"/>")
        try FileManager.default.createDirectory(atPath: git.path("UI/Base.lproj"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: git.path("UI/mul.lproj"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: fixture.appendingPathComponent("mul.lproj/Edit.xcstrings").path,
                                         toPath: git.path("UI/mul.lproj/Edit.xcstrings"))
        try oldText.write(toFile: git.path("UI/Base.lproj/Edit.xib"), atomically: true, encoding: .utf8)
        try git.commit("base")
        try git.git(["checkout", "-q", "-b", "feature"])
        try newText.write(toFile: git.path("UI/Base.lproj/Edit.xib"), atomically: true, encoding: .utf8)
        try git.commit("replace Copy with Find")
        let r = try git.xibmerge(["review", "--format", "json", "main..feature"])
        let json = try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any]
        let file = (json?["files"] as? [[String: Any]])?.first
        let l10n = file?["localization"] as? [String: Any]
        let languages = (l10n?["languages"] as? [[String: Any]])?.map { "\($0["language"]!) \($0["orphaned"]!) \($0["untranslated"]!)" }
        #expect(languages == ["fr 1 1"], "\(r.stdout)\(r.stderr)")
        #expect((l10n?["orphaned"] as? [[String: Any]])?.map { $0["id"] as? String } == ["Old-Mi-001"])
    }
}

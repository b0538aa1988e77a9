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
        #expect(r.status == 1)
        let lines = r.stdout.split(separator: "\n").map { String($0.prefix { $0 != " " }) }
        #expect(lines == ["mul.lproj/Edit.xcstrings:22:5:", "mul.lproj/Edit.xcstrings:58:5:", "mul.lproj/Edit.xcstrings:76:5:"])
    }
}

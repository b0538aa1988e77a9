import Foundation
import Testing

/// `xibmerge check` on folders and translations, with `.xibmerge.yml` and `--jobs`.
@Suite struct CheckFolderCLITests {
    /// Tests/Fixtures/check copied, with a hidden folder holding a broken file that must not be read.
    static func fixtureCopy() throws -> String {
        let dir = try CLI.temporaryDirectory()
        try FileManager.default.removeItem(atPath: dir)
        try FileManager.default.copyItem(atPath: CheckFormatCLITests.checkFixtures.path, toPath: dir)
        try FileManager.default.createDirectory(atPath: dir + "/.git", withIntermediateDirectories: true)
        try "not xml".write(toFile: dir + "/.git/Hidden.xib", atomically: true, encoding: .utf8)
        return dir
    }

    @Test func folderIsWalkedTheSameOnOneCoreOrAll() throws {
        let dir = try Self.fixtureCopy()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let all = try CLI.xibmerge(["check", "."], cwd: dir)
        #expect(all.status == 1)
        let files = Set(all.stdout.split(separator: "\n").map { String($0.prefix { $0 != ":" }) })
        #expect(files == ["conflict-markers.storyboard", "dangling-constraint-item.storyboard", "dangling-outlet.storyboard",
                          "duplicate-constraint.storyboard", "duplicate-id.storyboard", "layout-flags.storyboard",
                          "malformed.storyboard", "localized/fr.lproj/CrashReport.strings"])
        #expect(all.stdout.contains("localized/fr.lproj/CrashReport.strings:9:1: warning: translation \"cLs-Bt-9Qa.normalTitle\" is dead"))
        let one = try CLI.xibmerge(["check", "--jobs", "1", "."], cwd: dir)
        #expect(one.stdout == all.stdout)
        #expect(one.status == all.status)
        #expect(try CLI.xibmerge(["check", "-j", "0", "."], cwd: dir).status == 2)
    }

    /// A staged translation stands for its document, as the pre-commit hook passes it.
    @Test func stringsFileChecksItsDocument() throws {
        let dir = try Self.fixtureCopy()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let r = try CLI.xibmerge(["check", "--format", "json", "localized/fr.lproj/CrashReport.strings", "localized/de.lproj/CrashReport.strings"], cwd: dir)
        #expect(r.status == 0)
        let json = try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any]
        let files = json?["files"] as? [[String: Any]] ?? []
        #expect(files.map { $0["file"] as? String } == ["localized/Base.lproj/CrashReport.storyboard"])
        let problems = files.first?["problems"] as? [[String: Any]] ?? []
        #expect(problems.map { $0["kind"] as? String } == ["orphaned-translation"])
        #expect(problems.first?["file"] as? String == "localized/fr.lproj/CrashReport.strings")

        let missing = try CLI.xibmerge(["check", "--enable", "missing-translation", "localized/Base.lproj/CrashReport.storyboard"], cwd: dir)
        #expect(missing.stdout.contains("localized/Base.lproj/CrashReport.storyboard:31:29: warning: Crash ReportVC Scene > View > MultilineButton \"{Learn more}\": de has no translation of normalTitle"))
    }

    @Test func settingsFromTheFolderAbove() throws {
        let dir = try Self.fixtureCopy()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try "check:\n  disable: [duplicate-constraint]\n  severity:\n    stale-translation: error\n"
            .write(toFile: dir + "/.xibmerge.yml", atomically: true, encoding: .utf8)
        let sub = dir + "/localized"
        let quiet = try CLI.xibmerge(["check", "../duplicate-constraint.storyboard", "Base.lproj"], cwd: sub)
        #expect(quiet.status == 0, "\(quiet.stdout)")
        #expect(quiet.stdout == "fr.lproj/CrashReport.strings:9:1: warning: translation \"cLs-Bt-9Qa.normalTitle\" is dead: Base.lproj/CrashReport.storyboard has no object 'cLs-Bt-9Qa' (fr); it translated \"Close\" [orphaned-translation]\n")
        let strict = try CLI.xibmerge(["check", "--strict", "--enable", "duplicate-constraint", "../duplicate-constraint.storyboard"], cwd: sub)
        #expect(strict.status == 1)
        #expect(strict.stdout.contains("[duplicate-constraint]"))

        try "check:\n  disable: [misplaced-veiw]\n".write(toFile: dir + "/.xibmerge.yml", atomically: true, encoding: .utf8)
        let bad = try CLI.xibmerge(["check", "Base.lproj"], cwd: sub)
        #expect(bad.status == 2)
        #expect(bad.stderr.contains(".xibmerge.yml:2:13: error: unknown rule 'misplaced-veiw'"))
        #expect(try CLI.xibmerge(["check", "--config", dir + "/localized/Base.lproj/CrashReport.storyboard", "Base.lproj"], cwd: sub).status == 2)
    }
}

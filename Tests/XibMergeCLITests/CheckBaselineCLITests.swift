import Foundation
import Testing

/// What a team keeps in its repository to live with `check`, as with SwiftLint: `excluded:`
/// paths and `ignore:` entries in `.xibmerge.yml`, and a baseline of the findings already
/// there, so that only new ones fail CI.
@Suite struct CheckBaselineCLITests {
    @Test func excludedAndIgnoredFindings() throws {
        let dir = try CheckFolderCLITests.fixtureCopy()
        let all = try CLI.xibmerge(["check", "."], cwd: dir)
        #expect(all.stdout.contains("duplicate-id.storyboard:"))
        #expect(all.stdout.contains("dangling-outlet.storyboard:"))
        try """
            check:
              excluded:
                - duplicate-id.storyboard
                - malformed.storyboard
              ignore:
                - rule: dangling-reference
                  file: "dangling-*.storyboard"
                - rule: conflict-markers
            """.write(toFile: dir + "/.xibmerge.yml", atomically: true, encoding: .utf8)
        let r = try CLI.xibmerge(["check", "--verbose", "."], cwd: dir)
        #expect(!r.stdout.contains("duplicate-id.storyboard:") && !r.stdout.contains("malformed.storyboard:"))
        #expect(!r.stdout.contains("[dangling-reference]") && !r.stdout.contains("[conflict-markers]"))
        #expect(r.stdout.contains("[duplicate-constraint]"))
        #expect(r.status == 0, "\(r.stdout)")
        #expect(r.stderr.contains("left out by excluded: and ignore: of .xibmerge.yml"))
        // From a folder below, the paths still start at the settings file's folder.
        let below = try CLI.xibmerge(["check", "../duplicate-id.storyboard", "Base.lproj"], cwd: dir + "/localized")
        #expect(!below.stdout.contains("duplicate-id") && below.stdout.contains("fr.lproj/CrashReport.strings:9:1: warning"))
    }

    /// The baseline is written once; then only what is new fails, from any folder, whatever
    /// lines an unrelated edit moved.
    @Test func onlyNewFindingsFail() throws {
        let dir = try CheckFolderCLITests.fixtureCopy()
        try FileManager.default.removeItem(atPath: dir + "/malformed.storyboard")
        let write = try CLI.xibmerge(["check", "--write-baseline", "xibmerge-baseline.json", "."], cwd: dir)
        #expect(write.status == 1)
        let baseline = try String(contentsOfFile: dir + "/xibmerge-baseline.json", encoding: .utf8)
        #expect(baseline.hasPrefix("{\n  \"version\" : 1,\n  \"findings\" : [\n"))

        let known = try CLI.xibmerge(["check", "--baseline", "xibmerge-baseline.json", "."], cwd: dir)
        #expect(known.status == 0)
        #expect(known.stdout.isEmpty)
        #expect(known.stderr.contains("findings of the baseline xibmerge-baseline.json not reported"))

        // Lines above a known finding, and a new broken file.
        let path = dir + "/duplicate-id.storyboard"
        let text = try String(contentsOfFile: path, encoding: .utf8)
        try text.replacingOccurrences(of: "<scenes>", with: "<scenes>\n\n\n").write(toFile: path, atomically: true, encoding: .utf8)
        try FileManager.default.copyItem(atPath: path, toPath: dir + "/localized/Copy.storyboard")
        let new = try CLI.xibmerge(["check", "--baseline", "../xibmerge-baseline.json", "."], cwd: dir + "/localized")
        #expect(new.status == 1)
        let files = Set(new.stdout.split(separator: "\n").map { String($0.prefix { $0 != ":" }) })
        #expect(files == ["Copy.storyboard"], "\(new.stdout)")

        try "{}".write(toFile: dir + "/bad.json", atomically: true, encoding: .utf8)
        let bad = try CLI.xibmerge(["check", "--baseline", "bad.json", "."], cwd: dir)
        #expect(bad.status == 2)
        #expect(bad.stderr.contains("bad.json:1:1: error: not a baseline"))
    }
}

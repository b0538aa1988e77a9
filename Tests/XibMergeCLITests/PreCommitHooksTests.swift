import Foundation
import Testing

/// The hooks of `.pre-commit-hooks.yaml`, run the way pre-commit runs them (each hook's
/// `entry` with the staged files its `files` pattern matches) on a real git repository.
/// pre-commit itself, which first builds the package in release mode (minutes), runs them in
/// `Scripts/pre-commit-e2e`.
@Suite struct PreCommitHooksTests {
    struct Hook {
        var id = "", entry = "", language = "", files = ""
    }

    /// The hooks file's fields (one `key: value` a line, as it is written).
    static func hooks() throws -> [Hook] {
        let text = try String(contentsOf: CLI.packageRoot.appendingPathComponent(".pre-commit-hooks.yaml"), encoding: .utf8)
        var hooks: [Hook] = []
        for raw in text.split(separator: "\n") where !raw.hasPrefix("#") {
            var line = raw.drop { $0 == " " }
            if line.hasPrefix("- ") { hooks.append(Hook()); line = line.dropFirst(2) }
            guard let colon = line.firstIndex(of: ":"), !hooks.isEmpty else { continue }
            let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            switch line[..<colon] {
            case "id": hooks[hooks.count - 1].id = value
            case "entry": hooks[hooks.count - 1].entry = value
            case "language": hooks[hooks.count - 1].language = value
            case "files": hooks[hooks.count - 1].files = value
            default: break
            }
        }
        return hooks
    }

    @Test func hooksRefuseADuplicateIDAndPassCleanFiles() throws {
        let hooks = try Self.hooks()
        #expect(hooks.map(\.id) == ["xibmerge-check", "xibmerge-format", "xibmerge-tidy"])
        #expect(hooks.allSatisfy { $0.language == "swift" && $0.entry.hasPrefix("xibmerge ") })

        let repo = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: repo) }
        try CLI.git(["init", "-q"], cwd: repo)
        let fm = FileManager.default
        try fm.createDirectory(atPath: repo + "/UI/Base.lproj", withIntermediateDirectories: true)
        try fm.createDirectory(atPath: repo + "/UI/fr.lproj", withIntermediateDirectories: true)
        try fm.copyItem(atPath: CheckFormatCLITests.examples.appendingPathComponent("CrashReport.storyboard").path, toPath: repo + "/UI/Base.lproj/Main.storyboard")
        try "\"kmV-si-Nrg.text\" = \"Bonjour\";\n".write(toFile: repo + "/UI/fr.lproj/Main.strings", atomically: true, encoding: .utf8)
        try "notes\n".write(toFile: repo + "/README.md", atomically: true, encoding: .utf8)
        try CLI.git(["add", "."], cwd: repo)

        func run(_ hook: Hook) throws -> CLI.Result? {
            let staged = try CLI.git(["diff", "--cached", "--name-only"], cwd: repo).stdout.split(separator: "\n").map(String.init)
            let pattern = try NSRegularExpression(pattern: hook.files)
            let files = staged.filter { pattern.firstMatch(in: $0, range: NSRange($0.startIndex..., in: $0)) != nil }
            guard !files.isEmpty else { return nil }
            return try CLI.xibmerge(Array(hook.entry.split(separator: " ").dropFirst().map(String.init)) + files, cwd: repo)
        }
        for hook in hooks {
            let r = try run(hook)
            #expect(r?.status == 0, "\(hook.id): \(r?.stdout ?? "") \(r?.stderr ?? "")")
        }

        try fm.copyItem(atPath: CheckFormatCLITests.checkFixtures.appendingPathComponent("duplicate-id.storyboard").path, toPath: repo + "/UI/Broken.storyboard")
        try CLI.git(["add", "UI/Broken.storyboard"], cwd: repo)
        let check = try run(hooks[0])
        #expect(check?.status == 1)
        #expect(check?.stdout.contains("UI/Broken.storyboard:46:29: error: Crash ReportVC Scene > View > Constraint (leading): duplicate object id 'te6-OX-DTW'") == true)
        #expect(try run(hooks[1])?.status == 0)
    }
}

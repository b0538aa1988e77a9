import Foundation
import Testing

/// Real `git` with xibmerge as its textconv filter and as its external diff, on a temporary
/// repository (HOME pointed at an empty folder, no system configuration).
struct DiffGitTests {
    struct Repo {
        let path: String
        let environment: [String: String]

        init() throws {
            path = try CLI.temporaryDirectory()
            var env = ProcessInfo.processInfo.environment
            for key in env.keys where key.hasPrefix("GIT_") { env[key] = nil }
            env["HOME"] = try CLI.temporaryDirectory()
            env["XDG_CONFIG_HOME"] = env["HOME"]
            env["GIT_CONFIG_NOSYSTEM"] = "1"
            env["GIT_PAGER"] = "cat"
            env["NO_COLOR"] = "1"
            environment = env
            try git("init", "-q")
            try git("config", "user.name", "Test")
            try git("config", "user.email", "test@example.com")
            try git("config", "core.autocrlf", "false")
            try write(".gitattributes", "*.storyboard diff=xib\n*.xib diff=xib\n")
        }

        @discardableResult
        func git(_ args: String...) throws -> CLI.Result { try git(args) }

        @discardableResult
        func git(_ args: [String]) throws -> CLI.Result {
            let r = try CLI.git(args, cwd: path, environment: environment)
            #expect(r.status == 0, "git \(args.joined(separator: " ")): \(r.stderr)")
            return r
        }

        func write(_ name: String, _ text: String) throws {
            try text.write(toFile: path + "/" + name, atomically: true, encoding: .utf8)
        }

        func copy(_ fixture: String, to name: String) throws {
            try write(name, try String(contentsOfFile: DiffCLITests.fixture(fixture), encoding: .utf8))
        }

        /// Two commits of Chat.storyboard: the old and the new version of the segues fixture.
        func commitTwoVersions() throws {
            try copy("storyboard-segues/old.storyboard", to: "Chat.storyboard")
            try git("add", ".")
            try git("commit", "-q", "-m", "chat screen")
            try copy("storyboard-segues/new.storyboard", to: "Chat.storyboard")
            try git("commit", "-q", "-am", "settings screen")
        }
    }

    /// The binary as a shell command in git's configuration.
    static var binary: String { "'" + CLI.binary.replacingOccurrences(of: "'", with: "'\\''") + "'" }

    @Test("textconv: git diff, git log -p and git show print the outline's changes")
    func textconv() throws {
        let repo = try Repo()
        try repo.git("config", "diff.xib.textconv", Self.binary + " textconv")
        try repo.git("config", "diff.xib.xfuncname", "^[^ ].*")
        try repo.commitTwoVersions()
        let expectedLines = [
            "-    title: \"Rocket.Chat\"",
            "+    title: \"Chat\"",
            "+Settings Scene (Sg1-aT-x0p)",
            "+Rocket.Chat Scene > Navigation Item \"Chat\" > Bar Button Item > segue show \"toSettings\" → Settings Scene (Sg2-Sq-e4e)",
            "-Rocket.Chat Scene > View > constraint View.centerY = View.centerY - 27 (cGn-Mi-wTF)",
            "+Rocket.Chat Scene > View > constraint View.centerY = View.centerY - 20 (cGn-Mi-wTF)",
        ]
        for args in [["diff", "HEAD~1", "HEAD"], ["log", "-p", "-1"], ["show", "HEAD"]] {
            let out = try repo.git(args).stdout
            for line in expectedLines { #expect(out.contains("\n" + line + "\n"), "git \(args): missing \(line)\n\(out)") }
            // Noise stays out: toolsVersion changed in this commit, and no XML reaches the output.
            #expect(!out.contains("toolsVersion") && !out.contains("\n+<") && !out.contains("\n-<"), "git \(args)")
        }
        // The hunk header names the object (xfuncname over the outline).
        let diff = try repo.git("diff", "HEAD~1", "HEAD").stdout
        #expect(diff.contains(" @@ Rocket.Chat Scene > View > View (fbt-TF-z7U)\n"), "\(diff)")
        // The work tree too.
        try repo.copy("storyboard-segues/old.storyboard", to: "Chat.storyboard")
        let work = try repo.git("diff").stdout
        #expect(work.contains("\n-    title: \"Chat\"\n") && work.contains("\n+    title: \"Rocket.Chat\"\n"), "\(work)")
    }

    @Test("external diff: git diff prints xibmerge's diff and goes on; added, deleted, renamed, work tree")
    func externalDiff() throws {
        let repo = try Repo()
        try repo.git("config", "diff.xib.command", Self.binary + " diff")
        try repo.commitTwoVersions()
        var out = try repo.git("diff", "HEAD~1", "HEAD").stdout
        #expect(out.hasPrefix("diff a/Chat.storyboard b/Chat.storyboard\n"), "\(out)")
        #expect(out.contains("  ~ Navigation Item \"Chat\" (NRY-HN-GEa)\n      title: \"Rocket.Chat\" → \"Chat\"\n"))
        #expect(out.contains("  + segue show \"toSettings\" → Settings Scene (Sg2-Sq-e4e) in Navigation Item \"Chat\" > Bar Button Item\n"))
        // git log -p uses an external diff only when asked (--ext-diff).
        out = try repo.git("log", "-p", "--ext-diff", "-1").stdout
        #expect(out.contains("settings screen") && out.contains("diff a/Chat.storyboard b/Chat.storyboard\n"))
        // Work tree, a new file in the index, a deleted file: one run of git, several files.
        try repo.copy("macos-xib/old.xib", to: "Console.xib")
        try repo.git("add", "Console.xib")
        try repo.git("commit", "-q", "-m", "console")
        try repo.copy("macos-xib/new.xib", to: "Console.xib")
        try FileManager.default.removeItem(atPath: repo.path + "/Chat.storyboard")
        out = try repo.git("diff").stdout
        #expect(out.contains("diff a/Chat.storyboard /dev/null\ndeleted file\n"), "\(out)")
        #expect(out.contains("diff a/Console.xib b/Console.xib\n") && out.contains("title: \"Hammerspoon Console\" → \"Debug Console\""))
        try repo.copy("added-file/new.xib", to: "Cell.xib")
        try repo.git("add", "Cell.xib")
        out = try repo.git("diff", "--cached").stdout
        #expect(out.hasPrefix("diff /dev/null b/Cell.xib\nnew file\n"), "\(out)")
        // A rename: git passes 9 arguments.
        try repo.git("reset", "-q", "--hard")
        try repo.git("mv", "Chat.storyboard", "Main.storyboard")
        try repo.copy("storyboard-segues/old.storyboard", to: "Main.storyboard")
        try repo.git("commit", "-q", "-am", "rename")
        out = try repo.git("diff", "-M", "HEAD~1", "HEAD").stdout
        #expect(out.hasPrefix("diff a/Chat.storyboard b/Main.storyboard\n"), "\(out)")
        #expect(out.contains("title: \"Chat\" → \"Rocket.Chat\""))
        // --exit-code is git's business here: xibmerge still exits 0, so git reports the difference itself.
        let r = try CLI.git(["diff", "--exit-code", "HEAD~2", "HEAD"], cwd: repo.path, environment: repo.environment)
        #expect(r.status == 1 && r.stderr.isEmpty, "\(r.stderr)")
    }
}

import Foundation
import Testing

/// `xibmerge diff` over history (REV..REV, REV, --cached) and `xibmerge log`.
@Suite struct GitDiffHistoryTests {
    static let unicodePath = "Screens/Ünïcode Screen.xib"

    /// Two tagged commits: `v1` adds four files; `v2` changes one, deletes one, renames one (with a
    /// small edit), adds one, and changes a file that is not an Interface Builder file.
    private func history() throws -> GitSandbox {
        let g = try GitSandbox()
        try g.commit("first", [
            "Screens/Old Name.storyboard": IBFixture.storyboard,
            Self.unicodePath: IBFixture.xib,
            "Doomed.xib": IBFixture.xib,
            "notes.txt": "one\n",
        ])
        try g.git(["tag", "v1"])
        try g.git(["rm", "-q", "Doomed.xib"])
        try g.git(["mv", "Screens/Old Name.storyboard", "Screens/New Name.storyboard"])
        try g.commit("second", [
            "Screens/New Name.storyboard": IBFixture.oursEdit(IBFixture.storyboard),
            Self.unicodePath: IBFixture.background(IBFixture.xib, "0.5"),
            "Added.xib": IBFixture.text("Small.xib"),
            "notes.txt": "two\n",
        ])
        try g.git(["tag", "v2"])
        return g
    }

    /// path → (status, renamedFrom) from a JSON diff document.
    private func files(_ result: CLI.Result) throws -> [String: (String, String?)] {
        let files = try #require(try result.json()["files"] as? [[String: Any]])
        var out: [String: (String, String?)] = [:]
        for f in files { out[f["path"] as! String] = (f["status"] as! String, f["renamedFrom"] as? String) }
        return out
    }

    @Test func rangeCoversAddedDeletedRenamedAndUnicodePaths() throws {
        let g = try history()
        let json = try g.xibmerge(["diff", "--format", "json", "v1..v2"])
        #expect(json.status == 0, "\(json.stderr)")
        let byPath = try files(json)
        #expect(byPath.keys.sorted() == ["Added.xib", "Doomed.xib", "Screens/New Name.storyboard", Self.unicodePath])
        #expect(byPath["Added.xib"]?.0 == "added")
        #expect(byPath["Doomed.xib"]?.0 == "deleted")
        #expect(byPath["Screens/New Name.storyboard"]?.0 == "modified")
        #expect(byPath["Screens/New Name.storyboard"]?.1 == "Screens/Old Name.storyboard")
        #expect(byPath[Self.unicodePath]?.0 == "modified")

        #expect(try g.xibmerge(["diff", "--format", "json", "v1", "v2"]).stdout == json.stdout)   // `diff A B`, as in git
        #expect(try g.xibmerge(["diff", "--jobs", "1", "--format", "json", "v1..v2"]).stdout == json.stdout)   // one core, the same

        let text = try g.xibmerge(["diff", "v1..v2"])
        #expect(text.stdout.contains("renamed Screens/Old Name.storyboard → Screens/New Name.storyboard"))
        #expect(text.stdout.contains("contentMode: scaleToFill → center"))
        #expect(text.stdout.contains("diff a/\(Self.unicodePath) b/\(Self.unicodePath)"))
        #expect(text.stdout.contains("deleted file"))
        #expect(!text.stdout.contains("notes.txt"))

        let markdown = try g.xibmerge(["diff", "--format", "markdown", "v1..v2"])
        #expect(markdown.status == 0)
        #expect(markdown.stdout.contains("<details>"))

        // A path filter relative to the current folder, after `--`; --exit-code.
        let one = try g.xibmerge(["diff", "--exit-code", "--format", "json", "v1..v2", "--", "Ünïcode Screen.xib"], cwd: g.path("Screens"))
        #expect(one.status == 1)
        #expect(try files(one).keys.sorted() == [Self.unicodePath])
        // REV...REV: from the merge base; v1...v1 shows nothing.
        let none = try g.xibmerge(["diff", "--exit-code", "v2...v1"])
        #expect(none.status == 0)
        #expect(none.stdout.isEmpty)
    }

    @Test func bareRepositoryGivesTheSameDiff() throws {
        let g = try history()
        let bare = g.root + "/bare.git"
        try g.git(["clone", "-q", "--bare", g.repo, bare])
        let inBare = try g.xibmerge(["diff", "--format", "json", "v1..v2"], cwd: bare)
        #expect(inBare.status == 0, "\(inBare.stderr)")
        #expect(inBare.stdout == (try g.xibmerge(["diff", "--format", "json", "v1..v2"])).stdout)
        let log = try g.xibmerge(["log", "-n", "1", Self.unicodePath], cwd: bare)
        #expect(log.status == 0, "\(log.stderr)")
        #expect(log.stdout.contains("second"))
        let workTree = try g.xibmerge(["diff", "v1"], cwd: bare)
        #expect(workTree.status == 2)
        #expect(workTree.stderrIsOneLine)
    }

    @Test func workTreeAndIndexForms() throws {
        let g = try history()
        try g.write(Self.unicodePath, IBFixture.background(IBFixture.xib, "0.25"))
        let workTree = try g.xibmerge(["diff", "HEAD"])
        #expect(workTree.status == 0, "\(workTree.stderr)")
        #expect(workTree.stdout.contains("diff a/\(Self.unicodePath) b/\(Self.unicodePath)"))
        #expect(workTree.stdout.contains("0.25"))
        #expect(try g.xibmerge(["diff", "--cached", "--exit-code"]).status == 0)
        // No revision: the index against the work tree, as `git diff`; with a path after `--` too.
        let unstaged = try g.xibmerge(["diff"])
        #expect(unstaged.status == 0, "\(unstaged.stderr)")
        #expect(unstaged.stdout.contains("diff a/\(Self.unicodePath) b/\(Self.unicodePath)") && unstaged.stdout.contains("0.25"))
        #expect(try g.xibmerge(["diff", "--exit-code", "--", Self.unicodePath]).status == 1)
        #expect(try g.xibmerge(["diff", "--exit-code", "--", "Added.xib"]).status == 0)

        try g.git(["add", Self.unicodePath])
        #expect(try g.xibmerge(["diff", "--exit-code"]).status == 0, "staged changes are not unstaged ones")
        try g.git(["rm", "-q", "--cached", "Added.xib"])
        let cached = try g.xibmerge(["diff", "--cached", "--format", "json"])
        #expect(cached.status == 0, "\(cached.stderr)")
        let byPath = try files(cached)
        #expect(byPath[Self.unicodePath]?.0 == "modified")
        #expect(byPath["Added.xib"]?.0 == "deleted")
        // Against an older commit: everything since v1, as staged.
        #expect(try files(try g.xibmerge(["diff", "--cached", "--format", "json", "v1"])).count == 3)
    }

    @Test func logShowsTheSemanticHistoryOfOneFile() throws {
        let g = try history()
        let log = try g.xibmerge(["log", Self.unicodePath])
        #expect(log.status == 0, "\(log.stderr)")
        let v2 = try g.gitOutput("rev-parse", "v2"), v1 = try g.gitOutput("rev-parse", "v1")
        #expect(log.stdout.hasPrefix("commit \(v2)\nAuthor: Ada Lovelace <ada@example.com>\nDate:   2023-11-14 "))
        #expect(log.stdout.contains("+0100\n\n    second\n\n"))
        #expect(log.stdout.contains("commit \(v1)"))
        #expect(log.stdout.contains("white: 1 → 0.5") || log.stdout.contains("0.5"))
        #expect(log.stdout.contains("new file"))
        #expect(try g.xibmerge(["log", "--jobs", "1", Self.unicodePath]).stdout == log.stdout)
        let noCores = try g.xibmerge(["log", "--jobs", "0", Self.unicodePath])
        #expect(noCores.status == 2 && noCores.stderr.contains("--jobs must be at least 1"))

        let json = try g.xibmerge(["log", "-n", "1", "--format", "json", "Ünïcode Screen.xib"], cwd: g.path("Screens"))
        #expect(json.status == 0, "\(json.stderr)")
        let commits = try #require(try json.json()["commits"] as? [[String: Any]])
        #expect(commits.count == 1)
        #expect(commits.first?["commit"] as? String == v2)
        #expect(commits.first?["summary"] as? String == "second")
    }

    /// An absolute path through a symbolic link to the work tree, as `/tmp/…` is on macOS (a
    /// link to `/private/tmp`): still inside the repository, the file deleted since included.
    @Test func absolutePathsThroughALinkedFolder() throws {
        let g = try history()
        let link = g.root + "/link"
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: g.repo)
        let log = try g.xibmerge(["log", "-n", "1", link + "/" + Self.unicodePath], cwd: link + "/Screens")
        #expect(log.status == 0, "\(log.stderr)")
        #expect(log.stdout.contains("second"))
        let deleted = try g.xibmerge(["diff", "--format", "json", "v1..v2", "--", link + "/Doomed.xib"])
        #expect(deleted.status == 0, "\(deleted.stderr)")
        #expect(try files(deleted).keys.sorted() == ["Doomed.xib"])
        let outside = try g.xibmerge(["log", g.root + "/elsewhere/A.xib"], cwd: g.repo)
        #expect(outside.status == 2 && outside.stderr.contains("is outside the repository"), "\(outside.stderr)")
    }

    /// A path typed or completed from a decomposed file name (NFD: U+0308 after the letter), where
    /// git precomposes command-line paths (`core.precomposeunicode`, on by default on macOS): the
    /// composed name git committed.
    @Test func decomposedPathsWhereGitPrecomposesThem() throws {
        let g = try history()
        let decomposed = "Screens/U\u{0308}ni\u{0308}code Screen.xib"
        #expect(Array(decomposed.utf8) != Array(Self.unicodePath.utf8))
        try g.git(["config", "core.precomposeunicode", "true"])
        let log = try g.xibmerge(["log", "-n", "1", decomposed])
        #expect(log.status == 0, "\(log.stderr)")
        #expect(log.stdout.contains("second"))
        let json = try g.xibmerge(["diff", "--format", "json", "v1..v2", "--", decomposed])
        #expect(try files(json).keys.sorted() == [Self.unicodePath])
    }

    @Test func logFollowsARename() throws {
        let g = try history()
        let v2 = try g.gitOutput("rev-parse", "v2"), v1 = try g.gitOutput("rev-parse", "v1")
        let log = try g.xibmerge(["log", "Screens/New Name.storyboard"])
        #expect(log.status == 0, "\(log.stderr)")
        // v2 renamed it (with an edit), v1 added it under its old name: both, newest first.
        #expect(log.stdout.components(separatedBy: "\ncommit ").count == 2)
        #expect(log.stdout.hasPrefix("commit \(v2)"))
        #expect(log.stdout.contains("renamed Screens/Old Name.storyboard → Screens/New Name.storyboard\n"))
        #expect(log.stdout.contains("commit \(v1)"))
        #expect(log.stdout.contains("new file"))
        // The same commits as `git log --follow`.
        let git = try g.gitOutput("log", "--follow", "--format=%H", "--", "Screens/New Name.storyboard")
        #expect(git.split(separator: "\n").map(String.init) == [v2, v1])

        let json = try g.xibmerge(["log", "--format", "json", "Screens/New Name.storyboard"])
        let commits = try #require(try json.json()["commits"] as? [[String: Any]])
        #expect(commits.map { $0["renamedFrom"] as? String } == ["Screens/Old Name.storyboard", nil])
    }

    @Test func errorsAreOneLine() throws {
        let g = try history()
        for arguments in [["diff", "nope..HEAD"], ["diff", "v1..v2", "--", "missing.xib"], ["diff", "HEAD", "--", "missing.xib"],
                          ["log", "missing.xib"], ["merge-preview", "main", "nope"], ["log", "Screens"]] {
            let result = try g.xibmerge(arguments)
            #expect(result.status == 2, "\(arguments)")
            #expect(result.stderrIsOneLine, "\(arguments): \(result.stderr)")
        }
        let unborn = try GitSandbox()
        for arguments in [["diff", "HEAD"], ["log", "a.xib"], ["diff", "HEAD~1..HEAD"]] {
            let result = try unborn.xibmerge(arguments)
            #expect(result.status == 2, "\(arguments)")
            #expect(result.stderrIsOneLine, "\(arguments): \(result.stderr)")
            #expect(result.stderr.contains("no commits yet"), "\(arguments): \(result.stderr)")
        }
        #expect(try unborn.xibmerge(["diff", "--cached"]).status == 0)
        let outside = try g.xibmerge(["diff", "v1..v2"], cwd: g.home)
        #expect(outside.status == 2)
        #expect(outside.stderr.contains("not a git repository"))
    }
}

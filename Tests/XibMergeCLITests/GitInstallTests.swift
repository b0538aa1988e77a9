import Foundation
import Testing

/// `xibmerge install`: after it, git's own merge, rebase and cherry-pick merge storyboards through
/// the driver; `--uninstall` leaves every file byte for byte as before.
@Suite struct GitInstallTests {
    /// A repository with one storyboard, a `main` branch that changes one attribute of the view and a
    /// `feature` branch that adds another attribute to the same start tag: a line-based merge conflicts.
    private func divergedRepository(install: Bool = true) throws -> GitSandbox {
        let g = try GitSandbox()
        try g.commit("base", ["Base.lproj/Main.storyboard": IBFixture.storyboard, "README.md": "readme\n"])
        if install {
            let result = try g.xibmerge(["install"])
            #expect(result.status == 0, "\(result.stderr)")
            try g.commit("Set up xibmerge")   // commits .gitattributes
        }
        try g.git(["checkout", "-q", "-b", "feature"])
        try g.commit("feature: insets", ["Base.lproj/Main.storyboard": IBFixture.theirsEdit(IBFixture.storyboard)])
        try g.git(["checkout", "-q", "main"])
        try g.commit("main: content mode", ["Base.lproj/Main.storyboard": IBFixture.oursEdit(IBFixture.storyboard)])
        return g
    }

    @Test func installWritesDriverSettingsAndAttributes() throws {
        let g = try GitSandbox()
        try g.commit("base", ["a.xib": IBFixture.xib])
        let first = try g.xibmerge(["install"])
        #expect(first.status == 0)
        #expect(first.stdout.contains("merge.xibmerge.driver"))
        #expect(try g.gitOutput("config", "merge.xibmerge.driver") == "\(CLI.binary) merge %O %A %B %P %L")
        #expect(try g.gitOutput("config", "diff.xibmerge.textconv") == "\(CLI.binary) textconv")
        #expect(try g.gitOutput("config", "mergetool.xibmerge.cmd")
                == #"\#(CLI.binary) resolve --interactive --base "$BASE" --ours "$LOCAL" --theirs "$REMOTE" "$MERGED""#)
        #expect(try g.gitOutput("config", "--bool", "mergetool.xibmerge.trustExitCode") == "true")
        #expect(try g.gitOutput("check-attr", "merge", "diff", "--", "a.xib", "b/c.storyboard") == """
            a.xib: merge: xibmerge
            a.xib: diff: xibmerge
            b/c.storyboard: merge: xibmerge
            b/c.storyboard: diff: xibmerge
            """)
        let config = g.readBytes(g.repo + "/.git/config"), attributes = g.readBytes(g.path(".gitattributes"))
        let again = try g.xibmerge(["install"])
        #expect(again.status == 0)
        #expect(again.stdout.contains("nothing changed"))
        #expect(g.readBytes(g.repo + "/.git/config") == config)
        #expect(g.readBytes(g.path(".gitattributes")) == attributes)

        // textconv makes `git diff` semantic.
        try g.write("a.xib", IBFixture.background(IBFixture.xib, "0.5"))
        let diff = try g.git(["diff"])
        #expect(diff.stdout.contains("backgroundColor") || diff.stdout.contains("background"), "\(diff.stdout)")
        #expect(!diff.stdout.contains("<color key="))
    }

    /// `git log -p` starts the textconv driver once per blob, then reads its outlines from the
    /// cache `install` turns on, until the cache is cleared as the README says.
    @Test func textconvOutlinesAreCachedUntilTheCacheIsCleared() throws {
        let g = try GitSandbox()
        #expect(try g.xibmerge(["install"]).status == 0)
        #expect(try g.gitOutput("config", "--bool", "diff.xibmerge.cachetextconv") == "true")
        for white in ["1", "0.5", "0.25"] { try g.commit("white \(white)", ["a.xib": IBFixture.background(IBFixture.xib, white)]) }
        // The driver as installed, behind a script that counts its runs.
        let runs = g.root + "/runs", script = g.root + "/textconv"
        try Data("#!/bin/sh\necho run >> '\(runs)'\nexec '\(CLI.binary)' textconv \"$@\"\n".utf8).write(to: URL(fileURLWithPath: script))
        #expect(chmod(script, 0o755) == 0)
        try g.git(["config", "diff.xibmerge.textconv", script])
        func logRuns() throws -> (runs: Int, output: String) {
            try? FileManager.default.removeItem(atPath: runs)
            let log = try g.git(["log", "-p", "--", "a.xib"])
            let count = (try? String(contentsOfFile: runs, encoding: .utf8))?.split(separator: "\n").count ?? 0
            return (count, log.stdout)
        }
        let first = try logRuns()
        #expect(first.runs == 3, "one run per blob")
        #expect(first.output.contains("0.25") && !first.output.contains("<color key="))
        let second = try logRuns()
        #expect(second.runs == 0)
        #expect(second.output == first.output)
        try g.git(["update-ref", "-d", "refs/notes/textconv/xibmerge"])
        #expect(try logRuns().runs == 3)
    }

    @Test func gitMergeFinishesCleanlyThroughTheDriver() throws {
        let g = try divergedRepository()
        let merge = try g.git(["merge", "--no-edit", "feature"], allowFailure: true)
        #expect(merge.status == 0, "\(merge.stdout)\(merge.stderr)")
        #expect(try g.unmergedPaths().isEmpty)
        #expect(try g.read("Base.lproj/Main.storyboard") == IBFixture.bothEdits(IBFixture.storyboard))
        #expect(try g.gitOutput("status", "--porcelain").isEmpty)

        // Without the driver the same merge conflicts.
        let plain = try divergedRepository(install: false)
        #expect(try plain.git(["merge", "--no-edit", "feature"], allowFailure: true).status != 0)
        #expect(try plain.unmergedPaths() == ["Base.lproj/Main.storyboard"])
    }

    @Test func gitRebaseFinishesCleanlyThroughTheDriver() throws {
        let g = try divergedRepository()
        try g.git(["checkout", "-q", "feature"])
        let rebase = try g.git(["rebase", "main"], allowFailure: true)
        #expect(rebase.status == 0, "\(rebase.stdout)\(rebase.stderr)")
        #expect(try g.read("Base.lproj/Main.storyboard") == IBFixture.bothEdits(IBFixture.storyboard))
        #expect(try g.gitOutput("log", "--format=%s", "-3") == "feature: insets\nmain: content mode\nSet up xibmerge")
    }

    @Test func gitCherryPickFinishesCleanlyThroughTheDriver() throws {
        let g = try divergedRepository()
        let pick = try g.git(["cherry-pick", "feature"], allowFailure: true)
        #expect(pick.status == 0, "\(pick.stdout)\(pick.stderr)")
        #expect(try g.read("Base.lproj/Main.storyboard") == IBFixture.bothEdits(IBFixture.storyboard))
        #expect(try g.gitOutput("log", "--format=%s", "-1") == "feature: insets")
    }

    // MARK: Uninstall exactness

    /// Installs, checks that something changed, uninstalls, and compares every given file with its
    /// bytes (or absence) before.
    private func expectRoundTrip(_ g: GitSandbox, _ arguments: [String], files: [String], cwd: String? = nil) throws {
        let before = files.map(g.readBytes)
        let install = try g.xibmerge(["install"] + arguments, cwd: cwd)
        #expect(install.status == 0, "\(install.stderr)")
        #expect(files.map(g.readBytes) != before)
        #expect(try g.xibmerge(["install"] + arguments, cwd: cwd).stdout.contains("nothing changed"))
        let uninstall = try g.xibmerge(["install", "--uninstall"] + arguments, cwd: cwd)
        #expect(uninstall.status == 0, "\(uninstall.stderr)")
        for (file, old) in zip(files, before) {
            #expect(g.readBytes(file) == old, "\(file) differs after --uninstall:\n\(g.readBytes(file).map { String(decoding: $0, as: UTF8.self) } ?? "(absent)")")
        }
        #expect(try g.xibmerge(["install", "--uninstall"] + arguments, cwd: cwd).stdout.contains("nothing changed"))
    }

    @Test func uninstallRestoresAFreshRepository() throws {
        let g = try GitSandbox()
        try expectRoundTrip(g, [], files: [g.repo + "/.git/config", g.path(".gitattributes")])
        #expect(!FileManager.default.fileExists(atPath: g.path(".gitattributes")))
    }

    @Test func uninstallRestoresExistingContent() throws {
        let g = try GitSandbox()
        // No final newline in either file; sections that must survive; our settings' neighbours.
        try g.write(".gitattributes", "*.png binary\r\n*.pbxproj merge=union")
        let config = try String(contentsOfFile: g.repo + "/.git/config", encoding: .utf8)
        try Data((config + "[merge]\n\tconflictstyle = diff3\n[diff \"xibmerge\"]\n\t# keep me\n[alias]\n\tco = checkout").utf8)
            .write(to: URL(fileURLWithPath: g.repo + "/.git/config"))
        try FileManager.default.createDirectory(atPath: g.path("sub/dir"), withIntermediateDirectories: true)
        try expectRoundTrip(g, [], files: [g.repo + "/.git/config", g.path(".gitattributes")], cwd: g.path("sub/dir"))

        // An existing empty .gitattributes stays, empty.
        try g.write(".gitattributes", "")
        try expectRoundTrip(g, [], files: [g.path(".gitattributes")])
        #expect(FileManager.default.fileExists(atPath: g.path(".gitattributes")))
    }

    @Test func globalInstallWritesUserFilesAndUninstallRestoresThem() throws {
        let g = try GitSandbox()
        let gitconfig = g.home + "/.gitconfig", attributes = g.home + "/.config/git/attributes"
        // Nothing there yet: install creates both files, uninstall deletes them again.
        try expectRoundTrip(g, ["--global"], files: [gitconfig, attributes, g.repo + "/.git/config"])
        #expect(!FileManager.default.fileExists(atPath: g.home + "/.config"))

        // Installed globally, git uses it in any repository.
        #expect(try g.xibmerge(["install", "--global"]).status == 0)
        #expect(try g.gitOutput("config", "--global", "merge.xibmerge.driver") == "\(CLI.binary) merge %O %A %B %P %L")
        #expect(try g.gitOutput("check-attr", "merge", "--", "x.storyboard") == "x.storyboard: merge: xibmerge")
        #expect(try g.xibmerge(["install", "--global", "--uninstall"]).status == 0)

        // Existing files, and core.attributesFile pointing elsewhere (with ~/).
        try Data("[user]\n\tname = Someone\n[core]\n\tattributesFile = ~/my-attributes\n".utf8).write(to: URL(fileURLWithPath: gitconfig))
        try Data("*.pdf -diff\n".utf8).write(to: URL(fileURLWithPath: g.home + "/my-attributes"))
        try expectRoundTrip(g, ["--global"], files: [gitconfig, g.home + "/my-attributes", attributes])
    }
}

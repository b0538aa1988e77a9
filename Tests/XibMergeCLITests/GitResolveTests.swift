import Foundation
import Testing

/// `xibmerge resolve`: repairing a merge (or rebase) that ran without the driver.
@Suite struct GitResolveTests {
    /// `main` and `feature` diverged on two storyboards: `Clean` merges structurally (but conflicts
    /// line by line), `Clash` has a true conflict (the same colour changed differently).
    private func divergedRepository(clash: Bool = true) throws -> GitSandbox {
        let g = try GitSandbox()
        let sb = IBFixture.storyboard
        func files(_ clean: String, _ clash: String?) -> [String: String] {
            var files = ["UI/Clean.storyboard": clean]
            files["UI/Clash.storyboard"] = clash
            return files
        }
        try g.commit("base", files(sb, clash ? sb : nil).merging(["notes.txt": "a\n"]) { a, _ in a })
        try g.git(["checkout", "-q", "-b", "feature"])
        try g.commit("feature", files(IBFixture.theirsEdit(sb), clash ? IBFixture.background(sb, "0") : nil))
        try g.git(["checkout", "-q", "main"])
        try g.commit("main", files(IBFixture.oursEdit(sb), clash ? IBFixture.background(sb, "0.5") : nil))
        return g
    }

    @Test func resolveGivesWhatTheDriverWouldHave() throws {
        // The same merge twice: once through the driver, once without it and repaired by `resolve`.
        let driver = try divergedRepository()
        #expect(try driver.xibmerge(["install"]).status == 0)
        #expect(try driver.git(["merge", "--no-edit", "feature"], allowFailure: true).status != 0)
        #expect(try driver.unmergedPaths() == ["UI/Clash.storyboard"])

        let g = try divergedRepository()
        #expect(try g.git(["merge", "--no-edit", "feature"], allowFailure: true).status != 0)
        #expect(try g.unmergedPaths() == ["UI/Clash.storyboard", "UI/Clean.storyboard"])

        let resolve = try g.xibmerge(["resolve"], cwd: g.path("UI"))
        #expect(resolve.status == 1, "\(resolve.stdout)\(resolve.stderr)")
        #expect(resolve.stdout.contains("UI/Clean.storyboard: merged cleanly"))
        #expect(resolve.stdout.contains("UI/Clean.storyboard: staged"))
        #expect(resolve.stdout.contains(#"View Controller Scene > View: ours changed its backgroundColor to white 0.5 alpha 1"#), "\(resolve.stdout)")
        #expect(resolve.stdout.contains(#"theirs changed its backgroundColor to white 0 alpha 1"#))
        #expect(try g.unmergedPaths() == ["UI/Clash.storyboard"])
        for file in ["UI/Clean.storyboard", "UI/Clash.storyboard"] {
            #expect(try g.read(file) == driver.read(file), "\(file)")
        }
        #expect(try g.read("UI/Clean.storyboard") == IBFixture.bothEdits(IBFixture.storyboard))
        #expect(try g.gitOutput("status", "--porcelain", "--untracked-files=no") == "UU UI/Clash.storyboard\nM  UI/Clean.storyboard")

        // Running it again redoes only what is still conflicted (the marked file has markers).
        let again = try g.xibmerge(["resolve", "UI/Clash.storyboard"])
        #expect(again.status == 1)
        #expect(try g.read("UI/Clash.storyboard") == driver.read("UI/Clash.storyboard"))
    }

    @Test func resolveAfterRebaseWithoutDriverAndNoAdd() throws {
        let g = try divergedRepository(clash: false)
        try g.git(["checkout", "-q", "feature"])
        #expect(try g.git(["rebase", "main"], allowFailure: true).status != 0)
        #expect(try g.unmergedPaths() == ["UI/Clean.storyboard"])

        let resolve = try g.xibmerge(["resolve", "--no-add"])
        #expect(resolve.status == 0, "\(resolve.stdout)\(resolve.stderr)")
        #expect(try g.read("UI/Clean.storyboard") == IBFixture.bothEdits(IBFixture.storyboard))
        #expect(try g.unmergedPaths() == ["UI/Clean.storyboard"])   // --no-add: not staged

        // A file without markers that differs from ours looks hand-resolved: left alone without --force.
        try g.write("UI/Clean.storyboard", IBFixture.storyboard)
        let careful = try g.xibmerge(["resolve"])
        #expect(careful.status == 1)
        #expect(careful.stdout.contains("not touched"))
        #expect(try g.read("UI/Clean.storyboard") == IBFixture.storyboard)
        #expect(try g.xibmerge(["resolve", "--force"]).status == 0)
        #expect(try g.unmergedPaths().isEmpty)
        #expect(try g.git(["-c", "core.editor=true", "rebase", "--continue"], allowFailure: true).status == 0)
        #expect(try g.read("UI/Clean.storyboard") == IBFixture.bothEdits(IBFixture.storyboard))
    }

    @Test func resolveHandlesAddAddAndReportsDeleteModify() throws {
        let g = try GitSandbox()
        let sb = IBFixture.storyboard
        try g.commit("base", ["Gone.xib": IBFixture.xib])
        try g.git(["checkout", "-q", "-b", "feature"])
        try g.git(["rm", "-q", "Gone.xib"])
        // Both add the same new file, with different, compatible edits.
        try g.commit("feature", ["New.storyboard": IBFixture.theirsEdit(sb)])
        try g.git(["checkout", "-q", "main"])
        try g.commit("main", ["New.storyboard": IBFixture.labelEdit(sb), "Gone.xib": IBFixture.background(IBFixture.xib, "0.5")])
        #expect(try g.git(["merge", "--no-edit", "feature"], allowFailure: true).status != 0)
        #expect(try g.unmergedPaths() == ["Gone.xib", "New.storyboard"])

        let resolve = try g.xibmerge(["resolve"])
        #expect(resolve.status == 1, "\(resolve.stdout)\(resolve.stderr)")
        #expect(resolve.stdout.contains("New.storyboard: added on both sides"))
        #expect(resolve.stdout.contains("Gone.xib: changed by us, deleted by them: not touched"))
        let merged = try g.read("New.storyboard")
        #expect(merged.contains(#"insetsLayoutMarginsFromSafeArea="NO""#) && merged.contains(#"userLabel="Root""#), "\(merged)")
        #expect(try g.xibmerge(["check", "New.storyboard"]).status == 0)
        #expect(try g.unmergedPaths() == ["Gone.xib"])
        #expect(try g.read("Gone.xib") == IBFixture.background(IBFixture.xib, "0.5"))
    }

    /// `--take` answers one side per conflict (those `--only` selects), after a merge that ran
    /// without the driver; the answers are kept, so the next run starts from them, and a file
    /// with every conflict answered is checked and staged.
    @Test func takeAnswersConflictsOneSideAtATime() throws {
        let g = try ResolveJSONTests.conflictedRepository()

        // One constraint by id, then the one whose path says "(bottom)".
        let one = try g.xibmerge(["resolve", "--take", "theirs", "--only", "Yjj-ua-rbe"])
        #expect(one.status == 1, "\(one.stdout)\(one.stderr)")
        #expect(one.stdout.contains("UI/Toolbar.xib: took theirs in 1 conflict(s)"))
        #expect(one.stdout.contains("4 conflict(s) remain, marked in 4 place(s); 1 conflict(s) resolved as chosen"), "\(one.stdout)")
        let glob = try g.xibmerge(["resolve", "--take", "ours", "--only", "*(bottom)"])
        #expect(glob.stdout.contains("took ours in 1 conflict(s)") && glob.stdout.contains("3 conflict(s) remain"), "\(glob.stdout)")
        // A plain `resolve` keeps the answers.
        #expect(try g.xibmerge(["resolve"]).stdout.contains("3 conflict(s) remain, marked in 3 place(s); 2 conflict(s) resolved as chosen"))
        var text = try g.read("UI/Toolbar.xib")
        #expect(text.contains(#"constant="60" id="Yjj-ua-rbe""#) && text.contains(#"constant="13" id="NGr-2o-sOP""#))
        #expect(try g.unmergedPaths() == ["UI/Toolbar.xib"])

        let rest = try g.xibmerge(["resolve", "--take", "ours"])
        #expect(rest.status == 0, "\(rest.stdout)\(rest.stderr)")
        #expect(rest.stdout.contains("took ours in 3 conflict(s)") && rest.stdout.contains("UI/Toolbar.xib: staged"))
        #expect(try g.unmergedPaths().isEmpty)
        #expect(try g.xibmerge(["check", "UI/Toolbar.xib"]).status == 0)
        text = try g.read("UI/Toolbar.xib")
        #expect(text.contains(#"constant="60" id="Yjj-ua-rbe""#) && text.contains(#"constant="13" id="NGr-2o-sOP""#))
        #expect(text.contains(#"constant="58" id="1FO-iu-urG""#) && !text.contains("0jt-Ye-2DW"), "ours deleted that constraint")
        #expect(!FileManager.default.fileExists(atPath: g.repo + "/.git/xibmerge"))
    }

    @Test func resolveOptionsThatDoNotGoTogether() throws {
        let g = try GitSandbox()
        try g.commit("base", ["a.xib": IBFixture.xib])
        for arguments in [["--interactive", "--take", "ours"], ["--only", "x"], ["--ours", "a.xib", "a.xib"], ["--take", "mine"],
                          ["--ours", "a.xib", "--theirs", "a.xib"]] {
            let r = try g.xibmerge(["resolve"] + arguments)
            #expect(r.status == 2, "\(arguments): \(r.stderr)")
        }
    }

    @Test func resolveErrorsAreOneLine() throws {
        let g = try GitSandbox()
        try g.commit("base", ["a.xib": IBFixture.xib])
        let nothing = try g.xibmerge(["resolve"])
        #expect(nothing.status == 0)
        #expect(nothing.stdout.contains("no conflicted"))

        let missing = try g.xibmerge(["resolve", "nope.xib"])
        #expect(missing.status == 2)
        #expect(missing.stderrIsOneLine, "\(missing.stderr)")

        let outside = try g.xibmerge(["resolve"], cwd: g.home)
        #expect(outside.status == 2)
        #expect(outside.stderrIsOneLine)
        #expect(outside.stderr.contains("not a git repository"))
    }
}

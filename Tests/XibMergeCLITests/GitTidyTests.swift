import Foundation
import Testing

/// `xibmerge tidy` in a real git repository: Xcode's version bumps go back to HEAD's, real
/// changes stay; `--staged` rewrites the index and the work tree together; the hook `install
/// --tidy` adds and the pre-commit framework's `xibmerge-tidy` keep the bumps out of commits.
@Suite struct GitTidyTests {
    /// What Xcode rewrites when it merely opens a file: its version and the plug-in's.
    static func bump(_ s: String) -> String {
        IBFixture.replace(IBFixture.replace(s, #"toolsVersion="10117" systemVersion="15G31""#, #"toolsVersion="22155" systemVersion="23E224""#),
                          #"IBCocoaTouchPlugin" version="10085""#, #"IBCocoaTouchPlugin" version="22131""#)
    }

    /// A repository with the storyboard committed, then opened in a newer Xcode: `Noise` only
    /// bumped, `Real` bumped and given a label.
    private func repository() throws -> GitSandbox {
        let g = try GitSandbox()
        try g.commit("base", ["Noise.storyboard": IBFixture.storyboard, "UI/Real.storyboard": IBFixture.storyboard])
        try g.write("Noise.storyboard", Self.bump(IBFixture.storyboard))
        try g.write("UI/Real.storyboard", Self.bump(IBFixture.labelEdit(IBFixture.storyboard)))
        return g
    }

    @Test func workTreeNoiseGoesBackAndRealChangesStay() throws {
        let g = try repository()
        let check = try g.xibmerge(["tidy", "--check"])
        #expect(check.status == 1)
        #expect(check.stdout == """
            Noise.storyboard: would put back plugIn version, toolsVersion, systemVersion (noise only: HEAD's file)
            UI/Real.storyboard: would put back plugIn version, toolsVersion, systemVersion

            """)
        #expect(try g.read("Noise.storyboard") == Self.bump(IBFixture.storyboard))

        let tidy = try g.xibmerge(["tidy", "UI"])
        #expect(tidy.status == 0 && tidy.stdout == "UI/Real.storyboard: put back plugIn version, toolsVersion, systemVersion\n")
        #expect(try g.read("UI/Real.storyboard") == IBFixture.labelEdit(IBFixture.storyboard))
        #expect(try g.read("Noise.storyboard") == Self.bump(IBFixture.storyboard))
        #expect(try g.xibmerge(["tidy"]).status == 0)
        #expect(try g.gitOutput("status", "--porcelain") == " M UI/Real.storyboard")
        #expect(try g.xibmerge(["tidy", "--check"]).status == 0)
    }

    @Test func stagedNoiseIsUnstagedAndRealChangesAreStagedWithoutIt() throws {
        let g = try repository()
        try g.git(["add", "-A"])
        let tidy = try g.xibmerge(["tidy", "--staged"])
        #expect(tidy.status == 0, "\(tidy.stderr)")
        #expect(try g.gitOutput("status", "--porcelain") == "M  UI/Real.storyboard")
        #expect(try g.gitOutput("show", ":UI/Real.storyboard") + "\n" == IBFixture.labelEdit(IBFixture.storyboard))
        #expect(try g.read("UI/Real.storyboard") == IBFixture.labelEdit(IBFixture.storyboard))
        #expect(try g.read("Noise.storyboard") == IBFixture.storyboard)
    }

    @Test func againstARevisionAndFrames() throws {
        let g = try repository()
        try g.commit("bumped")
        let shifted = IBFixture.replace(IBFixture.storyboard, #"<rect key="frame" x="0.0" y="0.0" width="600" height="600"/>"#,
                                        #"<rect key="frame" x="0.0" y="0.0" width="600.5" height="600"/>"#)
        try g.write("Noise.storyboard", Self.bump(shifted))
        let plain = try g.xibmerge(["tidy", "--check", "--against", "HEAD~1", "Noise.storyboard"])
        #expect(plain.stdout == "Noise.storyboard: would put back plugIn version, toolsVersion, systemVersion\n")
        let frames = try g.xibmerge(["tidy", "--frames", "--against", "HEAD~1", "Noise.storyboard"])
        #expect(frames.stdout == "Noise.storyboard: put back plugIn version, frame, toolsVersion, systemVersion (noise only: HEAD's file)\n")
        #expect(try g.read("Noise.storyboard") == IBFixture.storyboard)
    }

    @Test func conflictMarkersAreLeftAlone() throws {
        let g = try repository()
        let marked = "<<<<<<< ours\n" + Self.bump(IBFixture.storyboard) + "=======\n>>>>>>> theirs\n"
        try g.write("Noise.storyboard", marked)
        let r = try g.xibmerge(["tidy"])
        #expect(r.status == 2)
        #expect(r.stderr.contains("Noise.storyboard:1:1: error: the file contains git conflict markers"), "\(r.stderr)")
        #expect(try g.read("Noise.storyboard") == marked)
        #expect(try g.read("UI/Real.storyboard") == IBFixture.labelEdit(IBFixture.storyboard))
    }

    @Test func installTidyAddsAPreCommitHook() throws {
        let g = try repository()
        let install = try g.xibmerge(["install", "--tidy"])
        #expect(install.status == 0 && install.stdout.contains("pre-commit hook"), "\(install.stderr)")
        try g.git(["add", "-A"])
        try g.git(["commit", "-q", "-m", "label"])
        #expect(try g.gitOutput("show", "--name-only", "--format=", "HEAD", "--", "*.storyboard") == "UI/Real.storyboard")
        #expect(try g.gitOutput("show", "HEAD:UI/Real.storyboard") + "\n" == IBFixture.labelEdit(IBFixture.storyboard))
        #expect(try g.gitOutput("status", "--porcelain").isEmpty)
        let uninstall = try g.xibmerge(["install", "--tidy", "--uninstall"])
        #expect(uninstall.status == 0 && !FileManager.default.fileExists(atPath: g.repo + "/.git/hooks/pre-commit"))
    }

    /// Only noise staged: the hook puts it back and stops the commit, which git would otherwise
    /// make empty (it decided there was something to commit before the hook ran).
    @Test func aNoiseOnlyCommitStopsInsteadOfBeingEmpty() throws {
        let g = try repository()
        #expect(try g.xibmerge(["install", "--tidy"]).status == 0)  // and .gitattributes, left untracked
        let head = try g.gitOutput("rev-parse", "HEAD")
        try g.git(["add", "Noise.storyboard"])
        let commit = try g.git(["commit", "-q", "-m", "noise"], allowFailure: true)
        #expect(commit.status != 0 && commit.stderr.contains("nothing is left to commit"), "\(commit.stderr)")
        #expect(try g.gitOutput("rev-parse", "HEAD") == head)
        #expect(try g.read("Noise.storyboard") == IBFixture.storyboard)
        let status = try g.gitOutput("status", "--porcelain", "--untracked-files=no")
        #expect(status == " M UI/Real.storyboard", "\(status)")
    }

    /// `git commit -a` stages into `.git/index.lock` for its hook; the hook tidies that index,
    /// which the commit then makes the repository's. `git commit PATH` (an index of its own
    /// beside the repository's) is refused, saying what to do.
    @Test func commitAllIsTidiedAndCommitPathIsRefused() throws {
        let g = try repository()
        #expect(try g.xibmerge(["install", "--tidy"]).status == 0)  // and .gitattributes, left untracked
        let path = try g.git(["commit", "-q", "-m", "path", "UI/Real.storyboard"], allowFailure: true)
        #expect(path.status != 0 && path.stderr.contains("stage the files with git add"), "\(path.stderr)")
        let all = try g.git(["commit", "-q", "-a", "-m", "all"], allowFailure: true)
        #expect(all.status == 0, "\(all.stderr)")
        #expect(try g.gitOutput("show", "--name-only", "--format=", "HEAD") == "UI/Real.storyboard")
        #expect(try g.gitOutput("show", "HEAD:UI/Real.storyboard") + "\n" == IBFixture.labelEdit(IBFixture.storyboard))
        #expect(try g.read("Noise.storyboard") == IBFixture.storyboard)
        let status = try g.gitOutput("status", "--porcelain", "--untracked-files=no")
        #expect(status.isEmpty, "\(status)")
        // Only noise left to commit with -a: stopped, not empty.
        try g.write("Noise.storyboard", Self.bump(IBFixture.storyboard))
        let head = try g.gitOutput("rev-parse", "HEAD")
        let noise = try g.git(["commit", "-q", "-a", "-m", "noise"], allowFailure: true)
        #expect(noise.status != 0 && noise.stderr.contains("nothing is left to commit"), "\(noise.stderr)")
        #expect(try g.gitOutput("rev-parse", "HEAD") == head)
        let after = try g.gitOutput("status", "--porcelain", "--untracked-files=no")
        #expect(after.isEmpty, "\(after)")
    }

    @Test func installTidyLeavesAnotherHookAlone() throws {
        let g = try GitSandbox()
        try g.write(".git/hooks/pre-commit", "#!/bin/sh\nexit 0\n")
        let r = try g.xibmerge(["install", "--tidy"])
        #expect(r.status == 2 && r.stderr.contains("a pre-commit hook is already there"))
        #expect(try g.read(".git/hooks/pre-commit") == "#!/bin/sh\nexit 0\n")
    }
}

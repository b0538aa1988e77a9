import Foundation
import Testing

/// pre-commit from PyPI (`pip install pre-commit`) runs the `xibmerge-tidy` hook of
/// `.pre-commit-hooks.yaml` end to end: a commit of one storyboard only opened in a newer Xcode
/// and one really changed commits the real change without the version bump, and leaves the
/// other file as HEAD has it, staged with `git add` or by `git commit -a`; a commit of noise
/// alone stops, saying so, rather than be empty. The hook is declared `language: system` with the built binary,
/// its name, files and arguments taken from the hooks file (the `language: swift` build that
/// pre-commit makes of the package is `Scripts/pre-commit-e2e`'s, minutes long). Skipped when
/// no Python can import pre_commit.
@Suite struct PreCommitTidyTests {
    /// The Python interpreter that has pre-commit installed.
    static let python: String? = {
        for candidate in ["python3", "python"] {
            guard let r = try? CLI.run("/usr/bin/env", [candidate, "-c", "import pre_commit, sys; print(sys.executable)"]),
                  r.status == 0 else { continue }
            let path = r.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
            if !path.isEmpty { return path }
        }
        return nil
    }()

    /// A repository with both storyboards committed and the hook installed by pre-commit.
    struct Repository {
        let git: GitSandbox
        var environment: [String: String] {
            var environment = git.environment
            environment["PRE_COMMIT_HOME"] = git.root + "/pre-commit-cache"
            return environment
        }

        init() throws {
            let hook = try #require(try PreCommitHooksTests.hooks().first { $0.id == "xibmerge-tidy" })
            let arguments = hook.entry.split(separator: " ").dropFirst().joined(separator: " ")
            git = try GitSandbox()
            try git.commit("base", [
                "Noise.storyboard": IBFixture.storyboard, "UI/Real.storyboard": IBFixture.storyboard,
                ".pre-commit-config.yaml": """
                    repos:
                      - repo: local
                        hooks:
                          - id: \(hook.id)
                            name: \(hook.id)
                            entry: \(CLI.binary) \(arguments)
                            language: system
                            files: \(hook.files)

                    """,
            ])
            let install = try GitSandbox.run(PreCommitTidyTests.python!, ["-m", "pre_commit", "install"], cwd: git.repo, environment: environment)
            #expect(install.status == 0, "\(install.stdout) \(install.stderr)")
        }

        func commit(_ arguments: [String]) throws -> CLI.Result {
            try GitSandbox.run("/usr/bin/env", ["git", "commit"] + arguments, cwd: git.repo, environment: environment)
        }

        /// Only the real change is in HEAD, without its version bump; nothing is left over.
        func expectRealChangeCommitted(_ commit: CLI.Result) throws {
            #expect(commit.status == 0, "\(commit.stdout) \(commit.stderr)")
            #expect(commit.stdout.contains("Passed") || commit.stderr.contains("Passed"), "\(commit.stdout) \(commit.stderr)")
            #expect(try git.gitOutput("show", "--name-only", "--format=", "HEAD") == "UI/Real.storyboard")
            #expect(try git.gitOutput("show", "HEAD:UI/Real.storyboard") + "\n" == IBFixture.labelEdit(IBFixture.storyboard))
            #expect(try git.gitOutput("status", "--porcelain").isEmpty)
            #expect(try git.read("Noise.storyboard") == IBFixture.storyboard)
        }
    }

    @Test(.enabled(if: python != nil, "pre-commit is not installed (pip install pre-commit); skipping"))
    func theHookKeepsVersionBumpsOutOfACommit() throws {
        let r = try Repository()
        try r.git.write("Noise.storyboard", GitTidyTests.bump(IBFixture.storyboard))
        try r.git.write("UI/Real.storyboard", GitTidyTests.bump(IBFixture.labelEdit(IBFixture.storyboard)))
        try r.git.git(["add", "-A"])
        try r.expectRealChangeCommitted(try r.commit(["-m", "a label"]))
    }

    /// `git commit -a` stages into an index of its own for the hook, which the hook tidies.
    @Test(.enabled(if: python != nil, "pre-commit is not installed (pip install pre-commit); skipping"))
    func commitAllKeepsVersionBumpsOutToo() throws {
        let r = try Repository()
        try r.git.write("Noise.storyboard", GitTidyTests.bump(IBFixture.storyboard))
        try r.git.write("UI/Real.storyboard", GitTidyTests.bump(IBFixture.labelEdit(IBFixture.storyboard)))
        try r.expectRealChangeCommitted(try r.commit(["-a", "-m", "a label"]))
    }

    /// Only noise staged (with `git add`, or with `git commit -a`): the hook puts it back and
    /// stops the commit, which would otherwise be empty, saying why.
    @Test(.enabled(if: python != nil, "pre-commit is not installed (pip install pre-commit); skipping"))
    func aNoiseOnlyCommitStopsWithAMessage() throws {
        let r = try Repository()
        let head = try r.git.gitOutput("rev-parse", "HEAD")
        for arguments in [["-m", "noise"], ["-a", "-m", "noise"]] {
            try r.git.write("Noise.storyboard", GitTidyTests.bump(IBFixture.storyboard))
            if arguments.count == 2 { try r.git.git(["add", "Noise.storyboard"]) }
            let commit = try r.commit(arguments)
            #expect(commit.status != 0, "\(arguments): \(commit.stdout) \(commit.stderr)")
            #expect((commit.stdout + commit.stderr).contains("nothing is left to commit"), "\(commit.stdout) \(commit.stderr)")
            #expect(try r.git.gitOutput("rev-parse", "HEAD") == head)
            #expect(try r.git.gitOutput("status", "--porcelain").isEmpty)
            #expect(try r.git.read("Noise.storyboard") == IBFixture.storyboard)
        }
    }
}

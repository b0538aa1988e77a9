import Foundation
import Testing

/// pre-commit from PyPI (`pip install pre-commit`) runs the `xibmerge-tidy` hook of
/// `.pre-commit-hooks.yaml` end to end: a commit of one storyboard only opened in a newer Xcode
/// and one really changed commits the real change without the version bump, and leaves the
/// other file as HEAD has it. The hook is declared `language: system` with the built binary,
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

    @Test(.enabled(if: python != nil, "pre-commit is not installed (pip install pre-commit); skipping"))
    func theHookKeepsVersionBumpsOutOfACommit() throws {
        let hook = try #require(try PreCommitHooksTests.hooks().first { $0.id == "xibmerge-tidy" })
        let arguments = hook.entry.split(separator: " ").dropFirst().joined(separator: " ")
        let g = try GitSandbox()
        try g.commit("base", [
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
        let preCommit = { (arguments: [String]) throws -> CLI.Result in
            var environment = g.environment
            environment["PRE_COMMIT_HOME"] = g.root + "/pre-commit-cache"
            return try GitSandbox.run(Self.python!, ["-m", "pre_commit"] + arguments, cwd: g.repo, environment: environment)
        }
        let install = try preCommit(["install"])
        #expect(install.status == 0, "\(install.stdout) \(install.stderr)")

        try g.write("Noise.storyboard", GitTidyTests.bump(IBFixture.storyboard))
        try g.write("UI/Real.storyboard", GitTidyTests.bump(IBFixture.labelEdit(IBFixture.storyboard)))
        try g.git(["add", "-A"])
        var environment = g.environment
        environment["PRE_COMMIT_HOME"] = g.root + "/pre-commit-cache"
        let commit = try GitSandbox.run("/usr/bin/env", ["git", "commit", "-m", "a label"], cwd: g.repo, environment: environment)
        #expect(commit.status == 0, "\(commit.stdout) \(commit.stderr)")
        #expect(commit.stdout.contains("Passed") || commit.stderr.contains("Passed"), "\(commit.stdout) \(commit.stderr)")
        #expect(try g.gitOutput("show", "--name-only", "--format=", "HEAD") == "UI/Real.storyboard")
        #expect(try g.gitOutput("show", "HEAD:UI/Real.storyboard") + "\n" == IBFixture.labelEdit(IBFixture.storyboard))
        #expect(try g.gitOutput("status", "--porcelain").isEmpty)
        #expect(try g.read("Noise.storyboard") == IBFixture.storyboard)
    }
}

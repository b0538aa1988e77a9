import Foundation
import Testing

/// What ships to a Mac and cannot run here, read by the tools that will read it: the Homebrew
/// formula by Ruby's parser, the workflows by actionlint (which runs shellcheck on their
/// scripts), and the one libgit2 that the formula and Scripts/static-libgit2 both pin.
struct PackagingTests {
    static let root = CLI.packageRoot.path

    @Test("Formula/xibmerge.rb parses (ruby -c)", .enabled(if: ShellCompletionTests.installed("ruby")))
    func formulaParses() throws {
        let r = try CLI.run("/usr/bin/env", ["ruby", "-c", Self.root + "/Formula/xibmerge.rb"])
        #expect(r.status == 0 && r.stdout.contains("Syntax OK"), "\(r.stdout)\(r.stderr)")
    }

    @Test("every workflow passes actionlint", .enabled(if: ShellCompletionTests.installed("actionlint")))
    func workflowsLint() throws {
        let workflows = try FileManager.default.contentsOfDirectory(atPath: Self.root + "/.github/workflows").filter { $0.hasSuffix(".yml") }
        #expect(workflows.contains("release.yml") && workflows.contains("ci.yml"), "\(workflows)")
        let r = try CLI.run("/usr/bin/env", ["actionlint", "-no-color"] + workflows.map { ".github/workflows/" + $0 }, cwd: Self.root)
        #expect(r.status == 0, "\(r.stdout)\(r.stderr)")
    }

    @Test("the formula builds the libgit2 Scripts/static-libgit2 pins: same version, same SHA-256")
    func oneLibgit2() throws {
        let script = try String(contentsOfFile: Self.root + "/Scripts/static-libgit2", encoding: .utf8)
        let formula = try String(contentsOfFile: Self.root + "/Formula/xibmerge.rb", encoding: .utf8)
        func value(_ name: String) -> String? {
            script.split(separator: "\n").first { $0.hasPrefix(name + "=") }.map { String($0.dropFirst(name.count + 1)) }
        }
        let version = try #require(value("version")), sha256 = try #require(value("sha256"))
        #expect(sha256.count == 64)
        #expect(formula.contains("url \"https://github.com/libgit2/libgit2/archive/refs/tags/v\(version).tar.gz\""))
        #expect(formula.contains("sha256 \"\(sha256)\""))
    }
}

import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A throw-away git repository for the repository-integration tests: built with the git command
/// line in a temporary folder, with its own HOME (so neither git nor libgit2 in the `xibmerge`
/// binary sees the user's configuration), no system config, a fixed identity and commit clock.
final class GitSandbox {
    let root: String
    let home: String
    /// The work tree (or the bare repository).
    let repo: String
    private(set) var environment: [String: String]
    private var clock = 1_700_000_000

    init(bare: Bool = false) throws {
        root = try CLI.temporaryDirectory()
        home = root + "/home"
        repo = root + "/repo"
        for dir in [home, repo] { try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true) }
        var env = ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("GIT_") && $0.key != "XDG_CONFIG_HOME" }
        env["HOME"] = home
        env["GIT_CONFIG_NOSYSTEM"] = "1"
        env["LC_ALL"] = "C"
        env["NO_COLOR"] = "1"
        env["GIT_EDITOR"] = "true"
        environment = env
        try git(["-c", "init.defaultBranch=main", "init", "-q"] + (bare ? ["--bare"] : []) + ["."])
        try git(["config", "user.name", "Ada Lovelace"])
        try git(["config", "user.email", "ada@example.com"])
        try git(["config", "core.quotePath", "false"])
    }

    deinit { try? FileManager.default.removeItem(atPath: root) }

    /// Runs git in `cwd` (default: the repository); fails the test on a non-zero exit unless `allowFailure`.
    @discardableResult
    func git(_ arguments: [String], cwd: String? = nil, allowFailure: Bool = false) throws -> CLI.Result {
        clock += 60
        var env = environment
        env["GIT_AUTHOR_DATE"] = "\(clock) +0100"
        env["GIT_COMMITTER_DATE"] = "\(clock) +0100"
        let result = try Self.run("/usr/bin/env", ["git"] + arguments, cwd: cwd ?? repo, environment: env)
        if result.status != 0 && !allowFailure {
            Issue.record("git \(arguments.joined(separator: " ")) failed (\(result.status)): \(result.stderr)")
        }
        return result
    }

    /// git's stdout without the final newline.
    func gitOutput(_ arguments: String...) throws -> String {
        var out = try git(arguments).stdout
        if out.hasSuffix("\n") { out.removeLast() }
        return out
    }

    func xibmerge(_ arguments: [String], cwd: String? = nil) throws -> CLI.Result {
        try Self.run(CLI.binary, arguments, cwd: cwd ?? repo, environment: environment)
    }

    static func run(_ executable: String, _ arguments: [String], cwd: String, environment: [String: String]) throws -> CLI.Result {
        try CLI.run(executable, arguments, cwd: cwd, environment: environment)
    }

    func path(_ relative: String) -> String { repo + "/" + relative }

    func write(_ relative: String, _ content: String) throws {
        let url = URL(fileURLWithPath: path(relative))
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(content.utf8).write(to: url)
    }

    func read(_ relative: String) throws -> String { try String(contentsOfFile: path(relative), encoding: .utf8) }

    func readBytes(_ absolute: String) -> Data? { FileManager.default.contents(atPath: absolute) }

    /// Writes files, stages everything and commits.
    func commit(_ message: String, _ files: [String: String] = [:]) throws {
        for (path, content) in files { try write(path, content) }
        try git(["add", "-A"])
        try git(["commit", "-q", "--allow-empty", "-m", message])
    }

    /// Paths git lists as unmerged.
    func unmergedPaths() throws -> [String] {
        try gitOutput("diff", "--name-only", "--diff-filter=U").split(separator: "\n").map(String.init).sorted()
    }
}

/// The Interface Builder files the tests edit, and the edits: two that touch the same start-tag
/// line (a line-based merge conflicts, a structural one does not) and two that truly conflict.
enum IBFixture {
    static let storyboard = text("LaunchScreen.storyboard")
    static let xib = text("TagsList.xib")

    static func text(_ name: String) -> String {
        let url = CLI.fixtures.appendingPathComponent("git/" + name)
        guard let s = try? String(contentsOf: url, encoding: .utf8) else { fatalError("missing fixture \(url.path)") }
        return s
    }

    static let viewLine = #"<view key="view" contentMode="scaleToFill" id="Ze5-6b-2t3">"#
    /// Ours: change an attribute of the view.
    static func oursEdit(_ s: String) -> String {
        replace(s, viewLine, #"<view key="view" contentMode="center" id="Ze5-6b-2t3">"#)
    }
    /// Theirs: add another attribute to the same start tag.
    static func theirsEdit(_ s: String) -> String {
        replace(s, viewLine, #"<view key="view" contentMode="scaleToFill" insetsLayoutMarginsFromSafeArea="NO" id="Ze5-6b-2t3">"#)
    }
    /// Both edits, as a structural merge writes them.
    static func bothEdits(_ s: String) -> String {
        replace(s, viewLine, #"<view key="view" contentMode="center" insetsLayoutMarginsFromSafeArea="NO" id="Ze5-6b-2t3">"#)
    }

    /// A label on the same start tag: what two versions added independently (add/add) can both keep
    /// this and `theirsEdit`'s attribute, having no common version to disagree about.
    static func labelEdit(_ s: String) -> String {
        replace(s, viewLine, #"<view key="view" contentMode="scaleToFill" id="Ze5-6b-2t3" userLabel="Root">"#)
    }

    static let background = #"<color key="backgroundColor" white="1" alpha="1""#
    /// A true conflict: both sides change the same colour differently.
    static func background(_ s: String, _ white: String) -> String {
        replace(s, background, #"<color key="backgroundColor" white="\#(white)" alpha="1""#)
    }

    static func replace(_ s: String, _ old: String, _ new: String) -> String {
        precondition(s.contains(old), "fixture does not contain \(old)")
        return s.replacingOccurrences(of: old, with: new)
    }
}

extension CLI.Result {
    /// stderr is one line (an error message, ending with its newline), for the error-path tests.
    var stderrIsOneLine: Bool {
        let lines = stderr.split(separator: "\n", omittingEmptySubsequences: true)
        return lines.count == 1 && lines[0].hasPrefix("xibmerge: ") && stderr.hasSuffix("\n")
    }

    /// stdout parsed as a JSON object.
    func json() throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(stdout.utf8)) as? [String: Any])
    }
}

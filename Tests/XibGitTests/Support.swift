import Foundation
import Testing
import XibGit

/// A process-wide fake HOME for libgit2: its global/XDG/system search paths are pointed here once, so no
/// test can read or write the real ~/.gitconfig. Only the global-config test writes into it.
let libgit2Home: String = {
    let home = makeTempDir("libgit2-home")
    do {
        try Config.setSearchPath(home, for: .global)
        try Config.setSearchPath(home + "/.config/git", for: .xdg)
        try Config.setSearchPath(libgit2System, for: .system)
    } catch { fatalError("cannot isolate libgit2 config: \(error)") }
    atexit { for dir in [libgit2Home, libgit2System, gitCLIHome] { try? FileManager.default.removeItem(atPath: dir) } }
    return home
}()

/// An empty folder standing in for /etc, so a system gitconfig cannot influence the tests.
let libgit2System: String = makeTempDir("libgit2-system")

/// HOME for the `git` command line, separate from libgit2's so parallel tests cannot see each other's config.
let gitCLIHome: String = makeTempDir("git-cli-home")

func makeTempDir(_ label: String) -> String {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("xibgit-\(label)-\(UUID().uuidString)")
    try! FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    // The real path (/private/var/... on macOS), as libgit2 reports paths: not
    // `resolvingSymlinksInPath`, which on Apple's Foundation takes `/private` off again.
    guard let real = realpath(url.path, nil) else { fatalError("cannot resolve \(url.path)") }
    defer { free(real) }
    return String(cString: real)
}

struct CommandFailure: Error, CustomStringConvertible {
    let description: String
}

/// Runs `git` with a clean, deterministic environment; returns stdout (trailing newline trimmed).
@discardableResult
func runGit(_ args: [String], in dir: String, home: String = gitCLIHome, date: Int? = nil,
            allowFailure: Bool = false) throws -> (status: Int32, output: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["git", "-c", "core.quotePath=false"] + args
    process.currentDirectoryURL = URL(fileURLWithPath: dir)
    var env = ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("GIT_") && $0.key != "XDG_CONFIG_HOME" }
    env["HOME"] = home
    env["GIT_CONFIG_NOSYSTEM"] = "1"
    env["LC_ALL"] = "C"
    if let date {
        env["GIT_AUTHOR_DATE"] = "\(date) +0100"
        env["GIT_COMMITTER_DATE"] = "\(date) +0100"
    }
    process.environment = env
    let out = Pipe(), err = Pipe()
    process.standardOutput = out
    process.standardError = err
    try process.run()
    let stdout = out.fileHandleForReading.readDataToEndOfFile()
    let stderr = err.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    var text = String(decoding: stdout, as: UTF8.self)
    if text.hasSuffix("\n") { text.removeLast() }
    if process.terminationStatus != 0 && !allowFailure {
        throw CommandFailure(description: "git \(args.joined(separator: " ")) failed: \(String(decoding: stderr, as: UTF8.self))")
    }
    return (process.terminationStatus, text)
}

/// A throw-away repository built with the git command line; deleted when released.
final class TestRepo {
    let root: String
    private var clock = 1_700_000_000

    init(bare: Bool = false) throws {
        _ = libgit2Home
        root = makeTempDir("repo")
        try runGit(["-c", "init.defaultBranch=main", "init", "-q"] + (bare ? ["--bare"] : []) + ["."], in: root)
        try git("config", "user.name", "Test User")
        try git("config", "user.email", "test@example.com")
    }

    deinit { try? FileManager.default.removeItem(atPath: root) }

    /// Runs git in the repository; every call advances a fake clock so commit times are distinct.
    @discardableResult
    func git(_ args: String..., allowFailure: Bool = false) throws -> String {
        clock += 60
        return try runGit(args, in: root, date: clock, allowFailure: allowFailure).output
    }

    func write(_ path: String, _ content: String) throws {
        let url = URL(fileURLWithPath: root).appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(content.utf8).write(to: url)
    }

    func read(_ path: String) throws -> String {
        String(decoding: try Data(contentsOf: URL(fileURLWithPath: root).appendingPathComponent(path)), as: UTF8.self)
    }

    /// Writes files, stages everything and commits; returns the new commit id.
    @discardableResult
    func commit(_ message: String, _ files: [String: String] = [:]) throws -> ObjectID {
        for (path, content) in files { try write(path, content) }
        try git("add", "-A")
        try git("commit", "-q", "--allow-empty", "-m", message)
        return try #require(ObjectID(hex: try git("rev-parse", "HEAD")))
    }

    func id(_ rev: String) throws -> ObjectID { try #require(ObjectID(hex: try git("rev-parse", rev))) }

    func open() throws -> Repository { try Repository(path: root) }
}

extension Array where Element == UInt8 {
    var text: String { String(decoding: self, as: UTF8.self) }
}

import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A mock of GitHub's API and release downloads on loopback (Tests/Fixtures/action/mock-github.py),
/// started for one test and stopped (SIGKILL) when the test lets it go; it also exits by itself
/// after five idle minutes.
final class MockGitHub {
    static let script = CLI.fixtures.appendingPathComponent("action/mock-github.py").path

    /// What the action's tests need that a bare machine may lack: python3 (the mock), curl and
    /// jq (the action's script); nil when all are there.
    static let missingTools: String? = {
        let missing = ["python3", "curl", "jq"].filter { tool in
            (try? CLI.run("/bin/sh", ["-c", "command -v \(tool)"]).status) != 0
        }
        return missing.isEmpty ? nil : missing.joined(separator: ", ")
    }()

    /// The action tests' condition: their tools are here, or CI is set and `requireTools()` fails.
    static var testable: Bool { missingTools == nil || ContinuousIntegration.isSet }
    static let missing: Comment = "python3, curl or jq is missing (Scripts/setup installs them); the action's tests are skipped"

    static func requireTools(sourceLocation: SourceLocation = #_sourceLocation) throws {
        try #require(missingTools == nil, "CI is set and \(missingTools ?? "") is missing: the action's tests must run in CI",
                     sourceLocation: sourceLocation)
    }

    /// A token's user (nil: an installation token, like GITHUB_TOKEN, whose comments are
    /// github-actions[bot]'s) and whether it may write (a pull request from a fork: no).
    struct Token {
        var login: String?
        var write: Bool
    }

    let dir: String
    let port: Int
    private let process: Process

    /// `files`: URL paths served as downloads, to local files.
    init(tokens: [String: Token], comments: [(id: Int, login: String, body: String)] = [], files: [String: String] = [:]) throws {
        dir = try CLI.temporaryDirectory()
        let state: [String: Any] = [
            "tokens": tokens.mapValues { ["login": $0.login as Any? ?? NSNull(), "write": $0.write] as [String: Any] },
            "comments": comments.map { ["id": $0.id, "user": ["login": $0.login], "body": $0.body] as [String: Any] },
            "files": files,
        ]
        try JSONSerialization.data(withJSONObject: state).write(to: URL(fileURLWithPath: dir + "/state.json"))
        try Data().write(to: URL(fileURLWithPath: dir + "/server.log"))
        process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", Self.script, dir + "/state.json", dir + "/port", dir + "/requests.jsonl"]
        process.standardOutput = FileHandle(forWritingAtPath: dir + "/server.log")
        process.standardError = process.standardOutput
        try process.run()
        // Python starts slowly on a busy machine: up to 30 s for the port.
        var port: Int?
        for _ in 0..<300 {
            if let text = try? String(contentsOfFile: dir + "/port", encoding: .utf8), let p = Int(text) { port = p; break }
            if !process.isRunning { break }
            usleep(100_000)
        }
        guard let port else {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            let log = (try? String(contentsOfFile: dir + "/server.log", encoding: .utf8)) ?? ""
            throw NSError(domain: "MockGitHub", code: 1, userInfo: [NSLocalizedDescriptionKey: "the mock did not start: \(log)"])
        }
        self.port = port
    }

    var url: String { "http://127.0.0.1:\(port)" }

    /// Every request so far: `method`, `path`, `status`, `body` (the request's).
    func requests() throws -> [JSONValue] {
        guard let text = try? String(contentsOfFile: dir + "/requests.jsonl", encoding: .utf8) else { return [] }
        return try text.split(separator: "\n").map { try JSONValue.parse(String($0)) }
    }

    /// `GET /user 403`, one line per request.
    func summary() throws -> [String] {
        try requests().map { r in
            var status = ""
            if case .int(let n)? = r["status"] { status = String(n) }
            return "\(r["method"]?.string ?? "") \(r["path"]?.string ?? "") \(status)"
        }
    }

    func stop() {
        if process.isRunning {
            // SIGKILL: the test's thread may block SIGTERM, and a child inherits the mask.
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
    }

    deinit { stop() }
}

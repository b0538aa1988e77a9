import CorpusSupport
import Foundation
import Testing

/// The GitHub action (action.yml, running Scripts/review-action) against a mock of GitHub's API
/// and release downloads on loopback (`MockGitHub`), in real repositories built from real file
/// pairs, with the environment a pull_request event gives: a fork's read-only token, other
/// people's comments among more than a page of them, a review past GitHub's comment limit, a
/// control character in a value, and the released binary's download and checksum.
@Suite(.serialized)
struct ActionTests {
    static let script = CLI.packageRoot.appendingPathComponent("Scripts/review-action").path
    static let marker = "<!-- xibmerge-review -->"
    static let runURL = "https://github.com/octo/app/actions/runs/42"

    /// What one run of the action left: the script's result, and the files it wrote.
    struct Run {
        var result: CLI.Result
        var out: String
        var summary: String
        var outputs: String

        func read(_ name: String) throws -> String { try String(contentsOfFile: out + "/" + name, encoding: .utf8) }
    }

    /// The environment of a pull_request run, without this process's own GitHub variables (CI
    /// runs the tests inside a GitHub job: its summary and outputs are not the test's).
    static func environment(_ git: GitSandbox, root: String) -> [String: String] {
        var env = git.environment.filter { key, _ in
            !["GITHUB_", "RUNNER_", "REVIEW_", "XIBMERGE"].contains { key.hasPrefix($0) } && key != "PR_NUMBER"
        }
        env["REVIEW_BASE"] = "main"
        env["REVIEW_HEAD"] = "feature"
        env["REVIEW_OUT"] = root + "/out"
        env["PR_NUMBER"] = "7"
        env["GITHUB_REPOSITORY"] = "octo/app"
        env["GITHUB_RUN_ID"] = "42"
        env["GITHUB_STEP_SUMMARY"] = root + "/summary.md"
        env["GITHUB_OUTPUT"] = root + "/outputs.txt"
        env["RUNNER_TEMP"] = root + "/runner-temp"
        return env
    }

    /// Runs the action's review step in `git` with `token` against `mock` (nil: a dry run).
    static func run(_ git: GitSandbox, mock: MockGitHub?, token: String?, extra: [String: String] = [:]) throws -> Run {
        let root = try CLI.temporaryDirectory()
        var env = environment(git, root: root)
        env["XIBMERGE"] = CLI.binary
        if let mock { env["GITHUB_API_URL"] = mock.url } else { env["REVIEW_DRY_RUN"] = "true" }
        env["GITHUB_TOKEN"] = token
        env.merge(extra) { $1 }
        let result = try CLI.run(script, [], cwd: git.repo, environment: env)
        func read(_ path: String) -> String { (try? String(contentsOfFile: path, encoding: .utf8)) ?? "" }
        return Run(result: result, out: root + "/out", summary: read(root + "/summary.md"), outputs: read(root + "/outputs.txt"))
    }

    /// The comment bodies the script sent (POST and PATCH), as GitHub would store them.
    static func sentBodies(_ mock: MockGitHub) throws -> [String] {
        try mock.requests().filter { ["POST", "PATCH"].contains($0["method"]?.string) }.compactMap { r in
            try r["body"]?.string.flatMap { try JSONValue.parse($0)["body"]?.string }
        }
    }

    /// What the action leaves whatever happens to the comment: the job summary (the Markdown
    /// review), the step's outputs, the HTML and JSON reports.
    static func expectReports(_ run: Run, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let markdown = try run.read("review.md")
        #expect(markdown.contains("## xibmerge review"), sourceLocation: sourceLocation)
        #expect(run.summary == markdown, sourceLocation: sourceLocation)
        for (key, file) in [("html", "xibmerge-review.html"), ("json", "xibmerge-review.json"), ("markdown", "review.md")] {
            #expect(run.outputs.contains("\(key)=\(run.out)/\(file)"), sourceLocation: sourceLocation)
        }
        #expect(MarkupScan(try run.read("xibmerge-review.html")).error == nil, sourceLocation: sourceLocation)
        #expect(try JSONValue.parse(run.read("xibmerge-review.json"))["version"] == .int(1), sourceLocation: sourceLocation)
    }

    @Test("dry run: reports written, job summary filled, the requests and the JSON body printed")
    func dryRun() throws {
        let git = try GitReviewTests.repository(GitReviewTests.fixturePairs)
        let run = try Self.run(git, mock: nil, token: "secret-token")
        #expect(run.result.status == 0, "\(run.result.stderr)")
        #expect(run.result.stdout.contains("GET https://api.github.com/repos/octo/app/issues/7/comments?per_page=100&page=1"))
        #expect(run.result.stdout.contains("POST https://api.github.com/repos/octo/app/issues/7/comments"))
        #expect(!run.result.stdout.contains("secret-token"))
        // The request body: {"body": the comment}, as JSON; the comment is the marker, the
        // review and the pointer to the run.
        let json = run.result.stdout.components(separatedBy: "\n\n").last!
        let body = try JSONValue.parse(json)["body"]?.string
        let comment = try run.read("comment.md")
        #expect(body == comment)
        let markdown = try run.read("review.md")
        #expect(comment.hasPrefix(Self.marker + "\n" + markdown))
        #expect(comment.hasSuffix("[job summary and the `xibmerge-review` artifact](\(Self.runURL)) (an HTML page with the wireframes)._\n"))
        #expect(markdown.contains("```mermaid"))
        try Self.expectReports(run)
    }

    @Test("a read-only token (a fork's pull request): a notice, no failure, the reports all written",
          .enabled(if: MockGitHub.testable, MockGitHub.missing))
    func readOnlyToken() throws {
        try MockGitHub.requireTools()
        let git = try GitReviewTests.repository(GitReviewTests.fixturePairs)
        let mock = try MockGitHub(tokens: ["read-only": .init(login: nil, write: false)])
        let run = try Self.run(git, mock: mock, token: "read-only")
        #expect(run.result.status == 0, "\(run.result.stdout)\(run.result.stderr)")
        #expect(run.result.stdout.contains(
            "::notice title=xibmerge review::No pull-request comment: the token may not write to this pull request (HTTP 403: Resource not accessible by integration)"))
        #expect(run.result.stdout.contains("a pull request from a fork a read-only token"))
        #expect(try mock.summary() == ["GET /user 403", "GET /repos/octo/app/issues/7/comments?per_page=100&page=1 200",
                                       "POST /repos/octo/app/issues/7/comments 403"])
        try Self.expectReports(run)

        // No token at all (a fork's run gets no secrets): the same, without a request.
        let none = try MockGitHub(tokens: [:])
        let bare = try Self.run(git, mock: none, token: "")
        #expect(bare.result.status == 0, "\(bare.result.stderr)")
        #expect(bare.result.stdout.contains("::notice title=xibmerge review::No pull-request comment: there is no token"))
        #expect(try none.requests().isEmpty)
        try Self.expectReports(bare)
    }

    @Test("only the bot's own comment is updated, found past the first page of 100; a person's quote is left alone",
          .enabled(if: MockGitHub.testable, MockGitHub.missing))
    func ownComment() throws {
        try MockGitHub.requireTools()
        let git = try GitReviewTests.repository(GitReviewTests.fixturePairs)
        // 150 comments: a person quoting the review (3), another bot message (60), the action's
        // own comment on the second page (120).
        var comments = (1...150).map { (id: $0, login: "reviewer\($0 % 7)", body: "Comment \($0)") }
        comments[2] = (3, "octocat", Self.marker + "\n> quoting the review: ## xibmerge review")
        comments[59] = (60, "github-actions[bot]", "Build passed")
        comments[119] = (120, "github-actions[bot]", Self.marker + "\n## xibmerge review\n\n(an older run)")
        let mock = try MockGitHub(tokens: ["bot": .init(login: nil, write: true)], comments: comments)
        let run = try Self.run(git, mock: mock, token: "bot")
        #expect(run.result.status == 0, "\(run.result.stdout)\(run.result.stderr)")
        #expect(run.result.stdout.contains("review-action: updated comment 120"))
        #expect(try mock.summary() == ["GET /user 403", "GET /repos/octo/app/issues/7/comments?per_page=100&page=1 200",
                                       "GET /repos/octo/app/issues/7/comments?per_page=100&page=2 200",
                                       "PATCH /repos/octo/app/issues/comments/120 200"])
        #expect(try Self.sentBodies(mock) == [try run.read("comment.md")])

        // A personal token: its user's comment is the action's (GET /user says whose); ada has
        // none, so a new one is posted, and neither the bot's nor octocat's is touched.
        let other = try MockGitHub(tokens: ["personal": .init(login: "ada", write: true)], comments: comments)
        let posted = try Self.run(git, mock: other, token: "personal")
        #expect(posted.result.status == 0, "\(posted.result.stderr)")
        #expect(try other.summary().first == "GET /user 200")
        #expect(try other.summary().last == "POST /repos/octo/app/issues/7/comments 201")
        #expect(try !other.summary().contains { $0.hasPrefix("PATCH") })
    }

    @Test("a review past 65,536 characters: the comment keeps the summary and what fits and points to the rest",
          .enabled(if: MockGitHub.testable, MockGitHub.missing))
    func longReview() throws {
        try MockGitHub.requireTools()
        // The real pairs, 25 times each under different folders: 75 changed files.
        let pairs = (0..<25).flatMap { i in GitReviewTests.fixturePairs.map { (path: "App\(i)/" + $0.path, base: $0.base, ours: $0.ours) } }
        let git = try GitReviewTests.repository(pairs)
        let mock = try MockGitHub(tokens: ["bot": .init(login: nil, write: true)])
        let run = try Self.run(git, mock: mock, token: "bot")
        #expect(run.result.status == 0, "\(run.result.stdout)\(run.result.stderr)")
        #expect(try mock.summary().last == "POST /repos/octo/app/issues/7/comments 201")
        let body = try #require(try Self.sentBodies(mock).first)
        #expect(body.count <= 65_536 && body.utf8.count <= 65_536, "\(body.count) characters")
        // The full review is longer, and all of it is in the job summary.
        #expect(run.summary.utf8.count > 65_536, "the review is only \(run.summary.utf8.count) bytes")
        for p in pairs { #expect(run.summary.contains("<code>\(p.path)</code>"), "\(p.path) is not in the job summary") }
        // The comment: the summary line, the first files' changes in full, a line for every
        // other file, and where the full review is.
        #expect(body.contains("\(pairs.count) Interface Builder files changed: \(pairs.count) modified"))
        #expect(body.contains("<summary><code>\(pairs[0].path)</code>"))
        #expect(body.contains("```mermaid"))
        for p in pairs { #expect(body.contains(p.path), "\(p.path) is not named in the comment") }
        #expect(body.contains("the full review is in the [job summary and the `xibmerge-review` artifact](\(Self.runURL))"))
        #expect(MarkdownBlocks.unclosed(body).isEmpty, "\(MarkdownBlocks.unclosed(body))")
    }

    @Test("a control character in a value: shown as <U+007F> in the comment, the summary and the HTML; sent as valid JSON",
          .enabled(if: MockGitHub.testable, MockGitHub.missing))
    func controlCharacter() throws {
        try MockGitHub.requireTools()
        // MacDown's main menu, whose Delete item gets ⌘⌫: the Delete key's U+007F, as Xcode writes it.
        let fixture = CLI.fixtures.appendingPathComponent("diff/menu-delete-key")
        let git = try GitReviewTests.repository([("UI/MainMenu.xib", fixture.appendingPathComponent("old.xib"),
                                                  fixture.appendingPathComponent("new.xib"))])
        let mock = try MockGitHub(tokens: ["bot": .init(login: nil, write: true)])
        let run = try Self.run(git, mock: mock, token: "bot")
        #expect(run.result.status == 0, "\(run.result.stdout)\(run.result.stderr)")
        #expect(try mock.summary().last == "POST /repos/octo/app/issues/7/comments 201")  // the mock parses JSON strictly
        let body = try #require(try Self.sentBodies(mock).first)
        let html = try run.read("xibmerge-review.html")
        for (name, text) in [("comment", body), ("job summary", run.summary), ("HTML", html)] {
            #expect(!text.unicodeScalars.contains { $0.value == 0x7F }, "\(name): the raw control character")
        }
        #expect(body.contains("keyEquivalent: `(default)` → `\"<U+007F>\"`"))
        #expect(run.summary.contains("keyEquivalent: `(default)` → `\"<U+007F>\"`"))
        #expect(html.contains("keyEquivalent: <del>(default)</del> → <ins>&quot;&lt;U+007F&gt;&quot;</ins>"))
        // JSON keeps the value itself (escaped by JSON).
        #expect(try JSONValue.parse(run.read("xibmerge-review.json")).containsString("\u{7F}"))
    }

    // MARK: The released binary

    /// This machine's release platform, as the release names it.
    static var platform: String {
        let r = try? CLI.run("/usr/bin/env", ["uname", "-sm"])
        let s = r?.stdout.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
        if s.hasPrefix("Darwin") { return "macos-universal" }
        return s.hasSuffix("aarch64") || s.hasSuffix("arm64") ? "linux-aarch64" : "linux-x86_64"
    }

    static var version: String {
        (try? CLI.xibmerge(["--version"]).stdout.trimmingCharacters(in: .whitespacesAndNewlines)) ?? ""
    }

    /// A release as Scripts/release makes it: `xibmerge-VERSION-PLATFORM.tar.gz` holding
    /// `xibmerge-VERSION-PLATFORM/bin/xibmerge` (here a wrapper of the built binary), and its
    /// `.sha256` (`HASH  FILENAME`, the hash from Python's hashlib: not the script's tool).
    /// `sha256`: the checksum file's text instead. Returns the mock's files.
    static func release(in dir: String, sha256: ((_ hash: String, _ file: String) -> String)? = nil) throws -> [String: String] {
        let name = "xibmerge-\(version)-\(platform)"
        let bin = dir + "/" + name + "/bin"
        try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
        try "#!/bin/sh\nexec '\(CLI.binary)' \"$@\"\n".write(toFile: bin + "/xibmerge", atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: bin + "/xibmerge")
        let tar = try CLI.run("/usr/bin/env", ["tar", "-czf", name + ".tar.gz", name], cwd: dir)
        #expect(tar.status == 0, "\(tar.stderr)")
        let hash = try CLI.run("/usr/bin/env", ["python3", "-c", "import hashlib,sys; print(hashlib.sha256(open(sys.argv[1],'rb').read()).hexdigest())",
                                                dir + "/" + name + ".tar.gz"]).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        let file = name + ".tar.gz"
        try (sha256?(hash, file) ?? "\(hash)  \(file)\n").write(toFile: dir + "/" + file + ".sha256", atomically: true, encoding: .utf8)
        let url = "/xibmerge/xibmerge/releases/download/v\(version)/"
        return [url + file: dir + "/" + file, url + file + ".sha256": dir + "/" + file + ".sha256"]
    }

    /// The action's first step (`--fetch-release`) as GitHub runs it: the action checked out
    /// under `_actions/xibmerge/xibmerge/REF`, which says the repository and the ref.
    static func fetchRelease(_ mock: MockGitHub, ref: String) throws -> (result: CLI.Result, outputs: String, temp: String) {
        let root = try CLI.temporaryDirectory()
        let action = root + "/_actions/xibmerge/xibmerge/" + ref
        for path in ["Scripts/review-action", "Sources/xibmerge/main.swift"] {
            try FileManager.default.createDirectory(atPath: action + "/" + (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try FileManager.default.copyItem(atPath: CLI.packageRoot.appendingPathComponent(path).path, toPath: action + "/" + path)
        }
        var env = ProcessInfo.processInfo.environment.filter { key, _ in !["GITHUB_", "RUNNER_", "XIBMERGE"].contains { key.hasPrefix($0) } }
        env["GITHUB_SERVER_URL"] = mock.url
        env["RUNNER_TEMP"] = root + "/temp"
        env["GITHUB_OUTPUT"] = root + "/outputs.txt"
        let result = try CLI.run(action + "/Scripts/review-action", ["--fetch-release"], cwd: root, environment: env)
        return (result, (try? String(contentsOfFile: root + "/outputs.txt", encoding: .utf8)) ?? "", root + "/temp")
    }

    @Test("the release for this platform is downloaded, its SHA-256 checked, and the review runs with it",
          .enabled(if: MockGitHub.testable, MockGitHub.missing))
    func releaseDownload() throws {
        try MockGitHub.requireTools()
        let files = try Self.release(in: try CLI.temporaryDirectory())
        let mock = try MockGitHub(tokens: [:], files: files)
        let fetched = try Self.fetchRelease(mock, ref: "v\(Self.version)")
        #expect(fetched.result.status == 0, "\(fetched.result.stderr)")
        #expect(fetched.result.stderr.contains("using the released xibmerge \(Self.version) (SHA-256 verified)"), "\(fetched.result.stderr)")
        let binary = fetched.temp + "/xibmerge-release/xibmerge-\(Self.version)-\(Self.platform)/bin/xibmerge"
        #expect(fetched.outputs == "binary=\(binary)\n")
        #expect(try mock.summary().sorted() == files.keys.map { "GET \($0) 200" }.sorted())
        // The review step, given that binary (as action.yml passes it).
        let git = try GitReviewTests.repository(GitReviewTests.fixturePairs)
        let run = try Self.run(git, mock: nil, token: nil, extra: ["XIBMERGE": binary, "REVIEW_COMMENT": "false"])
        #expect(run.result.status == 0, "\(run.result.stderr)")
        try Self.expectReports(run)
        // A moving tag (vMAJOR) is a release too.
        let major = try Self.fetchRelease(mock, ref: "v" + Self.version.prefix { $0 != "." })
        #expect(major.outputs.hasPrefix("binary="), "\(major.result.stderr)")
    }

    @Test("a release whose checksum does not match is refused, and so is one named for another file; the action builds instead",
          .enabled(if: MockGitHub.testable, MockGitHub.missing))
    func releaseChecksum() throws {
        try MockGitHub.requireTools()
        let wrong = String(repeating: "0", count: 64)
        let cases: [(String, (String, String) -> String)] = [
            ("a wrong hash", { _, file in "\(wrong)  \(file)\n" }),
            ("another file's name", { hash, _ in "\(hash)  xibmerge-\(Self.version)-other.tar.gz\n" }),
        ]
        for (what, sha256) in cases {
            let mock = try MockGitHub(tokens: [:], files: try Self.release(in: try CLI.temporaryDirectory(), sha256: sha256))
            let fetched = try Self.fetchRelease(mock, ref: "v\(Self.version)")
            #expect(fetched.result.status == 0, "\(what): \(fetched.result.stderr)")
            #expect(fetched.outputs.isEmpty, "\(what): \(fetched.outputs)")
            #expect(fetched.result.stderr.contains("refusing xibmerge-\(Self.version)-\(Self.platform).tar.gz: its SHA-256 is"), "\(what): \(fetched.result.stderr)")
            #expect(fetched.result.stdout.contains("::warning title=xibmerge review::The downloaded xibmerge \(Self.version) release failed verification"))
            let kept = try FileManager.default.subpathsOfDirectory(atPath: fetched.temp + "/xibmerge-release")
            #expect(!kept.contains { $0.hasSuffix("bin/xibmerge") || $0.hasSuffix(".tar.gz") }, "\(what): \(kept)")
        }
        // No release for this version: built, without a warning.
        let empty = try MockGitHub(tokens: [:])
        let none = try Self.fetchRelease(empty, ref: "v\(Self.version)")
        #expect(none.outputs.isEmpty && !none.result.stdout.contains("::warning"))
        #expect(none.result.stderr.contains("no release xibmerge-\(Self.version)-\(Self.platform)"), "\(none.result.stderr)")
        // Used at a branch: its checkout may be newer than any release; nothing is downloaded.
        let branch = try Self.fetchRelease(empty, ref: "main")
        #expect(branch.outputs.isEmpty)
        #expect(branch.result.stderr.contains("the action is used at 'main', not at a release tag"))
        #expect(try empty.requests().count == 1)  // the first try's .sha256 alone
    }

    @Test("action.yml: a composite action whose inputs are declared and whose script exists")
    func actionFile() throws {
        let text = try String(contentsOf: CLI.packageRoot.appendingPathComponent("action.yml"), encoding: .utf8)
        #expect(text.contains("using: composite"))
        #expect(text.contains("Scripts/review-action"))
        #expect(FileManager.default.isExecutableFile(atPath: Self.script))
        // Declared inputs: the two-space-indented keys under `inputs:`.
        var declared = Set<String>(), inInputs = false
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if !line.hasPrefix(" ") { inInputs = line == "inputs:" ; continue }
            if inInputs, line.hasPrefix("  "), !line.hasPrefix("   "), line.hasSuffix(":") { declared.insert(String(line.dropFirst(2).dropLast())) }
        }
        #expect(declared.isSuperset(of: ["base", "head", "comment", "dry-run", "github-token", "download", "comment-author"]))
        var used = Set<String>()
        var rest = Substring(text)
        while let r = rest.range(of: "inputs.") {
            used.insert(String(rest[r.upperBound...].prefix { $0.isLetter || $0 == "-" }))
            rest = rest[r.upperBound...]
        }
        #expect(used.isSubset(of: declared), "undeclared inputs: \(used.subtracting(declared))")
        let example = try String(contentsOf: CLI.packageRoot.appendingPathComponent("doc/examples/xibmerge-review.yml"), encoding: .utf8)
        #expect(example.contains("pull_request"))
        #expect(example.contains("fetch-depth: 0"))
        #expect(example.contains("fork"))
    }
}

extension JSONValue {
    /// Whether any string in it is `s`.
    func containsString(_ s: String) -> Bool {
        switch self {
        case .string(let v): return v == s
        case .array(let a): return a.contains { $0.containsString(s) }
        case .object(let o): return o.values.contains { $0.containsString(s) }
        default: return false
        }
    }
}

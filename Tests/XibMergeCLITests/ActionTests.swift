import CorpusSupport
import Foundation
import Testing

/// The GitHub action (action.yml, running Scripts/review-action), up to the requests it would
/// send to GitHub: GitHub is not reachable from the tests, so they run it in its dry-run mode
/// in a real repository built from real file pairs, with the environment a pull_request event gives.
@Suite(.serialized)
struct ActionTests {
    static let script = CLI.packageRoot.appendingPathComponent("Scripts/review-action").path

    @Test("dry run: reports written, job summary filled, the comment request printed")
    func dryRun() throws {
        let git = try GitReviewTests.repository(GitReviewTests.fixturePairs)
        let out = git.root + "/out"
        let summary = git.root + "/summary.md", outputs = git.root + "/outputs.txt"
        var env = git.environment
        env["XIBMERGE"] = CLI.binary
        env["REVIEW_BASE"] = "main"
        env["REVIEW_HEAD"] = "feature"
        env["REVIEW_OUT"] = out
        env["REVIEW_DRY_RUN"] = "true"
        env["PR_NUMBER"] = "7"
        env["GITHUB_REPOSITORY"] = "octo/app"
        env["GITHUB_STEP_SUMMARY"] = summary
        env["GITHUB_OUTPUT"] = outputs
        let r = try CLI.run(Self.script, [], cwd: git.repo, environment: env)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("GET https://api.github.com/repos/octo/app/issues/7/comments"))
        #expect(r.stdout.contains("POST https://api.github.com/repos/octo/app/issues/7/comments"))
        #expect(!r.stdout.contains(env["GITHUB_TOKEN"] ?? "\u{0}"))

        // The request body: {"body": marker + the Markdown review}, as JSON.
        let json = r.stdout.components(separatedBy: "\n\n").last!
        let body = try JSONValue.parse(json)["body"]?.string
        let markdown = try String(contentsOfFile: out + "/review.md", encoding: .utf8)
        #expect(body == "<!-- xibmerge-review -->\n" + markdown.dropLast())  // the final newline is not sent
        #expect(markdown.contains("## xibmerge review"))
        #expect(markdown.contains("```mermaid"))
        #expect(try String(contentsOfFile: summary, encoding: .utf8) == markdown)
        let written = try String(contentsOfFile: outputs, encoding: .utf8)
        #expect(written.contains("html=\(out)/xibmerge-review.html"))
        let html = try String(contentsOfFile: out + "/xibmerge-review.html", encoding: .utf8)
        #expect(MarkupScan(html).error == nil)
        #expect(try JSONValue.parse(String(contentsOfFile: out + "/xibmerge-review.json", encoding: .utf8))["version"] == .int(1))
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
        #expect(declared.isSuperset(of: ["base", "head", "comment", "dry-run", "github-token"]))
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
    }
}

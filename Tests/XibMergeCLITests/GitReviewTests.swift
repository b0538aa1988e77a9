import CorpusSupport
import Foundation
import Testing

/// `xibmerge review` on real repositories: the base versions of real files committed on `main`,
/// then their "ours" versions on `feature`, as a pull request would have them. The fixtures
/// (Tests/Fixtures/review/<case>/base.<ext>, ours.<ext>) are real corpus pairs: an iOS
/// storyboard with segues, a macOS xib, a macOS storyboard.
@Suite(.serialized)
struct GitReviewTests {
    typealias Pair = (path: String, base: URL, ours: URL)

    static var fixturePairs: [Pair] {
        let root = CLI.fixtures.appendingPathComponent("review")
        let cases = ((try? FileManager.default.contentsOfDirectory(atPath: root.path)) ?? []).sorted()
        return cases.compactMap { name in
            let dir = root.appendingPathComponent(name)
            guard let base = try? FileManager.default.contentsOfDirectory(atPath: dir.path).first(where: { $0.hasPrefix("base.") }) else { return nil }
            let ext = String(base.dropFirst(5))
            return ("UI/\(name).\(ext)", dir.appendingPathComponent(base), dir.appendingPathComponent("ours.\(ext)"))
        }
    }

    /// Base versions committed on main, ours on feature (checked out).
    static func repository(_ pairs: [Pair]) throws -> GitSandbox {
        let git = try GitSandbox()
        func copy(_ url: URL, to path: String) throws {
            let target = URL(fileURLWithPath: git.path(path))
            try FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(contentsOf: url).write(to: target)
        }
        for p in pairs { try copy(p.base, to: p.path) }
        try git.commit("base")
        try git.git(["checkout", "-q", "-b", "feature"])
        for p in pairs { try copy(p.ours, to: p.path) }
        try git.commit("ours")
        return git
    }

    static let schema: JSONValue = {
        let url = CLI.packageRoot.appendingPathComponent("doc/review-schema.json")
        return try! JSONValue.parse(String(contentsOf: url, encoding: .utf8))
    }()

    /// The laws every review obeys, whatever the files: HTML well-formed with one before/after
    /// pair per changed scene and every changed object's id as a `data-id`; Markdown with a
    /// Mermaid graph for each storyboard with segues, under GitHub's limit; JSON valid against
    /// the documented schema.
    static func checkLaws(_ git: GitSandbox, range: String = "main..feature") throws -> JSONValue {
        let json = try git.xibmerge(["review", "--format", "json", range])
        #expect(json.status == 0, "\(json.stderr)")
        let report = try JSONValue.parse(json.stdout)
        let errors = SchemaValidator(root: schema).validate(report)
        #expect(errors.isEmpty, "JSON does not follow doc/review-schema.json: \(errors.prefix(10))")

        let html = try git.xibmerge(["review", "--format", "html", range])
        #expect(html.status == 0, "\(html.stderr)")
        let scan = MarkupScan(html.stdout)
        #expect(scan.error == nil, "HTML is not well-formed: \(scan.error ?? "")")
        let scenes = report["files"]!.array.flatMap { $0["scenes"]!.array }
        let pictured = scenes.filter { $0["before"] != .null || $0["after"] != .null }
        #expect(scan.classes["div.pair"] ?? 0 == pictured.count)
        #expect(scan.classes["figure.side"] ?? 0 == 2 * pictured.count)
        var changed = Set<String>()
        for s in scenes { for key in ["added", "removed", "modified"] { changed.formUnion(s[key]!.array.compactMap(\.string)) } }
        for f in report["files"]!.array {
            for g in f["diff"]!["groups"]!.array { changed.formUnion(g["changes"]!.array.compactMap { $0["id"]?.string }) }
        }
        let missing = changed.subtracting(scan.ids)
        #expect(missing.isEmpty, "changed objects without a data-id in the HTML: \(missing.sorted().prefix(10))")

        let markdown = try git.xibmerge(["review", "--format", "markdown", range])
        #expect(markdown.status == 0)
        #expect(markdown.stdout.utf8.count <= 65_536)
        let withSegues = report["files"]!.array.filter { $0["flow"]?["segues"]?.array.isEmpty == false }
        for f in withSegues {
            let path = f["path"]!.string!
            guard let start = markdown.stdout.range(of: "<code>\(path)</code>") else { continue }  // summarised (over the limit)
            let section = markdown.stdout[start.upperBound...].prefix { _ in true }
            let end = section.range(of: "</details>").map { section[..<$0.lowerBound] } ?? section
            #expect(end.contains("```mermaid\nflowchart LR"), "\(path): no Mermaid flow graph")
        }
        return report
    }

    @Test("review of real pairs: HTML, Markdown and JSON obey their laws")
    func fixtures() throws {
        let git = try Self.repository(Self.fixturePairs)
        let report = try Self.checkLaws(git)
        let files = report["files"]!.array
        #expect(files.count == Self.fixturePairs.count)
        // The macOS storyboard's new scene and embed segue show in its flow graph as added.
        let mac = files.first { $0["path"]?.string == "UI/macos-storyboard.storyboard" }!
        let segues = mac["flow"]!["segues"]!.array
        #expect(segues.contains { $0["kind"]?.string == "embed" && $0["status"]?.string == "added" })
        let md = try git.xibmerge(["review", "--format", "markdown"]).stdout  // the default: HEAD since main
        #expect(md.contains("```mermaid"))
        #expect(md.contains("linkStyle"))  // the added segue is coloured
    }

    @Test("range forms: A..B, A...B, --base, a single revision, the default branch, paths")
    func ranges() throws {
        let git = try Self.repository(Self.fixturePairs)
        func files(_ args: [String]) throws -> [String] {
            let r = try git.xibmerge(["review", "--format", "json"] + args)
            #expect(r.status == 0, "\(args): \(r.stderr)")
            return try JSONValue.parse(r.stdout)["files"]!.array.compactMap { $0["path"]?.string }
        }
        let all = Self.fixturePairs.map(\.path).sorted()
        #expect(try files([]) == all)
        #expect(try files(["main..feature"]) == all)
        #expect(try files(["main...HEAD"]) == all)
        #expect(try files(["--base", "main"]) == all)
        #expect(try files(["main"]) == all)
        #expect(try files(["feature..main"]) == all)  // the other way round: the same files
        #expect(try files(["HEAD..HEAD"]).isEmpty)
        #expect(try files(["main..feature", "--", "UI/macos-xib.xib"]) == ["UI/macos-xib.xib"])
        let bad = try git.xibmerge(["review", "nosuchbranch..feature"])
        #expect(bad.status == 2)
        #expect(!bad.stderr.isEmpty)
        let exit = try git.xibmerge(["review", "--exit-code", "main..feature"])
        #expect(exit.status == 1)
        let merge = try git.xibmerge(["review", "--format", "json", "--merge-into", "main", "main..feature"])
        #expect(try JSONValue.parse(merge.stdout)["mergePreview"]?["clean"] == .bool(true))
    }

    @Test("a file that does not parse is named (file:line:column), the others reviewed, exit 2")
    func unreadable() throws {
        let git = try GitSandbox()
        try git.commit("base", ["UI/A.storyboard": IBFixture.storyboard, "UI/Broken.storyboard": IBFixture.storyboard])
        try git.commit("change", ["UI/A.storyboard": IBFixture.oursEdit(IBFixture.storyboard), "UI/Broken.storyboard": "<document><scenes>\n<scene"])
        let r = try git.xibmerge(["review", "--format", "json", "HEAD~1..HEAD"])
        #expect(r.status == 2)
        #expect(r.stderr.contains("Broken.storyboard:"))
        let report = try JSONValue.parse(r.stdout)
        #expect(report["problems"]!.array.first?["path"]?.string == "UI/Broken.storyboard")
        #expect(report["files"]!.array.compactMap { $0["path"]?.string } == ["UI/A.storyboard"])
    }

    @Test("Markdown stays under GitHub's comment limit and points at the HTML for the rest")
    func markdownLimit() throws {
        let pair = Self.fixturePairs.first { $0.path.hasSuffix(".storyboard") }!
        let many = (0..<120).map { i in (path: "UI/Copy\(i)/Settings.storyboard", base: pair.base, ours: pair.ours) }
        let git = try Self.repository(many)
        let r = try git.xibmerge(["review", "--format", "markdown", "--html-name", "xibmerge-review.html", "main..feature"])
        #expect(r.status == 0)
        #expect(r.stdout.utf8.count <= 65_536)
        #expect(r.stdout.contains("the full review is in the HTML report (`xibmerge-review.html`)"))

        // --max-length: every length kept; the first file that does not fit is cut at a change
        // and closed, each later file keeps its summary line; --full-review-at says where the rest is.
        for length in [1_000, 1_600, 5_000, 20_000] {
            let cut = try git.xibmerge(["review", "--max-length", "\(length)", "--full-review-at", "[the run](https://example.com/run)", "main..feature"])
            #expect(cut.status == 0, "\(cut.stderr)")
            #expect(cut.stdout.utf8.count <= length, "\(length): \(cut.stdout.utf8.count)")
            #expect(cut.stdout.contains("120 Interface Builder files changed"))
            #expect(cut.stdout.contains("the full review is in [the run](https://example.com/run)."))
            #expect(MarkdownBlocks.unclosed(cut.stdout).isEmpty, "\(length): \(MarkdownBlocks.unclosed(cut.stdout))")
        }
        // One file longer than the length (the macOS storyboard's 11 changes in 1,500 characters).
        let mac = try Self.repository(Self.fixturePairs.filter { $0.path.contains("macos-storyboard") })
        let one = try mac.xibmerge(["review", "--max-length", "1500", "main..feature"])
        #expect(one.stdout.utf8.count <= 1_500)
        #expect(one.stdout.contains("- **added** Container View `aUo-25-0iW` in ColorView\n"), "\(one.stdout)")
        #expect(one.stdout.contains("more changes: the full review is in the HTML report._\n\n</details>\n"), "\(one.stdout)")
        #expect(try git.xibmerge(["review", "--max-length", "999", "main..feature"]).status == 2)
    }

    @Test("corpus: a review over 30 real files obeys the same laws")
    func corpus() throws {
        guard Corpus.isAvailable else {
            print(Corpus.unavailableMessage)
            return
        }
        let pairs: [Pair] = Corpus.documentScenarios().compactMap { s -> Pair? in
            guard let base = s.files["base"], let ours = s.files["ours"] else { return nil }
            return ("UI/\(s.set)/\(s.folder.lastPathComponent).\(base.pathExtension)", base, ours)
        }
        #expect(pairs.count >= Corpus.minimumScenarios)
        // Every fourth scenario: spread over the repositories of the corpus.
        let chosen = Array(stride(from: 0, to: pairs.count, by: max(1, pairs.count / 30)).map { pairs[$0] }.prefix(30))
        let git = try Self.repository(chosen)
        let report = try Self.checkLaws(git)
        #expect(report["files"]!.array.count >= 20)
    }

    @Test("the HTML report in a real browser: a screenshot that is not blank", .enabled(if: Chromium.testable, Chromium.missing))
    func browser() throws {
        _ = try Chromium.required()
        let git = try Self.repository(Self.fixturePairs)
        let html = try git.xibmerge(["review", "--format", "html", "main..feature"]).stdout
        let png = try PNGImage(try Chromium.screenshot(html))
        #expect(png.width == 1400 && png.height == 1000)
        let (ink, colours) = png.inkAndColours
        #expect(ink > 0.02, "the screenshot is nearly blank (\(ink))")
        #expect(colours >= 8, "the screenshot has \(colours) colours")
        // Each kind of file as `render` draws it: iOS storyboard, macOS xib, macOS storyboard.
        for name in ["ios-storyboard-table/input.storyboard", "macos-xib-window/input.xib", "macos-storyboard/input.storyboard"] {
            let page = try CLI.xibmerge(["render", "--format", "html", CLI.fixtures.appendingPathComponent("render/" + name).path])
            let shot = try PNGImage(try Chromium.screenshot(page.stdout))
            let (shotInk, shotColours) = shot.inkAndColours
            #expect(shotInk > 0.02 && shotColours >= 4, "\(name): the screenshot is nearly blank (\(shotInk), \(shotColours) colours)")
        }
    }
}

import Foundation
import Testing

/// `xibmerge resolve --list` and `--format json`: the conflicts of a real conflicted merge for
/// tools (the MCP server's `conflicts` and `resolve`), with the same effect as the text runs.
@Suite struct ResolveJSONTests {
    /// The real merge of `Tests/Fixtures/resolve/input-toolbar` (5 conflicts), stopped by git.
    static func conflictedRepository() throws -> GitSandbox {
        let g = try GitSandbox()
        let folder = CLI.fixtures.appendingPathComponent("resolve/input-toolbar")
        func version(_ stem: String) throws -> String { try String(contentsOf: folder.appendingPathComponent("\(stem).xib"), encoding: .utf8) }
        try g.commit("base", ["UI/Toolbar.xib": try version("base")])
        try g.git(["checkout", "-q", "-b", "feature"])
        try g.commit("theirs", ["UI/Toolbar.xib": try version("theirs")])
        try g.git(["checkout", "-q", "main"])
        try g.commit("ours", ["UI/Toolbar.xib": try version("ours")])
        #expect(try g.git(["merge", "--no-edit", "feature"], allowFailure: true).status == 1)
        return g
    }

    static func parse(_ r: CLI.Result) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any], "\(r.stdout)\(r.stderr)")
    }

    /// The conflicts still open in a file's entry of the report, by key.
    static func openKeys(_ file: [String: Any]) -> [String] {
        let events = (file["merge"] as? [String: Any])?["events"] as? [[String: Any]] ?? []
        return events.compactMap { $0["conflict"] as? [String: Any] }.filter { $0["chosen"] is NSNull }.compactMap { $0["key"] as? String }
    }

    @Test("--list writes nothing and lists the five conflicts with their keys")
    func list() throws {
        let g = try Self.conflictedRepository()
        let before = try g.read("UI/Toolbar.xib")
        let r = try g.xibmerge(["resolve", "--list", "--format", "json"])
        #expect(r.status == 1)
        let json = try Self.parse(r)
        #expect(json["version"] as? Int == 1)
        let files = try #require(json["files"] as? [[String: Any]])
        #expect(files.count == 1 && files[0]["path"] as? String == "UI/Toolbar.xib")
        #expect(files[0]["resolved"] as? Bool == false && files[0]["written"] as? Bool == false && files[0]["staged"] as? Bool == false)
        #expect(Self.openKeys(files[0]).count == 5)
        #expect(Self.openKeys(files[0]).contains("delete #0jt-Ye-2DW"), "\(Self.openKeys(files[0]))")
        #expect(try g.read("UI/Toolbar.xib") == before)
        #expect(try g.unmergedPaths() == ["UI/Toolbar.xib"])

        let text = try g.xibmerge(["resolve", "--list"])
        #expect(text.status == 1 && text.stdout.contains("UI/Toolbar.xib: 5 conflict(s) remain") && text.stdout.contains("UI/Toolbar.xib: still unmerged"))
        #expect(try g.read("UI/Toolbar.xib") == before)
        for bad in [["--list", "--take", "ours"], ["--format", "json", "--interactive"], ["--format", "yaml"]] {
            #expect(try g.xibmerge(["resolve"] + bad).status == 2, "\(bad)")
        }
    }

    @Test("--take with --format json writes the same bytes as the text run, and says so in JSON")
    func takeAsJSON() throws {
        let (json, text) = (try Self.conflictedRepository(), try Self.conflictedRepository())
        let one = try json.xibmerge(["resolve", "--take", "theirs", "--only", "Yjj-ua-rbe", "--format", "json"])
        #expect(one.status == 1)
        #expect(try text.xibmerge(["resolve", "--take", "theirs", "--only", "Yjj-ua-rbe"]).status == 1)
        #expect(try json.read("UI/Toolbar.xib") == text.read("UI/Toolbar.xib"))
        let file = try #require((try Self.parse(one)["files"] as? [[String: Any]])?.first)
        #expect(file["messages"] as? [String] == ["xibmerge: UI/Toolbar.xib: took theirs in 1 conflict(s)",
                                                  "xibmerge: UI/Toolbar.xib: conflicts marked in the file; still unmerged"])
        #expect(file["written"] as? Bool == true && Self.openKeys(file).count == 4)

        let rest = try json.xibmerge(["resolve", "--take", "ours", "--format", "json"])
        #expect(rest.status == 0)
        #expect(try text.xibmerge(["resolve", "--take", "ours"]).status == 0)
        #expect(try json.read("UI/Toolbar.xib") == text.read("UI/Toolbar.xib"))
        let done = try #require((try Self.parse(rest)["files"] as? [[String: Any]])?.first)
        #expect(done["resolved"] as? Bool == true && done["staged"] as? Bool == true)
        #expect(try json.unmergedPaths().isEmpty)
    }
}

import CorpusSupport
import Foundation
import Testing

/// `xibmerge mcp` spoken to by an independent client, the Model Context Protocol's Python SDK
/// (`Scripts/mcp-session`; the PyPI package `mcp`, which `Scripts/setup` installs): the tools
/// are listed and each is called on real files, its JSON the same bytes as the subcommand's
/// `--format json`; `resolve` writes the same bytes as `xibmerge resolve`; bad input gets tool
/// errors with the CLI's messages and the server keeps answering. Skipped without the package.
@Suite(.serialized) struct MCPServerTests {
    /// A Python that can import the SDK.
    static let python: String? = {
        for candidate in ["python3", "python"] {
            guard let r = try? CLI.run("/usr/bin/env", [candidate, "-c", "import mcp, sys; print(sys.executable)"]), r.status == 0 else { continue }
            let path = r.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
            if !path.isEmpty { return path }
        }
        return nil
    }()
    static let skipped: Comment = "the Python package mcp is not installed (Scripts/setup installs it with pip); skipping the MCP client tests"

    struct Answer {
        var tool: String
        var isError: Bool
        var content: [String]
        var structured: [String: Any]?

        /// The JSON text (the second block), as the CLI printed it.
        var json: String { content.count > 1 ? content[1] : "" }
        var summary: String { content.first ?? "" }
    }

    /// One session: the server started with `xibmerge mcp --root ROOT`, the calls made in order.
    static func session(root: String, environment: [String: String], _ calls: [(String, [String: Any])]) throws -> (tools: [String], answers: [Answer]) {
        let server = URL(fileURLWithPath: CLI.binary).deletingLastPathComponent().appendingPathComponent("xibmerge-mcp").path
        #expect(FileManager.default.isExecutableFile(atPath: server), "xibmerge-mcp is built beside xibmerge")
        let input = try calls.map { tool, arguments in
            String(decoding: try JSONSerialization.data(withJSONObject: ["tool": tool, "arguments": arguments]), as: UTF8.self)
        }.joined(separator: "\n")
        let script = CLI.packageRoot.appendingPathComponent("Scripts/mcp-session").path
        let r = try CLI.run(python!, [script, "--xibmerge", CLI.binary, "--root", root], cwd: root, environment: environment, stdin: input)
        #expect(r.status == 0, "\(r.stderr)")
        let lines = r.stdout.split(separator: "\n").map { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
        let hello = try #require(lines.first ?? nil, "\(r.stdout)\(r.stderr)")
        let answers = lines.dropFirst().compactMap { $0 }.map { a in
            Answer(tool: a["tool"] as? String ?? "", isError: a["isError"] as? Bool ?? false, content: a["content"] as? [String] ?? [],
                   structured: a["structuredContent"] as? [String: Any])
        }
        #expect(answers.count == calls.count, "every call answered: \(r.stderr)")
        return (hello["tools"] as? [String] ?? [], answers)
    }

    /// The real conflicted merge of `Tests/Fixtures/resolve/input-toolbar`, the bundled examples
    /// committed beside it, and the real files that are no IB document the server may be given.
    static func workspace() throws -> GitSandbox {
        let g = try ResolveJSONTests.conflictedRepository()
        for file in ["BannerView.xib", "CrashReport.storyboard", "diff/BannerView.xib"] {
            try g.write("Examples/" + file, try String(contentsOf: CLI.packageRoot.appendingPathComponent("Examples/" + file), encoding: .utf8))
        }
        try FileManager.default.createDirectory(atPath: g.path("bad"), withIntermediateDirectories: true)
        for file in ["legacy-archive.xib", "junk-before-declaration.xib", "committed-conflict-markers.xib"] {
            try FileManager.default.copyItem(atPath: CLI.fixtures.appendingPathComponent("real/" + file).path, toPath: g.path("bad/" + file))
        }
        // A real IB file just outside the root, and a link inside that leads to it.
        try FileManager.default.copyItem(atPath: g.path("Examples/BannerView.xib"), toPath: g.root + "/Outside.xib")
        try FileManager.default.createSymbolicLink(atPath: g.path("escape"), withDestinationPath: g.root)
        return g
    }

    @Test(.enabled(if: python != nil, skipped))
    func everyToolOnRealFiles() throws {
        let g = try Self.workspace()
        let twin = try ResolveJSONTests.conflictedRepository()
        func cli(_ arguments: [String]) throws -> String { try g.xibmerge(arguments).stdout }
        // What the subcommands print, before the session changes anything.
        let expected: [String: String] = [
            "outline": try cli(["outline", "--format=json", "--scene=Crash ReportVC", "Examples/CrashReport.storyboard"]),
            "diff files": try cli(["diff", "--format=json", "Examples/BannerView.xib", "Examples/diff/BannerView.xib"]),
            "diff revisions": try cli(["diff", "--format=json", "main..feature", "--", "UI/Toolbar.xib"]),
            "check": try cli(["check", "--format=json", "Examples"]),
            "check markers": try cli(["check", "--format=json", "UI/Toolbar.xib"]),
            "render": try cli(["render", "--format=svg", "Examples/CrashReport.storyboard"]),
            "merge_preview": try cli(["merge-preview", "--format=json", "main", "feature"]),
            "conflicts": try cli(["resolve", "--list", "--format=json", "UI/Toolbar.xib"]),
        ]
        let (tools, a) = try Self.session(root: g.repo, environment: g.environment, [
            ("outline", ["file": "Examples/CrashReport.storyboard", "scene": "Crash ReportVC"]),
            ("outline", ["file": "Examples/Nope.xib"]),
            ("diff", ["old": "Examples/BannerView.xib", "new": "Examples/diff/BannerView.xib"]),
            ("outline", ["file": "../Outside.xib"]),
            ("diff", ["from": "main", "to": "feature", "path": "UI/Toolbar.xib"]),
            ("outline", ["file": "escape/Outside.xib"]),
            ("check", ["paths": ["Examples"]]),
            ("outline", ["file": "bad/legacy-archive.xib"]),
            ("check", ["paths": ["UI/Toolbar.xib"]]),
            ("render", ["file": "Examples/CrashReport.storyboard"]),
            ("outline", ["file": "bad/junk-before-declaration.xib"]),
            ("merge_preview", ["ours": "main", "theirs": "feature"]),
            ("outline", ["file": "bad/committed-conflict-markers.xib"]),
            ("diff", ["old": "UI/Toolbar.xib", "new": "Examples/BannerView.xib"]),
            ("conflicts", ["path": "UI/Toolbar.xib"]),
            ("nope", [:]),
            ("outline", ["file": 3]),
            ("check", ["paths": ["Examples"], "baseline": "x"]),
            ("merge_preview", ["ours": "--output=x", "theirs": "feature"]),
            ("resolve", ["path": "UI/Toolbar.xib", "take": "theirs", "only": "Yjj-ua-rbe"]),
            ("outline", ["file": "Examples/BannerView.xib"]),
        ])
        #expect(tools == ["outline", "diff", "check", "render", "merge_preview", "conflicts", "resolve"])
        guard a.count == 21 else { return }
        let good = [0: "outline", 2: "diff files", 4: "diff revisions", 6: "check", 8: "check markers", 9: "render",
                    11: "merge_preview", 14: "conflicts"]
        for (i, key) in good {
            #expect(!a[i].isError, "\(key): \(a[i].content)")
            #expect(a[i].json == expected[key], "\(key): the tool's JSON is the subcommand's")
            #expect(!a[i].summary.isEmpty)
        }
        #expect(a[0].summary.contains("15 objects") && a[0].summary.contains("Crash ReportVC Scene (ybW-Bm-tMV)"))
        #expect((a[0].structured?["objects"] as? [Any])?.count == 15)
        #expect(a[8].summary.contains("error") && a[8].json.contains("\"kind\": \"conflict-markers\""), "markers are check's finding: \(a[8].summary)")
        #expect(a[9].json.hasPrefix("<?xml") && a[9].json.contains("data-id=\"1To-fA-tCt\""))
        #expect(a[11].structured?["clean"] as? Bool == false && a[11].summary.contains("UI/Toolbar.xib"))
        #expect(a[14].summary.contains("UI/Toolbar.xib: 5 open conflicts") && a[14].summary.contains("[delete #0jt-Ye-2DW]"), "\(a[14].summary)")

        let errors: [Int: String] = [
            1: "Examples/Nope.xib: error: cannot open file",
            3: "../Outside.xib: outside the root",
            5: "escape/Outside.xib: outside the root",
            7: "bad/legacy-archive.xib:2:1: error: unsupported format: legacy Interface Builder 3 archive",
            10: "bad/junk-before-declaration.xib:1:1: error: unexpected content before the XML declaration",
            12: "bad/committed-conflict-markers.xib:93:1: error: the file contains git conflict markers",
            13: "UI/Toolbar.xib:",
            15: "unknown tool 'nope'",
            16: "file must be a string",
            17: "unknown argument baseline",
            18: "ours: '--output=x' is not a revision",
        ]
        for (i, message) in errors {
            #expect(a[i].isError && a[i].summary.contains(message), "\(i): \(a[i].content)")
        }
        #expect(a[13].summary.contains("conflict markers"), "\(a[13].summary)")
        #expect(!a[19].isError && a[19].summary.contains("took theirs in 1 conflict(s)"), "\(a[19].content)")
        #expect(!a[20].isError && a[20].summary.contains("Examples/BannerView.xib (xib, iOS)"), "still answering after the bad input")

        // `resolve` wrote what `xibmerge resolve --take … --only …` writes; then the rest, staged.
        #expect(try twin.xibmerge(["resolve", "--take", "theirs", "--only", "Yjj-ua-rbe"]).status == 1)
        #expect(try g.read("UI/Toolbar.xib") == twin.read("UI/Toolbar.xib"))
        let (_, rest) = try Self.session(root: g.repo, environment: g.environment, [("resolve", ["path": "UI/Toolbar.xib", "take": "ours"])])
        #expect(rest.first?.summary.hasPrefix("UI/Toolbar.xib: resolved, written, staged") == true, "\(rest.first?.content ?? [])")
        #expect(try twin.xibmerge(["resolve", "--take", "ours"]).status == 0)
        #expect(try g.read("UI/Toolbar.xib") == twin.read("UI/Toolbar.xib"))
        #expect(try g.unmergedPaths().isEmpty && (try twin.unmergedPaths().isEmpty))
    }

    /// Real conflicted merges of the shared corpus (the first three that keep true conflicts
    /// after the structural merge): `conflicts` lists what `resolve --list` does, and `resolve`
    /// gives the bytes of `xibmerge resolve`, one conflict, then the rest.
    @Test(.enabled(if: python != nil, skipped), .enabled(if: Corpus.isAvailable, Comment(rawValue: Corpus.unavailableMessage)))
    func resolveOnCorpusMerges() throws {
        var done = 0
        for scenario in Corpus.documentScenarios(["conflicts"]) where done < 3 {
            guard let base = scenario.files["base"], let ours = scenario.files["ours"], let theirs = scenario.files["theirs"] else { continue }
            let report = try CLI.temporaryDirectory() + "/report.json"
            let merge = try CLI.xibmerge(["merge", "--output", "/dev/null", "--report", report, base.path, ours.path, theirs.path])
            guard merge.status == 1, let data = FileManager.default.contents(atPath: report),
                  let json = try JSONSerialization.jsonObject(with: data) as? [String: Any],
                  json["method"] as? String == "structural" else { continue }
            let name = "UI/File." + base.pathExtension
            func repository() throws -> GitSandbox {
                let g = try GitSandbox()
                try g.commit("base", [name: try String(contentsOf: base, encoding: .utf8)])
                try g.git(["checkout", "-q", "-b", "feature"])
                try g.commit("theirs", [name: try String(contentsOf: theirs, encoding: .utf8)])
                try g.git(["checkout", "-q", "main"])
                try g.commit("ours", [name: try String(contentsOf: ours, encoding: .utf8)])
                try g.git(["merge", "--no-edit", "feature"], allowFailure: true)
                return g
            }
            let (g, twin) = (try repository(), try repository())
            guard try g.unmergedPaths() == [name] else { continue }
            let listed = try twin.xibmerge(["resolve", "--list", "--format=json", name]).stdout
            let file = try #require((try ResolveJSONTests.parse(CLI.Result(status: 0, stdout: listed, stderr: ""))["files"] as? [[String: Any]])?.first)
            let key = try #require(ResolveJSONTests.openKeys(file).first, "\(scenario.folder.lastPathComponent)")
            let (_, a) = try Self.session(root: g.repo, environment: g.environment, [
                ("conflicts", ["path": name]), ("resolve", ["path": name, "take": "theirs", "only": key]),
            ])
            #expect(a.first?.json == listed, "\(scenario.folder.lastPathComponent)")
            #expect(a.last?.isError == false)
            _ = try twin.xibmerge(["resolve", "--take", "theirs", "--only", key])
            #expect(try g.read(name) == twin.read(name), "\(scenario.folder.lastPathComponent): one conflict")
            _ = try Self.session(root: g.repo, environment: g.environment, [("resolve", ["path": name, "take": "ours"])])
            _ = try twin.xibmerge(["resolve", "--take", "ours"])
            #expect(try g.read(name) == twin.read(name), "\(scenario.folder.lastPathComponent): the rest")
            #expect(try g.unmergedPaths() == twin.unmergedPaths())
            done += 1
        }
        #expect(done == 3, "three corpus merges with true conflicts")
    }
}

/// The protocol's own bad input, below any client library: a line that is no JSON gets a
/// parse error, a call that outlives `--timeout` a tool error, and the server answers the call
/// after both.
struct MCPServerStreamTests {
    @Test func garbageAndRunawayCallsDoNotEndTheServer() throws {
        let root = try CLI.temporaryDirectory()
        try FileManager.default.copyItem(atPath: CLI.packageRoot.appendingPathComponent("Examples/BannerView.xib").path, toPath: root + "/A.xib")
        let p = Process()
        p.executableURL = URL(fileURLWithPath: CLI.binary)
        p.arguments = ["mcp", "--root", root, "--timeout", "1"]
        let input = Pipe(), output = Pipe()
        (p.standardInput, p.standardOutput, p.standardError) = (input, output, FileHandle.nullDevice)
        try p.run()
        func send(_ line: String) { input.fileHandleForWriting.write(Data((line + "\n").utf8)) }
        send(#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"test","version":"1"}}}"#)
        send(#"{"jsonrpc":"2.0","method":"notifications/initialized"}"#)
        send("this is not JSON")
        // A check that a 1-second limit cuts short on any machine: a 190 KB file 3,000 times over (hard links, no disk).
        try FileManager.default.createDirectory(atPath: root + "/many", withIntermediateDirectories: true)
        let large = root + "/Large.xib"
        try FileManager.default.copyItem(atPath: CLI.fixtures.appendingPathComponent("real/large-prefs-window.xib").path, toPath: large)
        for i in 0..<3000 { try FileManager.default.linkItem(atPath: large, toPath: root + "/many/copy\(i).xib") }
        send(#"{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"check","arguments":{"paths":["many"]}}}"#)
        send(#"{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"outline","arguments":{"file":"A.xib","scene":"H3q-Rz-XVn"}}}"#)
        var answers: [Int: [String: Any]] = [:], parseErrors = 0, buffer = Data()
        let reader = output.fileHandleForReading
        while answers[2] == nil || answers[3] == nil {
            let chunk = reader.availableData
            if chunk.isEmpty { break }
            buffer.append(chunk)
            while let nl = buffer.firstIndex(of: 0x0A) {
                let line = buffer[buffer.startIndex..<nl]
                buffer = Data(buffer[(nl + 1)...])
                guard let message = try JSONSerialization.jsonObject(with: line) as? [String: Any] else { continue }
                if let id = message["id"] as? Int { answers[id] = message } else if message["error"] != nil { parseErrors += 1 }
            }
        }
        try input.fileHandleForWriting.close()
        p.waitUntilExit()
        #expect(p.terminationStatus == 0, "the server ends when its input does")
        #expect(parseErrors == 1, "the line that is no JSON gets a parse error")
        let slow = (answers[2]?["result"] as? [String: Any]), fast = (answers[3]?["result"] as? [String: Any])
        #expect(slow?["isError"] as? Bool == true && "\(slow?["content"] ?? "")".contains("ran longer than"), "\(answers[2] ?? [:])")
        #expect(fast?["isError"] as? Bool == false && "\(fast?["content"] ?? "")".contains("BannerView (H3q-Rz-XVn)"), "\(answers[3] ?? [:])")
    }
}

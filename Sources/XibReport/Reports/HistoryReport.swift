import XibKit

/// One commit in the semantic history of a file (`xibmerge log`): who, when, why, and what it
/// changed in the file as a semantic diff.
public struct HistoryEntry: Sendable {
    public var commit: String
    public var authorName: String
    public var authorEmail: String
    /// As git prints it with `--date=iso`: `2024-03-01 14:05:09 +0100`.
    public var date: String
    public var summary: String
    /// The change to the file; nil when a side could not be read as an Interface Builder document.
    public var diff: FileDiff?
    /// Why there is no diff.
    public var problem: String?
    /// The file's path before this commit, when the commit renamed it.
    public var renamedFrom: String?

    public init(commit: String, authorName: String, authorEmail: String, date: String, summary: String,
                diff: FileDiff?, problem: String? = nil, renamedFrom: String? = nil) {
        self.commit = commit
        self.authorName = authorName
        self.authorEmail = authorEmail
        self.date = date
        self.summary = summary
        self.diff = diff
        self.problem = problem
        self.renamedFrom = renamedFrom
    }
}

public enum HistoryRenderer {
    public static func render(path: String, entries: [HistoryEntry], format: DiffReport.Format,
                              style: DiffReport.Style = DiffReport.Style()) -> String {
        switch format {
        case .text: return entries.map { text($0, color: style.color) }.joined(separator: "\n")
        case .markdown: return entries.map(markdown).joined(separator: "\n")
        case .json: return json(path: path, entries: entries).rendered(pretty: !style.compactJSON) + (style.compactJSON ? "\n" : "")
        }
    }

    /// What to say when a commit's change shows nothing (or cannot be read).
    private static func quiet(_ e: HistoryEntry) -> String? {
        if let problem = e.problem { return "cannot show the change: \(problem)" }
        guard let diff = e.diff, !diff.hasChangesToShow else { return nil }
        return DiffSummary.noiseNote(diff) ?? "no changes to show"
    }

    static func text(_ e: HistoryEntry, color: Bool) -> String {
        let commitLine = "commit \(e.commit)"
        var out = (color ? "\u{1B}[33m\(commitLine)\u{1B}[0m" : commitLine) + "\n"
        out += "Author: \(e.authorName) <\(e.authorEmail)>\nDate:   \(e.date)\n\n    \(e.summary)\n\n"
        if let from = e.renamedFrom { out += "renamed \(from) → \(e.diff?.displayName ?? "")\n" }
        if let note = quiet(e) {
            // A rename alone is a change to show: no "no changes to show" under it.
            return e.renamedFrom != nil && e.problem == nil ? out : out + "\(note)\n"
        }
        return out + DiffTextRenderer(color: color).render(e.diff!)
    }

    static func markdown(_ e: HistoryEntry) -> String {
        typealias MD = DiffMarkdownRenderer
        var out = "#### \(MD.code(String(e.commit.prefix(7)))) \(MD.escape(e.summary))\n\n"
        out += "\(MD.escape(e.authorName)), \(MD.escape(e.date))\n\n"
        if let from = e.renamedFrom { out += "Renamed \(MD.code(from)) → \(MD.code(e.diff?.displayName ?? ""))\n\n" }
        if let note = quiet(e) { return e.renamedFrom != nil && e.problem == nil ? out : out + "_\(MD.escape(note))_\n" }
        return out + DiffMarkdownRenderer.render(e.diff!)
    }

    public static func json(path: String, entries: [HistoryEntry]) -> JSON {
        .object([
            ("version", .int(JSON.schemaVersion)),
            ("path", .string(path)),
            ("commits", .array(entries.map { e in
                .object([
                    ("commit", .string(e.commit)),
                    ("author", .object([("name", .string(e.authorName)), ("email", .string(e.authorEmail))])),
                    ("date", .string(e.date)),
                    ("summary", .string(e.summary)),
                    ("diff", e.diff.map(DiffJSONRenderer.file) ?? .null),
                    ("problem", .optional(e.problem)),
                    ("renamedFrom", .optional(e.renamedFrom)),
                ])
            })),
        ])
    }
}

/// One file's change between two points of history (`xibmerge diff REV..REV`, `diff REV`,
/// `diff --cached`): the semantic diff plus the rename git detected, which the semantic diff
/// alone does not show when the content is unchanged.
public struct HistoryFileDiff: Sendable {
    public var diff: FileDiff
    /// The path before a rename, nil when the file kept its path.
    public var renamedFrom: String?
    public var similarity: Int?

    public init(diff: FileDiff, renamedFrom: String? = nil, similarity: Int? = nil) {
        self.diff = diff
        self.renamedFrom = renamedFrom
        self.similarity = similarity
    }

    /// A change to show: content, or the rename itself.
    public var hasChangesToShow: Bool { diff.hasChangesToShow || renamedFrom != nil }
}

extension HistoryRenderer {
    /// Same formats as the two-file diff; renames are said in words, also when nothing else changed.
    public static func render(_ files: [HistoryFileDiff], format: DiffReport.Format,
                              style: DiffReport.Style = DiffReport.Style()) -> String {
        typealias MD = DiffMarkdownRenderer
        let shown = files.filter(\.hasChangesToShow)
        switch format {
        case .text:
            return shown.map { f in
                guard let from = f.renamedFrom else { return DiffTextRenderer(color: style.color).render(f.diff) }
                let rename = "renamed \(from) → \(f.diff.displayName)" + (f.similarity.map { " (\($0)% similar)" } ?? "") + "\n"
                if !f.diff.hasChangesToShow { return DiffSummary.header(f.diff) + "\n" + rename }
                let body = DiffTextRenderer(color: style.color).render(f.diff)
                return body.replacingFirstLine { $0 + "\n" + String(rename.dropLast()) }
            }.joined(separator: "\n")
        case .markdown:
            return shown.map { f in
                let rename = f.renamedFrom.map { "Renamed \(MD.code($0)) → \(MD.code(f.diff.displayName))\n\n" } ?? ""
                return rename + (f.diff.hasChangesToShow ? DiffMarkdownRenderer.render(f.diff) : "")
            }.joined(separator: "\n")
        case .json:
            let json: JSON = .object([
                ("version", .int(JSON.schemaVersion)),
                ("files", .array(files.map { f in
                    guard case .object(let fields) = DiffJSONRenderer.file(f.diff) else { return DiffJSONRenderer.file(f.diff) }
                    return .object(fields + [("renamedFrom", .optional(f.renamedFrom)), ("similarity", .optional(f.similarity))])
                })),
            ])
            return style.compactJSON ? json.rendered(pretty: false) + "\n" : json.rendered()
        }
    }
}

extension String {
    /// Applies `change` to the first line only.
    func replacingFirstLine(_ change: (String) -> String) -> String {
        guard let newline = firstIndex(of: "\n") else { return change(self) }
        return change(String(self[..<newline])) + String(self[newline...])
    }
}

import XibKit

/// `xibmerge review --format markdown`: a pull-request comment. One collapsible section per
/// file (its summary line, the flow graph of a storyboard with segues as a Mermaid block, the
/// changes as text), within a length (`ReviewReport.markdownLimit`: GitHub's 65,536-character
/// limit on a comment by default). What does not fit: the first file that does not fit shows
/// its changes as far as they go, each later file its one-line summary, and the text says where
/// the full review is (`fullReviewAt`, else the HTML report).
public enum ReviewMarkdownRenderer {
    /// GitHub's limit on a comment's body.
    public static let limit = 65_536
    /// Room kept for the note on what was left out.
    static let reserve = 600
    /// The shortest length the review fits in: its title, headline and the note.
    public static let minimumLimit = 1_000

    public static func render(_ r: ReviewReport) -> String {
        let limit = max(r.markdownLimit, minimumLimit)
        var out = header(r, limit: limit)
        let shown = r.files.filter(\.hasChanges)
        let lines = shown.map(summaryLine)
        // What the files after each one need at least: their one-line summaries, up to a quarter
        // of the room (the rest are counted).
        var after = [Int](repeating: 0, count: shown.count + 1)
        for i in shown.indices.reversed() { after[i] = after[i + 1] + size(lines[i]) }
        var next = 0
        while next < shown.count {
            let tail = next + 1 < shown.count ? min(after[next + 1], limit / 4) + reserve : 0
            let room = limit - reserve - size(out) - tail
            let full = section(shown[next], report: r, full: true)
            let lean = size(full) <= room ? full : section(shown[next], report: r, full: false)
            if size(lean) <= room {
                out += lean + "\n"
                next += 1
                continue
            }
            if let cut = cut(lean, to: room, report: r) {
                out += cut + "\n"
                next += 1
            }
            break
        }
        if next < shown.count { out += summaries(Array(lines[next...]), more: next > 0, report: r, room: limit - 80 - size(out)) }
        // Only a header over the whole length (thousands of unreadable files) gets here.
        if size(out) > limit { return header(r, limit: 0) + "The review is too long to show here: \(pointer(r)).\n" }
        return out
    }

    /// The title, the range and headline, what breaks the app, the merge preview and the files
    /// that could not be read. `limit` 0: the title and headline alone.
    static func header(_ r: ReviewReport, limit: Int) -> String {
        typealias MD = DiffMarkdownRenderer
        var out = "## xibmerge review\n\n"
        if let range = r.range {
            out += "\(MD.code(range.base)) → \(MD.code(range.head)) (\(range.baseCommit.prefix(7))..\(range.headCommit.prefix(7))): "
        }
        out += MD.escape(r.headline) + "\n\n"
        guard limit > 0 else { return out }
        if let code = r.code { out += breaks(code) }
        if let preview = r.mergePreview {
            let full = MergePreviewRenderer.markdown(preview) + "\n"
            // A preview of many files keeps its verdict; the table is in the full review.
            out += size(out) + size(full) + reserve <= limit / 2 ? full
                : String(full.prefix { $0 != "\n" }) + "\n\n_The files: in the full review._\n\n"
        }
        let problemLimit = ReviewReport.CodeCheck.listLimit
        for p in r.problems.prefix(problemLimit) { out += "- ⚠️ \(MD.code(p.path)): \(MD.escape(p.message))\n" }
        if r.problems.count > problemLimit { out += "- … \(r.problems.count - problemLimit) more files not reviewed\n" }
        if !r.problems.isEmpty { out += "\n" }
        return out
    }

    /// Where the full review is: `fullReviewAt` (Markdown), else the HTML report.
    static func pointer(_ r: ReviewReport) -> String {
        r.fullReviewAt ?? "the HTML report" + (r.htmlName.map { " (\(DiffMarkdownRenderer.code($0)))" } ?? "")
    }

    /// A file's line in the list of files that did not fit: its path and summary.
    static func summaryLine(_ f: FileReview) -> String {
        typealias MD = DiffMarkdownRenderer
        let translations = LocalizationWords.headline(f.localization, perLanguage: false).map { "; ⚠️ " + MD.escape($0) } ?? ""
        return "- \(MD.code(f.path)): \(MD.escape(DiffSummary.line(f.diff)))\(translations)\n"
    }

    /// The files that did not fit, one line each within `room`, the rest counted.
    static func summaries(_ lines: [String], more: Bool, report r: ReviewReport, room: Int) -> String {
        let n = lines.count
        var out = "**\(n)\(more ? " more" : "") file\(n == 1 ? "" : "s")**: the full review is in \(pointer(r)).\n\n"
        var listed = 0
        for line in lines {
            if size(out) + size(line) > room { break }
            out += line
            listed += 1
        }
        if listed < n { out += "- … and \(n - listed) more\n" }
        return out
    }

    /// A file's section cut at a change to fit `room`, closed with the count of changes left
    /// out; nil when not even its summary and a few changes fit.
    static func cut(_ section: String, to room: Int, report r: ReviewReport) -> String? {
        func closing(_ left: Int) -> String {
            "_… and \(left) more change\(left == 1 ? "" : "s"): the full review is in \(pointer(r))._\n\n</details>\n"
        }
        let budget = room - size(closing(999_999)) - 20
        guard let start = section.firstRange(of: "</summary>\n\n")?.upperBound else { return nil }
        let head = size(String(section[..<start]))
        guard head + 400 < budget else { return nil }
        // Cut before a change (`- **`) or a group heading, never inside an item's values.
        var end = start, used = head
        for line in section[start...].split(separator: "\n", omittingEmptySubsequences: false) {
            if line.drop(while: { $0 == " " }).hasPrefix("- **") || line.hasPrefix("**") {
                end = section.utf8.index(section.startIndex, offsetBy: used)
            }
            used += line.utf8.count + 1
            if used > budget { break }
        }
        let left = section[end...].split(separator: "\n").filter { $0.drop(while: { $0 == " " }).hasPrefix("- **") }.count
        guard left > 0, end > start else { return nil }
        return String(section[..<end]) + "\n" + closing(left)
    }

    /// "Breaks the app": the new mismatches between IB and code, each naming the IB side
    /// (`file:line:column`, the object's path) and the code side (in the message); those
    /// already at the base folded below.
    static func breaks(_ c: ReviewReport.CodeCheck) -> String {
        typealias MD = DiffMarkdownRenderer
        func item(_ f: IntegrityProblem) -> String {
            "- \(MD.code(f.kind.id)) \(MD.code("\(f.file):\(f.line):\(f.column ?? 1)")) \(MD.escape(f.text))\n"
        }
        let limit = ReviewReport.CodeCheck.listLimit
        var out = c.breaks.isEmpty ? MD.escape(c.headline.prefix(1).uppercased() + c.headline.dropFirst()) + ".\n\n"
            : "### ⚠️ Breaks the app\n\n\(MD.escape(c.headline)):\n\n" + c.breaks.prefix(limit).map(item).joined()
        if c.breaks.count > limit { out += "- … \(c.breaks.count - limit) more\n" }
        if !c.breaks.isEmpty { out += "\n" }
        if !c.alreadyBroken.isEmpty {
            out += "<details>\n<summary>\(c.alreadyBroken.count) already at the base</summary>\n\n"
                + c.alreadyBroken.prefix(limit).map(item).joined() + "\n</details>\n\n"
        }
        return out
    }

    /// UTF-8 bytes: never fewer than the characters GitHub counts.
    static func size(_ s: String) -> Int { s.utf8.count }

    /// A file's section; not `full`: the flow graph and the objects whose translations are
    /// affected are left to the HTML report.
    static func section(_ f: FileReview, report: ReviewReport, full: Bool) -> String {
        typealias MD = DiffMarkdownRenderer
        let line = DiffSummary.line(f.diff)
        var out = "<details>\n<summary><code>\(HTML.escape(f.path))</code> (\(HTML.escape(ReviewReport.status(f))))"
        out += (line.isEmpty ? "" : ": " + HTML.escape(line))
        out += LocalizationWords.headline(f.localization, perLanguage: false).map { "; ⚠️ " + HTML.escape($0) } ?? ""
        out += "</summary>\n\n"
        if let m = report.mergeFile(f) {
            out += "Merging into \(MD.code(report.mergePreview!.ours.revision)): \(MD.escape(m.verdict))\n\n"
        }
        if let l = f.localization, let headline = LocalizationWords.headline(l) {
            out += "**Translations**: ⚠️ \(MD.escape(headline))\n\n" + (full ? localization(l) + "\n" : "_The objects and keys: in the HTML report._\n\n")
        }
        if let graph = f.flow, !graph.edges.isEmpty {
            out += full ? "**Storyboard flow**\n\n" + FlowGraphRenderer.mermaid(graph) + "\n"
                : "_Storyboard flow: in the HTML report._\n\n"
        }
        out += MD.body(f.diff)
        return out + "</details>\n"
    }

    /// The orphaned and untranslated objects, one line each with their keys.
    static func localization(_ l: LocalizationImpact) -> String {
        typealias MD = DiffMarkdownRenderer
        typealias W = LocalizationWords
        var out = ""
        for (list, orphaned) in [(l.orphaned, true), (l.untranslated, false)] {
            for o in list.prefix(W.listLimit) {
                out += "- \(orphaned ? "orphaned" : "untranslated"): \(MD.escape(o.name)) \(MD.code(o.id)) (\(W.fate(o, orphaned: orphaned))"
                out += (o.counterpart.map { " " + MD.code($0) } ?? "") + "): "
                out += o.keys.map { "\(MD.code($0.key)) (\(W.languages($0, of: l)))" }.joined(separator: ", ") + "\n"
            }
            if list.count > W.listLimit { out += "- … \(list.count - W.listLimit) more \(orphaned ? "orphaned" : "untranslated")\n" }
        }
        return out
    }
}

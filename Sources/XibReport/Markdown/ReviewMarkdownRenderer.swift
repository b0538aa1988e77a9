import XibKit

/// `xibmerge review --format markdown`: a pull-request comment. One collapsible section per
/// file (its summary line, the flow graph of a storyboard with segues as a Mermaid block, the
/// changes as text); under GitHub's 65,536-character limit: files that do not fit are named
/// with their summary line and a pointer to the HTML report.
public enum ReviewMarkdownRenderer {
    /// GitHub's limit on a comment's body, less room for the closing note.
    public static let limit = 65_536
    static let reserve = 600

    public static func render(_ r: ReviewReport) -> String {
        typealias MD = DiffMarkdownRenderer
        var out = "## xibmerge review\n\n"
        if let range = r.range {
            out += "\(MD.code(range.base)) → \(MD.code(range.head)) (\(range.baseCommit.prefix(7))..\(range.headCommit.prefix(7))): "
        }
        out += MD.escape(r.headline) + "\n\n"
        if let code = r.code { out += breaks(code) }
        if let preview = r.mergePreview { out += MergePreviewRenderer.markdown(preview) + "\n" }
        for p in r.problems { out += "- ⚠️ \(MD.code(p.path)): \(MD.escape(p.message))\n" }
        if !r.problems.isEmpty { out += "\n" }
        var summarised: [FileReview] = []
        for f in r.files where f.hasChanges {
            let full = section(f, report: r, full: true)
            let lean = section(f, report: r, full: false)
            if size(out) + size(full) + reserve <= limit {
                out += full + "\n"
            } else if size(out) + size(lean) + reserve <= limit {
                out += lean + "\n"
            } else {
                summarised.append(f)
            }
        }
        if !summarised.isEmpty {
            let pointer = r.htmlName.map { " (\(MD.code($0)))" } ?? ""
            out += "**\(summarised.count) more file\(summarised.count == 1 ? "" : "s")**: the full review is in the HTML report\(pointer).\n\n"
            var listed = 0
            for f in summarised {
                let translations = LocalizationWords.headline(f.localization, perLanguage: false).map { "; ⚠️ " + MD.escape($0) } ?? ""
                let line = "- \(MD.code(f.path)): \(MD.escape(DiffSummary.line(f.diff)))\(translations)\n"
                if size(out) + size(line) + 80 > limit { break }
                out += line
                listed += 1
            }
            if listed < summarised.count { out += "- … and \(summarised.count - listed) more\n" }
        }
        return out
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

import XibKit

/// `xibmerge review --format html`: one self-contained page (inline SVG and CSS, no script, no
/// network). Per file: the summary, the storyboard's flow graph, and per changed scene the
/// before and after wireframes side by side with the changes listed beside them; every changed
/// object carries its id as `data-id` (its shape, or its line in the lists).
public enum ReviewHTMLRenderer {
    public static func render(_ r: ReviewReport) -> String {
        var body = "<h1>xibmerge review</h1>\n<p class=\"meta\">"
        if let range = r.range {
            body += "<code>\(h(range.base))</code> (\(h(String(range.baseCommit.prefix(7))))) → <code>\(h(range.head))</code> (\(h(String(range.headCommit.prefix(7))))): "
        }
        body += h(r.headline) + "</p>\n"
        body += "<p class=\"legend\"><span class=\"sw added\"></span>added <span class=\"sw removed\"></span>removed (in “before”) <span class=\"sw modified\"></span>modified</p>\n"
        if let code = r.code { body += breaks(code) }
        if let preview = r.mergePreview { body += merge(preview) }
        for p in r.problems { body += "<p class=\"problem\">\(h(p.path)): \(h(p.message))</p>\n" }
        let shown = r.files.filter(\.hasChanges)
        if shown.count > 1 {
            body += "<nav><ul>" + shown.enumerated().map { i, f in
                "<li><a href=\"#file-\(i)\"><code>\(h(f.path))</code></a> — \(h(DiffSummary.line(f.diff)))"
                    + (LocalizationWords.headline(f.localization, perLanguage: false).map { "; ⚠️ " + h($0) } ?? "") + "</li>"
            }.joined() + "</ul></nav>\n"
        }
        for (i, f) in shown.enumerated() { body += file(f, index: i, report: r) }
        return HTMLPage.page(title: "xibmerge review" + (r.range.map { ": \($0.base)…\($0.head)" } ?? ""), body: body,
                             extraCSS: css + FlowGraphRenderer.stylesheet)
    }

    /// "Breaks the app": the new mismatches between IB and code (IB side `file:line:column`
    /// and object path, code side in the message); those already at the base folded.
    static func breaks(_ c: ReviewReport.CodeCheck) -> String {
        func items(_ list: [IntegrityProblem]) -> String {
            var out = "<ul class=\"breaks\">" + list.prefix(ReviewReport.CodeCheck.listLimit).map { f in
                "<li data-rule=\"\(h(f.kind.id))\"><code>\(h(f.kind.id))</code> <code>\(h("\(f.file):\(f.line):\(f.column ?? 1)"))</code> \(h(f.text))</li>"
            }.joined()
            if list.count > ReviewReport.CodeCheck.listLimit { out += "<li>… \(list.count - ReviewReport.CodeCheck.listLimit) more</li>" }
            return out + "</ul>\n"
        }
        var out = "<section class=\"code\">\n<h2>\(c.breaks.isEmpty ? "IB and code" : "⚠️ Breaks the app")</h2>\n<p>\(h(c.headline))</p>\n"
        if !c.breaks.isEmpty { out += items(c.breaks) }
        if !c.alreadyBroken.isEmpty {
            out += "<details><summary>\(c.alreadyBroken.count) already at the base</summary>\n" + items(c.alreadyBroken) + "</details>\n"
        }
        return out + "</section>\n"
    }

    static func file(_ f: FileReview, index: Int, report: ReviewReport) -> String {
        var out = "<section class=\"file\" id=\"file-\(index)\">\n<h2><code>\(h(f.path))</code> <span class=\"tag\">\(h(ReviewReport.status(f)))</span></h2>\n"
        let line = DiffSummary.line(f.diff)
        if !line.isEmpty { out += "<p class=\"summary\">\(h(line))</p>\n" }
        if let m = report.mergeFile(f) {
            out += "<p class=\"merge \(m.isClean ? "clean" : "conflict")\">Merging into <code>\(h(report.mergePreview!.ours.revision))</code>: \(h(m.verdict))</p>\n"
            if !m.conflictLines.isEmpty { out += "<ul class=\"conflicts\">" + m.conflictLines.map { "<li>\(h($0))</li>" }.joined() + "</ul>\n" }
        }
        if let l = f.localization, let headline = LocalizationWords.headline(l) { out += localization(l, headline: headline) }
        if let flow = f.flow, flow.hasChanges || !flow.edges.isEmpty {
            out += "<details class=\"flowbox\"\(flow.hasChanges ? " open=\"open\"" : "")><summary>Storyboard flow</summary>\n"
            out += FlowGraphRenderer.svg(flow) + "\n</details>\n"
        }
        for s in f.scenes { out += scene(s) }
        for g in f.diff.groups where g.kind != .scene && g.kind != .object {
            out += "<div class=\"scene\"><h3>\(h(g.title))</h3>" + list(nil, g.changes, in: g) + "</div>\n"
        }
        let notes = [DiffSummary.framesNote(f.diff), DiffSummary.noiseNote(f.diff)].compactMap { $0 }
        if !notes.isEmpty { out += "<p class=\"notes\">" + notes.map(h).joined(separator: "<br/>") + "</p>\n" }
        return out + "</section>\n"
    }

    static func scene(_ s: SceneReview) -> String {
        var out = "<div class=\"scene\" data-scene=\"\(h(s.group.id ?? ""))\">\n<h3>\(h(s.group.title))"
        if let id = s.group.id { out += " <code>\(h(id))</code>" }
        out += "</h3>\n"
        guard s.before != nil || s.after != nil else {
            // Nothing drawn on either side (a File's Owner, a menu): the changes alone.
            return out + list("Objects", s.objects, in: s.group) + list("Constraints", s.constraints, in: s.group)
                + list("Connections", s.connections, in: s.group) + "</div>\n"
        }
        out += "<div class=\"pair\">\n"
        let marks = WireframeSVG.Marks(added: Set(s.added), removed: Set(s.removed), modified: Set(s.modified))
        for (label, canvas, absent) in [("Before", s.before, "not in the old version"), ("After", s.after, "not in the new version")] {
            out += "<figure class=\"side \(label.lowercased())\"><figcaption>\(label)</figcaption>"
            if let canvas {
                let sideMarks = label == "Before" ? WireframeSVG.Marks(removed: marks.removed, modified: marks.modified)
                    : WireframeSVG.Marks(added: marks.added, modified: marks.modified)
                out += WireframeSVG.canvas(canvas, marks: sideMarks, label: "\(s.group.title), \(label.lowercased())")
            } else {
                out += "<p class=\"absent\">\(absent)</p>"
            }
            out += "</figure>\n"
        }
        out += "<aside class=\"changes\">"
        out += list("Objects", s.objects, in: s.group) + list("Constraints", s.constraints, in: s.group)
            + list("Connections", s.connections, in: s.group)
        return out + "</aside>\n</div>\n</div>\n"
    }

    /// Changes as a list, each line with its object's id; long lists fold.
    static func list(_ title: String?, _ changes: [ObjectChange], in group: ChangeGroup) -> String {
        guard !changes.isEmpty else { return "" }
        var out = title.map { "<h4>\($0) <span class=\"count\">\(changes.count)</span></h4>" } ?? ""
        let items = changes.map { item($0, in: group) }.joined()
        if changes.count > 30 {
            out += "<details><summary>\(changes.count) changes</summary><ul>\(items)</ul></details>"
        } else {
            out += "<ul>\(items)</ul>"
        }
        return out
    }

    static func item(_ c: ObjectChange, in group: ChangeGroup) -> String {
        var out = "<li class=\"c-\(c.kind.rawValue)\"" + (c.id.map { " data-id=\"\(h($0))\"" } ?? "") + ">"
        out += "<span class=\"verb\">\(DiffSummary.verb(c.kind))</span> \(h(DiffSummary.objectName(c)))"
        if let id = c.id { out += " <code>\(h(id))</code>" }
        let place = DiffSummary.place(c, in: group, verb: false)
        if !place.isEmpty { out += "<span class=\"place\">\(h(place))</span>" }
        if !c.attributes.isEmpty {
            out += "<ul class=\"attrs\">" + c.attributes.map { a in
                let (old, new) = DiffSummary.values(a)
                return "<li>\(h(a.name)): <del>\(h(old))</del> → <ins>\(h(new))</ins></li>"
            }.joined() + "</ul>"
        }
        return out + "</li>"
    }

    /// The orphaned and untranslated objects, each with its id as `data-id` and its keys.
    static func localization(_ l: LocalizationImpact, headline: String) -> String {
        typealias W = LocalizationWords
        var out = "<div class=\"l10n\"><h3>Translations</h3><p>⚠️ \(h(headline))</p><ul>"
        for (list, orphaned) in [(l.orphaned, true), (l.untranslated, false)] {
            for o in list.prefix(W.listLimit) {
                out += "<li class=\"c-\(orphaned ? "removed" : "added")\" data-id=\"\(h(o.id))\"><span class=\"verb\">\(orphaned ? "orphaned" : "untranslated")</span> "
                out += "<span title=\"\(h(o.path))\">\(h(o.name))</span> <code>\(h(o.id))</code> (\(W.fate(o, orphaned: orphaned))" + (o.counterpart.map { " <code>\(h($0))</code>" } ?? "") + "): "
                out += o.keys.map { "<code>\(h($0.key))</code> (\(h(W.languages($0, of: l))))" }.joined(separator: ", ") + "</li>"
            }
            if list.count > W.listLimit { out += "<li>… \(list.count - W.listLimit) more \(orphaned ? "orphaned" : "untranslated")</li>" }
        }
        return out + "</ul></div>\n"
    }

    static func merge(_ p: MergePreview) -> String {
        var out = "<div class=\"mergebox\"><h2>Merging into <code>\(h(p.ours.revision))</code>: \(p.isClean ? "clean" : "conflicts ahead")</h2><ul>"
        for f in p.files { out += "<li class=\"\(f.isClean ? "clean" : "conflict")\"><code>\(h(f.path))</code>: \(h(f.verdict))</li>" }
        for o in p.otherConflicts { out += "<li class=\"conflict\"><code>\(h(o))</code>: conflict (not an Interface Builder file)</li>" }
        if p.files.isEmpty && p.otherConflicts.isEmpty { out += "<li>no Interface Builder file is changed on both sides</li>" }
        return out + "</ul></div>\n"
    }

    static func h(_ s: String) -> String { HTML.escape(s) }

    static let css = """
    .legend{color:#59636e}.sw{display:inline-block;width:12px;height:12px;border-radius:2px;margin:0 4px 0 12px;vertical-align:-1px;border:2px solid}
    .sw.added{border-color:#1a7f37;background:#dafbe1}.sw.removed{border-color:#cf222e;border-style:dashed;background:#ffebe9}.sw.modified{border-color:#bf8700;background:#fff8c5}
    nav ul{padding-left:20px}section.file{margin-top:28px}
    .summary{margin:4px 0 12px;color:#1f2328}
    .scene{margin:10px 0 26px}.scene h3 code{font-weight:normal}
    .pair{display:grid;grid-template-columns:minmax(0,1fr) minmax(0,1fr) minmax(260px,340px);gap:16px;align-items:start}
    @media (max-width:1000px){.pair{grid-template-columns:minmax(0,1fr) minmax(0,1fr)}.pair aside{grid-column:1/3}}
    figure.side{margin:0}figure.side figcaption{font-weight:600;color:#59636e;margin-bottom:4px}
    .side svg.wf{width:100%;max-height:720px}.absent{color:#59636e;font-style:italic;border:1px dashed #d0d7de;border-radius:6px;padding:40px 12px;text-align:center}
    aside.changes{font-size:13px}aside h4{margin:6px 0 4px;font-size:13px}.count{color:#59636e;font-weight:normal}
    aside ul,.scene>ul{margin:0 0 8px;padding-left:18px}aside li{margin:2px 0}
    .verb{font-weight:600}.c-added>.verb{color:#1a7f37}.c-removed>.verb{color:#cf222e}.c-modified>.verb,.c-moved>.verb{color:#9a6700}
    .place{color:#59636e}ul.attrs{padding-left:16px;color:#1f2328}del{color:#cf222e}ins{color:#1a7f37;text-decoration:none}
    .notes{color:#59636e;font-style:italic}.problem{color:#cf222e}.breaks li{margin:.2em 0}
    details.flowbox{margin:8px 0 16px}details.flowbox summary{font-weight:600;cursor:pointer}
    .mergebox{border:1px solid #d0d7de;border-radius:6px;padding:4px 12px;margin:12px 0}.mergebox h2{border:0;margin:8px 0;padding:0}
    li.conflict,.merge.conflict{color:#cf222e}li.clean,.merge.clean{color:#1a7f37}
    .l10n{border-left:3px solid #bf8700;background:#fff8c5;border-radius:0 6px 6px 0;padding:2px 12px;margin:8px 0 16px;font-size:14px}
    .l10n h3{margin:6px 0 2px;font-size:15px}.l10n p{margin:2px 0}.l10n ul{margin:4px 0 6px;padding-left:18px}
    """
}

import XibKit

/// Draws a `Wireframe` canvas as SVG: one group per shape carrying the object's id
/// (`data-id`) and its human path (`<title>`, shown on hover), text clipped to its box by
/// estimate (no script, no fonts to load). The look comes from `stylesheet` (classes only), so
/// a page of many canvases carries it once.
public enum WireframeSVG {
    /// Objects to outline in a review: added (green), removed (red, dashed), modified (amber).
    public struct Marks: Sendable {
        public var added: Set<String>
        public var removed: Set<String>
        public var modified: Set<String>

        public init(added: Set<String> = [], removed: Set<String> = [], modified: Set<String> = []) {
            self.added = added
            self.removed = removed
            self.modified = modified
        }

        public static let none = Marks()

        func mark(_ id: String?) -> String? {
            guard let id else { return nil }
            if added.contains(id) { return "added" }
            if removed.contains(id) { return "removed" }
            if modified.contains(id) { return "modified" }
            return nil
        }
    }

    static let padding = 8.0

    /// One canvas as an `<svg>` element sized in points (pages may scale it down with CSS).
    public static func canvas(_ c: Wireframe.Canvas, marks: Marks = .none, label: String? = nil) -> String {
        let b = c.bounds
        let p = padding
        var out = "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"wf\(c.dark ? " dk" : "")\" viewBox=\"\(n(b.x - p)) \(n(b.y - p)) \(n(b.width + 2 * p)) \(n(b.height + 2 * p))\""
        out += " width=\"\(n(b.width + 2 * p))\" height=\"\(n(b.height + 2 * p))\" role=\"img\" aria-label=\"\(xml(label ?? c.title))\">"
        out += "<title>\(xml(label ?? c.title))</title>"
        // The dark appearance's canvas, painted (an SVG inside another has no CSS background).
        if c.dark { out += "<rect class=\"ground\" x=\"\(n(b.x - p))\" y=\"\(n(b.y - p))\" width=\"\(n(b.width + 2 * p))\" height=\"\(n(b.height + 2 * p))\"/>" }
        // Hidden views (and the tabs not shown) are not drawn, as in Xcode, unless a review marks them.
        // Views sharing a frame (or nearly) would print their names over each other: the first keeps it.
        var names = CaptionPlaces()
        for i in c.shapes.indices {
            let mark = marks.mark(c.shapes[i].id)
            if c.shapes[i].hidden && mark == nil { continue }
            var caption = hasRoomForCaption(c.shapes, i)
            if caption, WireframeSVGContent.showsCaption(c.shapes[i]) { caption = names.claim(WireframeSVGContent.captionRect(c.shapes[i])) }
            out += shape(c.shapes[i], mark: mark, caption: caption)
        }
        // Marks last, over everything: a parent's outline is not hidden by its children.
        for s in c.shapes where s.kind != .repeated {
            guard let m = marks.mark(s.id) else { continue }
            out += "<rect class=\"mark \(m)\" x=\"\(n(s.frame.x))\" y=\"\(n(s.frame.y))\" width=\"\(n(s.frame.width))\" height=\"\(n(s.frame.height))\"/>"
        }
        return out + "</svg>"
    }

    /// A standalone SVG document of all canvases, each under its title, in rows.
    public static func document(_ w: Wireframe, title: String) -> String {
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        var x = 0.0, y = 0.0, rowHeight = 0.0, width = 0.0
        var body = ""
        // First, where it is seen: the left-out canvases would follow the drawn ones far below.
        if let note = omittedNote(w) {
            body += "<text class=\"caption\" x=\"0\" y=\"16\">\(xml(note))</text>"
            (y, width) = (32, Double(note.count) * 7.5)  // 14 px captions: about 7.5 px a character
        }
        let rowLimit = max(2400, w.canvases.map { $0.bounds.width + 2 * padding }.max() ?? 0)
        for c in w.canvases {
            let cw = c.bounds.width + 2 * padding, ch = c.bounds.height + 2 * padding + 24
            if x > 0 && x + cw > rowLimit { x = 0; y += rowHeight + 32; rowHeight = 0 }
            body += "<text class=\"caption\" x=\"\(n(x))\" y=\"\(n(y + 16))\">\(xml(fitted(c.title + (c.isInitial ? " (initial)" : ""), width: cw + 16)))</text>"
            body += "<g transform=\"translate(\(n(x)) \(n(y + 24)))\">" + canvas(c) + "</g>"
            x += cw + 32
            rowHeight = max(rowHeight, ch)
            width = max(width, x)
        }
        let height = y + rowHeight
        out += "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(n(max(width, 1)))\" height=\"\(n(max(height, 1)))\" viewBox=\"0 0 \(n(max(width, 1))) \(n(max(height, 1)))\">"
        out += "<title>\(xml(title))</title><style>\(stylesheet)</style>" + body + "</svg>\n"
        return out
    }

    /// A canvas's title cut to the room beside the next canvas (14-pixel captions), so that
    /// titles of narrow canvases do not print over each other.
    static func fitted(_ title: String, width: Double) -> String {
        let m = TextMetrics.standard
        guard m.width(title, size: 14, face: .system) > width else { return title }
        return String(m.prefix(Substring(title), fitting: max(width - m.width("…", size: 14, face: .system), 0), size: 14, face: .system)) + "…"
    }

    /// What the picture leaves out, said where the picture is looked at.
    public static func omittedNote(_ w: Wireframe) -> String? {
        guard w.omitted > 0, let first = w.firstOmitted else { return nil }
        let total = w.canvases.count + w.omitted
        return "\(XMLLimits.show(w.omitted)) of \(XMLLimits.show(total)) \(w.documentKind == .storyboard ? "scenes" : "top-level objects") not drawn, from \(first) on: "
            + "one picture draws at most \(XMLLimits.show(WireframeBuilder.elementBudget)) elements (render --scene draws them)"
    }

    /// One shape: a group with its id and path, its box, and what it shows.
    static func shape(_ s: Wireframe.Shape, mark: String?, caption: Bool) -> String {
        var classes = "s k-\(s.kind.rawValue)"
        if let sketch = s.sketch { classes += " t-\(sketch.rawValue)" }
        if s.bordered { classes += " bordered" }
        if s.hidden { classes += " hidden" }
        // A bordered field draws its own bezel: its text is on that, in the appearance's colours.
        if s.onDark, !(s.sketch == .field && s.bordered && !s.darkAppearance) { classes += " dark" }
        if s.darkAppearance { classes += " da" }
        if s.state == .on, s.sketch == .button { classes += " on" }
        if s.sketch == .button, s.text == nil, s.image != nil { classes += " img" }
        if let mark { classes += " m-\(mark)" }
        var out = "<g class=\"\(classes)\""
        if let id = s.id { out += " data-id=\"\(xml(id))\"" }
        out += "><title>\(xml(tooltip(s)))</title>"
        out += box(s)
        out += WireframeSVGContent.content(s, caption: caption)
        if s.hidden {
            // Only a marked hidden view is drawn: say why it is not in Xcode's picture.
            out += WireframeSVGContent.text("hidden", in: Wireframe.Rect(x: s.frame.maxX - 44, y: s.frame.y, width: 44, height: 12),
                                            size: 9, anchor: .end, cls: "note", maxLines: 1)
        }
        return out + "</g>"
    }

    /// Where containers' names are printed, bucketed by 64 points: a name is printed only
    /// where it overlaps none printed before.
    struct CaptionPlaces {
        private var buckets: [Int: [Wireframe.Rect]] = [:]

        mutating func claim(_ r: Wireframe.Rect) -> Bool {
            guard [r.x, r.y, r.maxX, r.maxY].allSatisfy({ $0.isFinite && abs($0) < 1e12 }) else { return true }
            func cell(_ v: Double) -> Int { Int((v / 64).rounded(.down)) }
            var keys: [Int] = []
            // A name is at most a few hundred points wide: a handful of buckets.
            for bx in cell(r.x)...min(max(cell(r.x), cell(r.maxX)), cell(r.x) + 8) {
                for by in cell(r.y)...max(cell(r.y), cell(r.maxY)) { keys.append(bx &* 65_521 &+ by) }
            }
            for k in keys {
                if buckets[k]?.contains(where: { $0.x < r.maxX && r.x < $0.maxX && $0.y < r.maxY && r.y < $0.maxY }) == true { return false }
            }
            for k in keys { buckets[k, default: []].append(r) }
            return true
        }
    }

    /// Whether no view inside shape `i` (its subtree follows it: shapes are in pre-order)
    /// starts near its top-left corner, where its name would go.
    static func hasRoomForCaption(_ shapes: [Wireframe.Shape], _ i: Int) -> Bool {
        let f = shapes[i].frame
        var j = i + 1
        while j < shapes.count, shapes[j].depth > shapes[i].depth {
            let g = shapes[j].frame
            if g.x < f.x + 80, g.y < f.y + 13, g.maxX > f.x, g.maxY > f.y { return false }
            j += 1
        }
        return true
    }

    static func tooltip(_ s: Wireframe.Shape) -> String {
        var t = s.path
        if let id = s.id { t += " (\(id))" }
        switch s.kind {
        case .noFrame: t += " — no frame in the file"
        case .repeated: t += " — repeated prototype"
        default: break
        }
        if s.hidden { t += " — hidden" }
        return t
    }

    /// The shape's rectangle, filled with its background when the file gives one.
    static func box(_ s: Wireframe.Shape) -> String {
        let f = s.frame
        var out = "<rect class=\"box\" x=\"\(n(f.x))\" y=\"\(n(f.y))\" width=\"\(n(max(f.width, 0)))\" height=\"\(n(max(f.height, 0)))\""
        if let c = s.background, c.alpha > 0 {
            out += " style=\"fill:\(hex(c))"
            if c.alpha < 1 { out += ";fill-opacity:\(n(c.alpha))" }
            out += "\""
        }
        return out + "/>"
    }

    /// The texts a drawing shows (labels, fields, buttons, bar titles; each `<text>`'s lines
    /// joined, unescaped) and those cut short with an ellipsis because they do not fit: what
    /// `Scripts/bench render` and the tests count.
    public static func drawnTexts(_ svg: String) -> (all: [String], cut: [String]) {
        var all: [String] = [], cut: [String] = []
        for part in svg.split(separator: "<text class=\"", omittingEmptySubsequences: false).dropFirst() {
            let cls = part.prefix { $0 != "\"" }
            guard cls.hasPrefix("txt") || cls.hasPrefix("btn") || cls.hasPrefix("bartitle") else { continue }
            let body = part.split(separator: "</text>", maxSplits: 1, omittingEmptySubsequences: false)[0]
            let lines = body.split(separator: "<tspan ", omittingEmptySubsequences: false).dropFirst().map { $0.drop { $0 != ">" }.dropFirst().prefix { $0 != "<" } }
            let text = lines.joined(separator: " ").replacing("&quot;", with: "\"").replacing("&lt;", with: "<")
                .replacing("&gt;", with: ">").replacing("&amp;", with: "&")
            all.append(text)
            if cls.hasSuffix(" cut") { cut.append(text) }
        }
        return (all, cut)
    }

    /// A number as SVG wants it: at most two decimals, no exponent.
    static func n(_ d: Double) -> String {
        guard d.isFinite else { return "0" }
        let r = (d * 100).rounded() / 100
        if r == r.rounded(), abs(r) < 1e15 { return String(Int(r)) }
        return String(r)
    }

    static func hex(_ c: Wireframe.Color) -> String {
        func h(_ v: Double) -> String {
            let i = Int((min(max(v, 0), 1) * 255).rounded())
            let s = String(i, radix: 16)
            return s.count == 1 ? "0" + s : s
        }
        return "#" + h(c.red) + h(c.green) + h(c.blue)
    }

    /// Escapes text for XML content and attribute values (also what HTML needs), as Xcode
    /// escapes attributes.
    public static func xml(_ s: String) -> String { XMLEscaping.escapeAttribute(s) }
}

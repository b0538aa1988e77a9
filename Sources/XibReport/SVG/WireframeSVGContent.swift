import XibKit

/// What a shape shows inside its box: text, segments, bar items, tab strips, an image
/// placeholder, a window's title bar, a "no frame" note. Text is measured with `TextMetrics`
/// (the advance widths of fonts close to Xcode's) and cut only where it does not fit.
enum WireframeSVGContent {
    /// `caption`: whether a container may show its name at its top-left (nothing inside covers it).
    static func content(_ s: Wireframe.Shape, caption: Bool) -> String {
        let f = s.frame
        switch s.kind {
        case .repeated: return ""
        case .noFrame: return note(s.name + " — no frame", in: f)
        // A controller's screen names what it holds in its middle, clear of its bars.
        case .empty: return note(s.name + (s.text.map { "\n" + $0 } ?? ""), in: f.height > 200 ? Wireframe.Rect(x: f.x, y: f.y + f.height / 3, width: f.width, height: f.height / 2) : f, lines: 8)
        case .bar: return bar(s)
        case .view: break
        }
        switch s.sketch {
        case .window?: return window(s)
        case .image?: return image(s)
        case .segmented?: return segments(s)
        case .bar?: return bar(s)
        case .tabs?: return tabs(s) + (caption && s.items.isEmpty ? containerCaption(s) : "")
        case .separator?:
            let n = WireframeSVG.n, horizontal = f.width >= f.height
            let (x1, y1, x2, y2) = horizontal ? (f.x, f.y + f.height / 2, f.maxX, f.y + f.height / 2) : (f.x + f.width / 2, f.y, f.x + f.width / 2, f.maxY)
            return "<line class=\"rule\" x1=\"\(n(x1))\" y1=\"\(n(y1))\" x2=\"\(n(x2))\" y2=\"\(n(y2))\"/>"
        case .header?:
            return text(s.text ?? "", in: f, size: min(11, f.height * 0.7), anchor: .start, cls: "txt", maxLines: 1, style: Style(pad: 4))
        case .control?:
            // The control's type where its name fits, else its box alone.
            return text(s.text ?? IBGraph.typeName(s.tag), in: f, size: min(fontSize(s), 11), anchor: .middle, cls: "caption", style: style(s), fitOnly: true)
        case .check?, .radio?: return WireframeSVGControls.check(s)
        case .disclosure?: return WireframeSVGControls.disclosure(s)
        case .help?: return WireframeSVGControls.help(f)
        case .toggle?: return WireframeSVGControls.toggle(s)
        case .slider?: return WireframeSVGControls.slider(s)
        case .stepper?: return WireframeSVGControls.stepper(f)
        case .colorWell?: return WireframeSVGControls.colorWell(s)
        case .popUp?: return WireframeSVGControls.popUp(s)
        case .button?:
            if s.text == nil, let name = s.image {
                // A standard image shows its glyph (+, −, ‹, ›); another, its name in a placeholder.
                guard let glyph = IBRules.standardImageGlyphs[name] else { return image(s) }
                return text(glyph, in: f, size: min(fontSize(s), f.height * 0.8), anchor: .middle, cls: "btn", maxLines: 1, style: Style(pad: 0, slack: 0.5))
            }
            return text(s.text ?? "", in: f, size: fontSize(s), anchor: .middle, cls: s.bold ? "btn b" : "btn", maxLines: s.maxLines ?? 12, style: style(s).wrapping(s.wraps))
        case .label?, .field?:
            let anchor: Anchor = s.alignment == .center ? .middle : s.alignment == .trailing ? .end : .start
            return text(s.text ?? "", in: f, size: fontSize(s), anchor: anchor, cls: s.bold ? "txt b" : "txt", maxLines: s.maxLines ?? 12, style: style(s).wrapping(s.wraps))
        case .cell?, .scroller?, nil:
            // What fills an empty container (a window's content from another scene).
            if let t = s.text { return note(t, in: Wireframe.Rect(x: f.x, y: f.y + f.height / 3, width: f.width, height: f.height / 2), lines: 4) }
            return caption ? containerCaption(s) : ""
        }
    }

    /// Whether a shape shows its name at its top-left when it has room (a container without text).
    static func showsCaption(_ s: Wireframe.Shape) -> Bool {
        guard s.kind == .view, s.text == nil else { return false }
        switch s.sketch {
        case nil, .cell?, .scroller?: return true
        case .tabs?: return s.items.isEmpty
        default: return false
        }
    }

    /// Where a container's name is printed (9 points, at its top-left).
    static func captionRect(_ s: Wireframe.Shape) -> Wireframe.Rect {
        let w = TextMetrics.standard.width(s.name, size: 9, face: .system)
        return Wireframe.Rect(x: s.frame.x, y: s.frame.y, width: min(w + 2, s.frame.width), height: 12)
    }

    /// A container's name, small, at its top-left, when there is room.
    static func containerCaption(_ s: Wireframe.Shape) -> String {
        guard s.frame.width >= 60, s.frame.height >= 14 else { return "" }
        return text(s.name, in: s.frame.insetTop(1), size: 9, anchor: .start, cls: "caption", vertical: .top, maxLines: 1)
    }

    /// A macOS tab view's tab strip: its tabs centred over its top edge, the selected one filled.
    static func tabs(_ s: Wireframe.Shape) -> String {
        guard !s.items.isEmpty else { return "" }
        let f = s.frame, h = IBRules.tabStripHeight, size = 12.0
        let widths = s.items.map { TextMetrics.standard.width($0, size: size, face: .system) + 22 }
        var x = f.x + max(0, (f.width - widths.reduce(0, +)) / 2)
        let n = WireframeSVG.n
        var out = ""
        for (i, label) in s.items.enumerated() {
            let r = Wireframe.Rect(x: x, y: f.y, width: widths[i], height: h)
            out += "<rect class=\"tab\(i == s.selected ? " on" : "")\" x=\"\(n(r.x))\" y=\"\(n(r.y))\" width=\"\(n(r.width))\" height=\"\(n(r.height))\"/>"
            out += text(label, in: r, size: size, anchor: .middle, cls: "txt", maxLines: 1)
            x += widths[i]
        }
        return out
    }

    enum Anchor: String { case start, middle, end }
    enum Vertical { case top, center }

    /// The file's font size, else one that suits the box.
    /// (Xcode writes `pointSize="0"` for "the system's size".)
    static func fontSize(_ s: Wireframe.Shape) -> Double {
        if let size = s.fontSize, size.isFinite, size > 0 { return size }
        return min(15, max(7, s.frame.height * 0.55))
    }

    /// How a text is drawn: its face (measured by `TextMetrics`), colour and the room its box
    /// keeps on each side (a macOS cell's 2 points; none for a UILabel).
    struct Style {
        var face: TextMetrics.Face = .system
        var color: Wireframe.Color?
        var pad = 2.0
        /// Whether lines break at the box's width (else only at the text's own line breaks).
        var wraps = true
        /// How much wider than its box a line may measure and still be drawn whole, squeezed
        /// to the box: the measuring error of the face (`IBRules.measuredTextTolerance`).
        var slack = IBRules.measuredTextTolerance
        /// A text whose colour is nearly that of what it lies on (white on a light view) gets a
        /// thin outline: as in Xcode it is there, and a reviewer can still read it.
        var halo: String?

        func wrapping(_ w: Bool) -> Style {
            var s = self
            s.wraps = w
            return s
        }
    }

    static func style(_ s: Wireframe.Shape) -> Style {
        var halo: String?
        if let c = s.textColor, c.alpha >= 0.3 {
            if c.luminance > 0.85, !s.onDark { halo = "halo" } else if c.luminance < 0.15, s.onDark { halo = "halo lt" }
        }
        return Style(face: TextMetrics.face(name: s.fontName, bold: s.bold), color: s.textColor, pad: s.textInset,
                     slack: s.substituteFont ? IBRules.substituteFontTolerance : IBRules.measuredTextTolerance, halo: halo)
    }

    /// Text fitted into `f`: wrapped to its width, as many lines as fit, the last cut short with
    /// an ellipsis (class `cut`) only when the text, measured, does not fit. A line measured
    /// wider than the box by less than the face's error (`Style.slack`) is drawn whole, squeezed
    /// to the box. `fitOnly`: nothing rather than a cut text (a control's type name).
    static func text(_ t: String, in f: Wireframe.Rect, size: Double, anchor: Anchor, cls: String,
                     vertical: Vertical = .center, maxLines: Int = 12, style: Style = Style(), fitOnly: Bool = false) -> String {
        guard !t.isEmpty, f.width >= 6, f.height >= 6, size.isFinite, size > 0 else { return "" }
        let size = min(size, f.height)
        let lineHeight = size * 1.2
        let fit = max(1, min(maxLines, Int((f.height + size * 0.2) / lineHeight)))
        let width = max(f.width - 2 * style.pad, 0), limit = width * (1 + style.slack) + IBRules.measuredTextSlackPoints
        let (lines, cut) = style.wraps ? wrap(t, width: limit, size: size, face: style.face, maxLines: fit)
            : unwrapped(t, width: limit, size: size, face: style.face, maxLines: fit)
        if cut && fitOnly { return "" }
        let x = anchor == .start ? f.x + style.pad : anchor == .middle ? f.x + f.width / 2 : f.maxX - style.pad
        let block = Double(lines.count) * lineHeight
        let top = vertical == .top ? f.y + 1 : f.y + max(0, (f.height - block) / 2)
        var classes = cls
        switch style.face {
        case .helvetica, .helveticaBold: classes += " hv"
        case .mono: classes += " mono"
        case .system, .systemBold: break
        }
        if let halo = style.halo { classes += " " + halo }
        if cut { classes += " cut" }
        var out = "<text class=\"\(classes)\" x=\"\(WireframeSVG.n(x))\" font-size=\"\(WireframeSVG.n(size))\" text-anchor=\"\(anchor.rawValue)\""
        if let c = style.color, c.alpha > 0 {
            out += " style=\"fill:\(WireframeSVG.hex(c))" + (c.alpha < 1 ? ";fill-opacity:\(WireframeSVG.n(c.alpha))" : "") + "\""
        }
        out += ">"
        for (i, line) in lines.enumerated() {
            let y = top + Double(i) * lineHeight + size * 0.95
            let squeeze = line.utf8.count > 1 && TextMetrics.standard.width(line, size: size, face: style.face) > width
                ? " textLength=\"\(WireframeSVG.n(width))\" lengthAdjust=\"spacingAndGlyphs\"" : ""
            out += "<tspan x=\"\(WireframeSVG.n(x))\" y=\"\(WireframeSVG.n(y))\"\(squeeze)>\(WireframeSVG.xml(line))</tspan>"
        }
        return out + "</text>"
    }

    /// Splits text into lines of at most `width` points, breaking at spaces, then inside a word
    /// too long for a line; past `maxLines`, the last line is cut to fit with an ellipsis.
    static func wrap(_ t: String, width: Double, size: Double, face: TextMetrics.Face, maxLines: Int) -> (lines: [String], cut: Bool) {
        let m = TextMetrics.standard
        let space = m.width(" ", size: size, face: face)
        var lines: [String] = []
        for paragraph in t.split(separator: "\n", omittingEmptySubsequences: false) {
            var line = "", lineWidth = 0.0
            for word in paragraph.split(separator: " ", omittingEmptySubsequences: false) {
                var w = Substring(word), ww = m.width(w, size: size, face: face)
                while ww > width, w.count > 1 {
                    if !line.isEmpty { lines.append(line); (line, lineWidth) = ("", 0) }
                    let head = prefix(w, fitting: width, size: size, face: face)
                    lines.append(String(head))
                    w = w.dropFirst(max(head.count, 1))
                    ww = m.width(w, size: size, face: face)
                }
                if line.isEmpty {
                    (line, lineWidth) = (String(w), ww)
                } else if lineWidth + space + ww <= width {
                    line += " " + w
                    lineWidth += space + ww
                } else {
                    lines.append(line)
                    (line, lineWidth) = (String(w), ww)
                }
            }
            lines.append(line)
            if lines.count > maxLines { break }
        }
        guard lines.count > maxLines else { return (lines, false) }
        let rest = lines[(maxLines - 1)...].joined(separator: " ")
        let ellipsis = m.width("…", size: size, face: face)
        var kept = prefix(Substring(rest), fitting: max(width - ellipsis, 0), size: size, face: face)
        while kept.last == " " { kept = kept.dropLast() }
        return (Array(lines.prefix(maxLines - 1)) + [kept + "…"], true)
    }

    /// Text that does not wrap: a line per line of its own, each cut to `width` with an
    /// ellipsis where it does not fit, at most `maxLines`.
    static func unwrapped(_ t: String, width: Double, size: Double, face: TextMetrics.Face, maxLines: Int) -> (lines: [String], cut: Bool) {
        let m = TextMetrics.standard
        let ellipsis = m.width("…", size: size, face: face)
        var lines: [String] = [], cut = false
        for paragraph in t.split(separator: "\n", omittingEmptySubsequences: false) {
            if lines.count == maxLines {
                cut = true
                lines[maxLines - 1] += "…"
                break
            }
            if m.width(paragraph, size: size, face: face) <= width {
                lines.append(String(paragraph))
            } else {
                cut = true
                lines.append(String(prefix(paragraph, fitting: max(width - ellipsis, 0), size: size, face: face)) + "…")
            }
        }
        return (lines, cut)
    }

    /// The longest start of `s` at most `width` wide.
    static func prefix(_ s: Substring, fitting width: Double, size: Double, face: TextMetrics.Face) -> Substring {
        TextMetrics.standard.prefix(s, fitting: width, size: size, face: face)
    }

    /// A note in a placeholder (no frame, nothing to draw): italic, top-left.
    static func note(_ t: String, in f: Wireframe.Rect, lines: Int = 2) -> String {
        text(t, in: f.insetTop(2), size: min(11, max(7, f.height * 0.5)), anchor: .start, cls: "note", vertical: .top, maxLines: lines)
    }

    /// A crossed box with the image's name.
    static func image(_ s: Wireframe.Shape) -> String {
        let f = s.frame
        let n = WireframeSVG.n
        var out = "<path class=\"cross\" d=\"M\(n(f.x)) \(n(f.y))L\(n(f.maxX)) \(n(f.maxY))M\(n(f.maxX)) \(n(f.y))L\(n(f.x)) \(n(f.maxY))\"/>"
        if let name = s.image ?? s.text {
            // Over the light placeholder, whatever lies under the image view.
            out += text(name, in: f, size: min(11, max(7, f.height * 0.3)), anchor: .middle, cls: "imgcap", maxLines: 2)
        }
        return out
    }

    /// Segments side by side, each with its title; the selected one filled.
    static func segments(_ s: Wireframe.Shape) -> String {
        let f = s.frame
        guard !s.items.isEmpty else { return "" }
        let w = f.width / Double(s.items.count)
        var out = ""
        for (i, title) in s.items.enumerated() {
            let x = f.x + Double(i) * w
            if i > 0 { out += "<line class=\"sep\" x1=\"\(WireframeSVG.n(x))\" y1=\"\(WireframeSVG.n(f.y))\" x2=\"\(WireframeSVG.n(x))\" y2=\"\(WireframeSVG.n(f.maxY))\"/>" }
            let cell = Wireframe.Rect(x: x, y: f.y, width: w, height: f.height)
            if i == s.selected {
                out += "<rect class=\"seg on\" x=\"\(WireframeSVG.n(x))\" y=\"\(WireframeSVG.n(f.y))\" width=\"\(WireframeSVG.n(w))\" height=\"\(WireframeSVG.n(f.height))\"/>"
            }
            out += s.imageItems.contains(i) ? text(title, in: cell, size: min(9, fontSize(s)), anchor: .middle, cls: "imgcap", maxLines: 1)
                : text(title, in: cell, size: fontSize(s), anchor: .middle, cls: "btn", maxLines: 1)
        }
        return out
    }

    /// A bar: its title in the middle, its items spread across (a tab bar), at the right (a
    /// navigation bar), or from the left (a menu bar, a window toolbar's tabs, the selected one filled).
    static func bar(_ s: Wireframe.Shape) -> String {
        let f = s.frame
        let size = min(14, max(8, f.height * 0.36))
        var out = ""
        if let title = s.text { out += text(title, in: f, size: size, anchor: .middle, cls: "bartitle", maxLines: 1) }
        guard !s.items.isEmpty else { return out }
        if s.itemFrames.count == s.items.count {
            // Laid out as Xcode does (left and right items, spaces): each item in its place.
            let itemSize = s.fontSize ?? size
            for (i, item) in s.items.enumerated() {
                let r = s.itemFrames[i]
                if i == s.selected {
                    out += "<rect class=\"tab on\" x=\"\(WireframeSVG.n(r.x))\" y=\"\(WireframeSVG.n(r.y + 2))\" width=\"\(WireframeSVG.n(r.width))\" height=\"\(WireframeSVG.n(max(r.height - 4, 0)))\" rx=\"5\"/>"
                }
                out += s.imageItems.contains(i) ? text(item, in: r, size: min(9, itemSize), anchor: .middle, cls: "imgcap", maxLines: 2)
                    : text(item, in: r, size: itemSize, anchor: .middle, cls: "btn", maxLines: 1, style: Style(pad: 0))
            }
            return out
        }
        if s.selected != nil || s.tag == "menu" {
            let itemSize = s.tag == "menu" ? 13.0 : 11.0
            var x = f.x + 8
            for (i, item) in s.items.enumerated() {
                let w = TextMetrics.standard.width(item, size: itemSize, face: i == 0 && s.tag == "menu" ? .systemBold : .system) + 20
                let r = Wireframe.Rect(x: x, y: f.y + 2, width: w, height: f.height - 4)
                if i == s.selected {
                    out += "<rect class=\"tab on\" x=\"\(WireframeSVG.n(r.x))\" y=\"\(WireframeSVG.n(r.y))\" width=\"\(WireframeSVG.n(r.width))\" height=\"\(WireframeSVG.n(r.height))\" rx=\"5\"/>"
                }
                out += text(item, in: r, size: itemSize, anchor: .middle, cls: i == 0 && s.tag == "menu" ? "txt b" : "txt", maxLines: 1)
                x += w
            }
        } else if s.text == nil {
            let w = f.width / Double(s.items.count)
            for (i, item) in s.items.enumerated() {
                out += text(item, in: Wireframe.Rect(x: f.x + Double(i) * w, y: f.y, width: w, height: f.height), size: size * 0.85, anchor: .middle, cls: "btn", maxLines: 1)
            }
        } else {
            let right = Wireframe.Rect(x: f.x + f.width * 0.68, y: f.y, width: f.width * 0.32, height: f.height)
            out += text(s.items.joined(separator: "  "), in: right, size: size * 0.85, anchor: .end, cls: "btn", maxLines: 1)
        }
        return out
    }

    /// A macOS window's title bar: three buttons and the title.
    static func window(_ s: Wireframe.Shape) -> String {
        let f = s.frame
        let h = IBRules.windowTitleBarHeight
        let n = WireframeSVG.n
        var out = "<rect class=\"titlebar\" x=\"\(n(f.x))\" y=\"\(n(f.y))\" width=\"\(n(f.width))\" height=\"\(n(h))\"/>"
        for (i, cls) in ["close", "min", "zoom"].enumerated() {
            out += "<circle class=\"light \(cls)\" cx=\"\(n(f.x + 14 + Double(i) * 20))\" cy=\"\(n(f.y + h / 2))\" r=\"6\"/>"
        }
        if let title = s.text, !title.isEmpty {
            out += text(title, in: Wireframe.Rect(x: f.x + 70, y: f.y, width: max(f.width - 140, 10), height: h), size: 13, anchor: .middle, cls: "bartitle", maxLines: 1)
        }
        // No content view: what the content comes from (a window controller's relationship).
        if !s.items.isEmpty {
            let area = Wireframe.Rect(x: f.x, y: f.y + h, width: f.width, height: max(f.height - h, 0))
            out += note(s.items.joined(separator: "\n"), in: Wireframe.Rect(x: area.x, y: area.y + area.height / 3, width: area.width, height: area.height / 2), lines: 4)
        }
        return out
    }
}

extension Wireframe.Rect {
    func insetTop(_ d: Double) -> Wireframe.Rect { Wireframe.Rect(x: x + d, y: y + d, width: max(width - 2 * d, 0), height: max(height - 2 * d, 0)) }
}

import XibKit

/// What a shape shows inside its box: text, segments, bar items, an image placeholder, a
/// window's title bar, a "no frame" note. Text is fitted by estimate (an average glyph is about
/// 0.52 of the font size wide): a sketch needs no font metrics.
enum WireframeSVGContent {
    /// `caption`: whether a container may show its name at its top-left (nothing inside covers it).
    static func content(_ s: Wireframe.Shape, caption: Bool) -> String {
        let f = s.frame
        switch s.kind {
        case .repeated: return ""
        case .noFrame: return note(s.name + " — no frame", in: f)
        case .empty: return note(s.name + (s.text.map { "\n" + $0 } ?? ""), in: f, lines: 8)
        case .bar: return bar(s)
        case .view: break
        }
        switch s.sketch {
        case .window?: return window(s)
        case .image?: return image(s)
        case .segmented?: return segments(s)
        case .bar?: return bar(s)
        case .control?:
            return text(s.text ?? IBGraph.typeName(s.tag), in: f, size: fontSize(s), anchor: .middle, cls: "caption")
        case .check?:
            let box = min(14, max(6, f.height - 4))
            let n = WireframeSVG.n
            let mark = "<rect class=\"checkbox\" x=\"\(n(f.x + 2))\" y=\"\(n(f.y + (f.height - box) / 2))\" width=\"\(n(box))\" height=\"\(n(box))\" rx=\"3\"/>"
            let label = Wireframe.Rect(x: f.x + box + 6, y: f.y, width: max(f.width - box - 6, 0), height: f.height)
            return mark + text(s.text ?? "", in: label, size: fontSize(s), anchor: .start, cls: "txt")
        case .button?:
            if s.text == nil, s.image != nil { return image(s) }
            return text(s.text ?? "", in: f, size: fontSize(s), anchor: .middle, cls: s.bold ? "btn b" : "btn")
        case .label?, .field?:
            let anchor: Anchor = s.alignment == .center ? .middle : s.alignment == .trailing ? .end : .start
            return text(s.text ?? "", in: f, size: fontSize(s), anchor: anchor, cls: s.bold ? "txt b" : "txt")
        case .cell?, .scroller?, nil:
            // What fills an empty container (a window's content from another scene).
            if let t = s.text { return note(t, in: f.insetTop(f.height / 3), lines: 4) }
            // Containers: their name, small, when there is room and nothing inside covers it.
            guard caption, f.width >= 60, f.height >= 14 else { return "" }
            return text(s.name, in: f.insetTop(1), size: 9, anchor: .start, cls: "caption", vertical: .top, maxLines: 1)
        }
    }

    enum Anchor: String { case start, middle, end }
    enum Vertical { case top, center }

    /// The file's font size, else one that suits the box.
    /// (Xcode writes `pointSize="0"` for "the system's size".)
    static func fontSize(_ s: Wireframe.Shape) -> Double {
        if let size = s.fontSize, size.isFinite, size > 0 { return size }
        return min(15, max(7, s.frame.height * 0.55))
    }

    /// Text fitted into `f`: wrapped to its width, as many lines as fit, the last shortened.
    static func text(_ t: String, in f: Wireframe.Rect, size: Double, anchor: Anchor, cls: String,
                     vertical: Vertical = .center, maxLines: Int = 12) -> String {
        guard !t.isEmpty, f.width >= 6, f.height >= 6, size.isFinite, size > 0 else { return "" }
        let size = min(size, f.height)
        let lineHeight = size * 1.2
        let fit = max(1, min(maxLines, Int((f.height + size * 0.2) / lineHeight)))
        let lines = wrap(t, width: f.width - 4, size: size, maxLines: fit)
        let x = anchor == .start ? f.x + 2 : anchor == .middle ? f.x + f.width / 2 : f.maxX - 2
        let block = Double(lines.count) * lineHeight
        let top = vertical == .top ? f.y + 1 : f.y + max(0, (f.height - block) / 2)
        var out = "<text class=\"\(cls)\" x=\"\(WireframeSVG.n(x))\" font-size=\"\(WireframeSVG.n(size))\" text-anchor=\"\(anchor.rawValue)\">"
        for (i, line) in lines.enumerated() {
            let y = top + Double(i) * lineHeight + size * 0.95
            out += "<tspan x=\"\(WireframeSVG.n(x))\" y=\"\(WireframeSVG.n(y))\">\(WireframeSVG.xml(line))</tspan>"
        }
        return out + "</text>"
    }

    /// Splits text into lines of at most `width` (estimated), breaking at spaces, then anywhere.
    static func wrap(_ t: String, width: Double, size: Double, maxLines: Int) -> [String] {
        let perLine = max(1, Int(width / (size * 0.52)))
        var lines: [String] = []
        for paragraph in t.split(separator: "\n", omittingEmptySubsequences: false) {
            var line = ""
            for word in paragraph.split(separator: " ", omittingEmptySubsequences: false) {
                var w = String(word)
                while w.count > perLine {
                    if !line.isEmpty { lines.append(line); line = "" }
                    lines.append(String(w.prefix(perLine)))
                    w = String(w.dropFirst(perLine))
                }
                if line.isEmpty { line = w } else if line.count + 1 + w.count <= perLine { line += " " + w } else { lines.append(line); line = w }
            }
            lines.append(line)
            if lines.count > maxLines { break }
        }
        if lines.count > maxLines {
            lines = Array(lines.prefix(maxLines))
            var last = lines[maxLines - 1]
            if last.count >= perLine { last = String(last.prefix(max(0, perLine - 1))) }
            lines[maxLines - 1] = last + "…"
        }
        return lines
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
            out += text(name, in: f, size: min(11, max(7, f.height * 0.3)), anchor: .middle, cls: "caption", maxLines: 2)
        }
        return out
    }

    /// Segments side by side, each with its title.
    static func segments(_ s: Wireframe.Shape) -> String {
        let f = s.frame
        guard !s.items.isEmpty else { return "" }
        let w = f.width / Double(s.items.count)
        var out = ""
        for (i, title) in s.items.enumerated() {
            let x = f.x + Double(i) * w
            if i > 0 { out += "<line class=\"sep\" x1=\"\(WireframeSVG.n(x))\" y1=\"\(WireframeSVG.n(f.y))\" x2=\"\(WireframeSVG.n(x))\" y2=\"\(WireframeSVG.n(f.maxY))\"/>" }
            out += text(title, in: Wireframe.Rect(x: x, y: f.y, width: w, height: f.height), size: fontSize(s), anchor: .middle, cls: "btn", maxLines: 1)
        }
        return out
    }

    /// A bar: its title in the middle, its items spread across (a tab bar) or at the right.
    static func bar(_ s: Wireframe.Shape) -> String {
        let f = s.frame
        let size = min(14, max(8, f.height * 0.36))
        var out = ""
        if let title = s.text { out += text(title, in: f, size: size, anchor: .middle, cls: "bartitle", maxLines: 1) }
        guard !s.items.isEmpty else { return out }
        if s.text == nil {
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
            out += note(s.items.joined(separator: "\n"), in: area.insetTop(area.height / 3), lines: 4)
        }
        return out
    }
}

extension Wireframe.Rect {
    func insetTop(_ d: Double) -> Wireframe.Rect { Wireframe.Rect(x: x + d, y: y + d, width: max(width - 2 * d, 0), height: max(height - 2 * d, 0)) }
}

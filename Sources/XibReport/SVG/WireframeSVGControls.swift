import XibKit

/// Controls drawn as Xcode's canvas draws them, in outline: a check box ticked when on, a radio
/// button with its dot, a disclosure triangle pointing down when open, a help button, a switch,
/// a slider at its value, a stepper, a colour well's colour, a pop-up button's arrows.
enum WireframeSVGControls {
    typealias Rect = Wireframe.Rect
    static let n = WireframeSVG.n

    /// A check box or radio button: its glyph (AppKit's size for the control size, on the left,
    /// or after the title with `imagePosition="right"`) and its title beside it.
    static func check(_ s: Wireframe.Shape) -> String {
        let f = s.frame
        let box = min(s.glyphSize ?? 14, max(6, f.height - 2))
        let x = s.glyphTrailing ? f.maxX - 2 - box : f.x + 2
        let r = Rect(x: x, y: f.y + (f.height - box) / 2, width: box, height: box)
        let glyph = s.sketch == .radio ? radio(r, state: s.state) : checkBox(r, state: s.state)
        // The title 4 points from the glyph, to the frame's far edge.
        let label = s.glyphTrailing ? Rect(x: f.x, y: f.y, width: max(r.x - 4 - f.x, 0), height: f.height)
            : Rect(x: r.maxX + 4, y: f.y, width: max(f.maxX - r.maxX - 4, 0), height: f.height)
        var st = WireframeSVGContent.style(s)
        st.pad = 1
        return glyph + WireframeSVGContent.text(s.text ?? "", in: label, size: WireframeSVGContent.fontSize(s), anchor: .start, cls: "txt",
                                                maxLines: s.maxLines ?? 12, style: st.wrapping(s.wraps))
    }

    static func checkBox(_ r: Rect, state: Wireframe.Shape.State?) -> String {
        let on = state == .on || state == .mixed
        var out = "<rect class=\"checkbox\(on ? " on" : "")\" x=\"\(n(r.x))\" y=\"\(n(r.y))\" width=\"\(n(r.width))\" height=\"\(n(r.height))\" rx=\"\(n(r.width * 0.22))\"/>"
        if state == .on {
            out += "<path class=\"tick\" d=\"M\(n(r.x + r.width * 0.22)) \(n(r.y + r.height * 0.52))L\(n(r.x + r.width * 0.42)) \(n(r.y + r.height * 0.72))"
                + "L\(n(r.x + r.width * 0.78)) \(n(r.y + r.height * 0.28))\"/>"
        } else if state == .mixed {
            out += "<path class=\"tick\" d=\"M\(n(r.x + r.width * 0.25)) \(n(r.y + r.height / 2))H\(n(r.maxX - r.width * 0.25))\"/>"
        }
        return out
    }

    static func radio(_ r: Rect, state: Wireframe.Shape.State?) -> String {
        let on = state == .on
        let (cx, cy) = (r.x + r.width / 2, r.y + r.height / 2)
        var out = "<circle class=\"checkbox\(on ? " on" : "")\" cx=\"\(n(cx))\" cy=\"\(n(cy))\" r=\"\(n(r.width / 2))\"/>"
        if on { out += "<circle class=\"dot\" cx=\"\(n(cx))\" cy=\"\(n(cy))\" r=\"\(n(r.width * 0.2))\"/>" }
        return out
    }

    /// A disclosure triangle at the frame's leading edge: ▸ closed, ▾ open; its title after it.
    static func disclosure(_ s: Wireframe.Shape) -> String {
        let f = s.frame
        let side = max(4, min(f.height, 13) * 0.62)
        let (x, cy) = (f.x + 2 + side / 2, f.y + f.height / 2)
        let d = side / 2
        let path = s.state == .on
            ? "M\(n(x - d)) \(n(cy - d * 0.6))L\(n(x + d)) \(n(cy - d * 0.6))L\(n(x)) \(n(cy + d * 0.8))Z"
            : "M\(n(x - d * 0.6)) \(n(cy - d))L\(n(x + d * 0.8)) \(n(cy))L\(n(x - d * 0.6)) \(n(cy + d))Z"
        var out = "<path class=\"glyph\" d=\"\(path)\"/>"
        if let t = s.text {
            let label = Rect(x: f.x + side + 6, y: f.y, width: max(f.width - side - 6, 0), height: f.height)
            out += WireframeSVGContent.text(t, in: label, size: WireframeSVGContent.fontSize(s), anchor: .start, cls: "txt", maxLines: 1)
        }
        return out
    }

    /// AppKit's help button: a round button with a question mark, centred in its frame.
    static func help(_ f: Rect) -> String {
        let r = max(3, min(f.width, f.height) / 2 - 1.5)
        let (cx, cy) = (f.x + f.width / 2, f.y + f.height / 2)
        return "<circle class=\"helpbtn\" cx=\"\(n(cx))\" cy=\"\(n(cy))\" r=\"\(n(r))\"/>"
            + "<text class=\"helpq\" x=\"\(n(cx))\" y=\"\(n(cy + r * 0.45))\" font-size=\"\(n(r * 1.3))\" text-anchor=\"middle\">?</text>"
    }

    /// A switch: a rounded track with its knob, on the right and filled when on.
    static func toggle(_ s: Wireframe.Shape) -> String {
        let f = s.frame
        let h = max(6, min(f.height - 2, f.width / 1.6)), w = h * 1.6
        let r = Rect(x: f.x + (f.width - w) / 2, y: f.y + (f.height - h) / 2, width: w, height: h)
        let on = s.state == .on
        let knob = h / 2 - 1.5
        let cx = on ? r.maxX - h / 2 : r.x + h / 2
        return "<rect class=\"track\(on ? " on" : "")\" x=\"\(n(r.x))\" y=\"\(n(r.y))\" width=\"\(n(w))\" height=\"\(n(h))\" rx=\"\(n(h / 2))\"/>"
            + "<circle class=\"knob\" cx=\"\(n(cx))\" cy=\"\(n(r.y + h / 2))\" r=\"\(n(knob))\"/>"
    }

    /// A slider: a track across the frame, filled up to its knob at the value (the middle when
    /// the file gives none).
    static func slider(_ s: Wireframe.Shape) -> String {
        let f = s.frame
        let vertical = f.height > f.width * 1.5
        let length = vertical ? f.height : f.width
        let knob = max(3, min(vertical ? f.width : f.height, 24) / 2 - 2)
        let at = knob + (length - 2 * knob) * (s.value ?? 0.5)
        if vertical {
            let cx = f.x + f.width / 2, y = f.maxY - at
            return "<line class=\"rail\" x1=\"\(n(cx))\" y1=\"\(n(f.y + knob))\" x2=\"\(n(cx))\" y2=\"\(n(f.maxY - knob))\"/>"
                + "<line class=\"rail on\" x1=\"\(n(cx))\" y1=\"\(n(y))\" x2=\"\(n(cx))\" y2=\"\(n(f.maxY - knob))\"/>"
                + "<circle class=\"knob\" cx=\"\(n(cx))\" cy=\"\(n(y))\" r=\"\(n(knob))\"/>"
        }
        let cy = f.y + f.height / 2, x = f.x + at
        return "<line class=\"rail\" x1=\"\(n(f.x + knob))\" y1=\"\(n(cy))\" x2=\"\(n(f.maxX - knob))\" y2=\"\(n(cy))\"/>"
            + "<line class=\"rail on\" x1=\"\(n(f.x + knob))\" y1=\"\(n(cy))\" x2=\"\(n(x))\" y2=\"\(n(cy))\"/>"
            + "<circle class=\"knob\" cx=\"\(n(x))\" cy=\"\(n(cy))\" r=\"\(n(knob))\"/>"
    }

    /// A stepper: minus and plus side by side (UIKit, wider than tall), else up and down arrows.
    static func stepper(_ f: Rect) -> String {
        if f.width > f.height {
            let mid = f.x + f.width / 2, cy = f.y + f.height / 2, d = min(f.height * 0.22, f.width * 0.12)
            return "<line class=\"sep\" x1=\"\(n(mid))\" y1=\"\(n(f.y + 4))\" x2=\"\(n(mid))\" y2=\"\(n(f.maxY - 4))\"/>"
                + "<path class=\"stroke\" d=\"M\(n(f.x + f.width / 4 - d)) \(n(cy))H\(n(f.x + f.width / 4 + d))M\(n(f.maxX - f.width / 4 - d)) \(n(cy))"
                + "H\(n(f.maxX - f.width / 4 + d))M\(n(f.maxX - f.width / 4)) \(n(cy - d))V\(n(cy + d))\"/>"
        }
        let cx = f.x + f.width / 2, d = max(2, min(f.width * 0.28, f.height * 0.14)), cy = f.y + f.height / 2
        return "<path class=\"glyph\" d=\"M\(n(cx - d)) \(n(cy - 2))L\(n(cx)) \(n(cy - 2 - d * 1.2))L\(n(cx + d)) \(n(cy - 2))Z"
            + "M\(n(cx - d)) \(n(cy + 2))L\(n(cx)) \(n(cy + 2 + d * 1.2))L\(n(cx + d)) \(n(cy + 2))Z\"/>"
    }

    /// A colour well: the colour inside the well's bezel.
    static func colorWell(_ s: Wireframe.Shape) -> String {
        let f = s.frame
        let inset = min(5, min(f.width, f.height) / 4)
        var out = "<rect class=\"swatch\" x=\"\(n(f.x + inset))\" y=\"\(n(f.y + inset))\" width=\"\(n(max(f.width - 2 * inset, 0)))\" height=\"\(n(max(f.height - 2 * inset, 0)))\""
        if let c = s.swatch { out += " style=\"fill:\(WireframeSVG.hex(c))\(c.alpha < 1 ? ";fill-opacity:\(n(c.alpha))" : "")\"" }
        return out + "/>"
    }

    /// A pop-up button: its title, and its arrows at the trailing edge.
    static func popUp(_ s: Wireframe.Shape) -> String {
        let f = s.frame
        let arrows = min(16, max(8, f.height * 0.7))
        let cx = f.maxX - arrows / 2 - 3, cy = f.y + f.height / 2, d = arrows * 0.2
        var out = "<path class=\"stroke\" d=\"M\(n(cx - d)) \(n(cy - 1.5))L\(n(cx)) \(n(cy - 1.5 - d))L\(n(cx + d)) \(n(cy - 1.5))"
            + "M\(n(cx - d)) \(n(cy + 1.5))L\(n(cx)) \(n(cy + 1.5 + d))L\(n(cx + d)) \(n(cy + 1.5))\"/>"
        if let t = s.text {
            let label = Rect(x: f.x + 4, y: f.y, width: max(f.width - arrows - 10, 0), height: f.height)
            var st = WireframeSVGContent.style(s)
            st.pad = 2
            out += WireframeSVGContent.text(t, in: label, size: WireframeSVGContent.fontSize(s), anchor: .start, cls: "btn", maxLines: 1, style: st)
        }
        return out
    }
}

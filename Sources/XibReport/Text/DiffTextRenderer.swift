import XibKit

/// `xibmerge diff` for a terminal: one line per changed object under its scene or top-level
/// object, attributes as `old → new` below it. Coloured on request (the CLI decides: a
/// terminal, `NO_COLOR` unset).
public struct DiffTextRenderer {
    public var color: Bool

    public init(color: Bool = false) { self.color = color }

    private enum Style: String {
        case bold = "1", dim = "2", red = "31", green = "32", yellow = "33", cyan = "36"
    }

    private func paint(_ s: String, _ style: Style) -> String {
        color ? "\u{1B}[\(style.rawValue)m\(s)\u{1B}[0m" : s
    }

    /// `paint`, appended to `out` (no temporary string when there is no colour).
    private func paint(_ s: String, _ style: Style, into out: inout String) {
        if color { out += "\u{1B}[\(style.rawValue)m" }
        out += s
        if color { out += "\u{1B}[0m" }
    }

    /// All files, one after another; empty when nothing is shown.
    public func render(_ files: [FileDiff]) -> String {
        files.filter(\.hasChangesToShow).map(render).joined(separator: "\n")
    }

    public func render(_ file: FileDiff) -> String {
        guard file.hasChangesToShow else { return "" }
        var out = paint(DiffSummary.header(file), .bold) + "\n"
        switch file.status {
        case .added: out += "new file\n"
        case .deleted: out += "deleted file\n"
        default: break
        }
        if !file.groups.isEmpty { out += DiffSummary.line(file) + "\n" }
        // Appended piece by piece to one string: building each line from temporaries was most
        // of the rendering time on a large diff.
        out.reserveCapacity(file.groups.reduce(out.utf8.count) { $0 + 160 * $1.changes.count })
        for group in file.groups {
            out += "\n"
            paint(DiffSummary.groupHeading(group), .bold, into: &out)
            out += "\n"
            for item in DiffSummary.items(group) {
                switch item {
                case .change(let c): line(c, in: group, into: &out)
                case .more(let n):
                    out += "      "
                    paint("… \(n) more", .dim, into: &out)
                    out += "\n"
                }
            }
        }
        let notes = [DiffSummary.framesNote(file), DiffSummary.noiseNote(file)].compactMap { $0 }
        if !notes.isEmpty {
            out += "\n" + notes.map { paint($0, .dim) + "\n" }.joined()
        }
        return out
    }

    private func line(_ c: ObjectChange, in group: ChangeGroup, into out: inout String) {
        let (sign, style): (String, Style)
        switch c.kind {
        case .added: (sign, style) = ("+ ", .green)
        case .removed: (sign, style) = ("- ", .red)
        case .moved: (sign, style) = ("> ", .cyan)
        case .modified: (sign, style) = ("~ ", .yellow)
        }
        for _ in 0...c.depth { out += "  " }
        if color { out += "\u{1B}[\(style.rawValue)m" }
        out += sign
        out += DiffSummary.object(c)
        if color { out += "\u{1B}[0m" }
        out += DiffSummary.place(c, in: group)
        out += "\n"
        for a in c.attributes {
            let (old, new) = DiffSummary.values(a)
            for _ in 0...c.depth { out += "  " }
            out += "    "
            out += a.name
            out += ": "
            paint(old, .red, into: &out)
            out += " → "
            paint(new, .green, into: &out)
            out += "\n"
        }
    }
}

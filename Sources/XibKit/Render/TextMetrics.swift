/// How wide a text is in a font, from the advance widths of `IBRules.fontAdvanceWidths`
/// (measured from Inter and Liberation Sans, close to SF Pro and Helvetica): the wireframe cuts
/// or wraps a text only where Xcode would. Kerning is left out (it narrows text by about 1%).
public struct TextMetrics: Sendable {
    public enum Face: String, Sendable { case system, systemBold, helvetica, helveticaBold, mono }

    private let tables: [Face: [UInt16]]

    /// The faces' tables, read once from the profile.
    public static let standard = TextMetrics()

    init() {
        var tables: [Face: [UInt16]] = [:]
        for (name, numbers) in IBRules.fontAdvanceWidths {
            guard let face = Face(rawValue: name) else { continue }
            tables[face] = numbers.split(separator: " ").compactMap { UInt16($0) }
        }
        self.tables = tables
    }

    /// The face measuring a font the file names (`name`, nil: the system font), bold or not.
    public static func face(name: String?, bold: Bool) -> Face {
        let word = name.flatMap { n in IBRules.fontFaceByNameWord.first { n.contains($0.word) }?.face }
        switch word {
        case "mono": return .mono
        case "helvetica": return bold ? .helveticaBold : .helvetica
        default: return bold ? .systemBold : .system
        }
    }

    /// Whether a font the file names is measured with a stand-in: not the system font, nor a
    /// face the tables hold (a custom font such as AGaramondPro).
    public static func isSubstitute(_ name: String) -> Bool {
        !IBRules.fontFaceByNameWord.contains { name.contains($0.word) } && !IBRules.systemFontNamePrefixes.contains { name.hasPrefix($0) }
    }

    /// The width of `text` in points at `size`.
    public func width<S: StringProtocol>(_ text: S, size: Double, face: Face) -> Double {
        let table = tables[face] ?? []
        var em = 0.0, count = 0
        for scalar in text.unicodeScalars {
            em += Self.advance(scalar.value, face: face, table: table)
            count += 1
        }
        guard face == .system || face == .systemBold else { return em * size }
        let scale = size >= IBRules.systemDisplayFontSize ? IBRules.systemDisplayWidthScale : IBRules.systemFontWidthScale
        return max(0, em * size * scale + Self.tracking(size) * Double(count))
    }

    /// How many lines `text` takes wrapped at spaces to `width` points (its own line breaks kept).
    public func lineCount(_ text: String, width: Double, size: Double, face: Face) -> Int {
        let space = self.width(" ", size: size, face: face)
        var count = 0
        for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
            var line = 0.0
            count += 1
            for word in paragraph.split(separator: " ") {
                let w = self.width(word, size: size, face: face)
                if line > 0, line + space + w > width {
                    count += 1
                    line = w
                } else {
                    line += (line > 0 ? space : 0) + w
                }
                if width > 0, line > width { count += Int(line / width); line = line.truncatingRemainder(dividingBy: width) }
            }
        }
        return max(count, 1)
    }

    /// The longest start of `s` at most `width` points wide.
    public func prefix(_ s: Substring, fitting width: Double, size: Double, face: Face) -> Substring {
        let table = tables[face] ?? []
        let system = face == .system || face == .systemBold
        let scale = !system ? 1 : size >= IBRules.systemDisplayFontSize ? IBRules.systemDisplayWidthScale : IBRules.systemFontWidthScale
        let track = system ? Self.tracking(size) : 0
        var used = 0.0
        var end = s.startIndex
        for c in s {
            var w = 0.0
            for scalar in c.unicodeScalars { w += Self.advance(scalar.value, face: face, table: table) * size * scale + track }
            if used + w > width { break }
            used += w
            end = s.index(after: end)
        }
        return s[..<end]
    }

    /// SF Pro's tracking at a point size, in points per character (`IBRules.systemFontTracking`).
    static func tracking(_ size: Double) -> Double {
        IBRules.systemFontTracking.min { abs($0.size - size) < abs($1.size - size) }?.points ?? 0
    }

    /// One character's advance, in ems.
    static func advance(_ c: UInt32, face: Face, table: [UInt16]) -> Double {
        if face == .mono { return IBRules.monospaceAdvance }
        let index: Int? = c >= 0x20 && c <= 0x7E ? Int(c - 0x20) : c >= 0xA0 && c <= 0x17F ? Int(c - 0xA0) + 95 : nil
        if let index, index < table.count { return Double(table[index]) / 1000 }
        if c < 0x20 || (0x300...0x36F).contains(c) || c == 0x200B { return 0 }  // controls, combining marks
        if IBRules.wideCharacterRanges.contains(where: { $0.contains(c) }) { return IBRules.wideCharacterAdvance }
        return IBRules.otherCharacterAdvance
    }
}

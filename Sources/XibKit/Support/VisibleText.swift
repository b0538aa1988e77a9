/// Characters a reader cannot see, written so that one can: `<U+007F>`. Values (`DiffValue.display`)
/// and names (`IBGraph.visibleTitle`) go through here, so every format that shows them (text,
/// Markdown, HTML, textconv, the names inside JSON) shows them alike; JSON's values keep the
/// character itself, which JSON escapes. A menu item's Delete key (U+007F) or an arrow key
/// (U+F702) would otherwise print as nothing, and a C1 control or a bidi override could reorder
/// or hide what a terminal or a browser shows around it.
public enum VisibleText {
    /// Whether `u` is shown by its code point: controls (C0, DEL, C1; tab and line breaks are the
    /// callers', as `\t` `\n` `\r` or spaces), format characters (bidi marks and overrides,
    /// zero-width spaces, the soft hyphen; not the joiners that emoji and scripts need, nor
    /// emoji tags), line and paragraph separators, and private-use characters (AppKit's function
    /// keys, U+F700 on; an icon font's glyphs, meaningless outside it).
    @inline(__always) public static func isHidden(_ u: Unicode.Scalar) -> Bool {
        let v = u.value
        if v >= 0x20 && v < 0x7F { return false }
        if v < 0xA0 { return v != 0x09 && v != 0x0A && v != 0x0D }
        switch u.properties.generalCategory {
        case .control, .lineSeparator, .paragraphSeparator, .privateUse: return true
        case .format: return v != 0x200C && v != 0x200D && !(0xE0020...0xE007F).contains(v)
        default: return false
        }
    }

    /// `<U+0008>`, `<U+F702>`, `<U+E0001>`.
    public static func codePoint(_ u: Unicode.Scalar) -> String {
        let hex = String(u.value, radix: 16, uppercase: true)
        return "<U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex + ">"
    }

    /// `s` with each hidden character written as its code point (tab and line breaks as they are).
    public static func escaped(_ s: String) -> String {
        guard s.unicodeScalars.contains(where: isHidden) else { return s }
        var out = String.UnicodeScalarView()
        for u in s.unicodeScalars {
            if isHidden(u) { out.append(contentsOf: codePoint(u).unicodeScalars) } else { out.append(u) }
        }
        return String(out)
    }
}

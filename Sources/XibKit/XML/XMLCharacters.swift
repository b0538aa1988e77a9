/// What characters may stand where: the whole file's UTF-8 and XML `Char`s, checked once up
/// front, and the characters of names.
extension XMLScanner {
    /// UTF-8 well-formedness and the XML 1.0 `Char` production, in one pass.
    func validateCharacters(from start: Int, to end: Int) throws(XMLParseError) {
        var i = start
        let n = end
        let raw = UnsafeRawPointer(p.baseAddress!)
        while i < n {
            // Eight plain printable ASCII bytes at a time (no byte >= 0x80, none < 0x20). Where
            // a word holds another byte, the lowest flagged byte is the first such one (a borrow
            // only reaches the bytes above it): the loop goes straight to it, rather than byte by
            // byte up to every line's newline.
            while i + 8 <= n {
                let x = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: i, as: UInt64.self))
                let flagged = (x | (x &- 0x2020_2020_2020_2020)) & 0x8080_8080_8080_8080
                if flagged != 0 { i += flagged.trailingZeroBitCount >> 3; break }
                i += 8
            }
            guard i < n else { break }
            let b = p[i]
            if b < 0x80 {
                if b < 0x20 && b != 0x09 && b != 0x0A && b != 0x0D {
                    throw fail(at: i, "invalid character U+\(XMLCharacters.hex(UInt32(b))) (control characters are not allowed in XML)")
                }
                i += 1
                continue
            }
            guard let (scalar, len) = decodeUTF8(i) else {
                throw fail(.malformed, at: i, "invalid UTF-8 byte sequence")
            }
            if scalar == 0xFFFE || scalar == 0xFFFF {
                throw fail(at: i, "invalid character U+\(XMLCharacters.hex(scalar))")
            }
            i += len
        }
    }

    @inline(__always) func isNameStart(_ i: Int) -> Bool {
        let b = p[i]
        if b < 0x80 {
            return (b >= 0x61 && b <= 0x7A) || (b >= 0x41 && b <= 0x5A) || b == 0x5F || b == 0x3A
        }
        guard let (s, _) = decodeUTF8(i) else { return false }
        return XMLCharacters.isNameStartScalar(s)
    }

    /// Names of elements and attributes are read as namespace-qualified names, as libxml2 does.
    /// It tolerates names that are not namespace-well-formed (`a:`, `:a`, `a::b`, `a:b:c`), with
    /// one exception: in `prefix:local:rest`, `rest` must start like a name (a letter, `_` or `:`),
    /// not with a digit, `-`, `.` or a combining mark (`a:b:1c`).
    @inline(__always) private func checkQualifiedName(_ start: Int, _ end: Int) throws(XMLParseError) {
        // Fast path: most names have no colon at all.
        var c1 = start
        while c1 < end && p[c1] != 0x3A { c1 += 1 }
        guard c1 < end, c1 > start, c1 + 1 < end, p[c1 + 1] != 0x3A, isNameStart(c1 + 1) else { return }
        var c2 = c1 + 1
        while c2 < end && p[c2] != 0x3A { c2 += 1 }
        guard c2 + 1 < end, !isNameStart(c2 + 1) else { return }
        let len = decodeUTF8(c2 + 1)?.1 ?? 1
        throw fail(at: c2 + 1, "malformed name '\(string(start, end))': after a second ':' a name must go on with a letter, '_' or ':', not '\(string(c2 + 1, c2 + 1 + len))'")
    }

    /// `scanName` for element and attribute names: the qualified-name check runs only for the
    /// rare name with a colon, rather than as a second pass over every name.
    @inline(__always) func scanQualifiedName(_ start: Int) throws(XMLParseError) -> Int {
        let (end, sawColon) = scanName(start, noticingColon: ())
        if sawColon { try checkQualifiedName(start, end) }
        return end
    }

    /// Offset after the name that starts at `i` (which must be a name start).
    @inline(__always) func scanName(_ start: Int) -> Int {
        scanName(start, noticingColon: ()).end
    }

    @inline(__always) func scanName(_ start: Int, noticingColon: Void) -> (end: Int, sawColon: Bool) {
        var i = start
        var sawColon = false
        let n = p.count
        // Eight ASCII letters at a time (`translatesAutoresizingMaskIntoConstraints`): each byte,
        // its case bit set, must lie in a...z; x's high bits clear means no carry between bytes.
        while i + 8 <= n {
            let x = UnsafeRawPointer(p.baseAddress! + i).loadUnaligned(as: UInt64.self)
            let high: UInt64 = 0x8080_8080_8080_8080
            let lower = x | 0x2020_2020_2020_2020
            let atLeastA = lower &+ 0x1F1F_1F1F_1F1F_1F1F, pastZ = lower &+ 0x0505_0505_0505_0505
            guard x & high == 0, atLeastA & ~pastZ & high == high else { break }
            i += 8
        }
        while i < n {
            let b = p[i]
            if b &- 0x61 < 26 {  // a-z, most of every name
                i += 1
                continue
            }
            if b < 0x80 {
                let bits = b < 64 ? XMLCharacters.nameBitsLow >> UInt64(b) : XMLCharacters.nameBitsHigh >> UInt64(b &- 64)
                if bits & 1 != 0 {
                    if b == 0x3A { sawColon = true }
                    i += 1
                    continue
                }
                return (i, sawColon)
            }
            guard let (s, len) = decodeUTF8(i), XMLCharacters.isNameScalar(s) else { return (i, sawColon) }
            i += len
        }
        return (i, sawColon)
    }

    /// Decodes one multi-byte UTF-8 scalar strictly (no overlongs, no surrogates).
    func decodeUTF8(_ i: Int) -> (UInt32, Int)? {
        let n = p.count
        let b0 = p[i]
        func cont(_ k: Int) -> UInt32? {
            guard i + k < n else { return nil }
            let b = p[i + k]
            return b & 0xC0 == 0x80 ? UInt32(b & 0x3F) : nil
        }
        if b0 < 0x80 { return (UInt32(b0), 1) }
        if b0 >= 0xC2 && b0 <= 0xDF {
            guard let c1 = cont(1) else { return nil }
            return (UInt32(b0 & 0x1F) << 6 | c1, 2)
        }
        if b0 >= 0xE0 && b0 <= 0xEF {
            guard let c1 = cont(1), let c2 = cont(2) else { return nil }
            let v = UInt32(b0 & 0x0F) << 12 | c1 << 6 | c2
            if v < 0x800 || (0xD800...0xDFFF).contains(v) { return nil }
            return (v, 3)
        }
        if b0 >= 0xF0 && b0 <= 0xF4 {
            guard let c1 = cont(1), let c2 = cont(2), let c3 = cont(3) else { return nil }
            let v = UInt32(b0 & 0x07) << 18 | c1 << 12 | c2 << 6 | c3
            if v < 0x10000 || v > 0x10FFFF { return nil }
            return (v, 4)
        }
        return nil
    }
}

enum XMLCharacters {
    /// ASCII name characters as a 128-bit set: `- . 0-9 :` below 64, `A-Z _ a-z` above.
    static let nameBitsLow: UInt64 = (1 << 0x2D) | (1 << 0x2E) | (0x3FF << 0x30) | (1 << 0x3A)
    static let nameBitsHigh: UInt64 = (0x3FF_FFFF << (0x41 - 64)) | (1 << (0x5F - 64)) | (0x3FF_FFFF << (0x61 - 64))

    static func isNameStartScalar(_ c: UInt32) -> Bool {
        switch c {
        case 0xC0...0xD6, 0xD8...0xF6, 0xF8...0x2FF, 0x370...0x37D, 0x37F...0x1FFF, 0x200C...0x200D,
             0x2070...0x218F, 0x2C00...0x2FEF, 0x3001...0xD7FF, 0xF900...0xFDCF, 0xFDF0...0xFFFD, 0x10000...0xEFFFF:
            return true
        default:
            return false
        }
    }

    static func isNameScalar(_ c: UInt32) -> Bool {
        isNameStartScalar(c) || c == 0xB7 || (0x300...0x36F).contains(c) || (0x203F...0x2040).contains(c)
    }

    static func isXMLChar(_ c: UInt32) -> Bool {
        c == 0x9 || c == 0xA || c == 0xD || (0x20...0xD7FF).contains(c) || (0xE000...0xFFFD).contains(c) || (0x10000...0x10FFFF).contains(c)
    }

    static func hex(_ v: UInt32) -> String {
        let s = String(v, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - s.count)) + s
    }
}

/// Escaping as Xcode writes it, and decoding of the five predefined entities and
/// character references (the only references a DTD-free document can hold).
public enum XMLEscaping {
    /// Attribute values: Xcode escapes `& < > "` and writes line breaks and tabs as
    /// character references so that they survive attribute-value normalisation.
    public static func escapeAttribute(_ s: String) -> String {
        // Over the UTF-8 bytes: what is escaped is ASCII, which no multi-byte sequence holds;
        // appending scalar by scalar to a String cost a long value (a tooltip, a text view's
        // text) thousands of instructions, on every read of a value with a reference.
        let escaped: String? = s.withBytes { bytes in
            guard bytes.contains(where: { $0 == 0x26 || $0 == 0x3C || $0 == 0x3E || $0 == 0x22 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 })
            else { return nil }
            var out: [UInt8] = []
            out.reserveCapacity(bytes.count + 16)
            for b in bytes {
                switch b {
                case 0x26: out.append(contentsOf: "&amp;".utf8)
                case 0x3C: out.append(contentsOf: "&lt;".utf8)
                case 0x3E: out.append(contentsOf: "&gt;".utf8)
                case 0x22: out.append(contentsOf: "&quot;".utf8)
                case 0x0A: out.append(contentsOf: "&#10;".utf8)
                case 0x0D: out.append(contentsOf: "&#13;".utf8)
                case 0x09: out.append(contentsOf: "&#9;".utf8)
                default: out.append(b)
                }
            }
            return String(decoding: out, as: UTF8.self)
        }
        return escaped ?? s
    }

    /// Text from outside a document (a finding's message, a path) as an attribute value:
    /// characters XML 1.0 cannot hold at all (controls but tab and line breaks, U+FFFE, U+FFFF)
    /// become U+FFFD, then `escapeAttribute`.
    public static func escapeForeignText(_ s: String) -> String {
        var clean = String.UnicodeScalarView()
        for u in s.unicodeScalars {
            let allowed = u.value >= 0x20 || u == "\t" || u == "\n" || u == "\r"
            clean.append(allowed && u.value != 0xFFFE && u.value != 0xFFFF ? u : "\u{FFFD}")
        }
        return escapeAttribute(String(clean))
    }

    /// Decodes references in already-validated text (the parser rejected bad ones).
    public static func decodeLenient(_ s: String) -> String {
        guard s.utf8.contains(0x26) else { return s }
        var out = ""
        var rest = Substring(s)
        while let amp = rest.firstIndex(of: "&") {
            out += rest[..<amp]
            guard let semi = rest[amp...].firstIndex(of: ";") else { break }
            let name = rest[rest.index(after: amp)..<semi]
            if let scalar = referenceScalar(String(name)) {
                out.unicodeScalars.append(scalar)
            } else {
                out += rest[amp...semi]
            }
            rest = rest[rest.index(after: semi)...]
        }
        out += rest
        return out
    }

    /// The character a reference body (between `&` and `;`) stands for, or nil.
    static func referenceScalar(_ name: String) -> Unicode.Scalar? {
        switch name {
        case "amp": return "&"
        case "lt": return "<"
        case "gt": return ">"
        case "quot": return "\""
        case "apos": return "'"
        default:
            var digits = Substring(name)
            guard digits.first == "#" else { return nil }
            digits = digits.dropFirst()
            var radix = 10
            if digits.first == "x" { radix = 16; digits = digits.dropFirst() }
            guard !digits.isEmpty, let v = UInt32(digits, radix: radix) else { return nil }
            return Unicode.Scalar(v)
        }
    }
}

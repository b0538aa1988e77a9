/// The old-style (OpenStep) property list text `project.pbxproj` is written in: `{ key = value; }`,
/// `( item, item, )`, quoted strings with backslash escapes, bare words, `/* … */` and `//`
/// comments, `<hex data>`. A file that is not one reads as far as it is (a damaged project
/// says less about what is built; it is never an error of `check`).
enum PropertyListText {
    indirect enum Value: Sendable {
        case string(String)
        case array([Value])
        case dictionary([String: Value])

        var string: String? { if case .string(let s) = self { return s } else { return nil } }
        var array: [Value] { if case .array(let a) = self { return a } else { return [] } }
        var dictionary: [String: Value] { if case .dictionary(let d) = self { return d } else { return [:] } }
        subscript(key: String) -> Value? { dictionary[key] }
    }

    static func parse(_ bytes: [UInt8]) -> Value? {
        var reader = Reader(bytes: bytes)
        return reader.value()
    }

    private struct Reader {
        let bytes: [UInt8]
        var at = 0

        init(bytes: [UInt8]) { self.bytes = bytes }

        mutating func value() -> Value? {
            skipSpace()
            guard at < bytes.count else { return nil }
            switch bytes[at] {
            case UInt8(ascii: "{"): return dictionary()
            case UInt8(ascii: "("): return array()
            case UInt8(ascii: "\""), UInt8(ascii: "'"): return quoted().map(Value.string)
            case UInt8(ascii: "<"):
                while at < bytes.count && bytes[at] != UInt8(ascii: ">") { at += 1 }
                at += 1
                return .string("")
            default: return bare().map(Value.string)
            }
        }

        mutating func dictionary() -> Value? {
            at += 1
            var out: [String: Value] = [:]
            while true {
                skipSpace()
                guard at < bytes.count else { return nil }
                if bytes[at] == UInt8(ascii: "}") { at += 1; return .dictionary(out) }
                guard case .string(let key)? = value() else { return nil }
                skipSpace()
                guard at < bytes.count, bytes[at] == UInt8(ascii: "=") else { return nil }
                at += 1
                guard let v = value() else { return nil }
                out[key] = v
                skipSpace()
                guard at < bytes.count, bytes[at] == UInt8(ascii: ";") else { return nil }
                at += 1
            }
        }

        mutating func array() -> Value? {
            at += 1
            var out: [Value] = []
            while true {
                skipSpace()
                guard at < bytes.count else { return nil }
                if bytes[at] == UInt8(ascii: ")") { at += 1; return .array(out) }
                guard let v = value() else { return nil }
                out.append(v)
                skipSpace()
                if at < bytes.count && bytes[at] == UInt8(ascii: ",") { at += 1 }
            }
        }

        mutating func quoted() -> String? {
            let q = bytes[at]
            at += 1
            var out: [UInt8] = []
            while at < bytes.count && bytes[at] != q {
                if bytes[at] == UInt8(ascii: "\\") && at + 1 < bytes.count {
                    at += 1
                    switch bytes[at] {
                    case UInt8(ascii: "n"): out.append(0x0A)
                    case UInt8(ascii: "t"): out.append(0x09)
                    default: out.append(bytes[at])
                    }
                } else {
                    out.append(bytes[at])
                }
                at += 1
            }
            guard at < bytes.count else { return nil }
            at += 1
            return String(decoding: out, as: UTF8.self)
        }

        mutating func bare() -> String? {
            let start = at
            while at < bytes.count, Self.isBare(bytes[at]) { at += 1 }
            return at > start ? String(decoding: bytes[start..<at], as: UTF8.self) : nil
        }

        static func isBare(_ b: UInt8) -> Bool {
            (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) || b >= 0x80
                || "_$+/:.-".utf8.contains(b)
        }

        mutating func skipSpace() {
            while at < bytes.count {
                let b = bytes[at]
                if b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D {
                    at += 1
                } else if b == UInt8(ascii: "/") && at + 1 < bytes.count && bytes[at + 1] == UInt8(ascii: "*") {
                    at += 2
                    while at + 1 < bytes.count && !(bytes[at] == UInt8(ascii: "*") && bytes[at + 1] == UInt8(ascii: "/")) { at += 1 }
                    at += 2
                } else if b == UInt8(ascii: "/") && at + 1 < bytes.count && bytes[at + 1] == UInt8(ascii: "/") {
                    while at < bytes.count && bytes[at] != 0x0A { at += 1 }
                } else {
                    return
                }
            }
        }
    }
}

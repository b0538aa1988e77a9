/// A JSON value as read from a String Catalog: objects keep their members' order and where
/// each key is in the file, numbers keep their spelling, so that a file read and written again
/// is the same bytes.
public indirect enum JSONValue: Sendable, Equatable {
    case object([JSONMember])
    case array([JSONValue])
    case string(String)
    /// The number as written (`1.0`, `-2e3`).
    case number(String)
    case bool(Bool)
    case null

    public subscript(key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.key == key }?.value
    }

    public var string: String? {
        if case .string(let s) = self { return s }
        return nil
    }

    public var members: [JSONMember] {
        if case .object(let m) = self { return m }
        return []
    }
}

/// One `"key" : value` of an object, and where its key starts (1-based; 0 when made, not read).
public struct JSONMember: Sendable, Equatable {
    public var key: String
    public var value: JSONValue
    public var line: Int
    public var column: Int

    public init(key: String, value: JSONValue, line: Int = 0, column: Int = 0) {
        self.key = key
        self.value = value
        self.line = line
        self.column = column
    }

    /// Where a member is does not make two values different.
    public static func == (a: JSONMember, b: JSONMember) -> Bool { a.key == b.key && a.value == b.value }
}

/// A strict RFC 8259 reader for UTF-8 text: errors name `file:line:column`. Nesting is limited
/// (`maximumDepth`) so that no input exhausts the stack.
public struct JSONReader {
    public static let maximumDepth = 256

    let bytes: [UInt8]
    let name: String
    var at = 0
    var line = 1
    var lineStart = 0

    public static func parse(_ bytes: [UInt8], name: String) throws(XMLParseError) -> JSONValue {
        var reader = JSONReader(bytes: bytes, name: name)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { reader.at = 3; reader.lineStart = 3 }
        if case .error = UTF8.decode(bytes) { throw reader.error("invalid UTF-8") }
        reader.skipSpace()
        let value = try reader.value(depth: 0)
        reader.skipSpace()
        if reader.at < bytes.count { throw reader.error("text after the JSON value") }
        return value
    }

    init(bytes: [UInt8], name: String) {
        self.bytes = bytes
        self.name = name
    }

    /// In bytes, cheap for every key: what precedes a key on its line is nearly always spaces.
    var column: Int { at - lineStart + 1 }

    /// An error's column counts characters: UTF-8 continuation bytes are not counted.
    func error(_ message: String) -> XMLParseError {
        let characters = bytes[lineStart..<min(at, bytes.count)].reduce(1) { $0 + ($1 & 0xC0 == 0x80 ? 0 : 1) }
        return XMLParseError(kind: .malformed, location: SourceLocation(file: name, line: line, column: characters, offset: at), message: message)
    }

    var peek: UInt8? { at < bytes.count ? bytes[at] : nil }

    mutating func skipSpace() {
        while let c = peek, c == 0x20 || c == 0x09 || c == 0x0A || c == 0x0D {
            at += 1
            if c == 0x0A { line += 1; lineStart = at }
        }
    }

    mutating func expect(_ word: String) throws(XMLParseError) {
        let start = at
        for b in word.utf8 {
            guard peek == b else { at = start; throw error("expected `\(word)`") }
            at += 1
        }
    }

    mutating func value(depth: Int) throws(XMLParseError) -> JSONValue {
        guard depth < Self.maximumDepth else { throw error("nested more than \(Self.maximumDepth) levels deep") }
        guard let c = peek else { throw error("the file ends where a value was expected") }
        switch c {
        case UInt8(ascii: "{"): return try object(depth: depth)
        case UInt8(ascii: "["): return try array(depth: depth)
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): try expect("true"); return .bool(true)
        case UInt8(ascii: "f"): try expect("false"); return .bool(false)
        case UInt8(ascii: "n"): try expect("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try number())
        default: throw error("expected a value")
        }
    }

    mutating func object(depth: Int) throws(XMLParseError) -> JSONValue {
        at += 1
        skipSpace()
        var members: [JSONMember] = []
        if peek == UInt8(ascii: "}") { at += 1; return .object(members) }
        while true {
            guard peek == UInt8(ascii: "\"") else { throw error("expected a key in quotes") }
            let (l, c) = (line, column)
            let key = try string()
            skipSpace()
            guard peek == UInt8(ascii: ":") else { throw error("expected `:` after the key") }
            at += 1
            skipSpace()
            members.append(JSONMember(key: key, value: try value(depth: depth + 1), line: l, column: c))
            skipSpace()
            if peek == UInt8(ascii: ",") { at += 1; skipSpace(); continue }
            guard peek == UInt8(ascii: "}") else { throw error(peek == nil ? "the file ends inside an object" : "expected `,` or `}`") }
            at += 1
            return .object(members)
        }
    }

    mutating func array(depth: Int) throws(XMLParseError) -> JSONValue {
        at += 1
        skipSpace()
        var items: [JSONValue] = []
        if peek == UInt8(ascii: "]") { at += 1; return .array(items) }
        while true {
            items.append(try value(depth: depth + 1))
            skipSpace()
            if peek == UInt8(ascii: ",") { at += 1; skipSpace(); continue }
            guard peek == UInt8(ascii: "]") else { throw error(peek == nil ? "the file ends inside an array" : "expected `,` or `]`") }
            at += 1
            return .array(items)
        }
    }

    mutating func number() throws(XMLParseError) -> String {
        let start = at
        func digits() -> Int {
            let s = at
            while let c = peek, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(c) { at += 1 }
            return at - s
        }
        if peek == UInt8(ascii: "-") { at += 1 }
        let first = peek
        let n = digits()
        guard n > 0 else { throw error("expected digits") }
        if first == UInt8(ascii: "0") && n > 1 { at = start; throw error("a number with a leading zero") }
        if peek == UInt8(ascii: ".") {
            at += 1
            guard digits() > 0 else { throw error("expected digits after `.`") }
        }
        if peek == UInt8(ascii: "e") || peek == UInt8(ascii: "E") {
            at += 1
            if peek == UInt8(ascii: "+") || peek == UInt8(ascii: "-") { at += 1 }
            guard digits() > 0 else { throw error("expected digits in the exponent") }
        }
        return String(decoding: bytes[start..<at], as: UTF8.self)
    }

    mutating func string() throws(XMLParseError) -> String {
        let (l, c) = (line, column)
        at += 1
        var out: [UInt8] = []
        while true {
            guard let b = peek else {
                throw XMLParseError(kind: .malformed, location: SourceLocation(file: name, line: l, column: c, offset: 0),
                                    message: "a string opened here is never closed")
            }
            if b == UInt8(ascii: "\"") { at += 1; break }
            if b < 0x20 { throw error("a control character in a string (write it as an escape)") }
            guard b == UInt8(ascii: "\\") else { out.append(b); at += 1; continue }
            at += 1
            guard let e = peek else { continue }
            at += 1
            switch e {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): out.append(e)
            case UInt8(ascii: "b"): out.append(8)
            case UInt8(ascii: "f"): out.append(12)
            case UInt8(ascii: "n"): out.append(10)
            case UInt8(ascii: "r"): out.append(13)
            case UInt8(ascii: "t"): out.append(9)
            case UInt8(ascii: "u"): out += try unicodeEscape()
            default: at -= 2; throw error("an unknown escape `\\\(Character(Unicode.Scalar(e)))`")
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// `\uXXXX`, or a pair of them for a character outside the Basic Multilingual Plane.
    mutating func unicodeEscape() throws(XMLParseError) -> [UInt8] {
        func hex4() throws(XMLParseError) -> UInt32 {
            var v: UInt32 = 0
            for _ in 0..<4 {
                guard let c = peek, let d = Character(Unicode.Scalar(c)).hexDigitValue else { throw error("expected four hex digits after `\\u`") }
                v = v << 4 | UInt32(d)
                at += 1
            }
            return v
        }
        var value = try hex4()
        if (0xD800...0xDBFF).contains(value) {
            guard peek == UInt8(ascii: "\\"), at + 1 < bytes.count, bytes[at + 1] == UInt8(ascii: "u") else { throw error("an unpaired surrogate escape") }
            at += 2
            let low = try hex4()
            guard (0xDC00...0xDFFF).contains(low) else { throw error("an unpaired surrogate escape") }
            value = 0x10000 + ((value - 0xD800) << 10) + (low - 0xDC00)
        }
        guard let scalar = Unicode.Scalar(value) else { throw error("an escape for an invalid character") }
        return Array(String(Character(scalar)).utf8)
    }
}

extension UTF8 {
    enum Check { case valid, error }

    /// Whether the bytes are valid UTF-8.
    static func decode(_ bytes: [UInt8]) -> Check {
        var decoder = UTF8()
        var it = bytes.makeIterator()
        while true {
            switch decoder.decode(&it) {
            case .scalarValue: continue
            case .emptyInput: return .valid
            case .error: return .error
            }
        }
    }
}

/// JSON as Xcode writes a String Catalog: two-space indentation, `"key" : value`, an empty
/// object as `{` and `}` with an empty line between, no slash escaped, non-ASCII as it is,
/// no newline at the end.
public enum JSONWriter {
    public static func write(_ value: JSONValue) -> [UInt8] {
        var out: [UInt8] = []
        write(value, indent: 0, into: &out)
        return out
    }

    static func write(_ value: JSONValue, indent: Int, into out: inout [UInt8]) {
        func pad(_ n: Int) { out += repeatElement(UInt8(ascii: " "), count: 2 * n) }
        switch value {
        case .object(let members):
            out += Array("{\n".utf8)
            for (i, m) in members.enumerated() {
                pad(indent + 1)
                string(m.key, into: &out)
                out += Array(" : ".utf8)
                write(m.value, indent: indent + 1, into: &out)
                out += Array((i + 1 < members.count ? ",\n" : "\n").utf8)
            }
            if members.isEmpty { out.append(0x0A) }
            pad(indent)
            out.append(UInt8(ascii: "}"))
        case .array(let items):
            out += Array("[\n".utf8)
            for (i, item) in items.enumerated() {
                pad(indent + 1)
                write(item, indent: indent + 1, into: &out)
                out += Array((i + 1 < items.count ? ",\n" : "\n").utf8)
            }
            if items.isEmpty { out.append(0x0A) }
            pad(indent)
            out.append(UInt8(ascii: "]"))
        case .string(let s): string(s, into: &out)
        case .number(let n): out += Array(n.utf8)
        case .bool(let b): out += Array((b ? "true" : "false").utf8)
        case .null: out += Array("null".utf8)
        }
    }

    /// A JSON string literal: the one quoter of the package (String Catalogs here, the reports
    /// of XibReport). `shortEscapes`: backspace and form feed as `\b` and `\f`, as Xcode
    /// writes catalogs, else as `\u00XX` like the other control characters.
    public static func string(_ s: String, into out: inout [UInt8], shortEscapes: Bool = true) {
        out.append(UInt8(ascii: "\""))
        for b in s.utf8 {
            switch b {
            case UInt8(ascii: "\""): out += [0x5C, b]
            case UInt8(ascii: "\\"): out += [0x5C, b]
            case 0x0A: out += Array("\\n".utf8)
            case 0x0D: out += Array("\\r".utf8)
            case 0x09: out += Array("\\t".utf8)
            case 0x08 where shortEscapes: out += Array("\\b".utf8)
            case 0x0C where shortEscapes: out += Array("\\f".utf8)
            case 0..<0x20:
                let hex = Array("0123456789abcdef".utf8)
                out += Array("\\u00".utf8) + [hex[Int(b >> 4)], hex[Int(b & 15)]]
            default: out.append(b)
            }
        }
        out.append(UInt8(ascii: "\""))
    }
}

extension JSONValue {
    /// Sets an object's member, in place if it is there, else where `StandardOrder` puts its
    /// key among the others (the order Xcode keeps). Does nothing to a value not an object.
    public mutating func set(_ key: String, _ value: JSONValue) {
        guard case .object(var members) = self else { return }
        if let i = members.firstIndex(where: { $0.key == key }) {
            members[i].value = value
        } else {
            let i = members.firstIndex { StandardOrder.compare(key, $0.key) < 0 } ?? members.count
            members.insert(JSONMember(key: key, value: value), at: i)
        }
        self = .object(members)
    }
}

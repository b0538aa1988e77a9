/// A `.strings` file (`"key" = "value";`), as Xcode and `genstrings` write them: UTF-8 or
/// UTF-16 (either byte order, with or without a byte-order mark), `/* … */` and `//` comments,
/// the escapes of old-style property lists (`\n`, `\"`, `\\`, `\U00E9`, octal `\101`), quoted
/// or bare keys and values, `"key";` for a value equal to its key, optional outer braces.
///
/// Errors name `file:line:column`. `.stringsdict` files are property lists, not read here.
public struct StringsFile: Sendable {
    public struct Entry: Sendable, Equatable {
        public var key: String
        public var value: String
        /// Where the key starts: 1-based line and column (in characters).
        public var line: Int
        public var column: Int
        /// The `/* … */` comment right before the entry (ibtool's `Class = "UILabel"; text = "…";
        /// ObjectID = "…";`), without its delimiters and the spaces inside them.
        public var comment: String? = nil
        /// The value as written, quotes and escapes included (`"Fermé\U00E9"`): what an update
        /// copies so that a kept translation keeps its bytes. Nil for `"key";`.
        public var rawValue: String? = nil
        /// Where the entry is in the decoded text, in Unicode scalars: from its comment (when
        /// only blanks stand between the two) or its key to its `;`. What a prune removes.
        public var span: Range<Int> = 0..<0

        /// The key as a Base-localised Interface Builder file's: `abc-De-fgh.normalTitle`.
        public var objectKey: ObjectKey? { ObjectKey(key) }
    }

    /// A key naming an object's property: the object id and the property (which may hold
    /// dots or an index: `headerCell.title`, `segmentTitles[0]`).
    public struct ObjectKey: Sendable, Equatable, Hashable {
        public var objectID: String
        public var property: String

        public init(objectID: String, property: String) {
            self.objectID = objectID
            self.property = property
        }

        /// Nil when the key has no separator, nothing on one side of it, or does not start
        /// with an object id: one of Interface Builder's form (`IBRules.hasObjectIDForm`), or
        /// one `isObjectID` knows (a document's own ids, whatever their form).
        public init?(_ key: String, isObjectID: (Substring) -> Bool = { _ in false }) {
            guard let dot = key.firstIndex(of: IBRules.localizationKeySeparator),
                  dot != key.startIndex, key.index(after: dot) != key.endIndex else { return nil }
            let id = key[..<dot]
            guard IBRules.hasObjectIDForm(id) || isObjectID(id) else { return nil }
            objectID = String(id)
            property = String(key[key.index(after: dot)...])
        }

        public var key: String { objectID + String(IBRules.localizationKeySeparator) + property }
    }

    public enum Encoding: String, Sendable { case utf8 = "UTF-8", utf16LittleEndian = "UTF-16LE", utf16BigEndian = "UTF-16BE" }

    public let name: String
    public let encoding: Encoding
    /// In file order; a key may occur twice (the last one wins when the app reads it).
    public let entries: [Entry]

    public init(bytes: [UInt8], name: String) throws(XMLParseError) {
        self.name = name
        let (scalars, encoding) = try Self.decode(bytes, name: name)
        self.encoding = encoding
        var parser = StringsParser(scalars: scalars, name: name)
        entries = try parser.parse()
    }

    public static func load(path: String) throws(XMLParseError) -> StringsFile {
        try StringsFile(bytes: try FileIO.read(path), name: path)
    }

    /// The text as Unicode scalars, and how it was encoded.
    static func decode(_ bytes: [UInt8], name: String) throws(XMLParseError) -> ([Unicode.Scalar], Encoding) {
        var encoding = Encoding.utf8
        var start = 0
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
            start = 3
        } else if bytes.starts(with: [0xFF, 0xFE]) {
            (encoding, start) = (.utf16LittleEndian, 2)
        } else if bytes.starts(with: [0xFE, 0xFF]) {
            (encoding, start) = (.utf16BigEndian, 2)
        } else if bytes.count >= 2 && bytes.count % 2 == 0 && (bytes[0] == 0) != (bytes[1] == 0) {
            // No mark: ASCII text in UTF-16 has a zero byte in every pair, on the high side.
            encoding = bytes[1] == 0 ? .utf16LittleEndian : .utf16BigEndian
        }
        if bytes.starts(with: Array("bplist".utf8)) || bytes[start...].starts(with: Array("<?xml".utf8)) {
            throw XMLParseError(kind: .unsupportedFormat, location: SourceLocation(file: name, line: 1, column: 1, offset: 0),
                                message: "a property-list .strings file (binary or XML); only the text form is read")
        }
        var scalars: [Unicode.Scalar] = []
        scalars.reserveCapacity(bytes.count - start)
        var line = 1, column = 1
        func note(_ s: Unicode.Scalar) {
            scalars.append(s)
            if s == "\n" { line += 1; column = 1 } else { column += 1 }
        }
        func invalid(_ what: String) -> XMLParseError {
            XMLParseError(kind: .malformed, location: SourceLocation(file: name, line: line, column: column, offset: 0),
                          message: "invalid \(what) (the file is read as \(encoding.rawValue))")
        }
        if encoding == .utf8 {
            var decoder = UTF8()
            var it = bytes[start...].makeIterator()
            loop: while true {
                switch decoder.decode(&it) {
                case .scalarValue(let s): note(s)
                case .emptyInput: break loop
                case .error: throw invalid("UTF-8")
                }
            }
        } else {
            if (bytes.count - start) % 2 != 0 { throw invalid("UTF-16: an odd number of bytes") }
            let big = encoding == .utf16BigEndian
            let units = stride(from: start, to: bytes.count, by: 2).lazy.map { (i: Int) -> UInt16 in
                let (high, low) = big ? (bytes[i], bytes[i + 1]) : (bytes[i + 1], bytes[i])
                return UInt16(high) << 8 | UInt16(low)
            }
            var decoder = UTF16()
            var it = units.makeIterator()
            loop: while true {
                switch decoder.decode(&it) {
                case .scalarValue(let s): note(s)
                case .emptyInput: break loop
                case .error: throw invalid("UTF-16 (an unpaired surrogate)")
                }
            }
        }
        return (scalars, encoding)
    }
}

/// The grammar of a strings file over its decoded text.
private struct StringsParser {
    let scalars: [Unicode.Scalar]
    let name: String
    var at = 0
    var line = 1
    var lineStart = 0
    /// The last block comment met since the last entry, and where it starts and ends.
    var lastComment: String?
    var lastCommentSpan = 0..<0

    init(scalars: [Unicode.Scalar], name: String) {
        self.scalars = scalars
        self.name = name
    }

    var column: Int { at - lineStart + 1 }

    func error(_ message: String, line: Int? = nil, column: Int? = nil) -> XMLParseError {
        XMLParseError(kind: .malformed, location: SourceLocation(file: name, line: line ?? self.line, column: column ?? self.column, offset: 0),
                      message: message)
    }

    mutating func parse() throws(XMLParseError) -> [StringsFile.Entry] {
        var entries: [StringsFile.Entry] = []
        try skipSpace()
        let braced = peek == "{"
        if braced { advance(); try skipSpace() }
        while let c = peek, !(braced && c == "}") {
            let (line, column, comment, keyStart) = (self.line, self.column, lastComment, at)
            let attached = comment != nil && scalars[lastCommentSpan.upperBound..<keyStart].allSatisfy { $0.properties.isWhitespace }
            let key = try string("a key")
            try skipSpace()
            var value = key
            var raw: String?
            if peek == "=" {
                advance()
                try skipSpace()
                let start = at
                value = try string("a value")
                raw = String(String.UnicodeScalarView(scalars[start..<at]))
                try skipSpace()
            }
            guard peek == ";" else { throw error(peek == nil ? "the file ends before `;`" : "expected `;` after \(value == key ? "the key" : "the value")") }
            advance()
            entries.append(StringsFile.Entry(key: key, value: value, line: line, column: column, comment: comment, rawValue: raw,
                                             span: (attached ? lastCommentSpan.lowerBound : keyStart)..<at))
            lastComment = nil
            try skipSpace()
        }
        if braced {
            guard peek == "}" else { throw error("the file ends before the closing `}`") }
            advance()
            try skipSpace()
            if peek != nil { throw error("text after the closing `}`") }
        }
        return entries
    }

    var peek: Unicode.Scalar? { at < scalars.count ? scalars[at] : nil }

    mutating func advance() {
        if scalars[at] == "\n" { line += 1; lineStart = at + 1 }
        at += 1
    }

    /// Whitespace and comments.
    mutating func skipSpace() throws(XMLParseError) {
        while let c = peek {
            if c == " " || c == "\t" || c == "\n" || c == "\r" || c == "\u{FEFF}" || c == "\u{2028}" {
                advance()
            } else if c == "/" && at + 1 < scalars.count && scalars[at + 1] == "*" {
                let (l, col, opening) = (line, column, at)
                advance(); advance()
                let start = at
                while peek != nil && !(peek == "*" && at + 1 < scalars.count && scalars[at + 1] == "/") { advance() }
                guard peek != nil else { throw error("a comment opened here is never closed (`*/`)", line: l, column: col) }
                lastComment = Self.trimmed(scalars[start..<at])
                advance(); advance()
                lastCommentSpan = opening..<at
            } else if c == "/" && at + 1 < scalars.count && scalars[at + 1] == "/" {
                while let d = peek, d != "\n" { advance() }
            } else {
                return
            }
        }
    }

    static func trimmed(_ s: ArraySlice<Unicode.Scalar>) -> String {
        let blank: (Unicode.Scalar) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
        guard let first = s.firstIndex(where: { !blank($0) }), let last = s.lastIndex(where: { !blank($0) }) else { return "" }
        return String(String.UnicodeScalarView(s[first...last]))
    }

    /// A quoted string with escapes, or a bare word (letters, digits, `_$+/:.-`).
    mutating func string(_ what: String) throws(XMLParseError) -> String {
        guard let q = peek else { throw error("the file ends where \(what) was expected") }
        if q == "\"" || q == "'" { return try quoted(q) }
        var out = String.UnicodeScalarView()
        while let c = peek, c.properties.isAlphabetic || ("0"..."9").contains(c) || "_$+/:.-".unicodeScalars.contains(c) {
            out.append(c)
            advance()
        }
        guard !out.isEmpty else { throw error("expected \(what), found `\(Character(q))`") }
        return String(out)
    }

    mutating func quoted(_ q: Unicode.Scalar) throws(XMLParseError) -> String {
        let (l, col) = (line, column)
        advance()
        var out = String.UnicodeScalarView()
        var pendingHigh: UInt32? = nil
        var pendingAt = (line: 0, column: 0)
        while true {
            guard let c = peek else { throw error("a string opened here is never closed", line: l, column: col) }
            if c == q { advance(); break }
            guard c == "\\" else {
                if pendingHigh != nil { throw error("an unpaired surrogate escape", line: pendingAt.line, column: pendingAt.column) }
                out.append(c)
                advance()
                continue
            }
            let (el, ec) = (line, column)
            advance()
            guard let e = peek else { throw error("a string opened here is never closed", line: l, column: col) }
            advance()
            var value: UInt32
            switch e {
            case "a": value = 7
            case "b": value = 8
            case "f": value = 12
            case "n": value = 10
            case "r": value = 13
            case "t": value = 9
            case "v": value = 11
            case "U", "u": value = try digits(radix: 16, max: 4, at: el, ec)
            case "0"..."7":
                at -= 1
                value = try digits(radix: 8, max: 3, at: el, ec)
            default: value = e.value  // \" \' \\ and any other character stand for themselves
            }
            if let high = pendingHigh {
                guard (0xDC00...0xDFFF).contains(value) else { throw error("an unpaired surrogate escape", line: el, column: ec) }
                value = 0x10000 + ((high - 0xD800) << 10) + (value - 0xDC00)
                pendingHigh = nil
            } else if (0xD800...0xDBFF).contains(value) {
                pendingHigh = value
                pendingAt = (el, ec)
                continue
            }
            guard let s = Unicode.Scalar(value) else { throw error("an escape for an invalid character", line: el, column: ec) }
            out.append(s)
        }
        if pendingHigh != nil { throw error("an unpaired surrogate escape", line: pendingAt.line, column: pendingAt.column) }
        return String(out)
    }

    mutating func digits(radix: UInt32, max: Int, at l: Int, _ c: Int) throws(XMLParseError) -> UInt32 {
        var value: UInt32 = 0, count = 0
        while count < max, let d = peek, let v = Character(d).hexDigitValue, UInt32(v) < radix {
            value = value * radix + UInt32(v)
            count += 1
            advance()
        }
        guard count > 0 else { throw error("an escape without digits", line: l, column: c) }
        return value
    }
}

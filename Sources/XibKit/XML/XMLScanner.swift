#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The reader's tokenizer: reads the piece of markup at an offset of a file's bytes (a start
/// tag with its attributes, an end tag, character data, a reference, a comment, a CDATA
/// section, a processing instruction, the XML declaration), checks it, and says where it ends.
/// What the pieces build is `XMLTreeBuilder`'s job; which characters may stand where is
/// `XMLCharacters.swift`'s.
struct XMLScanner {
    let source: XMLSource
    let p: UnsafeBufferPointer<UInt8>
    let limits: XMLLimits
    /// Element and attribute names, and (another cache) attribute values.
    let names: StringCache
    let values: StringCache
    let attributeLists: AttributeListCache

    /// `skipped`: how many of the bytes the reader may take without reading them (copied, or
    /// another version's elements), which its caches need no room for.
    init(source: XMLSource, bytes: UnsafeBufferPointer<UInt8>, skipped: Int, limits: XMLLimits) {
        self.source = source
        self.p = bytes
        self.limits = limits.withinTreeStorage
        let reading = bytes.count - skipped
        (names, values, attributeLists) = (StringCache(reading: reading), StringCache(reading: reading), AttributeListCache(reading: reading))
    }

    func fail(_ kind: XMLParseError.Kind = .malformed, at offset: Int, _ message: String) -> XMLParseError {
        XMLParseError(kind, in: source, at: offset, message)
    }

    // MARK: - Tags

    /// A start tag, `<name attr="v" ...>` or `<name .../>`.
    struct StartTag {
        var name: String
        /// The name's bytes run from `start + 1` to here.
        var nameEnd: Int
        var attributes: [XMLAttribute] = []
        /// Offset of `<`.
        var start: Int
        /// Offset just past `>`.
        var end = 0
        var selfClosing = false
        /// The attributes' names, once there are too many to look for a duplicate one by one.
        var names: Set<String>?
    }

    /// The start tag at `start` (`<` followed by a name start).
    func startTag(at start: Int) throws(XMLParseError) -> StartTag {
        let n = p.count
        var j = try scanQualifiedName(start + 1)
        var tag = StartTag(name: names.string(p, start + 1, j), nameEnd: j, start: start)
        while true {
            guard j < n else { throw fail(at: n, "unexpected end of file in start tag <\(tag.name)>") }
            var sawSpace = false
            while j < n && isSpace(p[j]) { j += 1; sawSpace = true }
            guard j < n else { throw fail(at: n, "unexpected end of file in start tag <\(tag.name)>") }
            let c = p[j]
            if c == 0x3E {
                tag.end = j + 1
                let attributes = attributeLists.shared(&tag.attributes, p, tag.nameEnd, j)
                tag.attributes = attributes
                return tag
            }
            if c == 0x2F {
                guard j + 1 < n else { throw fail(at: n, "unexpected end of file in start tag <\(tag.name)>") }
                guard p[j + 1] == 0x3E else { throw fail(at: j + 1, "expected '>' after '/' in start tag <\(tag.name)>") }
                tag.end = j + 2
                tag.selfClosing = true
                let attributes = attributeLists.shared(&tag.attributes, p, tag.nameEnd, j)
                tag.attributes = attributes
                return tag
            }
            guard isNameStart(j) else { throw fail(at: j, "unexpected character in start tag <\(tag.name)>") }
            guard sawSpace else { throw fail(at: j, "attributes must be separated by white space in <\(tag.name)>") }
            if tag.attributes.count >= limits.maximumAttributes {
                throw fail(.tooLarge, at: j, "<\(tag.name)> has too many attributes (more than \(XMLLimits.show(limits.maximumAttributes)))")
            }
            j = try attribute(at: j, in: &tag)
        }
    }

    /// The attribute `name="value"` at `start`, added to `tag`; returns the offset after it.
    private func attribute(at start: Int, in tag: inout StartTag) throws(XMLParseError) -> Int {
        let n = p.count
        var j = try scanQualifiedName(start)
        let name = names.string(p, start, j)
        while j < n && isSpace(p[j]) { j += 1 }
        guard j < n, p[j] == 0x3D else { throw fail(at: j, j < n ? "expected '=' after attribute name '\(name)'" : "unexpected end of file in start tag <\(tag.name)>") }
        j += 1
        while j < n && isSpace(p[j]) { j += 1 }
        guard j < n, p[j] == 0x22 || p[j] == 0x27 else { throw fail(at: j, j < n ? "expected a quoted value for attribute '\(name)'" : "unexpected end of file in start tag <\(tag.name)>") }
        let quote = p[j]
        let valueStart = j + 1
        let (valueEnd, needsDecoding) = try attributeValue(from: valueStart, quote: quote, attribute: name)
        try checkLength(valueStart, valueEnd) { "the value of attribute '\(name)'" }
        if tag.attributes.count < 32 {
            // By index and length first: copying each attribute out, and comparing unequal
            // strings out of line, cost more than the rest of reading a name.
            for k in tag.attributes.indices where tag.attributes[k].name.isSameName(as: name) {
                throw fail(at: start, "duplicate attribute '\(name)' in <\(tag.name)>")
            }
        } else {
            // Past the 32 attributes no real element has, a set: linear time on any element.
            if tag.names == nil { tag.names = Set(tag.attributes.map(\.name)) }
            guard tag.names!.insert(name).inserted else { throw fail(at: start, "duplicate attribute '\(name)' in <\(tag.name)>") }
        }
        let rawString = values.string(p, valueStart, valueEnd)
        // Most elements have 3 to 6 attributes: one allocation instead of growing 1, 2, 4, 8.
        if tag.attributes.capacity == 0 { tag.attributes.reserveCapacity(6) }
        if needsDecoding {
            let value = decodeAttribute(valueStart, valueEnd)
            let raw: String? = XMLEscaping.escapeAttribute(value) == rawString ? nil : rawString
            tag.attributes.append(XMLAttribute(name: name, value: value, raw: raw, singleQuoted: quote == 0x27))
        } else {
            tag.attributes.append(XMLAttribute(name: name, value: rawString, raw: nil, singleQuoted: quote == 0x27))
        }
        return valueEnd + 1
    }

    /// Checks the attribute value from `start` up to its closing `quote`; returns where that
    /// quote is, and whether the value needs decoding (references, white space to normalise).
    private func attributeValue(from start: Int, quote: UInt8, attribute name: String) throws(XMLParseError) -> (end: Int, needsDecoding: Bool) {
        let n = p.count
        var j = start
        var needsDecoding = false
        while true {
            guard j < n else { throw fail(at: n, "unexpected end of file in the value of attribute '\(name)'") }
            let b = p[j]
            if b == quote { return (j, needsDecoding) }
            if b == 0x3C { throw fail(at: j, "'<' is not allowed in attribute values (attribute '\(name)')") }
            if b == 0x26 {
                j = try reference(at: j)
                needsDecoding = true
                continue
            }
            if b == 0x09 || b == 0x0A || b == 0x0D || b == 0x3E { needsDecoding = true }
            j += 1
        }
    }

    /// Attribute-value normalisation: references decoded, literal white space becomes a space.
    private func decodeAttribute(_ start: Int, _ end: Int) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(end - start)
        var j = start
        while j < end {
            let b = p[j]
            if b == 0x26 {
                var k = j + 1
                while p[k] != 0x3B { k += 1 }
                let name = string(j + 1, k)
                if let scalar = XMLEscaping.referenceScalar(name) { UTF8.encode(scalar) { out.append($0) } }
                j = k + 1
            } else if b == 0x0D {
                out.append(0x20)
                j += (j + 1 < end && p[j + 1] == 0x0A) ? 2 : 1
            } else if b == 0x09 || b == 0x0A {
                out.append(0x20)
                j += 1
            } else {
                out.append(b)
                j += 1
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// The end tag at `start` (`</`), which must close the element `open` started; returns the
    /// offset after it.
    func endTag(at start: Int, closing open: StartTag) throws(XMLParseError) -> Int {
        let n = p.count
        var j = start + 2
        guard j < n, isNameStart(j) else { throw fail(at: j, "expected an element name after '</'") }
        let nameStart = j
        j = scanName(j)
        let openNameStart = open.start + 1
        if j - nameStart != open.nameEnd - openNameStart
            || memcmp(p.baseAddress! + nameStart, p.baseAddress! + openNameStart, j - nameStart) != 0 {
            let loc = source.location(of: open.start)
            throw fail(at: start, "end tag </\(string(nameStart, j))> does not match start tag <\(open.name)> opened at line \(loc.line), column \(loc.column)")
        }
        while j < n && isSpace(p[j]) { j += 1 }
        guard j < n, p[j] == 0x3E else { throw fail(at: j, j < n ? "expected '>' to close end tag </\(open.name)>" : "unexpected end of file in end tag </\(open.name)>") }
        return j + 1
    }

    // MARK: - Content

    /// Character data from `start` up to the next markup: where it ends, and whether it is
    /// white space only.
    func characterData(from start: Int) throws(XMLParseError) -> (end: Int, allSpace: Bool) {
        let n = p.count
        var i = start
        var allSpace = true
        while i < n {
            // Indentation, eight spaces at a time: it is a good part of an Xcode-written file.
            if i + 8 <= n, UnsafeRawPointer(p.baseAddress! + i).loadUnaligned(as: UInt64.self) == 0x2020_2020_2020_2020 {
                i += 8
                continue
            }
            let b = p[i]
            if b == 0x3C { break }
            if b == 0x26 {
                i = try reference(at: i)
                allSpace = false
                continue
            }
            if b == 0x3E && i >= 2 && p[i - 1] == 0x5D && p[i - 2] == 0x5D && i - 2 >= start {
                throw fail(at: i - 2, "']]>' is not allowed in text content")
            }
            if !isSpace(b) { allSpace = false }
            i += 1
        }
        try checkLength(start, i) { "text" }
        return (i, allSpace)
    }

    /// Refuses the value, text, comment or instruction from `start` to `end` when it is longer
    /// than the limit; `what` names it.
    @inline(__always)
    func checkLength(_ start: Int, _ end: Int, _ what: () -> String) throws(XMLParseError) {
        guard end - start > limits.maximumValueLength else { return }
        throw fail(.tooLarge, at: start, "\(what()) is too long (\(XMLLimits.show(end - start)) bytes; the limit is \(XMLLimits.show(limits.maximumValueLength)))")
    }

    /// Validates `&name;`, `&#N;` or `&#xH;` at `start`; returns the offset after `;`.
    func reference(at start: Int) throws(XMLParseError) -> Int {
        let n = p.count
        var j = start + 1
        guard j < n else { throw fail(at: start, "unexpected end of file after '&'") }
        if p[j] == 0x23 {
            j += 1
            var hexadecimal = false
            if j < n && p[j] == 0x78 { hexadecimal = true; j += 1 }
            let digitsStart = j
            var value: UInt32 = 0
            while j < n {
                let b = p[j]
                var d: UInt32
                if b >= 0x30 && b <= 0x39 { d = UInt32(b - 0x30) }
                else if hexadecimal && b >= 0x61 && b <= 0x66 { d = UInt32(b - 0x61 + 10) }
                else if hexadecimal && b >= 0x41 && b <= 0x46 { d = UInt32(b - 0x41 + 10) }
                else { break }
                value = min(value &* (hexadecimal ? 16 : 10) &+ d, 0x7FFF_FFFF)
                j += 1
            }
            guard j > digitsStart, j < n, p[j] == 0x3B else {
                throw fail(at: start, "malformed character reference (expected '&#N;' or '&#xH;')")
            }
            guard XMLCharacters.isXMLChar(value) else {
                throw fail(at: start, "character reference to an invalid character (&#\(hexadecimal ? "x" : "")\(string(digitsStart, j));)")
            }
            return j + 1
        }
        guard isNameStart(j) else { throw fail(at: start, "'&' must start an entity or character reference (write '&amp;')") }
        let nameStart = j
        j = scanName(j)
        guard j < n, p[j] == 0x3B else { throw fail(at: start, "entity reference is missing its ';'") }
        let name = string(nameStart, j)
        switch name {
        case "amp", "lt", "gt", "quot", "apos": return j + 1
        default: throw fail(at: start, "undefined entity '&\(name);' (only &amp; &lt; &gt; &quot; &apos; exist without a DTD)")
        }
    }

    /// The comment at `start` (`<!--`): its body, and the offset after `-->`.
    func comment(at start: Int) throws(XMLParseError) -> (body: String, end: Int) {
        let n = p.count
        var j = start + 4
        while j + 1 < n {
            if p[j] == 0x2D && p[j + 1] == 0x2D {
                guard j + 2 < n else { break }
                guard p[j + 2] == 0x3E else { throw fail(at: j, "'--' is not allowed inside a comment") }
                try checkLength(start + 4, j) { "a comment" }
                return (string(start + 4, j), j + 3)
            }
            j += 1
        }
        throw fail(at: n, "unexpected end of file in a comment")
    }

    /// The CDATA section at `start` (`<![CDATA[`): its body, and the offset after `]]>`.
    func cdata(at start: Int) throws(XMLParseError) -> (body: String, end: Int) {
        guard let close = find("]]>", from: start + 9) else {
            throw fail(at: p.count, "unexpected end of file in a CDATA section")
        }
        try checkLength(start + 9, close) { "a CDATA section" }
        return (string(start + 9, close), close + 3)
    }

    /// The processing instruction at `start` (`<?`): its body (without `<?` and `?>`), and the
    /// offset after it. `declStart`: where an XML declaration would be, for the message.
    func processingInstruction(at start: Int, declStart: Int) throws(XMLParseError) -> (body: String, end: Int) {
        let n = p.count
        var j = start + 2
        guard j < n, isNameStart(j) else { throw fail(at: j, "expected a processing-instruction target after '<?'") }
        let targetStart = j
        j = scanName(j)
        let target = string(targetStart, j)
        if target.lowercased() == "xml" {
            throw fail(at: start, start == declStart ? "malformed XML declaration" : "the XML declaration is allowed only at the very start of the file")
        }
        guard j < n else { throw fail(at: n, "unexpected end of file in a processing instruction") }
        if !(isSpace(p[j]) || (p[j] == 0x3F && j + 1 < n && p[j + 1] == 0x3E)) {
            throw fail(at: j, "malformed processing instruction")
        }
        guard let close = find("?>", from: j) else { throw fail(at: n, "unexpected end of file in a processing instruction") }
        try checkLength(start + 2, close) { "a processing instruction" }
        return (string(start + 2, close), close + 2)
    }

    // MARK: - The XML declaration

    /// `<?xml version="1.x" (encoding="...")? (standalone="yes|no")? ?>`
    func declaration(at start: Int) throws(XMLParseError) -> Int {
        let n = p.count
        var j = start + 5
        var seen: [String] = []
        // libxml2 does not insist on white space between a UTF-8 encoding declaration and
        // `standalone` (it checks only after switching to another encoding).
        var spaceOptional = false
        while true {
            var sawSpace = false
            while j < n && isSpace(p[j]) { j += 1; sawSpace = true }
            guard j < n else { throw fail(at: n, "unexpected end of file in the XML declaration") }
            if p[j] == 0x3F {
                guard j + 1 < n, p[j + 1] == 0x3E else { throw fail(at: j, "malformed XML declaration: expected '?>'") }
                guard seen.first == "version" else { throw fail(at: start, "malformed XML declaration: 'version' is required") }
                return j + 2
            }
            guard sawSpace || spaceOptional, isNameStart(j) else {
                throw fail(at: j, isNameStart(j) ? "malformed XML declaration: expected white space before '\(string(j, scanName(j)))'" : "malformed XML declaration")
            }
            spaceOptional = false
            let ns = j
            j = scanName(j)
            let name = string(ns, j)
            while j < n && isSpace(p[j]) { j += 1 }
            guard j < n, p[j] == 0x3D else { throw fail(at: j, "malformed XML declaration: expected '=' after '\(name)'") }
            j += 1
            while j < n && isSpace(p[j]) { j += 1 }
            guard j < n, p[j] == 0x22 || p[j] == 0x27 else { throw fail(at: j, "malformed XML declaration: expected a quoted value for '\(name)'") }
            let q = p[j]
            let vs = j + 1
            j = vs
            while j < n && p[j] != q {
                if p[j] == 0x3C || p[j] == 0x26 || p[j] == 0x3E { throw fail(at: j, "malformed XML declaration: bad character in '\(name)'") }
                j += 1
            }
            guard j < n else { throw fail(at: n, "unexpected end of file in the XML declaration") }
            let value = string(vs, j)
            j += 1
            switch (name, seen) {
            case ("version", []):
                let parts = value.split(separator: ".", omittingEmptySubsequences: false)
                // XML 1.0 wants '1.' and digits; libxml2 also takes a bare "1." (with a warning).
                guard parts.count == 2, parts[0] == "1", parts[1].allSatisfy({ $0.isASCII && $0.isNumber }) else {
                    throw fail(at: vs, "unsupported XML version '\(value)'")
                }
            case ("encoding", ["version"]):
                let lower = value.lowercased()
                guard let first = value.unicodeScalars.first, first.properties.isAlphabetic, first.isASCII,
                      value.unicodeScalars.allSatisfy({ $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "." || $0 == "_" || $0 == "-") })
                else { throw fail(at: vs, "malformed encoding name '\(value)'") }
                guard lower == "utf-8" || lower == "utf8" else {
                    throw fail(.unsupportedEncoding, at: vs, "unsupported encoding '\(value)': Interface Builder files are UTF-8")
                }
                spaceOptional = true
            case ("standalone", ["version"]), ("standalone", ["version", "encoding"]):
                guard value == "yes" || value == "no" else { throw fail(at: vs, "standalone must be 'yes' or 'no'") }
            default:
                throw fail(at: ns, "malformed XML declaration: unexpected '\(name)'")
            }
            seen.append(name)
        }
    }

    // MARK: - Helpers

    /// The spaces and tabs between the previous line break and `i`, if only those.
    func leadingSpace(before i: Int) -> String? {
        var j = i
        while j > 0 && (p[j - 1] == 0x20 || p[j - 1] == 0x09) { j -= 1 }
        guard j > 0, p[j - 1] == 0x0A else { return nil }
        return string(j, i)
    }

    func string(_ a: Int, _ b: Int) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: p[a..<b]), as: UTF8.self)
    }

    @inline(__always) func isSpace(_ b: UInt8) -> Bool {
        b == 0x20 || b == 0x0A || b == 0x09 || b == 0x0D
    }

    func startsWith(_ i: Int, _ s: StaticString) -> Bool {
        let len = s.utf8CodeUnitCount
        guard i + len <= p.count else { return false }
        let sp = s.utf8Start
        for k in 0..<len where p[i + k] != sp[k] { return false }
        return true
    }

    func find(_ s: StaticString, from: Int) -> Int? {
        let len = s.utf8CodeUnitCount
        let sp = s.utf8Start
        let first = sp[0]
        var i = from
        let last = p.count - len
        while i <= last {
            if p[i] == first {
                var k = 1
                while k < len && p[i + k] == sp[k] { k += 1 }
                if k == len { return i }
            }
            i += 1
        }
        return nil
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Why a file could not be read, with where.
public struct XMLParseError: Error, Sendable, CustomStringConvertible {
    public enum Kind: String, Sendable {
        case malformed
        case conflictMarkers = "conflict-markers"
        case unsupportedFormat = "unsupported-format"
        case unsupportedEncoding = "unsupported-encoding"
        case dtd
        case tooLarge = "too-large"
    }

    public var kind: Kind
    public var location: SourceLocation
    public var message: String

    public var description: String { "\(location): error: \(message)" }
}

/// A strict, byte-level XML 1.0 reader for UTF-8 documents without a DTD.
///
/// Strict on purpose: Interface Builder files are machine-written, so anything that is not
/// well-formed is damage (a truncated write, a hand merge) and must be reported, never repaired.
/// It accepts what libxml2 accepts for DTD-free documents, and refuses DTDs outright so no
/// entity is ever expanded and nothing is ever fetched.
public struct XMLReader {
    /// Files above this size are refused rather than read into memory.
    public static let maximumSize = 256 << 20

    /// The deepest element nesting accepted (the root is level 1): libxml2's limit without
    /// `XML_PARSE_HUGE`, so that a file the reader accepts is one Xcode's parser accepts too.
    public static let maximumDepth = 257

    public static func parse(_ bytes: [UInt8], name: String) throws(XMLParseError) -> XMLDocument {
        try parse(XMLSource(name: name, bytes: bytes))
    }

    /// `unchanged`: subtrees to take from an already read version where the bytes are the same.
    public static func parse(_ source: XMLSource, unchanged: UnchangedElements? = nil) throws(XMLParseError) -> XMLDocument {
        let reader = XMLReader(source: source, unchanged: unchanged)
        return try source.bytes.withUnsafeBufferPointer { (p) throws(XMLParseError) -> XMLDocument in
            do throws(XMLParseError) {
                return try reader.run(p)
            } catch {
                // Git conflict markers are reported as such, not as the XML error they cause.
                // Looked for only once the file has failed: a line of seven '>' or '|' is
                // well-formed character data, and a well-formed file is accepted as it is.
                switch error.kind {
                case .tooLarge, .unsupportedFormat: break
                default:
                    if let marker = ConflictMarkers.find(in: source.bytes).first(where: { !$0.isSeparator }) {
                        let text = String(repeating: Character(Unicode.Scalar(marker.character)), count: 7)
                        throw reader.fail(.conflictMarkers, at: marker.offset,
                                          "the file contains git conflict markers (\(text)); resolve the conflict first, e.g. with `xibmerge resolve`")
                    }
                }
                throw error
            }
        }
    }

    /// Checks that bytes read as XML, skipping `copies`: ranges that are whole elements copied
    /// byte for byte from a file that was read (`XMLWriter.writeRecordingCopies`). An element
    /// read well-formed is well-formed wherever content may stand, so only what was written
    /// anew is read: the check of a merge's result, whose tree is not needed.
    public static func checkWellFormed(_ bytes: [UInt8], name: String, skipping copies: [Range<Int>]) throws(XMLParseError) {
        var reader = XMLReader(source: XMLSource(name: name, bytes: bytes), unchanged: nil)
        reader.copies = copies
        _ = try bytes.withUnsafeBufferPointer { (p) throws(XMLParseError) -> XMLDocument in try reader.run(p) }
    }

    let source: XMLSource
    private let unchanged: UnchangedElements?
    /// Ranges to skip (`checkWellFormed`); the tree read then leaves them out.
    private var copies: [Range<Int>] = []
    private let names = StringCache()
    private let values = StringCache()

    private init(source: XMLSource, unchanged: UnchangedElements?) {
        self.source = source
        self.unchanged = unchanged
    }

    private func fail(_ kind: XMLParseError.Kind = .malformed, at offset: Int, _ message: String) -> XMLParseError {
        XMLParseError(kind: kind, location: source.location(of: offset), message: message)
    }

    // MARK: - Document

    /// A white-space run between children: where it goes among them, and its bytes. (A struct,
    /// not a tuple: an array of tuples has its type built at run time, a visible cost.)
    struct WhitespaceRun: Sendable {
        var index: Int
        var range: Range<Int>
    }

    private struct Frame {
        var name: String
        var nameStart: Int
        var nameEnd: Int
        var attributes: [XMLAttribute]
        var children: [XMLNode]
        var start: Int
        var startTagEnd: Int
        var hasText = false
        /// Where this element's white-space runs start in the reader's shared list.
        var whitespaceStart = 0
        var hasMarkupChild = false
    }

    private func run(_ p: UnsafeBufferPointer<UInt8>) throws(XMLParseError) -> XMLDocument {
        let n = p.count
        if n > XMLReader.maximumSize {
            throw fail(.tooLarge, at: 0, "file is too large (\(n >> 20) MiB; the limit is \(XMLReader.maximumSize >> 20) MiB)")
        }
        try checkForeignFormats(p)
        var i = 0
        if n >= 3 && p[0] == 0xEF && p[1] == 0xBB && p[2] == 0xBF { i = 3 }
        try validateCharacters(p, from: i, to: n)
        return try readDocument(p, from: i)
    }

    /// `run` after the characters were checked.
    private func readDocument(_ p: UnsafeBufferPointer<UInt8>, from start: Int) throws(XMLParseError) -> XMLDocument {
        let n = p.count
        var i = start
        let declStart = i
        if startsWith(p, i, "<?xml") && i + 5 < n && isSpace(p[i + 5]) {
            i = try parseDeclaration(p, i)
        }
        // Prolog: misc until the root start tag.
        var rootStart = -1
        while i < n {
            let c = p[i]
            if isSpace(c) { i += 1; continue }
            if c == 0x3C {
                if startsWith(p, i, "<!--") { i = try parseComment(p, i).end; continue }
                if startsWith(p, i, "<!DOCTYPE") {
                    throw fail(.dtd, at: i, "document type declarations (DTDs) are not supported in Interface Builder files")
                }
                if startsWith(p, i, "<?") { i = try parsePI(p, i, declStart: declStart).end; continue }
                if i + 1 < n, isNameStart(p, i + 1) { rootStart = i; break }
                throw fail(at: i, "expected the root element")
            }
            if let decl = find(p, "<?xml", from: i), decl < i + 64 {
                throw fail(at: i, "unexpected content before the XML declaration (the declaration must start the file)")
            }
            throw fail(at: i, "text is not allowed before the root element")
        }
        if rootStart < 0 {
            throw fail(at: n, n == 0 ? "the file is empty" : "the file has no root element")
        }
        let prolog = Array(p[0..<rootStart])
        let (root, rootEnd) = try parseElementTree(p, rootStart)
        // Epilog: only whitespace, comments and processing instructions.
        i = rootEnd
        while i < n {
            let c = p[i]
            if isSpace(c) { i += 1; continue }
            if startsWith(p, i, "<!--") { i = try parseComment(p, i).end; continue }
            if startsWith(p, i, "<?") { i = try parsePI(p, i, declStart: declStart).end; continue }
            throw fail(at: i, "extra content after the end of the root element")
        }
        let epilog = Array(p[rootEnd..<n])
        let newline = detectNewline(p)
        return XMLDocument(source: source, prolog: prolog, root: root, epilog: epilog,
                           newline: newline, indentUnit: detectIndent(p, rootStart: rootStart, newline: newline))
    }

    private func detectNewline(_ p: UnsafeBufferPointer<UInt8>) -> String {
        for i in 0..<p.count where p[i] == 0x0A {
            return i > 0 && p[i - 1] == 0x0D ? "\r\n" : "\n"
        }
        return "\n"
    }

    /// The whitespace that starts the first line inside the root element.
    private func detectIndent(_ p: UnsafeBufferPointer<UInt8>, rootStart: Int, newline: String) -> String {
        guard let nl = find(p, "\n", from: rootStart) else { return "    " }
        var j = nl + 1
        while j < p.count, p[j] == 0x20 || p[j] == 0x09 { j += 1 }
        if j == nl + 1 { return "    " }
        return String(decoding: UnsafeBufferPointer(rebasing: p[(nl + 1)..<j]), as: UTF8.self)
    }

    // MARK: - Up-front checks

    private func checkForeignFormats(_ p: UnsafeBufferPointer<UInt8>) throws(XMLParseError) {
        if startsWith(p, 0, "bplist") || startsWith(p, 0, "NIBArchive") {
            throw fail(.unsupportedFormat, at: 0, "unsupported format: this is a compiled binary nib, not Interface Builder XML; open and save the source in Xcode 5 or later")
        }
        if p.count >= 2 && ((p[0] == 0xFE && p[1] == 0xFF) || (p[0] == 0xFF && p[1] == 0xFE)) {
            throw fail(.unsupportedEncoding, at: 0, "unsupported encoding: the file is UTF-16; Interface Builder files are UTF-8")
        }
        if let z = p.prefix(8000).firstIndex(of: 0) {
            throw fail(.unsupportedFormat, at: z, "unsupported format: the file is binary (it contains NUL bytes), not Interface Builder XML")
        }
    }

    /// UTF-8 well-formedness and the XML 1.0 `Char` production, in one pass.
    private func validateCharacters(_ p: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) throws(XMLParseError) {
        var i = start
        let n = end
        let raw = UnsafeRawPointer(p.baseAddress!)
        while i < n {
            // Eight plain printable ASCII bytes at a time (no byte >= 0x80, none < 0x20).
            while i + 8 <= n {
                let x = raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)
                let high: UInt64 = 0x8080_8080_8080_8080
                if (x | (x &- 0x2020_2020_2020_2020)) & high != 0 { break }
                i += 8
            }
            guard i < n else { break }
            let b = p[i]
            if b < 0x80 {
                if b < 0x20 && b != 0x09 && b != 0x0A && b != 0x0D {
                    throw fail(at: i, "invalid character U+\(hex(UInt32(b))) (control characters are not allowed in XML)")
                }
                i += 1
                continue
            }
            guard let (scalar, len) = decodeUTF8(p, i) else {
                throw fail(.malformed, at: i, "invalid UTF-8 byte sequence")
            }
            if scalar == 0xFFFE || scalar == 0xFFFF {
                throw fail(at: i, "invalid character U+\(hex(scalar))")
            }
            i += len
        }
    }

    // MARK: - Elements

    /// Reads the root element and everything in it.
    private func parseElementTree(_ p: UnsafeBufferPointer<UInt8>, _ rootStart: Int) throws(XMLParseError) -> (XMLElement, Int) {
        let (rootFrame, rootEnd, selfClosing) = try parseStartTag(p, rootStart)
        if selfClosing {
            let origin = XMLOrigin(source: source, span: rootStart..<rootEnd, startTagEnd: rootEnd, depth: 0, selfClosing: true)
            return (XMLElement(name: rootFrame.name, attributes: rootFrame.attributes, children: [], origin: origin), rootEnd)
        }
        var stack: [Frame] = [rootFrame]
        stack.reserveCapacity(64)
        // White-space runs between children, as ranges for all open elements (one list, no
        // allocation per element): they become text nodes only when an element turns out
        // not to be element-only content (rare in IB files).
        var whitespace: [WhitespaceRun] = []
        whitespace.reserveCapacity(256)
        var reuse = unchanged.map(UnchangedElementCursor.init)
        var copy = 0
        var i = rootEnd
        let n = p.count
        while true {
            guard i < n else {
                let open = stack[stack.count - 1]
                let loc = source.location(of: open.start)
                throw fail(at: n, "unexpected end of file: element <\(open.name)> opened at line \(loc.line), column \(loc.column) is not closed")
            }
            guard p[i] == 0x3C else {
                i = try parseCharacterData(p, from: i, &stack, &whitespace)
                continue
            }
            guard i + 1 < n else { throw fail(at: i + 1, "unexpected end of file after '<'") }
            switch p[i + 1] {
            case 0x2F:  // end tag
                let end = try parseEndTag(p, i, closing: stack[stack.count - 1])
                if let root = close(&stack, &whitespace, p, end: end) { return (root, end) }
                i = end
                continue
            case 0x21:  // <!
                i = try parseMarkupDeclaration(p, i, into: &stack[stack.count - 1])
                continue
            case 0x3F:  // <?
                let (body, end) = try parsePI(p, i, declStart: -1)
                stack[stack.count - 1].children.append(.processingInstruction(body))
                stack[stack.count - 1].hasMarkupChild = true
                i = end
                continue
            default:
                break
            }
            guard isNameStart(p, i + 1) else { throw fail(at: i + 1, "expected an element name after '<'") }
            if stack.count >= XMLReader.maximumDepth {
                throw fail(.tooLarge, at: i, "elements are nested too deeply (more than \(XMLReader.maximumDepth) levels)")
            }
            if copy < copies.count {
                while copy < copies.count && copies[copy].lowerBound < i { copy += 1 }
                if copy < copies.count, copies[copy].lowerBound == i, copies[copy].upperBound <= n, p[copies[copy].upperBound - 1] == 0x3E {
                    stack[stack.count - 1].hasMarkupChild = true
                    i = copies[copy].upperBound
                    continue
                }
            }
            if reuse != nil, let (element, end) = reuse!.take(at: i, depth: stack.count, p) {
                append(element, to: &stack[stack.count - 1])
                i = end
                continue
            }
            let (frame, end, selfClosing) = try parseStartTag(p, i)
            if selfClosing {
                let origin = XMLOrigin(source: source, span: i..<end, startTagEnd: end, depth: stack.count, selfClosing: true)
                append(XMLElement(name: frame.name, attributes: frame.attributes, children: [], origin: origin), to: &stack[stack.count - 1])
            } else {
                var opened = frame
                opened.whitespaceStart = whitespace.count
                stack.append(opened)
            }
            i = end
        }
    }

    @inline(__always)
    private func append(_ element: consuming XMLElement, to parent: inout Frame) {
        if parent.children.capacity == 0 { parent.children.reserveCapacity(4) }
        parent.children.append(.element(element))
        parent.hasMarkupChild = true
    }

    /// The end tag at `start` (`</`), which must close `top`; returns the offset after it.
    private func parseEndTag(_ p: UnsafeBufferPointer<UInt8>, _ start: Int, closing top: Frame) throws(XMLParseError) -> Int {
        let n = p.count
        var j = start + 2
        guard j < n, isNameStart(p, j) else { throw fail(at: j, "expected an element name after '</'") }
        let nameStart = j
        j = scanName(p, j)
        if j - nameStart != top.nameEnd - top.nameStart
            || memcmp(p.baseAddress! + nameStart, p.baseAddress! + top.nameStart, j - nameStart) != 0 {
            let loc = source.location(of: top.start)
            let got = String(decoding: UnsafeBufferPointer(rebasing: p[nameStart..<j]), as: UTF8.self)
            throw fail(at: start, "end tag </\(got)> does not match start tag <\(top.name)> opened at line \(loc.line), column \(loc.column)")
        }
        while j < n && isSpace(p[j]) { j += 1 }
        guard j < n, p[j] == 0x3E else { throw fail(at: j, j < n ? "expected '>' to close end tag </\(top.name)>" : "unexpected end of file in end tag </\(top.name)>") }
        return j + 1
    }

    /// A comment or CDATA section at `start` (`<!`), added to `parent`; returns the offset after it.
    private func parseMarkupDeclaration(_ p: UnsafeBufferPointer<UInt8>, _ start: Int, into parent: inout Frame) throws(XMLParseError) -> Int {
        if startsWith(p, start, "<!--") {
            let (body, end) = try parseComment(p, start)
            var comment = XMLComment(text: body)
            comment.leadingSpace = leadingSpace(p, before: start)
            parent.children.append(.comment(comment))
            parent.hasMarkupChild = true
            return end
        }
        if startsWith(p, start, "<![CDATA[") {
            guard let close = find(p, "]]>", from: start + 9) else {
                throw fail(at: p.count, "unexpected end of file in a CDATA section")
            }
            parent.children.append(.cdata(String(decoding: UnsafeBufferPointer(rebasing: p[(start + 9)..<close]), as: UTF8.self)))
            parent.hasText = true
            return close + 3
        }
        if startsWith(p, start, "<!DOCTYPE") {
            throw fail(.dtd, at: start, "document type declarations (DTDs) are not supported in Interface Builder files")
        }
        throw fail(at: start, "unexpected '<!' in content")
    }

    /// Character data from `start` up to the next markup, added to the innermost open element
    /// (white space only: remembered in `whitespace`); returns the offset where it ends.
    private func parseCharacterData(_ p: UnsafeBufferPointer<UInt8>, from start: Int, _ stack: inout [Frame],
                                    _ whitespace: inout [WhitespaceRun]) throws(XMLParseError) -> Int {
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
                i = try parseReference(p, i)
                allSpace = false
                continue
            }
            if b == 0x3E && i >= 2 && p[i - 1] == 0x5D && p[i - 2] == 0x5D && i - 2 >= start {
                throw fail(at: i - 2, "']]>' is not allowed in text content")
            }
            if !isSpace(b) { allSpace = false }
            i += 1
        }
        if allSpace {
            whitespace.append(WhitespaceRun(index: stack[stack.count - 1].children.count, range: start..<i))
        } else {
            stack[stack.count - 1].children.append(.text(XMLText(raw: string(p, start, i))))
            stack[stack.count - 1].hasText = true
        }
        return i
    }

    /// Closes the innermost open element, whose end tag ends at `end`: adds it to its parent,
    /// or returns it when it is the root.
    @inline(__always)
    private func close(_ stack: inout [Frame], _ whitespace: inout [WhitespaceRun], _ p: UnsafeBufferPointer<UInt8>,
                       end j: Int) -> XMLElement? {
        var top = stack.removeLast()
        if whitespace.count > top.whitespaceStart {
            if top.hasText || !top.hasMarkupChild {
                for w in whitespace[top.whitespaceStart...].reversed() {
                    top.children.insert(.text(XMLText(raw: string(p, w.range.lowerBound, w.range.upperBound))), at: w.index)
                }
            }
            whitespace.removeSubrange(top.whitespaceStart...)
        }
        let origin = XMLOrigin(source: source, span: top.start..<j, startTagEnd: top.startTagEnd,
                               depth: stack.count, selfClosing: false)
        var element = XMLElement(name: top.name, attributes: top.attributes, children: top.children, origin: origin)
        if top.children.isEmpty { element.writtenAsEmptyPair = true }
        if stack.isEmpty { return element }
        append(element, to: &stack[stack.count - 1])
        return nil
    }

    /// Parses `<name attr="v" ...>` or `.../>` starting at `<`.
    private func parseStartTag(_ p: UnsafeBufferPointer<UInt8>, _ start: Int) throws(XMLParseError) -> (Frame, Int, Bool) {
        let n = p.count
        var j = start + 1
        let nameStart = j
        j = try scanQualifiedName(p, j)
        let nameEnd = j
        let name = names.string(p, nameStart, j)
        var attributes: [XMLAttribute] = []
        while true {
            guard j < n else { throw fail(at: n, "unexpected end of file in start tag <\(name)>") }
            var sawSpace = false
            while j < n && isSpace(p[j]) { j += 1; sawSpace = true }
            guard j < n else { throw fail(at: n, "unexpected end of file in start tag <\(name)>") }
            let c = p[j]
            if c == 0x3E {
                return (Frame(name: name, nameStart: nameStart, nameEnd: nameEnd, attributes: attributes, children: [], start: start, startTagEnd: j + 1), j + 1, false)
            }
            if c == 0x2F {
                guard j + 1 < n else { throw fail(at: n, "unexpected end of file in start tag <\(name)>") }
                guard p[j + 1] == 0x3E else { throw fail(at: j + 1, "expected '>' after '/' in start tag <\(name)>") }
                return (Frame(name: name, nameStart: nameStart, nameEnd: nameEnd, attributes: attributes, children: [], start: start, startTagEnd: j + 2), j + 2, true)
            }
            guard isNameStart(p, j) else { throw fail(at: j, "unexpected character in start tag <\(name)>") }
            guard sawSpace else { throw fail(at: j, "attributes must be separated by white space in <\(name)>") }
            let attrStart = j
            j = try scanQualifiedName(p, j)
            let attrName = names.string(p, attrStart, j)
            while j < n && isSpace(p[j]) { j += 1 }
            guard j < n, p[j] == 0x3D else { throw fail(at: j, j < n ? "expected '=' after attribute name '\(attrName)'" : "unexpected end of file in start tag <\(name)>") }
            j += 1
            while j < n && isSpace(p[j]) { j += 1 }
            guard j < n, p[j] == 0x22 || p[j] == 0x27 else { throw fail(at: j, j < n ? "expected a quoted value for attribute '\(attrName)'" : "unexpected end of file in start tag <\(name)>") }
            let quote = p[j]
            j += 1
            let valueStart = j
            var needsDecoding = false
            while true {
                guard j < n else { throw fail(at: n, "unexpected end of file in the value of attribute '\(attrName)'") }
                let b = p[j]
                if b == quote { break }
                if b == 0x3C { throw fail(at: j, "'<' is not allowed in attribute values (attribute '\(attrName)')") }
                if b == 0x26 {
                    j = try parseReference(p, j)
                    needsDecoding = true
                    continue
                }
                if b == 0x09 || b == 0x0A || b == 0x0D || b == 0x3E { needsDecoding = true }
                j += 1
            }
            // By index and length first: copying each attribute out, and comparing unequal
            // strings out of line, cost more than the rest of reading a name.
            for k in attributes.indices where attributes[k].name.isSameName(as: attrName) {
                throw fail(at: attrStart, "duplicate attribute '\(attrName)' in <\(name)>")
            }
            let rawString = values.string(p, valueStart, j)
            // Most elements have 3 to 6 attributes: one allocation instead of growing 1, 2, 4, 8.
            if attributes.capacity == 0 { attributes.reserveCapacity(6) }
            if needsDecoding {
                let value = decodeAttribute(p, valueStart, j)
                let raw: String? = XMLEscaping.escapeAttribute(value) == rawString ? nil : rawString
                attributes.append(XMLAttribute(name: attrName, value: value, raw: raw, singleQuoted: quote == 0x27))
            } else {
                attributes.append(XMLAttribute(name: attrName, value: rawString, raw: nil, singleQuoted: quote == 0x27))
            }
            j += 1
        }
    }

    /// Attribute-value normalisation: references decoded, literal white space becomes a space.
    private func decodeAttribute(_ p: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(end - start)
        var j = start
        while j < end {
            let b = p[j]
            if b == 0x26 {
                var k = j + 1
                while p[k] != 0x3B { k += 1 }
                let name = string(p, j + 1, k)
                if let scalar = XMLEscaping.referenceScalar(name) { out.append(contentsOf: Array(String(scalar).utf8)) }
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

    /// Validates `&name;`, `&#N;` or `&#xH;` at `start`; returns the offset after `;`.
    private func parseReference(_ p: UnsafeBufferPointer<UInt8>, _ start: Int) throws(XMLParseError) -> Int {
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
            guard isXMLChar(value) else {
                throw fail(at: start, "character reference to an invalid character (&#\(hexadecimal ? "x" : "")\(string(p, digitsStart, j));)")
            }
            return j + 1
        }
        guard isNameStart(p, j) else { throw fail(at: start, "'&' must start an entity or character reference (write '&amp;')") }
        let nameStart = j
        j = scanName(p, j)
        guard j < n, p[j] == 0x3B else { throw fail(at: start, "entity reference is missing its ';'") }
        let name = string(p, nameStart, j)
        switch name {
        case "amp", "lt", "gt", "quot", "apos": return j + 1
        default: throw fail(at: start, "undefined entity '&\(name);' (only &amp; &lt; &gt; &quot; &apos; exist without a DTD)")
        }
    }

    /// Returns the comment body and the offset after `-->`.
    private func parseComment(_ p: UnsafeBufferPointer<UInt8>, _ start: Int) throws(XMLParseError) -> (String, end: Int) {
        let n = p.count
        var j = start + 4
        while j + 1 < n {
            if p[j] == 0x2D && p[j + 1] == 0x2D {
                guard j + 2 < n else { break }
                guard p[j + 2] == 0x3E else { throw fail(at: j, "'--' is not allowed inside a comment") }
                return (string(p, start + 4, j), j + 3)
            }
            j += 1
        }
        throw fail(at: n, "unexpected end of file in a comment")
    }

    /// Returns the body of `<?target ...?>` and the offset after `?>`.
    private func parsePI(_ p: UnsafeBufferPointer<UInt8>, _ start: Int, declStart: Int) throws(XMLParseError) -> (String, end: Int) {
        let n = p.count
        var j = start + 2
        guard j < n, isNameStart(p, j) else { throw fail(at: j, "expected a processing-instruction target after '<?'") }
        let targetStart = j
        j = scanName(p, j)
        let target = string(p, targetStart, j)
        if target.lowercased() == "xml" {
            throw fail(at: start, start == declStart ? "malformed XML declaration" : "the XML declaration is allowed only at the very start of the file")
        }
        guard j < n else { throw fail(at: n, "unexpected end of file in a processing instruction") }
        if !(isSpace(p[j]) || (p[j] == 0x3F && j + 1 < n && p[j + 1] == 0x3E)) {
            throw fail(at: j, "malformed processing instruction")
        }
        guard let close = find(p, "?>", from: j) else { throw fail(at: n, "unexpected end of file in a processing instruction") }
        return (string(p, start + 2, close), close + 2)
    }

    /// `<?xml version="1.x" (encoding="...")? (standalone="yes|no")? ?>`
    private func parseDeclaration(_ p: UnsafeBufferPointer<UInt8>, _ start: Int) throws(XMLParseError) -> Int {
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
            guard sawSpace || spaceOptional, isNameStart(p, j) else {
                throw fail(at: j, isNameStart(p, j) ? "malformed XML declaration: expected white space before '\(string(p, j, scanName(p, j)))'" : "malformed XML declaration")
            }
            spaceOptional = false
            let ns = j
            j = scanName(p, j)
            let name = string(p, ns, j)
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
            let value = string(p, vs, j)
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

    // MARK: - Low-level helpers

    /// The strings for element and attribute names, and (another instance) for attribute values:
    /// a file spells a few dozen names thousands of times, and most values repeat too (`YES`,
    /// `NO`, `system`); making each a String again (a UTF-8 check, for long ones an allocation)
    /// was a visible share of reading. Direct-mapped on the name's first 16 bytes and length; a long
    /// name that matches those is compared in full. Pointer storage: no exclusivity checks.
    private final class StringCache {
        private struct Entry {
            var head: (UInt64, UInt64) = (0, 0)
            var count = 0
            /// Where the name was first read (this cache serves one file).
            var start = 0
            var string = ""
        }
        private static let size = 512
        private let entries: UnsafeMutablePointer<Entry>

        init() {
            entries = .allocate(capacity: StringCache.size)
            entries.initialize(repeating: Entry(), count: StringCache.size)
        }

        deinit {
            entries.deinitialize(count: StringCache.size)
            entries.deallocate()
        }

        @inline(__always) func string(_ p: UnsafeBufferPointer<UInt8>, _ a: Int, _ b: Int) -> String {
            let n = b - a
            guard n > 0, a + 16 <= p.count else { return make(p, a, b) }
            let raw = UnsafeRawPointer(p.baseAddress! + a)
            var w0 = raw.loadUnaligned(as: UInt64.self)
            var w1 = raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self)
            if n < 16 {
                if n < 8 { w0 &= (1 << UInt64(n * 8)) - 1; w1 = 0 } else if n > 8 { w1 &= (1 << UInt64((n - 8) * 8)) - 1 } else { w1 = 0 }
            }
            let h = (w0 ^ (w1 &* 0x9E37_79B9_7F4A_7C15) ^ UInt64(n)) &* 0xBF58_476D_1CE4_E5B9
            let e = entries + Int(truncatingIfNeeded: h >> 55)  // 512 slots
            if e.pointee.count == n, e.pointee.head == (w0, w1),
               n <= 16 || memcmp(p.baseAddress! + e.pointee.start, p.baseAddress! + a, n) == 0 {
                return e.pointee.string
            }
            let s = make(p, a, b)
            e.pointee = Entry(head: (w0, w1), count: n, start: a, string: s)
            return s
        }

        private func make(_ p: UnsafeBufferPointer<UInt8>, _ a: Int, _ b: Int) -> String {
            String(decoding: UnsafeBufferPointer(rebasing: p[a..<b]), as: UTF8.self)
        }
    }

    /// The spaces and tabs between the previous line break and `i`, if only those.
    private func leadingSpace(_ p: UnsafeBufferPointer<UInt8>, before i: Int) -> String? {
        var j = i
        while j > 0 && (p[j - 1] == 0x20 || p[j - 1] == 0x09) { j -= 1 }
        guard j > 0, p[j - 1] == 0x0A else { return nil }
        return string(p, j, i)
    }

    private func string(_ p: UnsafeBufferPointer<UInt8>, _ a: Int, _ b: Int) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: p[a..<b]), as: UTF8.self)
    }

    @inline(__always) private func isSpace(_ b: UInt8) -> Bool {
        b == 0x20 || b == 0x0A || b == 0x09 || b == 0x0D
    }

    private func startsWith(_ p: UnsafeBufferPointer<UInt8>, _ i: Int, _ s: StaticString) -> Bool {
        let len = s.utf8CodeUnitCount
        guard i + len <= p.count else { return false }
        let sp = s.utf8Start
        for k in 0..<len where p[i + k] != sp[k] { return false }
        return true
    }

    private func find(_ p: UnsafeBufferPointer<UInt8>, _ s: StaticString, from: Int) -> Int? {
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

    @inline(__always) private func isNameStart(_ p: UnsafeBufferPointer<UInt8>, _ i: Int) -> Bool {
        let b = p[i]
        if b < 0x80 {
            return (b >= 0x61 && b <= 0x7A) || (b >= 0x41 && b <= 0x5A) || b == 0x5F || b == 0x3A
        }
        guard let (s, _) = decodeUTF8(p, i) else { return false }
        return isNameStartScalar(s)
    }

    /// Names of elements and attributes are read as namespace-qualified names, as libxml2 does.
    /// It tolerates names that are not namespace-well-formed (`a:`, `:a`, `a::b`, `a:b:c`), with
    /// one exception: in `prefix:local:rest`, `rest` must start like a name (a letter, `_` or `:`),
    /// not with a digit, `-`, `.` or a combining mark (`a:b:1c`).
    @inline(__always) private func checkQualifiedName(_ p: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) throws(XMLParseError) {
        // Fast path: most names have no colon at all.
        var c1 = start
        while c1 < end && p[c1] != 0x3A { c1 += 1 }
        guard c1 < end, c1 > start, c1 + 1 < end, p[c1 + 1] != 0x3A, isNameStart(p, c1 + 1) else { return }
        var c2 = c1 + 1
        while c2 < end && p[c2] != 0x3A { c2 += 1 }
        guard c2 + 1 < end, !isNameStart(p, c2 + 1) else { return }
        let len = decodeUTF8(p, c2 + 1)?.1 ?? 1
        throw fail(at: c2 + 1, "malformed name '\(string(p, start, end))': after a second ':' a name must go on with a letter, '_' or ':', not '\(string(p, c2 + 1, c2 + 1 + len))'")
    }

    /// `scanName` for element and attribute names: the qualified-name check runs only for the
    /// rare name with a colon, rather than as a second pass over every name.
    @inline(__always) private func scanQualifiedName(_ p: UnsafeBufferPointer<UInt8>, _ start: Int) throws(XMLParseError) -> Int {
        let (end, sawColon) = scanName(p, start, noticingColon: ())
        if sawColon { try checkQualifiedName(p, start, end) }
        return end
    }

    /// Offset after the name that starts at `i` (which must be a name start).
    @inline(__always) private func scanName(_ p: UnsafeBufferPointer<UInt8>, _ start: Int) -> Int {
        scanName(p, start, noticingColon: ()).end
    }

    /// ASCII name characters as a 128-bit set: `- . 0-9 :` below 64, `A-Z _ a-z` above.
    private static let nameBitsLow: UInt64 = (1 << 0x2D) | (1 << 0x2E) | (0x3FF << 0x30) | (1 << 0x3A)
    private static let nameBitsHigh: UInt64 = (0x3FF_FFFF << (0x41 - 64)) | (1 << (0x5F - 64)) | (0x3FF_FFFF << (0x61 - 64))

    @inline(__always) private func scanName(_ p: UnsafeBufferPointer<UInt8>, _ start: Int, noticingColon: Void) -> (end: Int, sawColon: Bool) {
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
                let bits = b < 64 ? XMLReader.nameBitsLow >> UInt64(b) : XMLReader.nameBitsHigh >> UInt64(b &- 64)
                if bits & 1 != 0 {
                    if b == 0x3A { sawColon = true }
                    i += 1
                    continue
                }
                return (i, sawColon)
            }
            guard let (s, len) = decodeUTF8(p, i), isNameScalar(s) else { return (i, sawColon) }
            i += len
        }
        return (i, sawColon)
    }

    private func isNameStartScalar(_ c: UInt32) -> Bool {
        switch c {
        case 0xC0...0xD6, 0xD8...0xF6, 0xF8...0x2FF, 0x370...0x37D, 0x37F...0x1FFF, 0x200C...0x200D,
             0x2070...0x218F, 0x2C00...0x2FEF, 0x3001...0xD7FF, 0xF900...0xFDCF, 0xFDF0...0xFFFD, 0x10000...0xEFFFF:
            return true
        default:
            return false
        }
    }

    private func isNameScalar(_ c: UInt32) -> Bool {
        isNameStartScalar(c) || c == 0xB7 || (0x300...0x36F).contains(c) || (0x203F...0x2040).contains(c)
    }

    private func isXMLChar(_ c: UInt32) -> Bool {
        c == 0x9 || c == 0xA || c == 0xD || (0x20...0xD7FF).contains(c) || (0xE000...0xFFFD).contains(c) || (0x10000...0x10FFFF).contains(c)
    }

    private func hex(_ v: UInt32) -> String {
        let s = String(v, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - s.count)) + s
    }

    /// Decodes one multi-byte UTF-8 scalar strictly (no overlongs, no surrogates).
    private func decodeUTF8(_ p: UnsafeBufferPointer<UInt8>, _ i: Int) -> (UInt32, Int)? {
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

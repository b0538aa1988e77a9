/// A strict, byte-level XML 1.0 reader for UTF-8 documents without a DTD.
///
/// Strict on purpose: Interface Builder files are machine-written, so anything that is not
/// well-formed is damage (a truncated write, a hand merge) and must be reported, never repaired.
/// It accepts what libxml2 accepts for DTD-free documents, and refuses DTDs outright so no
/// entity is ever expanded and nothing is ever fetched.
///
/// This file reads the document around the root element (the up-front checks, the prolog and
/// the epilog); `XMLScanner` reads each piece of markup, `XMLTreeBuilder` builds the root's tree,
/// `UnchangedElements` lets a merge take subtrees from base, and `checkWellFormed` re-checks a
/// merge's written result.
public struct XMLReader {
    /// The deepest element nesting accepted by default (`XMLLimits.maximumDepth`).
    public static var maximumDepth: Int { XMLLimits.default.maximumDepth }

    public static func parse(_ bytes: [UInt8], name: String, limits: XMLLimits = .default) throws(XMLParseError) -> XMLDocument {
        try parse(XMLSource(name: name, bytes: bytes), limits: limits)
    }

    /// `unchanged`: subtrees to take from an already read version where the bytes are the same.
    public static func parse(_ source: XMLSource, unchanged: UnchangedElements? = nil,
                             limits: XMLLimits = .default) throws(XMLParseError) -> XMLDocument {
        try read(source, unchanged: unchanged, limits: limits).document
    }

    /// `parse`, and the subtrees the document took whole from `unchanged`'s base, in document
    /// order (`BaseElements.Taken`).
    static func read(_ source: XMLSource, unchanged: UnchangedElements?,
                     limits: XMLLimits = .default) throws(XMLParseError) -> (document: XMLDocument, taken: [BaseElements.Taken]) {
        try source.bytes.withUnsafeBufferPointer { (p) throws(XMLParseError) -> (document: XMLDocument, taken: [BaseElements.Taken]) in
            do throws(XMLParseError) {
                var reader = XMLReader(source: source, bytes: p, limits: limits, unchanged: unchanged, copies: [])
                let document = try reader.read()
                return (document, reader.builder.taken)
            } catch {
                throw error.reportingConflictMarkers(in: source)
            }
        }
    }

    private let scanner: XMLScanner
    private(set) var builder: XMLTreeBuilder
    /// Bytes whose characters were checked when another file was read, in order: the runs
    /// `unchanged` shares with base (those whose bytes are base's: `verified`), or the `copies`
    /// of elements the writer took from files it read. Whole lines and whole elements, so no
    /// UTF-8 sequence crosses their ends.
    private let checked: [Range<Int>]

    init(source: XMLSource, bytes: UnsafeBufferPointer<UInt8>, limits: XMLLimits, unchanged: UnchangedElements?, copies: [Range<Int>]) {
        let unchanged = unchanged?.verified(in: bytes)
        checked = unchanged.map { $0.runs.map { $0.start..<$0.start + $0.count } } ?? copies
        scanner = XMLScanner(source: source, bytes: bytes, skipped: checked.reduce(0) { $0 + $1.count }, limits: limits)
        builder = XMLTreeBuilder(scanner: scanner, unchanged: unchanged, copies: copies)
    }

    private var source: XMLSource { scanner.source }

    mutating func read() throws(XMLParseError) -> XMLDocument {
        let p = scanner.p
        let n = p.count
        if n > scanner.limits.maximumFileSize {
            throw scanner.fail(.tooLarge, at: 0, XMLLimits.fileTooLarge(n, limit: scanner.limits.maximumFileSize))
        }
        try checkForeignFormats()
        var i = 0
        if n >= 3 && p[0] == 0xEF && p[1] == 0xBB && p[2] == 0xBF { i = 3 }
        try validateUnchecked(from: i)
        let rootStart = try readProlog(from: i)
        let (root, rootEnd) = try builder.readRoot(at: rootStart)
        try readEpilog(from: rootEnd, declStart: i)
        let newline = detectNewline()
        return XMLDocument(source: source, prolog: Array(p[0..<rootStart]), root: root, epilog: Array(p[rootEnd..<n]),
                           newline: newline, indentUnit: detectIndent(root.origin!))
    }

    /// `XMLScanner.validateCharacters` from `start` on, but for the bytes an earlier read
    /// checked (`checked`): a side of a merge shares most of its bytes with base.
    private func validateUnchecked(from start: Int) throws(XMLParseError) {
        var i = start
        for r in checked {
            if i < r.lowerBound { try scanner.validateCharacters(from: i, to: r.lowerBound) }
            i = max(i, r.upperBound)
        }
        if i < scanner.p.count { try scanner.validateCharacters(from: i, to: scanner.p.count) }
    }

    /// The XML declaration, comments, processing instructions and white space before the root
    /// element, which starts at `start` or later; returns where the root element starts.
    private func readProlog(from start: Int) throws(XMLParseError) -> Int {
        let p = scanner.p
        let n = p.count
        var i = start
        let declStart = i
        if scanner.startsWith(i, "<?xml") && i + 5 < n && scanner.isSpace(p[i + 5]) {
            i = try scanner.declaration(at: i)
        }
        while i < n {
            let c = p[i]
            if scanner.isSpace(c) { i += 1; continue }
            if c == 0x3C {
                if scanner.startsWith(i, "<!--") { i = try scanner.comment(at: i).end; continue }
                if scanner.startsWith(i, "<!DOCTYPE") {
                    throw scanner.fail(.dtd, at: i, "document type declarations (DTDs) are not supported in Interface Builder files")
                }
                if scanner.startsWith(i, "<?") { i = try scanner.processingInstruction(at: i, declStart: declStart).end; continue }
                if i + 1 < n, scanner.isNameStart(i + 1) { return i }
                throw scanner.fail(at: i, "expected the root element")
            }
            if let decl = scanner.find("<?xml", from: i), decl < i + 64 {
                throw scanner.fail(at: i, "unexpected content before the XML declaration (the declaration must start the file)")
            }
            throw scanner.fail(at: i, "text is not allowed before the root element")
        }
        throw scanner.fail(at: n, n == 0 ? "the file is empty" : "the file has no root element")
    }

    /// After the root element: only white space, comments and processing instructions.
    private func readEpilog(from start: Int, declStart: Int) throws(XMLParseError) {
        let p = scanner.p
        var i = start
        while i < p.count {
            if scanner.isSpace(p[i]) { i += 1; continue }
            if scanner.startsWith(i, "<!--") { i = try scanner.comment(at: i).end; continue }
            if scanner.startsWith(i, "<?") { i = try scanner.processingInstruction(at: i, declStart: declStart).end; continue }
            throw scanner.fail(at: i, "extra content after the end of the root element")
        }
    }

    private func checkForeignFormats() throws(XMLParseError) {
        let p = scanner.p
        if scanner.startsWith(0, "bplist") || scanner.startsWith(0, "NIBArchive") {
            throw scanner.fail(.unsupportedFormat, at: 0, "unsupported format: this is a compiled binary nib, not Interface Builder XML; open and save the source in Xcode 5 or later")
        }
        if p.count >= 2 && ((p[0] == 0xFE && p[1] == 0xFF) || (p[0] == 0xFF && p[1] == 0xFE)) {
            throw scanner.fail(.unsupportedEncoding, at: 0, "unsupported encoding: the file is UTF-16; Interface Builder files are UTF-8")
        }
        if let z = p.prefix(8000).firstIndex(of: 0) {
            throw scanner.fail(.unsupportedFormat, at: z, "unsupported format: the file is binary (it contains NUL bytes), not Interface Builder XML")
        }
    }

    private func detectNewline() -> String {
        let p = scanner.p
        for i in 0..<p.count where p[i] == 0x0A {
            return i > 0 && p[i - 1] == 0x0D ? "\r\n" : "\n"
        }
        return "\n"
    }

    /// One level of indentation: the spaces or tabs that start the line of the root element's
    /// first child (Xcode: four spaces), or four spaces when that child does not start a line.
    private func detectIndent(_ root: XMLOrigin) -> String {
        let p = scanner.p
        var child = root.startTagEnd
        while child < root.span.upperBound && scanner.isSpace(p[child]) { child += 1 }
        var lineStart = child
        while lineStart > root.startTagEnd && (p[lineStart - 1] == 0x20 || p[lineStart - 1] == 0x09) { lineStart -= 1 }
        guard !root.selfClosing, p[child] == 0x3C, p[lineStart - 1] == 0x0A, lineStart < child else { return "    " }
        return scanner.string(lineStart, child)
    }
}

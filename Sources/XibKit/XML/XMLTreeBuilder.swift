/// Builds the root element's tree from what `XMLScanner` reads: the open elements on a stack
/// of their own (not the thread's, which no nesting can then exhaust), each element added to
/// its parent when it closes, with its origin (`XMLOrigin`) for the writer's copies.
struct XMLTreeBuilder {
    /// A white-space run between children: where it goes among them, and its bytes. (A struct,
    /// not a tuple: an array of tuples has its type built at run time, a visible cost.)
    struct WhitespaceRun: Sendable {
        var index: Int
        var range: Range<Int>
    }

    /// An element whose end tag is still to come.
    private struct Frame {
        var tag: XMLScanner.StartTag
        /// Where this element's children start in the builder's shared list.
        var childStart = 0
        var hasText = false
        /// Where this element's white-space runs start in the builder's shared list.
        var whitespaceStart = 0
        var hasMarkupChild = false
    }

    private let scanner: XMLScanner
    private var stack: [Frame] = []
    /// The children of all open elements, innermost last (one list: an array of each element's
    /// own, grown as children came and then copied to fit, was two or three allocations an
    /// element).
    private var pending: [XMLNode] = []
    /// White-space runs between children, as ranges for all open elements (one list, no
    /// allocation per element): they become text nodes only when an element turns out not to
    /// be element-only content (rare in IB files).
    private var whitespace: [WhitespaceRun] = []
    private var reuse: UnchangedElementCursor?
    private var copies: CopiedElementCursor?
    /// Elements, comments, processing instructions and CDATA sections read (those taken from
    /// base or skipped were counted when their file was read).
    private var nodes = 0
    /// Elements in the tree so far, in document order: the next one's index in a graph.
    private var elements = 0
    /// The subtrees taken whole from base, in document order, with their places in a graph of
    /// this document and of base's (what lets the one copy the other's nodes there).
    private(set) var taken: [BaseElements.Taken] = []

    /// `unchanged`: subtrees to take from a version already read; `copies`: elements to skip
    /// (`XMLReader.checkWellFormed`), which the tree then leaves out.
    init(scanner: XMLScanner, unchanged: UnchangedElements?, copies: [Range<Int>]) {
        self.scanner = scanner
        reuse = unchanged.map(UnchangedElementCursor.init)
        self.copies = copies.isEmpty ? nil : CopiedElementCursor(copies)
    }

    /// Reads the root element at `rootStart` and everything in it; returns it and the offset
    /// after it.
    mutating func readRoot(at rootStart: Int) throws(XMLParseError) -> (XMLElement, end: Int) {
        try count(at: rootStart)
        elements = 1
        let rootTag = try scanner.startTag(at: rootStart)
        if rootTag.selfClosing { return (Self.element(rootTag, depth: 0, in: scanner.source), rootTag.end) }
        stack.reserveCapacity(64)
        stack.append(Frame(tag: rootTag))
        whitespace.reserveCapacity(256)
        let p = scanner.p
        let n = p.count
        var i = rootTag.end
        while true {
            guard i < n else {
                let open = stack[stack.count - 1].tag
                let loc = scanner.source.location(of: open.start)
                throw scanner.fail(at: n, "unexpected end of file: element <\(open.name)> opened at line \(loc.line), column \(loc.column) is not closed")
            }
            guard p[i] == 0x3C else {
                i = try characterData(from: i)
                continue
            }
            guard i + 1 < n else { throw scanner.fail(at: i + 1, "unexpected end of file after '<'") }
            switch p[i + 1] {
            case 0x2F:  // end tag
                let end = try scanner.endTag(at: i, closing: stack[stack.count - 1].tag)
                if let root = close(end: end) { return (root, end) }
                i = end
            case 0x21:  // <!
                i = try markupDeclaration(at: i)
            case 0x3F:  // <?
                try count(at: i)
                let (body, end) = try scanner.processingInstruction(at: i, declStart: -1)
                pending.append(.processingInstruction(body))
                stack[stack.count - 1].hasMarkupChild = true
                i = end
            default:
                i = try element(at: i)
            }
        }
    }

    /// The element whose start tag is at `start`: skipped when it was copied, taken whole when
    /// it is unchanged from base, else read and, unless it is empty, opened. Returns the offset
    /// after what was read.
    private mutating func element(at start: Int) throws(XMLParseError) -> Int {
        guard scanner.isNameStart(start + 1) else { throw scanner.fail(at: start + 1, "expected an element name after '<'") }
        if stack.count >= scanner.limits.maximumDepth {
            throw scanner.fail(.tooLarge, at: start, "elements are nested too deeply (more than \(scanner.limits.maximumDepth) levels)")
        }
        if copies != nil, let end = copies!.skip(at: start, scanner.p) {
            stack[stack.count - 1].hasMarkupChild = true
            return end
        }
        if reuse != nil, let (element, end, baseNode, count) = reuse!.take(at: start, depth: stack.count) {
            nodes += count - 1
            try self.count(at: start)
            taken.append(BaseElements.Taken(node: elements, baseNode: baseNode, count: count))
            elements += count
            append(element)
            return end
        }
        try count(at: start)
        elements += 1
        let tag = try scanner.startTag(at: start)
        if tag.selfClosing {
            append(Self.element(tag, depth: stack.count, in: scanner.source))
        } else {
            var opened = Frame(tag: tag)
            opened.childStart = pending.count
            opened.whitespaceStart = whitespace.count
            stack.append(opened)
        }
        return tag.end
    }

    /// Counts the node that starts at `start` against the limit.
    @inline(__always)
    private mutating func count(at start: Int) throws(XMLParseError) {
        nodes += 1
        guard nodes > scanner.limits.maximumElements else { return }
        throw scanner.fail(.tooLarge, at: start, "the file has too many elements (more than \(XMLLimits.show(scanner.limits.maximumElements)), comments and processing instructions included)")
    }

    /// An element without content, `<a/>`. (Static: a method of the builder, called while it
    /// is being changed, was given a copy of the whole builder each time.)
    private static func element(_ tag: XMLScanner.StartTag, depth: Int, in source: XMLSource) -> XMLElement {
        let origin = XMLOrigin(source: source, span: tag.start..<tag.end, startTagEnd: tag.end, depth: depth, selfClosing: true)
        return XMLElement(name: tag.name, attributes: tag.attributes, children: [], origin: origin)
    }

    @inline(__always)
    private mutating func append(_ element: consuming XMLElement) {
        let top = stack.count - 1
        pending.append(.element(element))
        stack[top].hasMarkupChild = true
    }

    /// A comment or CDATA section at `start` (`<!`), added to the open element; returns the
    /// offset after it.
    private mutating func markupDeclaration(at start: Int) throws(XMLParseError) -> Int {
        let top = stack.count - 1
        try count(at: start)
        if scanner.startsWith(start, "<!--") {
            let (body, end) = try scanner.comment(at: start)
            var comment = XMLComment(text: body)
            comment.leadingSpace = scanner.leadingSpace(before: start)
            pending.append(.comment(comment))
            stack[top].hasMarkupChild = true
            return end
        }
        if scanner.startsWith(start, "<![CDATA[") {
            let (body, end) = try scanner.cdata(at: start)
            pending.append(.cdata(body))
            stack[top].hasText = true
            return end
        }
        if scanner.startsWith(start, "<!DOCTYPE") {
            throw scanner.fail(.dtd, at: start, "document type declarations (DTDs) are not supported in Interface Builder files")
        }
        throw scanner.fail(at: start, "unexpected '<!' in content")
    }

    /// Character data from `start`, added to the open element (white space only: remembered
    /// in `whitespace`); returns the offset where it ends.
    private mutating func characterData(from start: Int) throws(XMLParseError) -> Int {
        let (end, allSpace) = try scanner.characterData(from: start)
        let top = stack.count - 1
        if allSpace {
            whitespace.append(WhitespaceRun(index: pending.count - stack[top].childStart, range: start..<end))
        } else {
            pending.append(.text(XMLText(raw: scanner.string(start, end))))
            stack[top].hasText = true
        }
        return end
    }

    /// Closes the innermost open element, whose end tag ends at `end`: adds it to its parent,
    /// or returns it when it is the root.
    @inline(__always)
    private mutating func close(end: Int) -> XMLElement? {
        let top = stack.removeLast()
        var children = pending.removeTail(from: top.childStart, leaving: .text(XMLText(raw: "")))
        if whitespace.count > top.whitespaceStart {
            if top.hasText || !top.hasMarkupChild { children = withWhitespace(children, from: top.whitespaceStart) }
            whitespace.removeSubrange(top.whitespaceStart...)
        }
        let origin = XMLOrigin(source: scanner.source, span: top.tag.start..<end, startTagEnd: top.tag.end,
                               depth: stack.count, selfClosing: false)
        let empty = children.isEmpty
        var element = XMLElement(name: top.tag.name, attributes: top.tag.attributes, children: children, origin: origin)
        if empty { element.writtenAsEmptyPair = true }
        if stack.isEmpty { return element }
        append(element)
        return nil
    }

    /// `children` with the white-space runs from `first` on put back among them as text, in
    /// one pass (inserting them one by one is quadratic in the number of children).
    private func withWhitespace(_ children: [XMLNode], from first: Int) -> [XMLNode] {
        var result: [XMLNode] = []
        result.reserveCapacity(children.count + whitespace.count - first)
        var next = 0
        for w in whitespace[first...] {
            while next < w.index {
                result.append(children[next])
                next += 1
            }
            result.append(.text(XMLText(raw: scanner.string(w.range.lowerBound, w.range.upperBound))))
        }
        result.append(contentsOf: children[next...])
        return result
    }
}

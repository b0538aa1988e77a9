/// Writes a tree back to bytes: pristine elements are copied from their source byte for
/// byte; anything changed is written the way Xcode writes it (one element per line,
/// the file's indentation unit, `<a/>` when empty, Xcode's escaping).
public struct XMLWriter {
    private var out: [UInt8] = []
    /// Where whole elements were copied from their source, when asked (`writeRecordingCopies`).
    private var copies: [Range<Int>]?
    private let newline: [UInt8]
    private let indentUnit: [UInt8]

    private init(newline: String, indentUnit: String, capacity: Int) {
        self.newline = Array(newline.utf8)
        self.indentUnit = Array(indentUnit.utf8)
        out.reserveCapacity(capacity)
    }

    /// `room`: the bytes to reserve for what is written (by default the file read and a
    /// quarter more; 4 KB more either way), for a caller that knows the result may grow past
    /// that.
    public static func write(_ document: XMLDocument, room: Int? = nil) -> [UInt8] {
        render(document, room: room, recordingCopies: false).out
    }

    /// The document's bytes, and the ranges of them that are whole elements copied byte for
    /// byte from a file they were read from (in order): what reading the bytes back to check
    /// them may skip (`XMLReader.checkWellFormed`).
    ///
    /// Kept for the merge's check of its result: on the largest merges, reading back only what
    /// was written anew saves a visible share of the time against reading the whole result
    /// again (doc/performance.md, `Scripts/bench merge large`).
    public static func writeRecordingCopies(_ document: XMLDocument, room: Int? = nil) -> (bytes: [UInt8], copies: [Range<Int>]) {
        let w = render(document, room: room, recordingCopies: true)
        return (w.out, w.copies ?? [])
    }

    private static func render(_ document: XMLDocument, room: Int?, recordingCopies: Bool) -> XMLWriter {
        // Outgrowing the room copies everything written into a buffer twice the size, whose
        // pages are all new. Room never written to takes no memory: a buffer this large is
        // mapped, each page made when first written.
        let read = document.source.bytes.count
        var w = XMLWriter(newline: document.newline, indentUnit: document.indentUnit, capacity: (room ?? read + read / 4) + 4096)
        if recordingCopies { w.copies = [] }
        w.out.append(contentsOf: document.prolog)
        w.write(document.root, depth: 0)
        w.out.append(contentsOf: document.epilog)
        return w
    }

    /// One element and its subtree on its own, as it would stand at `depth`.
    public static func write(_ element: XMLElement, depth: Int, newline: String = "\n", indentUnit: String = "    ") -> [UInt8] {
        var w = XMLWriter(newline: newline, indentUnit: indentUnit, capacity: 256)
        w.write(element, depth: depth)
        return w.out
    }

    private mutating func indent(_ depth: Int) {
        for _ in 0..<depth { out.append(contentsOf: indentUnit) }
    }

    private mutating func write(_ e: XMLElement, depth: Int) {
        let origin = e.origin
        if let o = origin, o.isPristine, o.depth == depth {
            copies?.append(out.count..<(out.count + o.span.count))
            o.source.bytes.withUnsafeBufferPointer { out.append(contentsOf: $0[o.span]) }
            return
        }
        let empty = e.children.isEmpty
        if let o = origin, o.attributesPristine, !o.selfClosing || empty {
            o.source.bytes.withUnsafeBufferPointer { out.append(contentsOf: $0[o.span.lowerBound..<o.startTagEnd]) }
            if o.selfClosing { return }
        } else {
            writeStartTag(e, selfClosing: empty && !e.writtenAsEmptyPair)
            if empty && !e.writtenAsEmptyPair { return }
        }
        let elementOnly = e.children.contains { node in
            switch node {
            case .element, .comment, .processingInstruction: return true
            default: return false
            }
        } && e.children.allSatisfy { node in
            switch node {
            case .text(let t): return t.isWhitespace
            case .cdata: return false
            default: return true
            }
        }
        for child in e.children {
            if elementOnly {
                if case .text = child { continue }
                out.append(contentsOf: newline)
                if case .comment(let c) = child, let lead = c.leadingSpace {
                    append(lead)
                } else {
                    indent(depth + 1)
                }
            }
            switch child {
            case .element(let c): write(c, depth: depth + 1)
            case .text(let t): append(t.raw)
            case .comment(let c): append("<!--"); append(c.text); append("-->")
            case .cdata(let s): append("<![CDATA["); append(s); append("]]>")
            case .processingInstruction(let s): append("<?"); append(s); append("?>")
            }
        }
        if elementOnly {
            out.append(contentsOf: newline)
            indent(depth)
        }
        append("</")
        append(e.name)
        out.append(0x3E)
    }

    private mutating func writeStartTag(_ e: XMLElement, selfClosing: Bool) {
        out.append(0x3C)
        append(e.name)
        for a in e.attributes {
            out.append(0x20)
            append(a.name)
            let q: UInt8 = a.singleQuoted ? 0x27 : 0x22
            out.append(0x3D)
            out.append(q)
            append(a.raw ?? XMLEscaping.escapeAttribute(a.value))
            out.append(q)
        }
        if selfClosing { out.append(0x2F) }
        out.append(0x3E)
    }

    private mutating func append(_ s: String) {
        out.append(bytesOf: s)
    }
}

extension XMLDocument {
    /// The document in Xcode's form: every element regenerated. The XML declaration is
    /// kept as written (Xcode has written `standalone="no"` in some versions), or added; what
    /// follows the root element (comments, processing instructions) is kept as written.
    /// Attribute values keep their spelling when double-quoted (older Xcodes left `>`
    /// unescaped); single-quoted ones are rewritten. Empty elements become `<a/>`, except
    /// those named in `emptyPairs`, which Xcode writes as `<a></a>` when it wrote them so.
    public func formatted(emptyPairs: Set<String> = []) -> XMLDocument {
        var copy = self
        copy.root.forgetOrigin()
        copy.root.normalizeSpelling(emptyPairs: emptyPairs)
        let bom: [UInt8] = [0xEF, 0xBB, 0xBF]
        let body = prolog.starts(with: bom) ? Array(prolog.dropFirst(3)) : prolog
        // A declaration is `<?xml` and white space, which may be a tab or a line break.
        let declared = body.count > 5 && body.starts(with: Array("<?xml".utf8)) && [0x20, 0x09, 0x0D, 0x0A].contains(body[body.startIndex + 5])
        if !declared {
            copy.prolog = (prolog.starts(with: bom) ? bom : []) + Array("<?xml version=\"1.0\" encoding=\"UTF-8\"?>".utf8) + Array(newline.utf8) + body.drop(while: { $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 })
        }
        return copy
    }
}


extension XMLElement {
    mutating func normalizeSpelling(emptyPairs: Set<String>) {
        for i in attributes.indices where attributes[i].singleQuoted {
            attributes[i].singleQuoted = false
            attributes[i].raw = nil
        }
        if writtenAsEmptyPair && !emptyPairs.contains(name) { writtenAsEmptyPair = false }
        for i in children.indices {
            if case .element(var e) = children[i] {
                e.normalizeSpelling(emptyPairs: emptyPairs)
                children[i] = .element(e)
            }
        }
    }
}

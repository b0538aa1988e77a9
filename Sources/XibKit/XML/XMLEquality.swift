/// When two elements are equal, the one place that says so. Every stage asks first whether
/// two subtrees are the same bytes (most of two versions of a file are), then, where the
/// answer matters beyond that, whether they hold the same value.
extension XMLElement {
    /// Both parsed, unchanged since, and the same bytes from start tag to end tag (two
    /// versions' copies of one element, or a subtree taken from base by `UnchangedElements`).
    func hasSameBytes(as other: XMLElement) -> Bool {
        guard let a = origin, let b = other.origin, a.isPristine, b.isPristine else { return false }
        return a.hasSameBytes(as: b)
    }

    /// Both start tags (name and attributes as written) unchanged since parsing and the same bytes.
    func hasSameStartTag(as other: XMLElement) -> Bool {
        guard let a = origin, let b = other.origin, a.attributesPristine, b.attributesPristine else { return false }
        return a.hasSameStartTag(as: b)
    }

    /// The same parsed element, unchanged: the same bytes of the same file.
    func isSameParsedElement(as other: XMLElement) -> Bool {
        guard let a = origin, let b = other.origin, a.source === b.source, a.span == b.span else { return false }
        return a.isPristine && b.isPristine
    }

    /// The same value: same name, attributes in any order, text and children (comments and
    /// processing instructions count by place only). Equal bytes settle it at once.
    func isSameValue(as other: XMLElement) -> Bool {
        if hasSameBytes(as: other) { return true }
        guard name == other.name, attributes.count == other.attributes.count, children.count == other.children.count else { return false }
        for x in attributes where other[attribute: x.name] != x.value { return false }
        for (x, y) in zip(children, other.children) {
            switch (x, y) {
            case (.element(let p), .element(let q)): if !p.isSameValue(as: q) { return false }
            case (.text(let p), .text(let q)): if p.value != q.value { return false }
            case (.cdata(let p), .cdata(let q)): if p != q { return false }
            case (.comment, .comment), (.processingInstruction, .processingInstruction): continue
            default: return false
            }
        }
        return true
    }
}

extension [XMLAttribute] {
    /// The same attributes in the same order, each spelt as written.
    func isSameWritten(as other: [XMLAttribute]) -> Bool {
        guard count == other.count else { return false }
        for i in indices where self[i].name != other[i].name || self[i].value != other[i].value || self[i].raw != other[i].raw { return false }
        return true
    }
}

extension [XMLNode] {
    /// The same children: the same parsed elements, and equal text, comments, CDATA and
    /// processing instructions (what keeps a rebuilt element's children its template's).
    func isSameNodes(as other: [XMLNode]) -> Bool {
        guard count == other.count else { return false }
        for (x, y) in zip(self, other) {
            switch (x, y) {
            case (.element(let ex), .element(let ey)): guard ex.isSameParsedElement(as: ey) else { return false }
            case (.comment(let cx), .comment(let cy)): guard cx == cy else { return false }
            case (.text(let tx), .text(let ty)): guard tx == ty else { return false }
            case (.cdata(let cx), .cdata(let cy)): guard cx == cy else { return false }
            case (.processingInstruction(let px), .processingInstruction(let py)): guard px == py else { return false }
            default: return false
            }
        }
        return true
    }
}

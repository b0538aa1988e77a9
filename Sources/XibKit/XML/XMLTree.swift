#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A lossless XML tree. Every parsed element remembers where it came from (`origin`), and
/// loses that claim to pristine bytes as soon as its attributes or children are mutated:
/// the writer copies pristine elements byte for byte and writes the rest in Xcode's style.
public struct XMLDocument: Sendable {
    public var source: XMLSource
    /// Everything before the root start tag (BOM, XML declaration, comments), verbatim.
    public var prolog: [UInt8]
    public var root: XMLElement
    /// Everything after the root end tag (usually one newline), verbatim.
    public var epilog: [UInt8]
    /// The line ending this file uses ("\n" or "\r\n"), for written lines.
    public var newline: String
    /// One level of indentation as this file writes it (Xcode: four spaces).
    public var indentUnit: String

    public init(source: XMLSource, prolog: [UInt8], root: XMLElement, epilog: [UInt8],
                newline: String = "\n", indentUnit: String = "    ") {
        self.source = source
        self.prolog = prolog
        self.root = root
        self.epilog = epilog
        self.newline = newline
        self.indentUnit = indentUnit
    }
}

public struct XMLAttribute: Sendable, Equatable {
    public var name: String
    /// The decoded value.
    public var value: String { didSet { raw = nil } }
    /// How the value was written, when not as Xcode writes it; in a box, since almost no
    /// attribute has one: an attribute takes 40 bytes instead of 56.
    private var spelling: Spelling?

    private final class Spelling: Sendable {
        let raw: String?
        let singleQuoted: Bool

        init(raw: String?, singleQuoted: Bool) {
            self.raw = raw
            self.singleQuoted = singleQuoted
        }
    }

    /// The original spelling between the quotes, kept only when it differs from how
    /// Xcode would escape `value` (so it costs nothing on Xcode-written files).
    var raw: String? {
        get { spelling?.raw }
        set { spell(raw: newValue, singleQuoted: singleQuoted) }
    }
    /// The quote character used, when it was not `"`.
    var singleQuoted: Bool {
        get { spelling?.singleQuoted ?? false }
        set { spell(raw: raw, singleQuoted: newValue) }
    }

    public init(name: String, value: String) {
        self.name = name
        self.value = value
    }

    init(name: String, value: String, raw: String?, singleQuoted: Bool) {
        self.name = name
        self.value = value
        spell(raw: raw, singleQuoted: singleQuoted)
    }

    private mutating func spell(raw: String?, singleQuoted: Bool) {
        spelling = raw == nil && !singleQuoted ? nil : Spelling(raw: raw, singleQuoted: singleQuoted)
    }

    public static func == (a: XMLAttribute, b: XMLAttribute) -> Bool {
        a.name == b.name && a.value == b.value
    }
}

/// Where a parsed element's bytes are, and whether they may still be copied.
///
/// Every element and every graph node holds one, so the offsets are stored in 32 bits and the
/// depth in 16 (the reader's limits keep a file under 256 MiB and 257 levels): 25 bytes
/// instead of 43, 16 bytes less per element in the tree and again in each graph.
public struct XMLOrigin: Sendable {
    public let source: XMLSource
    private let start: UInt32, end: UInt32, tagEnd: UInt32
    private let level: UInt16
    public let selfClosing: Bool
    public var attributesPristine = true
    public var childrenPristine = true

    init(source: XMLSource, span: Range<Int>, startTagEnd: Int, depth: Int, selfClosing: Bool) {
        self.source = source
        start = UInt32(span.lowerBound)
        end = UInt32(span.upperBound)
        tagEnd = UInt32(startTagEnd)
        level = UInt16(depth)
        self.selfClosing = selfClosing
    }

    /// From `<` of the start tag to the end of the end tag.
    public var span: Range<Int> { Int(start)..<Int(end) }
    /// Offset just past the start tag's `>`.
    public var startTagEnd: Int { Int(tagEnd) }
    /// Nesting depth in the original document (root = 0): a copy is only faithful at the same depth.
    public var depth: Int { Int(level) }

    public var isPristine: Bool { attributesPristine && childrenPristine }

    /// Whether the two elements' original bytes (start tag to end tag) are the same.
    func hasSameBytes(as other: XMLOrigin) -> Bool {
        if source === other.source && span == other.span { return true }
        return bytesEqual(span.lowerBound, other, other.span.lowerBound, span.count, other.span.count)
    }

    /// Whether the two start tags (name and attributes as written) are the same bytes.
    func hasSameStartTag(as other: XMLOrigin) -> Bool {
        if source === other.source && span.lowerBound == other.span.lowerBound && startTagEnd == other.startTagEnd { return true }
        return bytesEqual(span.lowerBound, other, other.span.lowerBound,
                   startTagEnd - span.lowerBound, other.startTagEnd - other.span.lowerBound)
    }

    private func bytesEqual(_ start: Int, _ other: XMLOrigin, _ otherStart: Int, _ count: Int, _ otherCount: Int) -> Bool {
        guard count == otherCount else { return false }
        return source.bytes.withUnsafeBufferPointer { p in
            other.source.bytes.withUnsafeBufferPointer { q in
                memcmp(p.baseAddress! + start, q.baseAddress! + otherStart, count) == 0
            }
        }
    }
}

/// Sendable as a value: its box is shared between copies, and so between threads, only while
/// nobody changes it (a change copies it first, `uniqueParts`), as an array's buffer is.
public struct XMLElement: @unchecked Sendable {
    /// The element's parts, in one heap box shared by copies until one of them changes: the
    /// merge copies elements tens of thousands of times (graph nodes, versions side by side,
    /// children lists), and a copy of the parts retains each of them; a copy of the box, one.
    private struct Parts {
        var name: String
        var attributes: [XMLAttribute]
        var children: [XMLNode]
        var origin: XMLOrigin?
        var writtenAsEmptyPair: Bool
    }
    private typealias Box = ManagedBuffer<Parts, Never>
    private var box: Box

    /// The parts, through a pointer: `header` as a class property would be checked for
    /// exclusive access on every read. The box outlives the pointer's use (`self` holds it).
    private var parts: UnsafeMutablePointer<Parts> {
        @inline(__always) get { box.withUnsafeMutablePointerToHeader { $0 } }
    }

    /// The parts, writable: the box copied first if another element shares it.
    private var uniqueParts: UnsafeMutablePointer<Parts> {
        @inline(__always) mutating get {
            if !isKnownUniquelyReferenced(&box) { box = Self.makeBox(parts.pointee) }
            return parts
        }
    }

    private static func makeBox(_ parts: Parts) -> Box {
        Box.create(minimumCapacity: 0) { _ in parts }
    }

    public var name: String {
        _read { yield parts.pointee.name }
        set { uniqueParts.pointee.name = newValue }
    }
    public var attributes: [XMLAttribute] {
        _read { yield parts.pointee.attributes }
        _modify {
            let p = uniqueParts
            // Also when the change is cut short by an error: the array may have changed.
            defer { p.pointee.origin?.attributesPristine = false }
            yield &p.pointee.attributes
        }
    }
    /// Child nodes. Whitespace between child elements is not kept as nodes: it is
    /// regenerated in Xcode's style when a parent is rewritten, and copied when it is not.
    public var children: [XMLNode] {
        _read { yield parts.pointee.children }
        _modify {
            let p = uniqueParts
            defer { p.pointee.origin?.childrenPristine = false }
            yield &p.pointee.children
        }
    }
    public internal(set) var origin: XMLOrigin? {
        _read { yield parts.pointee.origin }
        set { uniqueParts.pointee.origin = newValue }
    }
    /// Written as `<a></a>` rather than `<a/>` (Xcode does this for a few empty strings).
    public var writtenAsEmptyPair: Bool {
        get { parts.pointee.writtenAsEmptyPair }
        set { uniqueParts.pointee.writtenAsEmptyPair = newValue }
    }

    public init(name: String, attributes: [XMLAttribute] = [], children: [XMLNode] = []) {
        self.init(name: name, attributes: attributes, children: children, origin: nil)
    }

    init(name: String, attributes: [XMLAttribute], children: [XMLNode], origin: XMLOrigin?) {
        box = Self.makeBox(Parts(name: name, attributes: attributes, children: children, origin: origin,
                                 writtenAsEmptyPair: false))
    }

    public subscript(attribute name: String) -> String? {
        get {
            // In place: an attribute read out of the array is three references retained and
            // released, and this is asked of every element many times over.
            attributes.withUnsafeBufferPointer { attributes in
                for i in attributes.indices where attributes[i].name.isSameName(as: name) { return attributes[i].value }
                return nil
            }
        }
        set {
            if let i = attributes.firstIndex(where: { $0.name == name }) {
                if let v = newValue {
                    if attributes[i].value != v { attributes[i].value = v }
                } else {
                    attributes.remove(at: i)
                }
            } else if let v = newValue {
                attributes.append(XMLAttribute(name: name, value: v))
            }
        }
    }

    /// Child elements, in order.
    public var elements: [XMLElement] {
        children.compactMap { if case .element(let e) = $0 { return e } else { return nil } }
    }

    /// Concatenated decoded text of direct text children.
    public var text: String {
        var s = ""
        for c in children {
            switch c {
            case .text(let t): s += t.value
            case .cdata(let t): s += t
            default: break
            }
        }
        return s
    }

    /// Source byte offset of the start tag, when parsed.
    public var offset: Int? { origin?.span.lowerBound }

    /// Forgets that this element and its subtree came from a file, so the writer
    /// regenerates all of it (used by `format`).
    public mutating func forgetOrigin() {
        origin = nil
        for i in children.indices {
            if case .element(var e) = children[i] {
                e.forgetOrigin()
                children[i] = .element(e)
            }
        }
        origin = nil
    }
}

public struct XMLText: Sendable, Equatable {
    /// The text as written in the file (escaped).
    public var raw: String

    public init(raw: String) { self.raw = raw }

    public var value: String { XMLEscaping.decodeLenient(raw) }
    public var isWhitespace: Bool { raw.utf8.allSatisfy { $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 } }
}

public struct XMLComment: Sendable, Equatable {
    /// The body, without `<!--` and `-->`.
    public var text: String
    /// The white space that led the comment's line in its file: kept so that rewriting a
    /// parent never re-indents a comment (Xcode regenerates scene comments itself).
    var leadingSpace: String?

    public init(text: String) { self.text = text }
}

public enum XMLNode: Sendable {
    case element(XMLElement)
    case text(XMLText)
    /// Boxed: comments are rare (one a scene), and inline their two strings made every child
    /// slot of every element 40 bytes instead of 24.
    indirect case comment(XMLComment)
    /// CDATA body.
    case cdata(String)
    /// Processing instruction body, without `<?` and `?>`.
    case processingInstruction(String)

    public var element: XMLElement? {
        if case .element(let e) = self { return e } else { return nil }
    }

    var isElement: Bool {
        if case .element = self { return true } else { return false }
    }
}

extension String {
    /// `==` for names looked up in hot loops: lengths first, because an unequal comparison is
    /// an out-of-line call and most names differ in length from the one looked for.
    @inline(__always) func isSameName(as other: String) -> Bool {
        utf8.count == other.utf8.count && self == other
    }
}

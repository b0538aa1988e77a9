import XibKit

/// A JSON value with ordered object keys, so machine-readable output is stable
/// (golden files, diffs of reports) without depending on Foundation's encoder.
public indirect enum JSON: Sendable, Equatable {
    case null
    case bool(Bool)
    case int(Int)
    case string(String)
    case array([JSON])
    case object([(String, JSON)])

    public static func == (a: JSON, b: JSON) -> Bool { a.rendered() == b.rendered() }

    /// Version of every JSON document this tool writes; bumped on incompatible changes.
    public static let schemaVersion = 1

    public static func optional(_ s: String?) -> JSON { s.map { .string($0) } ?? .null }
    public static func optional(_ i: Int?) -> JSON { i.map { .int($0) } ?? .null }

    /// Pretty-printed with two-space indentation and a final newline.
    public func rendered(pretty: Bool = true) -> String {
        var out = ""
        write(into: &out, indent: 0, pretty: pretty)
        return out + (pretty ? "\n" : "")
    }

    private func write(into out: inout String, indent: Int, pretty: Bool) {
        let nl = pretty ? "\n" : ""
        let pad = pretty ? String(repeating: "  ", count: indent + 1) : ""
        let closePad = pretty ? String(repeating: "  ", count: indent) : ""
        switch self {
        case .null: out += "null"
        case .bool(let b): out += b ? "true" : "false"
        case .int(let i): out += String(i)
        case .string(let s): JSON.quote(s, into: &out)
        case .array(let items):
            if items.isEmpty { out += "[]"; return }
            out += "[" + nl
            for (i, item) in items.enumerated() {
                out += pad
                item.write(into: &out, indent: indent + 1, pretty: pretty)
                out += (i + 1 < items.count ? "," : "") + nl
            }
            out += closePad + "]"
        case .object(let fields):
            if fields.isEmpty { out += "{}"; return }
            out += "{" + nl
            for (i, (k, v)) in fields.enumerated() {
                out += pad
                JSON.quote(k, into: &out)
                out += pretty ? ": " : ":"
                v.write(into: &out, indent: indent + 1, pretty: pretty)
                out += (i + 1 < fields.count ? "," : "") + nl
            }
            out += closePad + "}"
        }
    }

    /// `JSONWriter.string`, with every control character but line breaks and tabs as `\u00XX`.
    static func quote(_ s: String, into out: inout String) {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(s.utf8.count + 2)
        JSONWriter.string(s, into: &bytes, shortEscapes: false)
        out += String(decoding: bytes, as: UTF8.self)
    }
}

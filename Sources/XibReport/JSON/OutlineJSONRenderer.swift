import XibKit

/// `xibmerge outline --format json`: the document's objects as the textconv outline names
/// them, each with its id, line and attributes in the diff's words (doc/cli.md#outline).
public enum OutlineJSONRenderer {
    public static func render(file: String, document: IBDocument, entries: [Outline.Entry]) -> JSON {
        .object([
            ("version", .int(JSON.schemaVersion)),
            ("file", .string(file)),
            ("kind", .string(document.kind.rawValue)),
            ("platform", .string(document.platform.rawValue)),
            ("objects", .array(entries.map(entry))),
        ])
    }

    private static func entry(_ e: Outline.Entry) -> JSON {
        // Attribute names are unique within an object; a repeat keeps its place, numbered.
        var seen: [String: Int] = [:]
        let attributes: [(String, JSON)] = e.attributes.map { a in
            seen[a.name, default: 0] += 1
            let n = seen[a.name]!
            return (n == 1 ? a.name : "\(a.name) (\(n))", .string(a.value))
        }
        return .object([
            ("path", .string(e.path)),
            ("id", .optional(e.id)),
            ("line", .optional(e.line)),
            ("attributes", .object(attributes)),
        ])
    }
}

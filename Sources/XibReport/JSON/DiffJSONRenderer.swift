import XibKit

/// `xibmerge diff --format json`: the schema documented in doc/diff-json.md. Keys are
/// always present and always in this order (null where there is no value), so the output
/// is stable; `version` changes only on incompatible changes.
public enum DiffJSONRenderer {
    public static func render(_ files: [FileDiff]) -> JSON {
        .object([
            ("version", .int(JSON.schemaVersion)),
            ("files", .array(files.map(file))),
        ])
    }

    public static func file(_ f: FileDiff) -> JSON {
        var counts: [(String, JSON)] = []
        for kind in ObjectChange.Kind.allCases {
            counts.append((kind.rawValue, .int(f.changes.filter { $0.kind == kind }.count)))
        }
        return .object([
            ("old", .optional(f.oldName)),
            ("new", .optional(f.newName)),
            ("path", .string(f.displayName)),
            ("status", .string(f.status.rawValue)),
            ("documentType", .string(f.documentKind.rawValue)),
            ("platform", .string(f.platform.rawValue)),
            ("summary", .string(DiffSummary.line(f))),
            ("counts", .object(counts)),
            ("options", .object([
                ("includeNoise", .bool(f.options.includeNoise)),
                ("layout", .bool(f.options.layout)),
            ])),
            ("groups", .array(f.groups.map(group))),
            ("framesChanged", .int(f.framesChanged)),
            ("noise", .object([
                ("hidden", .int(f.noiseHidden)),
                ("names", .array(f.noiseNames.map { .string($0) })),
            ])),
        ])
    }

    static func group(_ g: ChangeGroup) -> JSON {
        .object([
            ("kind", .string(g.kind.rawValue)),
            ("title", .string(g.title)),
            ("id", .optional(g.id)),
            ("changes", .array(g.changes.map(change))),
        ])
    }

    static func change(_ c: ObjectChange) -> JSON {
        .object([
            ("kind", .string(c.kind.rawValue)),
            ("category", .string(c.category)),
            ("type", .string(c.tag)),
            ("id", .optional(c.id)),
            ("path", .string(c.path)),
            ("location", .string(c.location)),
            ("old", .optional(c.oldSummary)),
            ("new", .optional(c.newSummary)),
            ("oldLine", .optional(c.oldLine)),
            ("newLine", .optional(c.newLine)),
            ("depth", .int(c.depth)),
            ("move", c.move.map { m in
                .object([
                    ("reparented", .bool(m.reparented)),
                    ("from", .string(m.from)),
                    ("to", .string(m.to)),
                    ("oldPosition", .optional(m.oldPosition)),
                    ("newPosition", .optional(m.newPosition)),
                ])
            } ?? .null),
            ("attributes", .array(c.attributes.map(attribute))),
        ])
    }

    static func attribute(_ a: AttributeChange) -> JSON {
        .object([
            ("name", .string(a.name)),
            ("old", .optional(a.old?.text)),
            ("new", .optional(a.new?.text)),
            ("oldID", .optional(a.old?.referencedID)),
            ("newID", .optional(a.new?.referencedID)),
            ("noise", .optional(a.noise?.rawValue)),
        ])
    }
}

import XibKit

/// `xibmerge review --format json`: the schema documented in doc/review-json.md (and
/// doc/review-schema.json). Keys always present, in this order; `version` changes only on
/// incompatible changes.
public enum ReviewJSONRenderer {
    public static func render(_ r: ReviewReport) -> JSON {
        .object([
            ("version", .int(JSON.schemaVersion)),
            ("range", r.range.map { range in
                .object([("base", .string(range.base)), ("head", .string(range.head)),
                         ("baseCommit", .string(range.baseCommit)), ("headCommit", .string(range.headCommit))])
            } ?? .null),
            ("summary", .string(r.headline)),
            ("files", .array(r.files.filter(\.hasChanges).map { file($0, report: r) })),
            ("problems", .array(r.problems.map { .object([("path", .string($0.path)), ("message", .string($0.message))]) })),
            ("mergePreview", r.mergePreview.map(MergePreviewRenderer.json) ?? .null),
            ("code", r.code.map(code) ?? .null),
        ])
    }

    static func code(_ c: ReviewReport.CodeCheck) -> JSON {
        .object([
            ("breaks", .array(c.breaks.map(CheckJSONRenderer.problem))),
            ("alreadyBroken", .array(c.alreadyBroken.map(CheckJSONRenderer.problem))),
            ("connectionsChecked", .int(c.connectionsChecked)),
            ("sourceFiles", .int(c.sourceFiles)),
        ])
    }

    static func file(_ f: FileReview, report: ReviewReport) -> JSON {
        .object([
            ("path", .string(f.path)),
            ("oldPath", .optional(f.oldPath)),
            ("status", .string(f.diff.status.rawValue)),
            ("diff", DiffJSONRenderer.file(f.diff)),
            ("scenes", .array(f.scenes.map(scene))),
            ("flow", f.flow.map(flow) ?? .null),
            ("localization", f.localization.map(localization) ?? .null),
        ])
    }

    static func localization(_ l: LocalizationImpact) -> JSON {
        func objects(_ list: [LocalizationImpact.Object], counterpart: String) -> JSON {
            .array(list.map { o in
                .object([("id", .string(o.id)), ("name", .string(o.name)), ("path", .string(o.path)), (counterpart, .optional(o.counterpart)),
                         ("keys", .array(o.keys.map { k in
                             .object([("key", .string(k.key)), ("languages", .array(k.languages.map { .string($0) }))])
                         }))])
            })
        }
        return .object([
            ("languages", .array(l.languages.map {
                .object([("language", .string($0.name)), ("file", .string($0.file)),
                         ("orphaned", .int($0.orphaned)), ("untranslated", .int($0.untranslated))])
            })),
            ("orphaned", objects(l.orphaned, counterpart: "recreatedAs")),
            ("untranslated", objects(l.untranslated, counterpart: "recreates")),
        ])
    }

    static func scene(_ s: SceneReview) -> JSON {
        func ids(_ list: [String]) -> JSON { .array(list.map { .string($0) }) }
        func canvas(_ c: Wireframe.Canvas?) -> JSON {
            guard let c else { return .null }
            return .object([
                ("title", .string(c.title)),
                ("width", .int(Int(c.bounds.width.rounded()))),
                ("height", .int(Int(c.bounds.height.rounded()))),
                ("shapes", .int(c.shapes.filter { $0.id != nil }.count)),
            ])
        }
        return .object([
            ("kind", .string(s.group.kind.rawValue)),
            ("id", .optional(s.group.id)),
            ("title", .string(s.group.title)),
            ("added", ids(s.added)),
            ("removed", ids(s.removed)),
            ("modified", ids(s.modified)),
            ("constraints", .array(s.constraints.map(DiffJSONRenderer.change))),
            ("connections", .array(s.connections.map(DiffJSONRenderer.change))),
            ("before", canvas(s.before)),
            ("after", canvas(s.after)),
        ])
    }

    static func flow(_ f: FlowDiff) -> JSON {
        .object([
            ("scenes", .array(f.nodes.map { n, status in
                .object([("id", .string(n.id)), ("title", .string(n.title)), ("initial", .bool(n.isInitial)),
                         ("storyboard", .optional(n.storyboardName)), ("status", .string(status.rawValue))])
            })),
            ("segues", .array(f.edges.map { e, status in
                .object([("id", .string(e.id)), ("from", .string(e.from)), ("to", .string(e.to)), ("kind", .string(e.kind)),
                         ("identifier", .optional(e.identifier)), ("relationship", .optional(e.relationship)),
                         ("status", .string(status.rawValue))])
            })),
        ])
    }
}

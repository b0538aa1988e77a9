import XibKit

/// Renders what a merge did: the short stderr summary and the `--report` JSON.
public enum MergeSummary {
    public static func text(_ o: XibMerger.Outcome, path: String) -> String {
        var out = ""
        switch o.method {
        case .trivial:
            out += "xibmerge: \(path): merged (one side unchanged)\n"
        case .lines:
            out += "xibmerge: \(path): merged cleanly (line-based merge, verified)\n"
        case .fallback:
            out += "xibmerge: \(path): cannot merge structurally: \(o.fallbackReason ?? "unknown reason")\n"
            out += "xibmerge: \(path): fell back to a line-based merge; \(o.markerHunks) conflict hunk(s) marked in the file\n"
        case .structural:
            let chosen = o.events.filter { $0.conflict?.chosen != nil }.count
            var state: String
            if o.markerHunks > 0 { state = "\(o.conflicts - chosen) conflict(s) remain, marked in \(o.markerHunks) place(s)" }
            else if o.conflicts > chosen { state = "\(o.conflicts - chosen) conflict(s) resolved with --conflict-style \(o.conflictStyle.rawValue)" }
            else { state = "merged cleanly" }
            if chosen > 0 { state += "; \(chosen) conflict(s) resolved as chosen" }
            out += "xibmerge: \(path): \(state)\n"
            out += "  from ours: \(o.fromOurs.description); from theirs: \(o.fromTheirs.description)\n"
        }
        let order: [MergeEvent.Kind] = [.conflict, .migrated, .renamedID, .cascadeDelete, .deleteOverLayout, .layoutOnly, .noise]
        for kind in order {
            let events = o.events.filter { $0.kind == kind }
            if events.isEmpty { continue }
            let shown = kind == .noise ? Array(events.prefix(3)) : events
            for e in shown { out += "  \(kind.rawValue): \(line(e))\n" }
            if shown.count < events.count { out += "  \(kind.rawValue): … and \(events.count - shown.count) more\n" }
        }
        return out
    }

    /// An event on one line: for a conflict, what each side did, and how it was resolved.
    public static func line(_ e: MergeEvent, withResolution: Bool = true) -> String {
        guard let c = e.conflict else { return e.summary(withResolution: withResolution) }
        var s = "\(e.path): \(ConflictWording.sentence(c, objectID: e.objectID))"
        if withResolution && !e.resolution.isEmpty { s += " — \(e.resolution)" }
        return s
    }

    public static func json(_ o: XibMerger.Outcome, path: String) -> JSON {
        func contributions(_ c: MergeContributions) -> JSON {
            .object([("added", .int(c.added)), ("removed", .int(c.removed)), ("modified", .int(c.modified)), ("moved", .int(c.moved))])
        }
        return .object([
            ("version", .int(JSON.schemaVersion)),
            ("path", .string(path)),
            ("clean", .bool(o.isClean)),
            ("method", .string(o.method.rawValue)),
            ("conflictStyle", .string(o.conflictStyle.rawValue)),
            ("conflicts", .int(o.conflicts)),
            ("markerHunks", .int(o.markerHunks)),
            ("fallbackReason", .optional(o.fallbackReason)),
            ("fromOurs", contributions(o.fromOurs)),
            ("fromTheirs", contributions(o.fromTheirs)),
            ("events", .array(o.events.map(event))),
        ])
    }

    /// One event; a conflict's values are the diff's words, and `conflict` says the rest.
    static func event(_ e: MergeEvent) -> JSON {
        let c = e.conflict
        return .object([
            ("kind", .string(e.kind.rawValue)),
            ("path", .string(e.path)),
            ("id", .optional(e.objectID)),
            ("subject", .string(e.subject)),
            ("base", .optional(c?.base?.text)),
            ("ours", .optional(c.map { $0.ours?.text } ?? e.ours)),
            ("theirs", .optional(c.map { $0.theirs?.text } ?? e.theirs)),
            ("resolution", .string(e.resolution)),
            ("summary", .string(line(e, withResolution: false))),
            ("conflict", c.map { c in
                .object([
                    ("key", .string(c.key)),
                    ("class", .string(c.conflictClass.rawValue)),
                    ("name", .optional(c.name)),
                    ("deletedBy", .optional(c.deletedBy?.rawValue)),
                    ("oursDid", .string(ConflictWording.did(c, .ours, objectID: e.objectID))),
                    ("theirsDid", .string(ConflictWording.did(c, .theirs, objectID: e.objectID))),
                    ("choices", .array(c.choices.map { .string($0.rawValue) })),
                    ("chosen", .optional(c.chosen?.rawValue)),
                    ("edit", .array(c.edit.map(DiffJSONRenderer.change))),
                    ("referrers", .array(c.referrers.map(DiffJSONRenderer.change))),
                ])
            } ?? .null),
        ])
    }
}

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
            let state: String
            if o.markerHunks > 0 { state = "\(o.conflicts) conflict(s) remain, marked in \(o.markerHunks) place(s)" }
            else if o.conflicts > 0 { state = "\(o.conflicts) conflict(s) resolved with --conflict-style \(o.conflictStyle.rawValue)" }
            else { state = "merged cleanly" }
            out += "xibmerge: \(path): \(state)\n"
            out += "  from ours: \(o.fromOurs.description); from theirs: \(o.fromTheirs.description)\n"
        }
        let order: [MergeEvent.Kind] = [.conflict, .renamedID, .cascadeDelete, .deleteOverLayout, .layoutOnly, .noise]
        for kind in order {
            let events = o.events.filter { $0.kind == kind }
            if events.isEmpty { continue }
            let shown = kind == .noise ? Array(events.prefix(3)) : events
            for e in shown { out += "  \(kind.rawValue): \(e.summaryLine)\n" }
            if shown.count < events.count { out += "  \(kind.rawValue): … and \(events.count - shown.count) more\n" }
        }
        return out
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
            ("events", .array(o.events.map { e in
                .object([
                    ("kind", .string(e.kind.rawValue)),
                    ("path", .string(e.path)),
                    ("id", .optional(e.objectID)),
                    ("subject", .string(e.subject)),
                    ("ours", .optional(e.ours)),
                    ("theirs", .optional(e.theirs)),
                    ("resolution", .string(e.resolution)),
                ])
            })),
        ])
    }
}

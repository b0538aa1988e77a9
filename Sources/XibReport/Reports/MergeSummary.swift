import XibKit

/// Renders what a merge did: the short stderr summary and the `--report` JSON.
public enum MergeSummary {
    /// What stderr says: one line for a clean merge, and one more per conflict; `verbose`
    /// adds what each side contributed and every automatic resolution, one per line.
    public static func text(_ o: XibMerger.Outcome, path: String, verbose: Bool = false) -> String {
        var out = ""
        switch o.method {
        case .trivial:
            out += "xibmerge: \(path): merged cleanly (one side unchanged)\n"
        case .fallback where o.markerHunks == 0:
            out += "xibmerge: \(path): merged by lines, without conflicts (cannot merge structurally: \(o.fallbackReason ?? "unknown reason"))\n"
        case .fallback:
            out += "xibmerge: \(path): cannot merge structurally: \(o.fallbackReason ?? "unknown reason")\n"
            out += "xibmerge: \(path): fell back to a line-based merge; \(o.markerHunks) conflict hunk(s) marked in the file\n"
        case .structural:
            let chosen = o.events.filter { $0.conflict?.chosen != nil }.count
            var state: String
            if o.markerHunks > 0 { state = "\(o.conflicts - chosen) conflict(s) remain, marked in \(o.markerHunks) place(s)" }
            else if o.conflicts > chosen { state = "\(o.conflicts - chosen) conflict(s) resolved with --conflict-style \(o.conflictStyle.rawValue)" }
            else { state = "merged cleanly (\(([counts(o)] + automatic(o.events)).joined(separator: "; ")))" }
            if chosen > 0 { state += "; \(chosen) conflict(s) resolved as chosen" }
            out += "xibmerge: \(path): \(state)\n"
            if verbose { out += "  from ours: \(o.fromOurs.description); from theirs: \(o.fromTheirs.description)\n" }
        }
        let order: [MergeEvent.Kind] = [.conflict, .migrated, .renamedID, .cascadeDelete, .deleteOverLayout, .layoutOnly, .noise]
        for kind in verbose ? order : [.conflict] {
            let events = o.events.filter { $0.kind == kind }
            if events.isEmpty { continue }
            let shown = kind == .noise ? Array(events.prefix(3)) : events
            for l in distinctLines(shown) { out += "  \(kind.rawValue): \(l)\n" }
            if shown.count < events.count { out += "  \(kind.rawValue): … and \(events.count - shown.count) more\n" }
        }
        return out
    }

    /// `12 changes from ours, 3 from theirs`.
    static func counts(_ o: XibMerger.Outcome) -> String {
        func changes(_ n: Int) -> String { n == 1 ? "1 change" : "\(n) changes" }
        return "\(changes(o.fromOurs.total)) from ours, \(o.fromTheirs.total) from theirs"
    }

    /// The automatic resolutions, counted by kind: `40 frames kept from ours`.
    static func automatic(_ events: [MergeEvent]) -> [String] {
        let words: [(MergeEvent.Kind, String, String)] = [
            (.layoutOnly, "frame kept from ours", "frames kept from ours"),
            (.renamedID, "new id renamed", "new ids renamed"),
            (.cascadeDelete, "reference deleted with its object", "references deleted with their objects"),
            (.deleteOverLayout, "deletion kept over a layout change", "deletions kept over layout changes"),
            (.migrated, "Xcode migration applied", "Xcode migrations applied"),
        ]
        return words.compactMap { kind, one, many in
            let n = events.filter { $0.kind == kind }.count
            return n == 0 ? nil : n == 1 ? "1 \(one)" : "\(n) \(many)"
        }
    }

    /// An event on one line: for a conflict, what each side did, and how it was resolved.
    public static func line(_ e: MergeEvent, withResolution: Bool = true) -> String {
        guard let c = e.conflict else { return e.summary(withResolution: withResolution) }
        var s = "\(e.path): \(ConflictWording.sentence(c, objectID: e.objectID))"
        if withResolution && !e.resolution.isEmpty { s += " — \(e.resolution)" }
        return s
    }

    /// Each event's line; two that would read the same (two objects of one name and path, each
    /// in conflict) name their objects by id, so that no line is printed twice.
    public static func distinctLines(_ events: [MergeEvent], withResolution: Bool = true) -> [String] {
        let lines = events.map { line($0, withResolution: withResolution) }
        // Each line hashed once: a line past ASCII (a conflict's "—") is hashed through Unicode
        // normalisation, thousands of instructions a line, and a count looked up by line per
        // line, with the table grown as it filled, hashed each three or four times.
        var first: [String: Int] = [:]
        first.reserveCapacity(lines.count)
        var count = [Int](repeating: 0, count: lines.count)
        let group = lines.indices.map { i in
            guard let k = first.updateValue(i, forKey: lines[i]) else { count[i] = 1; return i }
            first[lines[i]] = k
            count[k] += 1
            return k
        }
        return events.indices.map { i in
            guard count[group[i]] > 1, let id = events[i].objectID else { return lines[i] }
            return "\(events[i].path) (\(id))" + lines[i].dropFirst(events[i].path.count)
        }
    }

    public static func json(_ o: XibMerger.Outcome, path: String, lineMerge: LineMergeComparison? = nil) -> JSON {
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
            ("lineMerge", lineMerge.map { l in
                .object([("clean", .bool(l.clean)), ("same", .bool(l.same)), ("reason", .optional(l.reason))])
            } ?? .null),
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
                    // Version 1 had Xcode's rewrites named on conflicts; they are one value now
                    // (`IBRules.equivalentValues`) and never conflict: always null.
                    ("xcodeRewrite", .null),
                ])
            } ?? .null),
        ])
    }
}

/// What a merge did that a person may want to know: true conflicts, and automatic
/// resolutions worth reporting (noise, layout-only frames, renamed ids, cascaded deletes).
public struct MergeEvent: Sendable, Equatable {
    public enum Kind: String, Sendable {
        /// Both sides changed the same thing differently; markers were written (or a side chosen).
        case conflict
        /// Frames changed differently on both sides; ours kept (Xcode recomputes frames).
        case layoutOnly = "layout-only"
        /// Xcode noise (versions, editor state) resolved by rule.
        case noise
        /// Both sides added different objects with the same id; one got a fresh id.
        case renamedID = "renamed-id"
        /// An element removed because it referred to an object deleted by one side.
        case cascadeDelete = "cascade-delete"
        /// A deletion kept although the other side changed the object's layout only.
        case deleteOverLayout = "delete-over-layout"
        /// An Xcode migration recognised on one side and applied to the other side's changes
        /// (safe-area guides), or both sides upgraded from a legacy archive.
        case migrated
    }

    public var kind: Kind
    /// Human path of the object concerned.
    public var path: String
    public var objectID: String?
    /// What the event is about: an attribute name, `element <rect key="frame">`, `order`, ...
    public var subject: String
    public var ours: String?
    public var theirs: String?
    /// How it was resolved, in words.
    public var resolution: String
    /// For a conflict: what it is about, what each version holds, and what may be chosen.
    public var conflict: MergeConflict? = nil

    public var summaryLine: String { summary(withResolution: true) }

    /// `Login Scene > View > Label "Title": text: "Hello" (ours) vs "Bonjour" (theirs)`, and how
    /// it was resolved unless `withResolution` is false (a preview resolves nothing).
    public func summary(withResolution: Bool) -> String {
        var s = "\(path)"
        if !subject.isEmpty { s += ": \(subject)" }
        if ours != nil || theirs != nil {
            s += ": \(MergeEvent.show(ours)) (ours) vs \(MergeEvent.show(theirs)) (theirs)"
        }
        if withResolution && !resolution.isEmpty { s += " — \(resolution)" }
        return s
    }

    static func show(_ v: String?) -> String {
        guard let v else { return "(absent)" }
        let t = v.replacingNewlines()
        return "\"" + (t.count > 60 ? String(t.prefix(59)) + "…" : t) + "\""
    }
}

/// Counts of what each side contributed to the result, by object.
public struct MergeContributions: Sendable, Equatable {
    public var added = 0
    public var removed = 0
    public var modified = 0
    public var moved = 0

    public var total: Int { added + removed + modified + moved }

    public var description: String {
        var parts: [String] = []
        if added > 0 { parts.append("\(added) added") }
        if removed > 0 { parts.append("\(removed) removed") }
        if modified > 0 { parts.append("\(modified) modified") }
        if moved > 0 { parts.append("\(moved) moved") }
        return parts.isEmpty ? "nothing" : parts.joined(separator: ", ")
    }
}

/// How a merge's result compares with `git merge-file`'s on the same three versions, and why
/// they differ: what `--report` says, so that a person who trusts git's line merge can see
/// what it would have done.
public struct LineMergeComparison: Sendable, Equatable {
    /// Whether the line merge was clean.
    public var clean: Bool
    /// Whether it wrote the same bytes.
    public var same: Bool
    /// Why the results differ (nil when they do not).
    public var reason: String?

    public init(base: [UInt8], ours: [UInt8], theirs: [UInt8], outcome: XibMerger.Outcome) {
        let lines = LineMerge.merge(base: base, ours: ours, theirs: theirs)
        clean = lines.conflicts == 0
        same = lines.bytes == outcome.bytes
        if same { return }
        if !clean {
            reason = "git merge-file leaves \(lines.conflicts) conflict hunk(s)"
                + (outcome.isClean ? "; on the object graph the two sides' changes do not conflict" : "")
        } else if !outcome.isClean {
            reason = "git merge-file merges the lines cleanly, but the two sides' changes conflict on the object graph (\(outcome.conflicts) conflict(s))"
        } else {
            reason = LineMergeComparison.difference(lines.bytes, outcome.bytes)
        }
    }

    /// The objects git's clean result has otherwise than the structural one, in the diff's words.
    static func difference(_ git: [UInt8], _ merged: [UInt8]) -> String {
        let diff: FileDiff
        do { diff = try SemanticDiff.files(oldBytes: merged, newBytes: git, oldName: "merged", newName: "git merge-file") } catch {
            return "git merge-file's clean result does not read: \(error.description)"
        }
        let changes = diff.changes.filter { $0.depth == 0 }
        guard !changes.isEmpty else { return "the same objects; only frames, Xcode's noise or the order of a set differ" }
        let shown = changes.prefix(3).map { c -> String in
            switch c.kind {
            case .added: return "keeps \(c.path), which a side deleted"
            case .removed: return "loses \(c.path)"
            case .moved: return "puts \(c.path) elsewhere"
            case .modified: return "has \(c.path) otherwise (\(c.attributes.map(\.name).prefix(3).joined(separator: ", ")))"
            }
        }
        return "git merge-file's clean result " + shown.joined(separator: "; ") + (changes.count > 3 ? "; and \(changes.count - 3) more" : "")
    }
}

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

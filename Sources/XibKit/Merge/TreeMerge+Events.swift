/// How the tree merge names what it did: each kind of event, its subject and its resolution in
/// words. The decisions say what happened; this file says how it reads in the summary and the
/// report (`MergeEvent`).
extension TreeMerge {
    /// How a value both sides changed was settled.
    enum BothChanged {
        /// A frame (layout noise): ours kept, as Xcode recomputes it.
        case layoutKeptOurs
        /// Editor state: ours kept.
        case editorStateKeptOurs
        /// A cache Xcode regenerates (`IBRules.Noise.cache`): ours kept.
        case cacheKeptOurs
        /// A version stamp: the newer one taken.
        case newerTaken
        /// A true conflict, resolved toward `prefer` (and marked by the caller).
        case conflict

        var kind: MergeEvent.Kind {
            switch self {
            case .layoutKeptOurs: .layoutOnly
            case .editorStateKeptOurs, .cacheKeptOurs, .newerTaken: .noise
            case .conflict: .conflict
            }
        }

        var resolution: String {
            switch self {
            case .layoutKeptOurs: "kept ours (layout only; Xcode recomputes frames from constraints)"
            case .editorStateKeptOurs: "kept ours (editor state)"
            case .cacheKeptOurs: "kept ours (a cache Xcode regenerates from the asset catalogs and the SDK)"
            case .newerTaken: "took the newer value"
            case .conflict: "both changed"
            }
        }
    }

    /// A conflict, decided: by the caller's choice for `key` when it is one of the choices this
    /// conflict offers (ours, theirs and `offering`), else toward `prefer`.
    func decide(_ key: String, _ kind: ConflictClass, element: String, attribute: String? = nil,
                deletedBy: Side? = nil, offering: [ConflictChoice] = []) -> MergeConflict {
        let choices: [ConflictChoice] = [.ours, .theirs] + offering
        let chosen = options.choices[key].flatMap { choices.contains($0) ? $0 : nil }
        return MergeConflict(key: key, conflictClass: kind, choices: choices, chosen: chosen, elementKey: element,
                             attribute: attribute, deletedBy: deletedBy)
    }

    /// What a decided conflict takes: the choice given for it, else what this run prefers.
    func take(_ conflict: MergeConflict) -> ConflictChoice { conflict.chosen ?? prefer }

    /// A value element as a subject: `<rect key="frame">`.
    static func valueSubject(_ e: XMLElement) -> String {
        "<\(e.name)\(e[attribute: IBRules.keyAttribute].map { " key=\"\($0)\"" } ?? "")>"
    }

    /// An attribute as a subject; one of a value element is named with it: `<state key="normal">
    /// title`, `<plugIn identifier="…"> version`.
    static func attributeSubject(_ name: String, of element: XMLElement, tag: String, isObject: Bool) -> String {
        guard !isObject && tag != IBRules.documentRoot else { return name }
        let ident = IBRules.identityAttributes.first { element[attribute: $0] != nil }
        return "<\(tag)\(ident.map { " \($0)=\"\(element[attribute: $0]!)\"" } ?? "")> \(name)"
    }

    /// A value as the summary shows it: its text, or its attributes.
    static func summary(_ e: XMLElement) -> String {
        if !e.text.isEmpty { return e.text }
        return e.attributes.filter { $0.name != IBRules.keyAttribute }.map { "\($0.name)=\($0.value)" }.joined(separator: " ")
    }
}

/// The events as each stage records them.
extension MergeLog {
    typealias BothChanged = TreeMerge.BothChanged

    mutating func recordBothChanged(_ how: BothChanged, graph: IBGraph, node: Int, subject: @autoclosure () -> String,
                                    ours: @autoclosure () -> String?, theirs: @autoclosure () -> String?, conflict: MergeConflict? = nil) {
        record(how.kind, graph: graph, node: node, subject: subject(), ours: ours(), theirs: theirs(), resolution: how.resolution,
               conflict: conflict)
    }

    /// A deletion of base's object `b` that won over the other side's layout changes.
    mutating func recordDeletedOverLayout(_ base: IBGraph, _ b: Int, deleter: MergeSide) {
        record(.deleteOverLayout, graph: base, node: b, subject: "deleted by \(deleter == .ours ? "ours" : "theirs")",
               ours: nil, theirs: nil, resolution: "the other side changed only its layout; deleted")
    }

    /// One side deleted base's object `b`; the other changed it, or made something refer to it.
    mutating func recordDeletionConflict(_ base: IBGraph, _ b: Int, referenced: Bool, kept: Bool, conflict: MergeConflict) {
        let what = referenced ? "deleted on one side, referenced by a new or changed connection or constraint on the other"
            : "deleted on one side, changed on the other"
        record(.conflict, graph: base, node: b, subject: what, ours: nil, theirs: nil,
               resolution: kept ? "kept" : "deleted", conflict: conflict)
    }

    /// One side deleted base's value element `b`; the other changed it (`kn` in `keeper`).
    mutating func recordValueDeletionConflict(_ base: IBGraph, _ b: Int, deleter: MergeSide, keeper: IBGraph, _ kn: Int, kept: Bool,
                                              conflict: MergeConflict) {
        let shown = TreeMerge.summary(keeper.nodes[kn].element)
        record(.conflict, graph: base, node: b, subject: "<\(base.nodes[b].tag)> deleted on one side, changed on the other",
               ours: deleter == .ours ? nil : shown, theirs: deleter == .theirs ? nil : shown,
               resolution: kept ? "kept" : "deleted", conflict: conflict)
    }

    /// Node `n` of the result referred to `target`, which was deleted: the element went (no
    /// `attribute`), or its attribute did.
    mutating func recordCascade(_ g: IBGraph, _ n: Int, attribute: String?, target: String) {
        record(.cascadeDelete, graph: g, node: attribute == nil ? n : g.owningObject(n), subject: attribute ?? "",
               ours: nil, theirs: nil, resolution: "removed: it referred to \(target), which was deleted")
    }

    /// Every event is about the object owning `node`, named by its path in `graph`. (Its words
    /// are made only when it is kept.)
    mutating func record(_ kind: MergeEvent.Kind, graph: IBGraph, node: Int, subject: @autoclosure () -> String,
                         ours: @autoclosure () -> String?, theirs: @autoclosure () -> String?, resolution: @autoclosure () -> String,
                         conflict: MergeConflict? = nil) {
        guard keepsEvents else { return }
        let owner = graph.owningObject(node)
        events.append(MergeEvent(kind: kind, path: graph.displayPath(owner), objectID: graph.nodes[owner].objectID,
                                 subject: subject(), ours: ours(), theirs: theirs(), resolution: resolution(), conflict: conflict))
    }
}

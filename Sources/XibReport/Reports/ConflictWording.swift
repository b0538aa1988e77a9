import XibKit

/// A merge conflict as a person would put it, from its data (`MergeConflict`): what each side
/// did, in the diff's words. `ours changed its constant to 58; theirs changed its constant to
/// 60 (it was 57)`, `ours deleted it; theirs changed its title to "Save"`, `theirs added
/// constraint Title.top = Save.bottom + 8`.
public enum ConflictWording {
    /// How many of a side's changes a sentence names before counting the rest: a merge that
    /// only prints sentences needs no more in words (`XibMerger.Options.wordedChanges`).
    public static let shownPhrases = 3

    /// Both sides, and what base had where that helps.
    public static func sentence(_ c: MergeConflict, objectID: String?) -> String {
        var s = "ours \(did(c, .ours, objectID: objectID)); theirs \(did(c, .theirs, objectID: objectID))"
        switch c.conflictClass {
        case .attribute, .list, .layout:
            if let base = c.base { s += " (it was \(show(base)))" }
        case .addAdd:
            s += " (base had none)"
        case .deleteEdit, .deleteReference, .moveMove:
            break
        }
        return s
    }

    /// What one side did there: `deleted it`, `removed its title`, `changed its title to "Save"`,
    /// `added constraint … to it`, `moved it to Login Scene > View`.
    public static func did(_ c: MergeConflict, _ side: MergeSide, objectID: String?) -> String {
        let value = side == .ours ? c.ours : c.theirs
        let its = c.name.map { "its " + $0 } ?? "it"
        switch c.conflictClass {
        case .moveMove:
            return "\(c.base == nil ? "added" : "moved") it to \(value?.text ?? "?")"
        case .deleteEdit, .deleteReference:
            if side == c.deletedBy { return c.name == nil ? "deleted it" : "removed \(its)" }
            if c.name != nil { return "changed \(its) to \(value.map(show) ?? "(nothing)")" }
            let phrases = edit(c, objectID: objectID), shown = phrases.prefix(shownPhrases)
            let more = phrases.count + c.unworded - shown.count
            guard !shown.isEmpty else { return c.conflictClass == .deleteReference ? "made something refer to it" : "changed it" }
            return shown.joined(separator: ", ") + (more > 0 ? " and \(more) more" : "")
        case .attribute, .addAdd, .list, .layout:
            guard let value else { return "removed \(its)" }
            return (c.base == nil ? "set \(its) to " : "changed \(its) to ") + show(value)
        }
    }

    /// A value as it reads in a sentence: an empty one says so.
    public static func show(_ v: DiffValue) -> String { v.text.isEmpty ? "(empty)" : v.display }

    /// The kept side's changes, one phrase each: to the object itself, inside it, then the
    /// objects that refer to it.
    static func edit(_ c: MergeConflict, objectID: String?) -> [String] {
        var out: [String] = []
        for change in c.edit {
            let own = change.id != nil && change.id == objectID
            switch change.kind {
            case .modified where own:
                if change.attributes.isEmpty { out.append("changed it") }
                for a in change.attributes {
                    if a.new == nil { out.append("removed its \(a.name)") }
                    else { out.append((a.old == nil ? "set its \(a.name) to " : "changed its \(a.name) to ") + show(a.new!)) }
                }
            case .moved where own: out.append("moved it to \(change.move?.to ?? "?")")
            case .added: out.append("added \(change.summary) to it")
            case .removed: out.append("removed \(change.summary) from it")
            case .modified: out.append("changed \(change.summary) in it")
            case .moved: out.append("moved \(change.summary) in it")
            }
        }
        for change in c.referrers {
            out.append("\(change.kind == .modified ? "changed" : DiffSummary.verb(change.kind)) \(change.summary)")
        }
        return out
    }

    /// The edit as the diff lists it, for a person choosing: `+ constraint …`, `~ Button "Save"`
    /// with `title: "Done" → "Save"` below.
    public static func editLines(_ c: MergeConflict) -> [String] {
        var out: [String] = []
        for change in c.edit + c.referrers {
            let sign = [ObjectChange.Kind.added: "+", .removed: "-", .moved: ">", .modified: "~"][change.kind]!
            out.append("\(sign) \(DiffSummary.object(change))")
            for a in change.attributes {
                let (old, new) = DiffSummary.values(a)
                out.append("    \(a.name): \(old) → \(new)")
            }
        }
        return out
    }
}

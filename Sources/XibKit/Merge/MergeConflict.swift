/// What a person may pick for one conflict.
public enum ConflictChoice: String, Sendable, CaseIterable {
    case ours, theirs, base
    /// For a list changed at the same place on both sides: both sides' items, ours' first.
    case oursThenTheirs = "ours+theirs"
    /// The same, theirs' first.
    case theirsThenOurs = "theirs+ours"
}

/// The sort of a conflict, for tools that group or resolve conflicts.
public enum ConflictClass: String, Sendable, CaseIterable {
    /// The same attribute or value changed differently (one side may have removed it).
    case attribute
    /// An attribute or value base did not have, set differently on both sides.
    case addAdd = "add-add"
    /// A list of values (segments, priorities) changed at the same place on both sides.
    case list
    /// Geometry changed differently on both sides (a conflict only with `--strict-layout`).
    case layout
    /// An object or value deleted on one side and changed on the other.
    case deleteEdit = "delete-edit"
    /// An object deleted on one side and referred to by something new or changed on the other.
    case deleteReference = "delete-reference"
    /// An object moved (or added on both sides) to different parents.
    case moveMove = "move-move"
}

public enum MergeSide: String, Sendable {
    case ours, theirs
}

/// One conflict of a merge, as data: where it is, what each version holds there, and what a
/// person may choose. A merge given a choice for its `key` (`XibMerger.Options.choices`)
/// applies it instead of leaving the conflict marked.
public struct MergeConflict: Sendable, Equatable {
    /// Names the conflict across runs of the same merge: the kind of decision and the key of
    /// the element it is about (`attribute #abc-12-xyz title`, `delete #abc-12-xyz`).
    public var key: String
    public var conflictClass: ConflictClass
    /// What a person may choose here (always ours and theirs).
    public var choices: [ConflictChoice]
    /// The choice the merge applied, when the caller gave one for `key`.
    public var chosen: ConflictChoice?
    /// The element the conflict is about (an object's key `#id`, or a value element's key) and,
    /// for an attribute, its name.
    public var elementKey: String
    public var attribute: String?
    /// For a deletion against an edit: the side that deleted.
    public var deletedBy: MergeSide?
    /// In the diff's words (filled in after the merge, `ConflictWords`): what the conflict is
    /// about (`title`, `normal title`, `backgroundColor`; nil for the object as a whole) ...
    public var name: String?
    /// ... what each version holds there (nil: not there, or deleted) ...
    public var base: DiffValue?
    public var ours: DiffValue?
    public var theirs: DiffValue?
    /// ... and, for a deletion against an edit, what the side that kept the object changed
    /// (base → that side): the object's own changes and those inside it ...
    public var edit: [ObjectChange] = []
    /// ... and the changes outside it that refer to it (a new constraint, outlet or segue).
    public var referrers: [ObjectChange] = []
    /// The changes of those two lists left out, when the merge was asked to word only the
    /// first few (`XibMerger.Options.wordedChanges`): each is to an object other than this
    /// one, and reads as one phrase.
    public var unworded = 0

    public init(key: String, conflictClass: ConflictClass, choices: [ConflictChoice], chosen: ConflictChoice?,
                elementKey: String, attribute: String? = nil, deletedBy: MergeSide? = nil) {
        self.key = key
        self.conflictClass = conflictClass
        self.choices = choices
        self.chosen = chosen
        self.elementKey = elementKey
        self.attribute = attribute
        self.deletedBy = deletedBy
    }

    /// The side that kept an object the other deleted.
    public var keptBy: MergeSide? { deletedBy.map { $0 == .ours ? .theirs : .ours } }
}

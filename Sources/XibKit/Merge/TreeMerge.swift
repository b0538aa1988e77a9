/// The structural three-way merge on the ID-keyed graph, in three stages, a file each:
/// (1) `TreeMerge+Objects`: for every object id, whether it survives and under which parent
/// (deletes, adds, moves, delete-vs-edit conflicts); (2) `TreeMerge+Rebuild`: the tree rebuilt
/// top-down, attributes merged one by one (`+Attributes`) and children as sequences keyed by
/// identity (`SequenceMerge`, comments with them: `+Comments`), untouched subtrees reused as they
/// are so the writer copies their bytes; (3) `TreeMerge+Cascade`: what Xcode deletes with an
/// object (constraints, connections and other references to it). `TreeMerge+Events` names what
/// was done.
///
/// Conflicts are resolved by the caller's `choices` (by `MergeConflict.key`), the others
/// toward `prefer`; the caller runs the merge once per side and places markers where the two
/// renderings differ, so markers surround the fewest lines (and once preferring base, for what
/// base had in each marked place).
final class TreeMerge {
    typealias Side = MergeSide

    struct Options: Sendable {
        var strictLayout = false
        /// A person's decision for each conflict they answered, by `MergeConflict.key`.
        var choices: [String: ConflictChoice] = [:]
    }

    let B: IBGraph, O: IBGraph, T: IBGraph
    /// Where no choice was given: ours, theirs, or base (what base had, for showing it only:
    /// an object comes back as base had it, even where that is not a sound file).
    let prefer: ConflictChoice
    let options: Options
    var events: [MergeEvent] = []
    var fromOurs = MergeContributions()
    var fromTheirs = MergeContributions()
    /// Whether the merged document, as the last cascade pass saw it, has no duplicate id and no
    /// dangling reference but `missingEverywhere` (nil: references still dangled after 8 passes).
    var resultSound: Bool?
    /// Ids that references point at in the result but that no version has: a dangling
    /// reference the inputs already had, left as it was.
    var missingEverywhere: Set<String> = []

    /// Per graph: semantic hash of each node's subtree, blind to Xcode noise, geometry and
    /// child order: whether a side changed an object in a way that should stop the other
    /// side's deletion of it.
    let dfpB: Fingerprints, dfpO: Fingerprints, dfpT: Fingerprints
    /// Object ids (as keys `#id`) that survive, and the key of their parent in the result.
    var survivingParent = ParentTable()
    /// Keys of elements, in any version, whose subtree gains or loses objects by a move:
    /// those cannot be reused wholesale from one side.
    var moveTouched: Set<String> = []
    /// Ids referenced by what each side added or changed; only needed when a side deletes something.
    lazy var touchedByOurs: KeyIndex = referencedByChanges(in: O)
    lazy var touchedByTheirs: KeyIndex = referencedByChanges(in: T)
    /// Objects a side deleted and that stay deleted: never brought back as an ancestor.
    var deletedObjects: Set<String> = []
    /// Objects a side deleted but that a conflict kept: their whole subtree (from the keeper) stays.
    var keptByConflict: Set<String> = []
    /// Value elements (no id) one side deleted but that a conflict kept.
    var keptValues: Set<String> = []
    /// Cache entries one side deleted and the other changed: kept for now, settled on the
    /// merged document (`settleCaches`).
    var cacheDeletions: [(key: String, base: Int, deleter: Side)] = []
    /// Elements that come back as base had them (only when preferring base).
    var restoredFromBase: Set<String> = []
    /// The paths of the parents sides moved objects to, by side and key (`movedToPath`).
    var movedToPaths: [String: String] = [:]

    init(base: IBGraph, ours: IBGraph, theirs: IBGraph, prefer: ConflictChoice, options: Options) {
        B = base; O = ours; T = theirs
        self.prefer = prefer
        self.options = options
        dfpB = Fingerprints(base)
        dfpO = Fingerprints(ours)
        dfpT = Fingerprints(theirs)
    }

    /// The merged document alone, cascade included.
    func mergedDocument() -> XMLDocument {
        var doc = mergeTree()
        cascade(&doc)
        return doc
    }

    /// The merge before the cascade: objects decided, the tree rebuilt.
    func mergeTree() -> XMLDocument {
        decideObjects()
        var doc = O.document
        if let root = mergeNode(IBRules.documentRoot, b: 0, o: 0, t: 0) { doc.root = root }
        if !cacheDeletions.isEmpty { settleCaches(&doc) }
        return doc
    }

    // MARK: - Helpers

    func parentKey(_ g: IBGraph, _ n: Int) -> String {
        let p = g.nodes[n].parent
        return p >= 0 ? g.nodes[p].key : ""
    }

    func markAncestors(_ g: IBGraph, _ n: Int, inclusive: Bool = false) {
        var p = inclusive ? n : g.nodes[n].parent
        while p >= 0 {
            moveTouched.insert(g.nodes[p].key)
            p = g.nodes[p].parent
        }
    }

    func isNoiseElement(_ g: IBGraph, _ n: Int) -> Bool {
        let e = g.nodes[n].element
        return IBRules.noise(of: e) == .editorState
    }

    func bytesEqual(_ g1: IBGraph, _ n1: Int, _ g2: IBGraph, _ n2: Int) -> Bool {
        g1.nodes[n1].element.hasSameBytes(as: g2.nodes[n2].element)
    }
}

/// The structural three-way merge on the ID-keyed graph: a pipeline of stages, each a function
/// from one value to the next, a file each:
///
///     planObjects()            -> ObjectPlan    TreeMerge+Objects: every object id's fate and parent
///     rebuild(ObjectPlan)      -> RebuiltTree   TreeMerge+Rebuild (+Attributes, +Comments,
///                                               +PerViewLists): the tree rebuilt top-down
///     settleCaches(RebuiltTree) -> MergedTree   TreeMerge+Caches: cache entries deleted and changed
///     cascade(MergedTree)      -> CascadedTree  TreeMerge+Cascade: what Xcode deletes with an object
///
/// and the text outside the root element (`OutsideRoot`), all run by `run()`.
///
/// A `TreeMerge` is what every stage reads and none changes: the three graphs, their
/// fingerprints, the caller's options and the side conflicts are resolved toward, all `let`. A
/// stage keeps its working state in a value of its own that lives only while it runs; what it
/// hands on is its output, events included (`MergeLog`, named in `TreeMerge+Events`).
/// (A class: a closure or a `&&` in a stage captures `self`, and a struct holding three graphs
/// would be copied each time, a few percent of a debug merge.)
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

    /// Base, ours and theirs, as the stages before the tree merge left them.
    let graphs: Three<IBGraph>
    /// Where no choice was given: ours, theirs, or base (what base had, for showing it only:
    /// an object comes back as base had it, even where that is not a sound file).
    let prefer: ConflictChoice
    let options: Options
    /// Per graph: semantic hash of each node's subtree, blind to Xcode noise, geometry and
    /// child order: whether a side changed an object in a way that should stop the other
    /// side's deletion of it.
    let fingerprints: Three<Fingerprints>
    /// The text before and after the root element, merged as lines.
    let outsideRoot: OutsideRoot
    /// Every object of the three versions, where each has it: the same for every rendering.
    let objects: Objects
    /// Every object one side deleted and the other kept, with what the keeper did to it: the
    /// same for every rendering.
    let deletions: [DeletionJudgement]
    /// Whether the run names what it did (`MergeLog.keepsEvents`): not in the renderings
    /// `preferring` makes, of which only the document is read, to place the markers.
    let keepsEvents: Bool

    init(_ graphs: Three<IBGraph>, prefer: ConflictChoice, options: Options) {
        self.graphs = graphs
        self.prefer = prefer
        self.options = options
        fingerprints = graphs.map(Fingerprints.init)
        outsideRoot = OutsideRoot(graphs)
        objects = Objects(graphs)
        deletions = DeletionJudge(graphs: graphs, fingerprints: fingerprints).judge(objects)
        keepsEvents = true
    }

    /// The same merge resolving toward another side, for its document only (its events are
    /// not named): the graphs, their fingerprints, the objects' places and the deletions' judgements
    /// are this one's (found once for every rendering of a merge with conflicts).
    private init(_ other: TreeMerge, prefer: ConflictChoice) {
        graphs = other.graphs
        fingerprints = other.fingerprints
        outsideRoot = other.outsideRoot
        objects = other.objects
        deletions = other.deletions
        keepsEvents = false
        self.prefer = prefer
        options = other.options
    }

    func preferring(_ side: ConflictChoice) -> TreeMerge { TreeMerge(self, prefer: side) }

    /// Every stage, in order: the one list each rendering of the merge runs (preferring ours,
    /// theirs or base), so that markers placed where two renderings differ mark conflicts only.
    func run() -> CascadedTree {
        let tree = cascade(settleCaches(rebuild(planObjects())))
        var document = tree.document
        switch prefer {
        case .base: (document.prolog, document.epilog) = (graphs.base.document.prolog, graphs.base.document.epilog)
        case .theirs: outsideRoot.apply(to: &document, prefer: .theirs)
        default: outsideRoot.apply(to: &document, prefer: .ours)
        }
        return CascadedTree(document: document, log: tree.log, sound: tree.sound)
    }

    // MARK: - Helpers

    func parentKey(_ g: IBGraph, _ n: Int) -> String {
        let p = g.nodes[n].parent
        return p >= 0 ? g.nodes[p].key : ""
    }

    func isNoiseElement(_ g: IBGraph, _ n: Int) -> Bool {
        let e = g.nodes[n].element
        return IBRules.noise(of: e) == .editorState
    }

    func bytesEqual(_ g1: IBGraph, _ n1: Int, _ g2: IBGraph, _ n2: Int) -> Bool {
        g1.nodes[n1].element.hasSameBytes(as: g2.nodes[n2].element)
    }
}

/// What the stages did so far, as the summary and the report tell it: the events in the order
/// they happened, and each side's contributions. Each stage hands on its input's log with its
/// own events after it.
struct MergeLog {
    var events: [MergeEvent] = []
    var fromOurs = MergeContributions()
    var fromTheirs = MergeContributions()
    /// Whether events are named and kept (a name walks the object's path): not where nobody
    /// reads them (`TreeMerge.keepsEvents`). The contributions are counted either way.
    var keepsEvents = true

    mutating func countRemoval(by side: MergeSide) {
        if side == .ours { fromOurs.removed += 1 } else { fromTheirs.removed += 1 }
    }
}

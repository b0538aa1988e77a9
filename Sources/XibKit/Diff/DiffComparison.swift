/// One comparison, walking the new document's objects in order and then the old one's leftovers.
struct DiffComparison {
    let old: DiffObjects?
    let new: DiffObjects?
    let options: DiffOptions
    let skipIdenticalSubtrees: Bool
    /// The ids whose changes are wanted (a merge's conflict words ask for a few objects' of a
    /// whole document), else nil: all. Only those changes are made (compared, sorted, named);
    /// the walk, and what it leaves for later changes to read (matches, depths, reorders), is
    /// the same, so each change, and the order of any two, is the one a whole diff gives.
    private(set) var wanted: KeyIndex?
    /// With `wanted`: the new document's objects walked but not wanted that may be changes, by
    /// their group's root, in the walk's order (`hasNewChange`). A group's place among groups
    /// depends on whether it holds a change of the new document's, wanted or not.
    var unwantedByGroup: [Int: [(node: Int, old: Int?, identical: Bool)]] = [:]
    /// With `wanted`: a wanted change fell in the document's or the resources' group, where
    /// what is listed depends on every other change (`changesIfOthers`): compare all instead.
    var wantedOutsideObjectGroups = false
    /// With `wanted`: per node of each document, whether it is a wanted object or holds one.
    /// Only those are walked: what a wanted change says, and where it is listed, depends on its
    /// own object and those above it, on which old objects the new document still has (a
    /// look-up answers that for the rest, `isMatched`), and on whether its group holds any
    /// change (`hasNewChange`, which walks that group's rest when it asks). A deletion's words
    /// walked all of both files.
    private var holdsWanted: (old: [Bool], new: [Bool])?
    /// The subtrees of the new document left unwalked, in document order, and whether each has
    /// been walked since (`hasNewChange`).
    private(set) var unwalked: [Range<Int>] = []
    private var walkedLater: [Bool] = []

    /// Per old node: matched by an object of the new document / root of an identical subtree.
    /// (Tables every node has an entry in are arrays: a dictionary keyed by Int cost more to
    /// set up at run time than it saved.)
    var matched: [Bool]
    var identicalRoot: [Bool]
    /// Per old / new node: listed as removed / added (for nesting).
    var removedDepth: NodeNumbers
    var addedDepth: NodeNumbers
    /// Reorders found while visiting a parent, by new node (few nodes have one).
    var reorders: [Int: Reorder] = [:]
    struct Reorder {
        var from: Int
        var to: Int
    }
    /// Sort keys of removed objects, by old node.
    var removedSort: [Int: SortKey] = [:]

    /// A change as found. It is put in words (`change(_:)`) only when read: a diff reads every
    /// change, a merge's conflict words the few their conflicts concern.
    struct Entry {
        var groupKey: String
        var group: (kind: ChangeGroup.Kind, title: String, id: String?)
        var groupSort: SortKey
        var sort: SortKey
        var kind: ObjectChange.Kind
        var depth: Int
        var move: Move? = nil
        var attributes: [AttributeChange] = []
        /// The object's nodes (a change is described from the new one where there is one), and
        /// their lines.
        var oldNode: Int?
        var newNode: Int?
        var oldLine: Int?
        var newLine: Int?
    }

    /// A matched object's move or reorder, its parents' paths named only when the change is
    /// put in words (`change(_:)`): a merge's conflict words find every change in a deleted
    /// subtree, count them all and name a few.
    struct Move {
        var reparented: Bool
        var oldPosition: Int?
        var newPosition: Int?
    }

    /// Where a change sorts: by position in the new document; removed objects right after
    /// what preceded them in the old one.
    struct SortKey: Comparable {
        var position: Int
        var removed: Int
        static func < (a: SortKey, b: SortKey) -> Bool { (a.position, a.removed) < (b.position, b.removed) }
    }

    var entries: [Entry] = []
    /// The groups in the diff's order, each with its entries (indices in `entries`) in order.
    var listed: [(group: ChangeGroup, members: [Int])] = []
    var framesChanged = 0
    var noiseHidden = 0
    var noiseNames: [String] = []
    /// Entries of the document's record added or removed that are changes only in a file with
    /// other changes (`IBRules.EntryTurnover.noiseUnlessOtherChanges`): listed once all are known.
    var changesIfOthers: [Entry] = []

    init(old: DiffObjects?, new: DiffObjects?, options: DiffOptions, skipIdenticalSubtrees: Bool, wanted: KeyIndex? = nil) {
        self.old = old
        self.new = new
        self.options = options
        self.skipIdenticalSubtrees = skipIdenticalSubtrees
        self.wanted = wanted
        let oldCount = old?.graph.nodes.count ?? 0
        matched = [Bool](repeating: false, count: oldCount)
        identicalRoot = [Bool](repeating: false, count: oldCount)
        removedDepth = NodeNumbers(repeating: -1, count: oldCount)
        addedDepth = NodeNumbers(repeating: -1, count: new?.graph.nodes.count ?? 0)
    }

    mutating func run() {
        walk()
        if wanted != nil && wantedOutsideObjectGroups {
            self = DiffComparison(old: old, new: new, options: options, skipIdenticalSubtrees: skipIdenticalSubtrees)
            walk()
        }
    }

    private mutating func walk() {
        if let wanted, let old, let new, old.graph.duplicateIDs.isEmpty, new.graph.duplicateIDs.isEmpty {
            holdsWanted = (Self.holding(wanted, in: old), Self.holding(wanted, in: new))
        }
        if let new {
            if old == nil {
                addedDepth[0] = -1
                for c in new.entityChildren(of: 0) { visitNew(c) }
            } else {
                visitNew(0)
            }
        }
        if let old { collectRemoved(old) }
        if entries.isEmpty && framesChanged == 0 {
            for e in changesIfOthers { hideNoise(tag(of: e)) }
        } else {
            entries += changesIfOthers
        }
        fillLines()
        listGroups()
    }

    /// Counts a noise change left out, under its name.
    mutating func hideNoise(_ name: String) {
        noiseHidden += 1
        if !noiseNames.contains(name) { noiseNames.append(name) }
    }

    /// The document-level container holding `i` as an entry, if its entries are noise of a
    /// kind (`IBRules.entryNoise`): the document's record, its caches.
    func noiseContainer(_ side: DiffObjects, _ i: Int) -> (tag: String, noise: IBRules.Noise)? {
        let p = side.graph.nodes[i].parent
        guard p > 0, side.graph.nodes[p].parent == 0 else { return nil }
        let tag = side.graph.nodes[p].tag
        return IBRules.entryNoise(container: tag).map { (tag, $0) }
    }

    // MARK: - Walking

    /// Whether node `i` of `side` is an object whose changes are made (all, without `wanted`).
    func isWanted(_ side: DiffObjects, _ i: Int) -> Bool {
        guard let wanted else { return true }
        return side.shownID(i).map { wanted[$0] != nil } ?? false
    }

    /// A new document's object not wanted: kept, for `hasNewChange`, under its group's root.
    private mutating func passOver(_ ni: Int, old oi: Int?, identical: Bool) {
        guard let new, ni > 0 else { return }
        unwantedByGroup[new.groupRoot(ni), default: []].append((ni, oi, identical))
    }

    mutating func visitNew(_ ni: Int) {
        guard let new else { return }
        // Fields read one by one: copying a whole node retains everything in it.
        if let old, let oi = old.graph.byKey[new.graph.nodes[ni].key], old.isEntity[oi], !matched[oi] {
            matched[oi] = true
            let identical = skipIdenticalSubtrees && old.graph.nodes[oi].element.hasSameBytes(as: new.graph.nodes[ni].element)
            if identical { identicalRoot[oi] = true }
            if isWanted(new, ni) { compareMatched(oi, ni, identical: identical) } else { passOver(ni, old: oi, identical: identical) }
            if identical { return }
            findReorders(oi, ni)
        } else {
            let p = new.parentEntity[ni]
            let depth = p >= 0 && addedDepth[p] >= 0 ? addedDepth[p] + 1 : 0
            addedDepth[ni] = depth
            if ni > 0 { if isWanted(new, ni) { emitAdded(ni, depth: depth) } else { passOver(ni, old: nil, identical: false) } }
        }
        for c in new.entityChildren(of: ni) {
            // (Below a node holding nothing wanted, the walk is one `walkUnwalked` asked for.)
            if let holdsWanted, holdsWanted.new[ni], !holdsWanted.new[c] {
                unwalked.append(c..<new.subtreeEnd[c])
                walkedLater.append(false)
                continue
            }
            visitNew(c)
        }
    }

    mutating func collectRemoved(_ old: DiffObjects) {
        let nodes = old.graph.nodes
        var i = new == nil ? 1 : 0
        let holds = holdsWanted?.old
        while i < nodes.count {
            if identicalRoot[i] || holds.map({ !$0[i] }) ?? false {
                i = old.subtreeEnd[i]
                continue
            }
            if old.isEntity[i], !isMatched(i) {
                let p = old.parentEntity[i]
                let depth = p >= 0 && removedDepth[p] >= 0 ? removedDepth[p] + 1 : 0
                removedDepth[i] = depth
                if isWanted(old, i) { emitRemoved(i, depth: depth) }
            }
            i += 1
        }
    }

    /// Per node of `side`: whether it is an object of `wanted` (a scene by its `sceneID`) or
    /// holds one.
    private static func holding(_ wanted: KeyIndex, in side: DiffObjects) -> [Bool] {
        let g = side.graph
        var holds = [Bool](repeating: false, count: g.nodes.count)
        func mark(_ n: Int) {
            var a = n
            while a >= 0 && !holds[a] {
                holds[a] = true
                a = g.nodes[a].parent
            }
        }
        wanted.forEachKey { id, hash in g.objectIndex.value(for: id, hash: hash).map(mark) }
        for c in side.entityChildren(of: 0) where g.nodes[c].tag == IBRules.sceneTag {
            if let id = side.shownID(c), wanted[id] != nil { mark(c) }
        }
        return holds
    }

    /// Whether old node `oi` is an object the new document has where the whole walk meets it:
    /// matched, or in a part left unwalked.
    func isMatched(_ oi: Int) -> Bool {
        guard !matched[oi] else { return true }
        guard holdsWanted != nil, let old, let new, old.isEntity[oi],
              let ni = new.graph.byKey[old.graph.nodes[oi].key], new.isEntity[ni] else { return false }
        let k = unwalked.partitionPoint { $0.upperBound <= ni }
        return k < unwalked.count && unwalked[k].contains(ni)
    }

    /// Walks what was left unwalked in the new document's subtree at `root` (the objects of a
    /// group whose changes are asked about).
    mutating func walkUnwalked(in root: Int) {
        guard let new, holdsWanted != nil else { return }
        let end = new.subtreeEnd[root]
        var k = unwalked.partitionPoint { $0.upperBound <= root }
        while k < unwalked.count && unwalked[k].lowerBound < end {
            if !walkedLater[k] {
                walkedLater[k] = true
                visitNew(unwalked[k].lowerBound)
            }
            k += 1
        }
    }

    /// Whether an object's own attributes and values (its non-object descendants) are byte for
    /// byte the same on both sides. Most matched objects that are not identical differ only in
    /// objects of their own below them; this answers for them without flattening attributes.
    /// False means "compare them": formatting differences fall through to the full comparison.
    func sameOwnBytes(_ oi: Int, _ ni: Int) -> Bool {
        guard let old, let new else { return false }
        let a = old.graph.nodes[oi].element, b = new.graph.nodes[ni].element
        if a.hasSameBytes(as: b) { return true }
        guard a.hasSameStartTag(as: b) else { return false }
        // Text, CDATA or comments: leave those to the full comparison.
        func onlyElements(_ e: XMLElement) -> Bool {
            e.children.allSatisfy { if case .element = $0 { return true } else { return false } }
        }
        guard onlyElements(a), onlyElements(b) else { return false }
        let ca = old.graph.children(of: oi).filter { !old.isEntity[$0] }
        let cb = new.graph.children(of: ni).filter { !new.isEntity[$0] }
        guard ca.count == cb.count else { return false }
        for (x, y) in zip(ca, cb) where !sameOwnBytes(x, y) { return false }
        return true
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Computes what changed between two versions of a document, on the ID-keyed graph:
/// objects are matched by `IBGraph.Node.key` (`#id`, `#scene:ID`, or a path of keys for
/// items without ids), never by position in the text.
public enum SemanticDiff {
    /// Parses and compares two versions of one file (files on disk, or blobs from git).
    /// `nil` bytes mean the file does not exist on that side (added or deleted).
    /// Throws for input that does not parse, naming `file:line:column`.
    public static func files(oldBytes: [UInt8]?, newBytes: [UInt8]?, oldName: String, newName: String,
                             displayName: String? = nil, options: DiffOptions = DiffOptions()) throws(XMLParseError) -> FileDiff {
        func objects(_ bytes: [UInt8]?, _ name: String) throws(XMLParseError) -> DiffObjects? {
            try bytes.map { (b) throws(XMLParseError) -> DiffObjects in DiffObjects(IBGraph(try IBDocument(bytes: b, name: name))) }
        }
        let old = try objects(oldBytes, oldName), new = try objects(newBytes, newName)
        return compare(old: old, new: new, oldName: oldBytes == nil ? nil : oldName,
                       newName: newBytes == nil ? nil : newName, displayName: displayName ?? (newBytes == nil ? oldName : newName),
                       options: options, skipIdenticalSubtrees: true)
    }

    /// Compares two parsed documents; `nil` for a side where the file does not exist.
    public static func compare(old: IBDocument?, new: IBDocument?, oldName: String? = nil, newName: String? = nil,
                               displayName: String = "", options: DiffOptions = DiffOptions()) -> FileDiff {
        compare(old: old, new: new, oldName: oldName, newName: newName, displayName: displayName, options: options,
                skipIdenticalSubtrees: true)
    }

    /// `skipIdenticalSubtrees: false` compares every object even where the bytes are equal
    /// (for tests of the comparison itself).
    static func compare(old: IBDocument?, new: IBDocument?, oldName: String?, newName: String?, displayName: String,
                        options: DiffOptions, skipIdenticalSubtrees: Bool) -> FileDiff {
        compare(old: old.map { DiffObjects(IBGraph($0)) }, new: new.map { DiffObjects(IBGraph($0)) }, oldName: oldName,
                newName: newName, displayName: displayName, options: options, skipIdenticalSubtrees: skipIdenticalSubtrees)
    }

    static func compare(old: DiffObjects?, new: DiffObjects?, oldName: String?, newName: String?, displayName: String,
                        options: DiffOptions, skipIdenticalSubtrees: Bool) -> FileDiff {
        var run = Comparison(old: old, new: new, options: options, skipIdenticalSubtrees: skipIdenticalSubtrees)
        run.run()
        let status: FileDiff.Status
        if old == nil && new == nil { status = .unchanged } else if old == nil { status = .added } else if new == nil { status = .deleted } else {
            status = run.groups.isEmpty && run.framesChanged == 0 ? .unchanged : .modified
        }
        let reference = (new ?? old).flatMap { try? IBDocument(xml: $0.graph.document) }
        return FileDiff(oldName: oldName, newName: newName, displayName: displayName, status: status,
                        documentKind: reference?.kind ?? .xib, platform: reference?.platform ?? .unknown,
                        options: options, groups: run.groups, framesChanged: run.framesChanged,
                        noiseHidden: run.noiseHidden, noiseNames: run.noiseNames)
    }
}

/// One comparison, walking the new document's objects in order and then the old one's leftovers.
private struct Comparison {
    let old: DiffObjects?
    let new: DiffObjects?
    let options: DiffOptions
    let skipIdenticalSubtrees: Bool

    /// Per old node: matched by an object of the new document / root of an identical subtree.
    var matched: [Bool]
    var identicalRoot: [Bool]
    /// Per old / new node: listed as removed / added (for nesting).
    var removedDepth: [Int]
    var addedDepth: [Int]
    /// Reorders found while visiting a parent, by new node. (Tables by node are arrays here:
    /// a dictionary keyed by Int cost more to set up at run time than it saved.)
    var reorders: [Reorder?]
    struct Reorder {
        var from: Int
        var to: Int
    }
    /// Sort keys of removed objects, by old node.
    var removedSort: [SortKey?]

    struct Entry {
        var groupKey: String
        var group: (kind: ChangeGroup.Kind, title: String, id: String?)
        var groupSort: SortKey
        var sort: SortKey
        var change: ObjectChange
        /// The object's nodes, for line numbers.
        var oldNode: Int?
        var newNode: Int?
    }

    /// Where a change sorts: by position in the new document; removed objects right after
    /// what preceded them in the old one.
    struct SortKey: Comparable {
        var position: Int
        var removed: Int
        static func < (a: SortKey, b: SortKey) -> Bool { (a.position, a.removed) < (b.position, b.removed) }
    }

    var entries: [Entry] = []
    var groups: [ChangeGroup] = []
    var framesChanged = 0
    var noiseHidden = 0
    var noiseNames: [String] = []

    init(old: DiffObjects?, new: DiffObjects?, options: DiffOptions, skipIdenticalSubtrees: Bool) {
        self.old = old
        self.new = new
        self.options = options
        self.skipIdenticalSubtrees = skipIdenticalSubtrees
        let oldCount = old?.graph.nodes.count ?? 0
        matched = [Bool](repeating: false, count: oldCount)
        identicalRoot = [Bool](repeating: false, count: oldCount)
        removedDepth = [Int](repeating: -1, count: oldCount)
        addedDepth = [Int](repeating: -1, count: new?.graph.nodes.count ?? 0)
        reorders = [Reorder?](repeating: nil, count: new?.graph.nodes.count ?? 0)
        removedSort = [SortKey?](repeating: nil, count: oldCount)
    }

    mutating func run() {
        if let new {
            if old == nil {
                addedDepth[0] = -1
                for c in new.entityChildren(of: 0) { visitNew(c) }
            } else {
                visitNew(0)
            }
        }
        if let old { collectRemoved(old) }
        buildGroups()
    }

    // MARK: - Walking

    private mutating func visitNew(_ ni: Int) {
        guard let new else { return }
        // Fields read one by one: copying a whole node retains everything in it.
        if let old, let oi = old.graph.byKey[new.graph.nodes[ni].key], old.isEntity[oi], !matched[oi] {
            matched[oi] = true
            if skipIdenticalSubtrees, old.graph.nodes[oi].element.hasSameBytes(as: new.graph.nodes[ni].element) {
                identicalRoot[oi] = true
                compareMatched(oi, ni, identical: true)
                return
            }
            compareMatched(oi, ni, identical: false)
            findReorders(oi, ni)
        } else {
            let p = new.parentEntity[ni]
            let depth = p >= 0 && addedDepth[p] >= 0 ? addedDepth[p] + 1 : 0
            addedDepth[ni] = depth
            if ni > 0 { emitAdded(ni, depth: depth) }
        }
        for c in new.entityChildren(of: ni) { visitNew(c) }
    }

    private mutating func collectRemoved(_ old: DiffObjects) {
        let nodes = old.graph.nodes
        var i = new == nil ? 1 : 0
        while i < nodes.count {
            if identicalRoot[i] {
                i = old.subtreeEnd[i]
                continue
            }
            if old.isEntity[i], !matched[i] {
                let p = old.parentEntity[i]
                let depth = p >= 0 && removedDepth[p] >= 0 ? removedDepth[p] + 1 : 0
                removedDepth[i] = depth
                emitRemoved(i, depth: depth)
            }
            i += 1
        }
    }

    /// Whether an object's own attributes and values (its non-object descendants) are byte for
    /// byte the same on both sides. Most matched objects that are not identical differ only in
    /// objects of their own below them; this answers for them without flattening attributes.
    /// False means "compare them": formatting differences fall through to the full comparison.
    private func sameOwnBytes(_ oi: Int, _ ni: Int) -> Bool {
        guard let old, let new else { return false }
        let a = old.graph.nodes[oi].element, b = new.graph.nodes[ni].element
        if a.hasSameBytes(as: b) { return true }
        guard a.hasSameStartTag(as: b) else { return false }
        // Text, CDATA or comments: leave those to the full comparison.
        func onlyElements(_ e: XMLElement) -> Bool {
            e.children.allSatisfy { if case .element = $0 { return true } else { return false } }
        }
        guard onlyElements(a), onlyElements(b) else { return false }
        let ca = old.graph.nodes[oi].children.filter { !old.isEntity[$0] }
        let cb = new.graph.nodes[ni].children.filter { !new.isEntity[$0] }
        guard ca.count == cb.count else { return false }
        for (x, y) in zip(ca, cb) where !sameOwnBytes(x, y) { return false }
        return true
    }

    // MARK: - Matched objects

    private mutating func compareMatched(_ oi: Int, _ ni: Int, identical: Bool) {
        guard let old, let new else { return }
        var move: ObjectMove? = nil
        if oi > 0, ni > 0 {
            let oParent = old.graph.nodes[old.graph.nodes[oi].parent].key, nParent = new.graph.nodes[new.graph.nodes[ni].parent].key
            if oParent != nParent {
                move = ObjectMove(from: old.ancestorPath(oi), to: new.ancestorPath(ni), reparented: true)
            } else if let reorder = reorders[ni] {
                move = ObjectMove(from: old.ancestorPath(oi), to: new.ancestorPath(ni), reparented: false,
                                  oldPosition: reorder.from, newPosition: reorder.to)
            }
        }
        var attributes: [AttributeChange] = []
        if !identical, !sameOwnBytes(oi, ni) {
            let oTag = old.graph.nodes[oi].tag, nTag = new.graph.nodes[ni].tag
            if oTag != nTag {
                attributes.append(AttributeChange(name: "type", old: DiffValue(text: oTag), new: DiffValue(text: nTag)))
            }
            attributes += filtered(compareAttributes(DiffAttributes.of(oi, in: old), DiffAttributes.of(ni, in: new), old: old, new: new),
                                   entityTag: nTag, isNamedItem: new.graph.nodes[ni].objectID == nil && ni > 0 && nTag != "scene")
        }
        guard move != nil || !attributes.isEmpty else { return }
        let p = new.parentEntity[ni]
        let depth = p >= 0 && addedDepth[p] >= 0 ? addedDepth[p] + 1 : 0
        var change = makeChange(new, ni, isNew: true, kind: move != nil ? .moved : .modified, depth: depth)
        change.oldSummary = old.summary(oi)
        change.move = move
        change.attributes = attributes
        append(change, side: new, isNew: true, index: ni, sort: SortKey(position: ni, removed: 0), oldNode: oi)
    }

    /// Attribute changes, in the new order, then attributes only the old side has.
    private func compareAttributes(_ a: [FlatAttribute], _ b: [FlatAttribute], old: DiffObjects, new: DiffObjects) -> [AttributeChange] {
        var out: [AttributeChange] = []
        func change(_ name: String, _ o: FlatAttribute?, _ n: FlatAttribute?) -> AttributeChange {
            var c = AttributeChange(name: name, old: o?.value(in: old), new: n?.value(in: new), noise: n?.noise ?? o?.noise)
            // Two different values that read the same: show what is written, so no change reads "x → x".
            if let ov = c.old, let nv = c.new, ov.display == nv.display, let o, let n {
                if let oid = ov.referencedID, let nid = nv.referencedID {
                    c.old?.text += " (\(oid))"
                    c.new?.text += " (\(nid))"
                } else {
                    c.old = DiffValue(text: o.written, isText: ov.isText)
                    c.new = DiffValue(text: n.written, isText: nv.isText)
                }
            }
            return c
        }
        // Usually both sides list the same attributes in the same order: compare them pairwise.
        if a.count == b.count, zip(a, b).allSatisfy({ $0.name == $1.name }), Set(a.map(\.name)).count == a.count {
            for (o, n) in zip(a, b) where !o.isSame(as: n) { out.append(change(n.name, o, n)) }
            return out
        }
        // Otherwise match by name. A few dozen names a side: scans beat hashing them, and
        // indices beat copying the values into tables.
        let oldNames = uniqueNames(a), newNames = uniqueNames(b)
        func position(of name: String, in names: [String]) -> Int? { names.firstIndex { $0.isSameName(as: name) } }
        for (j, name) in newNames.enumerated() {
            if let i = position(of: name, in: oldNames) {
                if a[i].isSame(as: b[j]) { continue }
                out.append(change(name, a[i], b[j]))
            } else {
                out.append(change(name, nil, b[j]))
            }
        }
        for (i, name) in oldNames.enumerated() where position(of: name, in: newNames) == nil {
            out.append(change(name, a[i], nil))
        }
        return out
    }

    /// The attributes' names, a repeated one numbered: `title`, `title (2)`.
    private func uniqueNames(_ list: [FlatAttribute]) -> [String] {
        var names: [String] = []
        names.reserveCapacity(list.count)
        for f in list {
            var name = f.name
            var k = 2
            // A few dozen names at most: a scan beats hashing them.
            while names.contains(where: { $0.isSameName(as: name) }) {
                name = "\(f.name) (\(k))"
                k += 1
            }
            names.append(name)
        }
        return names
    }

    /// Leaves out (and counts) noise and frames unless the options show them.
    private mutating func filtered(_ changes: [AttributeChange], entityTag: String, isNamedItem: Bool) -> [AttributeChange] {
        var out: [AttributeChange] = []
        for c in changes {
            switch c.noise {
            case .layout? where !options.layout:
                framesChanged += 1
            case .toolsVersion?, .editorState?:
                if options.includeNoise {
                    out.append(c)
                } else {
                    noiseHidden += 1
                    let name = isNamedItem ? entityTag + " " + c.name : c.name
                    if !noiseNames.contains(name) { noiseNames.append(name) }
                }
            default:
                out.append(c)
            }
        }
        return out
    }

    /// Objects that stay in the same container but change order: those outside a longest
    /// run kept in order (so one insertion or one move does not make every sibling "moved").
    private mutating func findReorders(_ oi: Int, _ ni: Int) {
        guard let old, let new else { return }
        func containers(_ objects: DiffObjects, _ e: Int) -> [Int] {
            var out: [Int] = []
            func walk(_ i: Int) {
                for c in objects.graph.nodes[i].children where !objects.isEntity[c] && objects.containsEntity[c] {
                    out.append(c)
                    walk(c)
                }
            }
            walk(e)
            return out
        }
        for nc in containers(new, ni) where !IBRules.isSet(new.graph.nodes[nc].tag) {
            guard let oc = old.graph.byKey[new.graph.nodes[nc].key] else { continue }
            if skipIdenticalSubtrees, old.graph.nodes[oc].element.hasSameBytes(as: new.graph.nodes[nc].element) { continue }
            let oldKids = old.graph.nodes[oc].children.filter { old.isEntity[$0] }
            let newKids = new.graph.nodes[nc].children.filter { new.isEntity[$0] }
            var common: [(newIndex: Int, newPos: Int, oldPos: Int)] = []
            for (p, k) in newKids.enumerated() {
                // The old node with this key, if it is among these old children (few: a scan).
                if let o = old.graph.byKey[new.graph.nodes[k].key], let op = oldKids.firstIndex(of: o) { common.append((k, p, op)) }
            }
            let keep = Set(longestIncreasing(common.map(\.oldPos)))
            for (i, c) in common.enumerated() where !keep.contains(i) {
                reorders[c.newIndex] = Reorder(from: c.oldPos + 1, to: c.newPos + 1)
            }
        }
    }

    // MARK: - Emitting

    private mutating func emitAdded(_ ni: Int, depth: Int) {
        guard let new else { return }
        let change = makeChange(new, ni, isNew: true, kind: .added, depth: depth)
        append(change, side: new, isNew: true, index: ni, sort: SortKey(position: ni, removed: 0))
    }

    private mutating func emitRemoved(_ oi: Int, depth: Int) {
        guard let old else { return }
        let change = makeChange(old, oi, isNew: false, kind: .removed, depth: depth)
        append(change, side: old, isNew: false, index: oi, sort: removedSortKey(oi))
    }

    /// A change described from one side: the new document's, or the old one's for removed objects.
    private mutating func makeChange(_ side: DiffObjects, _ i: Int, isNew: Bool, kind: ObjectChange.Kind, depth: Int) -> ObjectChange {
        let title = side.groupTitle(side.groupRoot(i))
        let summary = side.summary(i)
        return ObjectChange(kind: kind, category: side.category(i), tag: side.graph.nodes[i].tag, id: side.shownID(i),
                            path: side.path(i, summary: summary), location: side.location(i, groupTitle: title),
                            oldSummary: isNew ? nil : summary, newSummary: isNew ? summary : nil, depth: depth)
    }

    private mutating func append(_ change: ObjectChange, side: DiffObjects, isNew: Bool, index: Int, sort: SortKey, oldNode: Int? = nil) {
        let root = side.groupRoot(index)
        let groupSort = isNew ? SortKey(position: root, removed: 0) : removedSortKey(root)
        entries.append(Entry(groupKey: side.graph.nodes[root].key,
                             group: (side.groupKind(root), side.groupTitle(root), root > 0 ? side.shownID(root) : nil),
                             groupSort: groupSort, sort: sort, change: change,
                             oldNode: isNew ? oldNode : index, newNode: isNew ? index : nil))
    }

    /// Where a removed object sorts: with its removed ancestor; else after the nearest earlier
    /// sibling that the new document still has in the same place; else right after the
    /// nearest ancestor (object or container) the new document still has.
    private mutating func removedSortKey(_ oi: Int) -> SortKey {
        guard let old, let new else { return SortKey(position: oi, removed: 0) }
        if let known = removedSort[oi] { return known }
        let key: SortKey
        let pe = old.parentEntity[oi]
        if pe > 0, removedDepth[pe] >= 0 {
            key = SortKey(position: removedSortKey(pe).position, removed: oi + 1)
        } else {
            key = SortKey(position: anchor(oi, old, new), removed: oi + 1)
        }
        removedSort[oi] = key
        return key
    }

    private func anchor(_ oi: Int, _ old: DiffObjects, _ new: DiffObjects) -> Int {
        let nodes = old.graph.nodes
        let parent = nodes[oi].parent
        guard parent >= 0 else { return 0 }
        let parentKey = nodes[parent].key
        for s in nodes[parent].children.reversed() where s < oi && old.isEntity[s] && matched[s] {
            if let ns = new.graph.byKey[nodes[s].key], new.graph.nodes[ns].parent >= 0,
               new.graph.nodes[new.graph.nodes[ns].parent].key == parentKey {
                return new.subtreeEnd[ns] - 1
            }
        }
        var a = parent
        while a >= 0 {
            if let na = new.graph.byKey[nodes[a].key] { return na }
            a = nodes[a].parent
        }
        return 0
    }

    /// Fills in the line numbers of all changes: one pass over each file, not an index of every line.
    private mutating func fillLines() {
        /// The line of each node's start, by position in `nodes`: one pass over the file.
        func lines(_ side: DiffObjects?, _ nodes: [Int?]) -> [Int?] {
            guard let side else { return nodes.map { _ in nil } }
            let offsets = nodes.map { $0.flatMap { side.graph.nodes[$0].element.offset } }
            let order = offsets.indices.filter { offsets[$0] != nil }.sorted { offsets[$0]! < offsets[$1]! }
            var out = [Int?](repeating: nil, count: nodes.count)
            var line = 1, position = 0
            side.graph.document.source.bytes.withUnsafeBufferPointer { p in
                guard let base = p.baseAddress else { return }
                for k in order {
                    let o = offsets[k]!
                    while position < o, let nl = memchr(base + position, 0x0A, o - position) {
                        line += 1
                        position = base.distance(to: nl.assumingMemoryBound(to: UInt8.self)) + 1
                    }
                    position = max(position, o)
                    out[k] = line
                }
            }
            return out
        }
        let oldLines = lines(old, entries.map(\.oldNode))
        let newLines = lines(new, entries.map(\.newNode))
        for k in entries.indices {
            if let line = oldLines[k] { entries[k].change.oldLine = line }
            if let line = newLines[k] { entries[k].change.newLine = line }
        }
    }

    private mutating func buildGroups() {
        fillLines()
        // Groups in order of their position; changes by position, then by emission.
        var groupIndex: [String: Int] = [:]
        var heads: [(key: String, sort: SortKey, group: ChangeGroup)] = []
        var members: [[Int]] = []
        for (n, e) in entries.enumerated() {
            if let g = groupIndex[e.groupKey] {
                members[g].append(n)
                // The new document's name and position for a group win over the old one's.
                if e.groupSort.removed == 0, heads[g].sort.removed != 0 {
                    heads[g].group.title = e.group.title
                    heads[g].sort = e.groupSort
                }
            } else {
                groupIndex[e.groupKey] = heads.count
                heads.append((e.groupKey, e.groupSort, ChangeGroup(kind: e.group.kind, title: e.group.title, id: e.group.id, changes: [])))
                members.append([n])
            }
        }
        let order = heads.indices.sorted { a, b in
            heads[a].sort != heads[b].sort ? heads[a].sort < heads[b].sort : heads[a].key < heads[b].key
        }
        groups = order.map { g in
            var group = heads[g].group
            let sorted = members[g].sorted { a, b in
                entries[a].sort != entries[b].sort ? entries[a].sort < entries[b].sort : a < b
            }
            group.changes = sorted.map { entries[$0].change }
            return group
        }
    }
}

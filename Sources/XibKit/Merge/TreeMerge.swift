/// The structural three-way merge on the ID-keyed graph.
///
/// Stages: (1) decide, for every object id, whether it survives and under which parent
/// (deletes, adds, moves, delete-vs-edit conflicts); (2) rebuild the tree top-down, merging
/// attributes one by one and children as sequences keyed by identity, reusing untouched
/// subtrees as they are so the writer copies their bytes; (3) cascade what Xcode deletes with
/// an object (constraints, connections and other references to it).
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

    private let B: IBGraph, O: IBGraph, T: IBGraph
    /// Where no choice was given: ours, theirs, or base (what base had, for showing it only:
    /// an object comes back as base had it, even where that is not a sound file).
    private let prefer: ConflictChoice
    private let options: Options
    private(set) var events: [MergeEvent] = []
    private(set) var fromOurs = MergeContributions()
    private(set) var fromTheirs = MergeContributions()
    /// The graph of the merged document, as the last cascade pass saw it.
    private(set) var resultGraph: IBGraph?

    /// Per graph: semantic hash of each node's subtree, blind to Xcode noise, geometry and
    /// child order: whether a side changed an object in a way that should stop the other
    /// side's deletion of it.
    private let dfpB: Fingerprints, dfpO: Fingerprints, dfpT: Fingerprints
    /// Object ids (as keys `#id`) that survive, and the key of their parent in the result.
    private var survivingParent = ParentTable()
    /// Keys of elements, in any version, whose subtree gains or loses objects by a move:
    /// those cannot be reused wholesale from one side.
    private var moveTouched: Set<String> = []
    /// Ids referenced by what each side added or changed; only needed when a side deletes something.
    private lazy var touchedByOurs: KeyIndex = referencedByChanges(in: O)
    private lazy var touchedByTheirs: KeyIndex = referencedByChanges(in: T)
    /// Objects a side deleted and that stay deleted: never brought back as an ancestor.
    private var deletedObjects: Set<String> = []
    /// Objects a side deleted but that a conflict kept: their whole subtree (from the keeper) stays.
    private var keptByConflict: Set<String> = []
    /// Value elements (no id) one side deleted but that a conflict kept.
    private var keptValues: Set<String> = []
    /// Elements that come back as base had them (only when preferring base).
    private var restoredFromBase: Set<String> = []

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
        if let root = mergeNode("document", b: 0, o: 0, t: 0) { doc.root = root }
        return doc
    }

    // MARK: - Stage 1: objects

    private func decideObjects() {
        // The graphs are passed to local functions, not gathered in arrays: an array of them
        // copies each graph's tables (a dozen retains) every time it is built.
        var ids: [String] = []
        // Each key's hash, as every graph's index has it (node i is entry i): hashed once.
        var hashes: [UInt64] = []
        var seen = KeyIndex(minimumCapacity: O.nodes.count / 2)
        func collect(_ g: IBGraph) {
            for i in g.nodes.indices {
                let key = g.nodes[i].key
                guard IBGraph.isObjectKey(key) else { continue }
                let hash = g.byKey.hash(ofEntry: i)
                if seen.insert(key, 0, hash: hash) == nil {
                    ids.append(key)
                    hashes.append(hash)
                }
            }
        }
        collect(O)
        collect(T)
        collect(B)
        survivingParent = ParentTable(minimumCapacity: ids.count)
        // Each object's node and parent in each version, looked up once (the move checks below
        // need them again).
        var found: [Places] = []
        found.reserveCapacity(ids.count)
        for (key, hash) in zip(ids, hashes) {
            let b = B.byKey.value(for: key, hash: hash), o = O.byKey.value(for: key, hash: hash), t = T.byKey.value(for: key, hash: hash)
            let pb = b.map { parentKey(B, $0) }, po = o.map { parentKey(O, $0) }, pt = t.map { parentKey(T, $0) }
            found.append(Places(b: b, o: o, t: t, pb: pb, po: po, pt: pt))
            switch (b, o, t) {
            case (_, .some, .some):
                let parent: String
                if po == pt || pt == pb { parent = po! }
                else if po == pb { parent = pt! }
                else {
                    let conflict = decide("move " + key, .moveMove, element: key)
                    let taken = take(conflict)
                    parent = taken == .theirs ? pt! : (taken == .base ? pb ?? po! : po!)
                    record(.conflict, graph: O, node: o!, subject: "moved to different parents",
                           ours: O.displayPath(O.byKey[po!] ?? 0), theirs: T.displayPath(T.byKey[pt!] ?? 0),
                           resolution: "kept \(taken.rawValue)", conflict: conflict)
                }
                survivingParent[key] = parent
                if po != pb, b != nil { fromOurs.moved += 1 }
                if pt != pb, b != nil, pt != po { fromTheirs.moved += 1 }
                if b == nil { if po != nil { fromOurs.added += 1 } }
            case (.some(let bn), nil, .some(let tn)):
                decideDeletion(key: key, deleter: .ours, b: bn, kept: tn, keptGraph: T, keptFP: dfpT,
                               referencedByKeeper: touchedByTheirs, keeperParent: pt!)
            case (.some(let bn), .some(let on), nil):
                decideDeletion(key: key, deleter: .theirs, b: bn, kept: on, keptGraph: O, keptFP: dfpO,
                               referencedByKeeper: touchedByOurs, keeperParent: po!)
            case (nil, .some, nil):
                survivingParent[key] = po!
                fromOurs.added += 1
            case (nil, nil, .some):
                survivingParent[key] = pt!
                fromTheirs.added += 1
            default:
                break // deleted on both sides, or only in base
            }
        }
        keepAncestorsOfSurvivors()
        // A move makes the subtrees around both its old and new places non-reusable, in every version.
        func movedIn(_ n: Int?, _ p: String?, from parent: String) -> Bool { n != nil && p != parent }
        func markAround(_ g: IBGraph, _ n: Int?, _ parent: String) {
            if let n { markAncestors(g, n) }
            if let p = g.byKey[parent] { markAncestors(g, p, inclusive: true) }
        }
        // A deleted object that a side still has somewhere else than base had it (moved, then
        // deleted by the other side's decision) must not come back with that side's subtree.
        func markIfElsewhere(_ g: IBGraph, _ n: Int?, _ p: String?, _ pb: String?) {
            if let n, p != pb { markAncestors(g, n) }
        }
        // (`ids` holds every object of the three versions, so every survivor.)
        for (key, f) in zip(ids, found) {
            if let parent = survivingParent[key] {
                guard movedIn(f.b, f.pb, from: parent) || movedIn(f.o, f.po, from: parent) || movedIn(f.t, f.pt, from: parent) else { continue }
                markAround(B, f.b, parent)
                markAround(O, f.o, parent)
                markAround(T, f.t, parent)
            } else {
                markIfElsewhere(O, f.o, f.po, f.pb)
                markIfElsewhere(T, f.t, f.pt, f.pb)
            }
        }
    }

    /// Object key → the key of its parent in the result, on `KeyIndex` (a merge looks it up for
    /// every child of every element it rebuilds; `Dictionary` hashed each key with SipHash).
    /// Entries are set, and reset, never removed.
    private struct ParentTable {
        private var index: KeyIndex
        private var parents: [String] = []

        init(minimumCapacity: Int = 0) {
            index = KeyIndex(minimumCapacity: minimumCapacity)
            parents.reserveCapacity(minimumCapacity)
        }

        subscript(key: String) -> String? {
            get { index[key].map { parents[$0] } }
            set {
                guard let newValue else { preconditionFailure("a surviving object's parent is never removed") }
                if let i = index.insert(key, parents.count) { parents[i] = newValue } else { parents.append(newValue) }
            }
        }

        /// The getter, with the key's hash as a graph's index has it.
        func parent(of key: String, hash: UInt64) -> String? {
            index.value(for: key, hash: hash).map { parents[$0] }
        }
    }

    /// An object's node and parent's key in each version. (A struct: an array of tuples goes
    /// through run-time type information for every copy, a third of `decideObjects` once.)
    private struct Places {
        var b: Int?, o: Int?, t: Int?
        var pb: String?, po: String?, pt: String?
    }

    /// An object kept by a conflict needs its enclosing objects (its scene, its superview)
    /// even where one side deleted them: they come back from the version that places it.
    private func keepAncestorsOfSurvivors() {
        var queue = keptByConflict.compactMap { k in survivingParent[k].map { (k, $0) } }
        /// Keeps the nearest object above `parent` in the first version that has `parent`.
        func keepEnclosingObject(of parent: String, in g: IBGraph) -> Bool {
            guard var p = g.byKey[parent] else { return false }
            while p > 0 {
                let key = g.nodes[p].key
                if IBGraph.isObjectKey(key) {
                    if survivingParent[key] == nil && !deletedObjects.contains(key) {
                        let pk = parentKey(g, p)
                        survivingParent[key] = pk
                        keepSubtree(of: p, in: g)
                        queue.append((key, pk))
                    }
                    break
                }
                p = g.nodes[p].parent
            }
            return true
        }
        while let (_, parent) = queue.popLast() {
            _ = keepEnclosingObject(of: parent, in: T) || keepEnclosingObject(of: parent, in: O) || keepEnclosingObject(of: parent, in: B)
        }
    }

    /// One side deleted an object the other kept: a delete, unless the keeper changed it
    /// (beyond layout) or made something new refer to it — then it is a conflict.
    private func decideDeletion(key: String, deleter: Side, b: Int, kept: Int, keptGraph: IBGraph, keptFP: Fingerprints,
                                referencedByKeeper: KeyIndex, keeperParent: String) {
        let id = String(key.dropFirst())
        // Removals inside the object (an outlet deleted, a subview deleted) are subsumed by
        // deleting the whole object: only additions and modifications stop a deletion.
        let changed = (keptFP[kept] != dfpB[b] && !isPruned(kept, in: keptGraph, keptFP, from: b)) || parentKey(B, b) != keeperParent
        let referenced = referencedByKeeper[id] != nil
        // Only the top of a deleted subtree is reported and counted.
        let parentAlsoDeleted = isDeletedAncestor(b, deleter: deleter)
        if !keptByConflict.isEmpty && keptByConflict.contains(key) {
            survivingParent[key] = keeperParent
            return
        }
        if insideDeletedByConflict(kept, in: keptGraph) {
            // Goes with the enclosing object a conflict deleted, reported once, as keepSubtree
            // keeps it whole when the conflict is resolved the other way.
            deletedObjects.insert(key)
            return
        }
        if !changed && !referenced {
            if !parentAlsoDeleted { if deleter == .ours { fromOurs.removed += 1 } else { fromTheirs.removed += 1 } }
            if !parentAlsoDeleted, !bytesEqual(B, b, keptGraph, kept) {
                record(.deleteOverLayout, graph: B, node: b, subject: "deleted by \(deleter == .ours ? "ours" : "theirs")",
                       ours: nil, theirs: nil, resolution: "the other side changed only its layout; deleted")
            }
            return
        }
        let conflict = decide("delete " + key, referenced ? .deleteReference : .deleteEdit, element: key, deletedBy: deleter)
        let taken = take(conflict)
        let keep = taken.rawValue != deleter.rawValue
        if !parentAlsoDeleted || referenced {
            let what = referenced ? "deleted on one side, referenced by a new or changed connection or constraint on the other" : "deleted on one side, changed on the other"
            record(.conflict, graph: B, node: b, subject: what, ours: nil, theirs: nil,
                   resolution: keep ? "kept" : "deleted", conflict: conflict)
        }
        if taken == .base {
            survivingParent[key] = parentKey(B, b)
            keepSubtree(of: b, in: B)
            restoredFromBase.insert(key)
        } else if keep {
            survivingParent[key] = keeperParent
            keepSubtree(of: kept, in: keptGraph)
        } else {
            deletedObjects.insert(key)
        }
    }

    /// Whether an enclosing object of this node (in the keeper's version) was deleted by a conflict.
    private func insideDeletedByConflict(_ n: Int, in g: IBGraph) -> Bool {
        var p = g.nodes[n].parent
        while p > 0 {
            if !deletedObjects.isEmpty && deletedObjects.contains(g.nodes[p].key) { return true }
            p = g.nodes[p].parent
        }
        return false
    }

    /// A deleted subtree that a conflict keeps comes back whole from the keeper: its objects
    /// are not re-decided one by one.
    private func keepSubtree(of node: Int, in g: IBGraph) {
        keptByConflict.insert(g.nodes[node].key)
        let depth = g.nodes[node].depth
        var n = node + 1
        while n < g.nodes.count && g.nodes[n].depth > depth {
            let k = g.nodes[n].key
            if IBGraph.isObjectKey(k) {
                keptByConflict.insert(k)
                deletedObjects.remove(k)
                if survivingParent[k] == nil { survivingParent[k] = parentKey(g, n) }
            }
            n += 1
        }
    }

    /// Whether `n` (in `g`) is base's node `b` with only things removed: no attribute added or
    /// changed, the same text, every remaining child a pruned (or equal) copy of base's child.
    private func isPruned(_ n: Int, in g: IBGraph, _ fp: Fingerprints, from b: Int) -> Bool {
        let e = g.nodes[n].element, be = B.nodes[b].element
        guard e.name == be.name, e.text == be.text else { return false }
        // Attributes may have been removed, not added or changed.
        guard TreeMerge.onlyRemovedAttributes(from: be, e) else { return false }
        for c in g.nodes[n].children {
            let child = g.nodes[c]
            guard let bc = B.byKey[child.key], B.nodes[bc].parent == b else { return false }
            // Geometry that base had too may have changed (a deletion wins over layout).
            if IBRules.noise(element: child.tag, key: child.element[attribute: "key"]) != nil { continue }
            if child.tag == "size" || child.tag == "point" { continue }
            if fp[c] != dfpB[bc] && !isPruned(c, in: g, fp, from: bc) { return false }
        }
        return true
    }

    private func isDeletedAncestor(_ b: Int, deleter: Side) -> Bool {
        let g = deleter == .ours ? O : T
        var p = B.nodes[b].parent
        while p > 0 {
            if B.nodes[p].objectID != nil { return g.byKey[B.nodes[p].key] == nil }
            p = B.nodes[p].parent
        }
        return false
    }

    /// Attributes of the element itself (not its children), ignoring Xcode noise.
    static func sameOwnAttributes(_ a: XMLElement, _ b: XMLElement) -> Bool {
        let x = a.attributes.filter { IBRules.noise(tag: a.name, attribute: $0.name) == nil }
        let y = b.attributes.filter { IBRules.noise(tag: b.name, attribute: $0.name) == nil }
        return x.count == y.count && zip(x, y).allSatisfy { $0.name == $1.name && $0.value == $1.value }
    }

    /// Whether `e` has no attribute that `base` lacks or has with another value (noise aside).
    static func onlyRemovedAttributes(from base: XMLElement, _ e: XMLElement) -> Bool {
        e.attributes.allSatisfy { a in IBRules.noise(tag: e.name, attribute: a.name) != nil || base[attribute: a.name] == a.value }
    }

    /// Ids referenced by elements that this side added or changed.
    /// (A `KeyIndex` used as a set: no SipHash, no set type built at run time.)
    private func referencedByChanges(in g: IBGraph) -> KeyIndex {
        var out = KeyIndex()
        for r in g.references {
            let key = g.nodes[r.node].key
            // Unchanged, or only attributes removed (Xcode drops a constraint's `firstItem`
            // when it is the container): not a new reason to keep the target.
            if let bn = B.byKey.value(for: key, hash: g.byKey.hash(ofEntry: r.node)) {
                // Base's own start tag (most of a side is base's elements, taken whole): unchanged.
                if let o = g.nodes[r.node].element.origin, let bo = B.nodes[bn].element.origin, o.attributesPristine,
                   bo.attributesPristine, o.hasSameStartTag(as: bo) { continue }
                if TreeMerge.onlyRemovedAttributes(from: B.nodes[bn].element, g.nodes[r.node].element) { continue }
            }
            out.insert(r.target, 0)
        }
        return out
    }

    private func parentKey(_ g: IBGraph, _ n: Int) -> String {
        let p = g.nodes[n].parent
        return p >= 0 ? g.nodes[p].key : ""
    }

    private func markAncestors(_ g: IBGraph, _ n: Int, inclusive: Bool = false) {
        var p = inclusive ? n : g.nodes[n].parent
        while p >= 0 {
            moveTouched.insert(g.nodes[p].key)
            p = g.nodes[p].parent
        }
    }

    // MARK: - Stage 2: the tree

    /// Merges one element present in at least one version; nil when it does not survive.
    private func mergeNode(_ key: String, b: Int?, o: Int?, t: Int?) -> XMLElement? {
        if !restoredFromBase.isEmpty, let b, restoredFromBase.contains(key) { return B.nodes[b].element }
        // (Sets looked at for every element: asked only when not empty, as a look-up hashes the key.)
        if moveTouched.isEmpty || !moveTouched.contains(key) {
            if let o, let t {
                if let b {
                    if bytesEqual(B, b, O, o) { return takeTheirs(t, base: b) }
                    if bytesEqual(B, b, T, t) { return O.nodes[o].element }
                }
                if bytesEqual(O, o, T, t) { return O.nodes[o].element }
            } else if let o, t == nil, b == nil {
                return O.nodes[o].element
            } else if let t, o == nil, b == nil {
                return T.nodes[t].element
            }
        }
        if isAtomic(B, b) || isAtomic(O, o) || isAtomic(T, t) {
            return mergeAtomic(key, b: b, o: o, t: t)
        }
        let template: XMLElement = o.map { O.nodes[$0].element } ?? t.map { T.nodes[$0].element } ?? B.nodes[b!].element
        var result = template
        let attributes = mergeAttributes(b: b, o: o, t: t)
        if !sameAttributes(attributes, template.attributes) { result.attributes = attributes }
        let children = mergeChildren(key, b: b, o: o, t: t)
        if !sameChildren(children, template.children) { result.children = children }
        return result
    }

    /// Theirs' subtree taken whole (ours left it as in base): counted as theirs' change.
    private func takeTheirs(_ n: Int, base: Int) -> XMLElement {
        if dfpB[base] != dfpT[n] { fromTheirs.modified += 1 }
        return T.nodes[n].element
    }

    /// Elements merged as a whole: text values, frames and other noise elements, and
    /// lists of anonymous values (`<segment>`, `<real>`) whose positions are their identity.
    private func isAtomic(_ g: IBGraph, _ n: Int?) -> Bool {
        guard let n else { return false }
        let e = g.nodes[n].element
        // Few children have no key: a list, not a set.
        var keyless: [String] = []
        for c in e.children {
            switch c {
            case .text(let t) where !t.isWhitespace: return true
            case .cdata: return true
            case .element(let child):
                if child[attribute: "id"] == nil && child[attribute: "sceneID"] == nil
                    && !IBRules.identityAttributes.contains(where: { child[attribute: $0] != nil }) {
                    if keyless.contains(where: { $0.isSameName(as: child.name) }) { return true }
                    keyless.append(child.name)
                }
            default: break
            }
        }
        return false
    }

    private func mergeAtomic(_ key: String, b: Int?, o: Int?, t: Int?) -> XMLElement? {
        guard let o, let t else {
            // Present on one side only (the parent decided it survives).
            if let o { return O.nodes[o].element }
            if let t { return T.nodes[t].element }
            return nil
        }
        if let b {
            if bytesEqual(B, b, O, o) {
                if !bytesEqual(B, b, T, t) { fromTheirs.modified += 1 }
                return T.nodes[t].element
            }
            if bytesEqual(B, b, T, t) { fromOurs.modified += 1; return O.nodes[o].element }
        }
        if bytesEqual(O, o, T, t) { return O.nodes[o].element }
        if let b, let merged = mergeValueList(b: b, o: o, t: t, both: nil) { return merged }
        let e = O.nodes[o].element
        // Named as in base: both sides changed it, and ours' new title would misname it.
        let (named, owner) = b.map { (B, B.owningObject($0)) } ?? (O, O.owningObject(o))
        let subject = "<\(e.name)\(e[attribute: "key"].map { " key=\"\($0)\"" } ?? "")>"
        switch IBRules.noise(element: e.name, key: e[attribute: "key"]) {
        case .layout? where !options.strictLayout:
            record(.layoutOnly, graph: named, node: owner, subject: subject, ours: summary(e), theirs: summary(T.nodes[t].element),
                   resolution: "kept ours (layout only; Xcode recomputes frames from constraints)")
            return e
        case .editorState?, .toolsVersion?:
            record(.noise, graph: named, node: owner, subject: subject, ours: summary(e), theirs: summary(T.nodes[t].element),
                   resolution: "kept ours (editor state)")
            return e
        default:
            var offered: [ConflictChoice] = b == nil ? [] : [.base]
            let isList = b != nil && mergeValueList(b: b!, o: o, t: t, both: .ours, counting: false) != nil
            if isList { offered += [.oursThenTheirs, .theirsThenOurs] }
            let kind: ConflictClass = isList ? .list : (b == nil ? .addAdd : (options.strictLayout && IBRules.noise(element: e.name, key: e[attribute: "key"]) == .layout ? .layout : .attribute))
            let conflict = decide("value " + key, kind, element: key, offering: offered)
            record(.conflict, graph: named, node: owner, subject: subject, ours: summary(e), theirs: summary(T.nodes[t].element),
                   resolution: "both changed", conflict: conflict)
            switch take(conflict) {
            case .ours: return e
            case .theirs: return T.nodes[t].element
            case .base: return b.map { B.nodes[$0].element }
            case .oursThenTheirs: return mergeValueList(b: b!, o: o, t: t, both: .ours)
            case .theirsThenOurs: return mergeValueList(b: b!, o: o, t: t, both: .theirs)
            }
        }
    }

    /// A list of anonymous values (`<integer value=…/>` in `visibilityPriorities`, `<segment>`s):
    /// merged as a sequence of values, diff3-style; nil when both sides changed the same stretch,
    /// unless `both` says whose items go first there (a person's choice). `counting: false` only
    /// asks whether it can merge, contributing nothing to the counts.
    private func mergeValueList(b: Int, o: Int, t: Int, both: Side?, counting: Bool = true) -> XMLElement? {
        let be = B.nodes[b].element, oe = O.nodes[o].element, te = T.nodes[t].element
        func values(_ e: XMLElement) -> [XMLElement]? {
            var out: [XMLElement] = []
            for c in e.children {
                switch c {
                case .element(let x): out.append(x)
                case .text(let t) where t.isWhitespace: continue
                default: return nil
                }
            }
            return out
        }
        guard let bv = values(be), let ov = values(oe), let tv = values(te) else { return nil }
        guard TreeMerge.sameOwnAttributes(be, oe) || TreeMerge.sameOwnAttributes(be, te) || TreeMerge.sameOwnAttributes(oe, te) else { return nil }
        // Keyed by the written value as a String: a dictionary type the merge uses anyway
        // (another one has its type built at run time, the cost of all the rest here).
        var table: [String: Int] = [:]
        func ids(_ list: [XMLElement]) -> [Int] {
            list.map { e in
                let bytes = String(decoding: XMLWriter.write(e, depth: 0), as: UTF8.self)
                if let i = table[bytes] { return i }
                table[bytes] = table.count
                return table.count - 1
            }
        }
        let bi = ids(bv), oi = ids(ov), ti = ids(tv)
        let bo = LineDiff.match(bi, oi), bt = LineDiff.match(bi, ti)
        var out: [XMLNode] = []
        var ib = 0, io = 0, it = 0
        while ib < bi.count || io < oi.count || it < ti.count {
            var n = 0
            while ib + n < bi.count && bo[ib + n] == io + n && bt[ib + n] == it + n { n += 1 }
            if n > 0 {
                for k in 0..<n { out.append(.element(ov[io + k])) }
                ib += n; io += n; it += n
                continue
            }
            var nb = ib
            while nb < bi.count && (bo[nb] < 0 || bt[nb] < 0) { nb += 1 }
            let no = nb < bi.count ? bo[nb] : oi.count, nt = nb < bi.count ? bt[nb] : ti.count
            let bc = Array(bi[ib..<nb]), oc = Array(oi[io..<no]), tc = Array(ti[it..<nt])
            if oc == bc { for k in it..<nt { out.append(.element(tv[k])) } }
            else if tc == bc || oc == tc { for k in io..<no { out.append(.element(ov[k])) } }
            else if bc.isEmpty || both == .ours { for k in io..<no { out.append(.element(ov[k])) }; for k in it..<nt { out.append(.element(tv[k])) } }
            else if both == .theirs { for k in it..<nt { out.append(.element(tv[k])) }; for k in io..<no { out.append(.element(ov[k])) } }
            else { return nil }
            ib = nb; io = no; it = nt
        }
        guard counting else { return oe }
        var result = oe
        let attributes = mergeAttributes(b: b, o: o, t: t)
        if !sameAttributes(attributes, oe.attributes) { result.attributes = attributes }
        if !sameChildren(out, oe.children) { result.children = out }
        if !bytesEqual(B, b, T, t) { fromTheirs.modified += 1 }
        if !bytesEqual(B, b, O, o) { fromOurs.modified += 1 }
        return result
    }

    private func summary(_ e: XMLElement) -> String {
        if !e.text.isEmpty { return e.text }
        return e.attributes.filter { $0.name != "key" }.map { "\($0.name)=\($0.value)" }.joined(separator: " ")
    }

    // MARK: Attributes

    private func mergeAttributes(b: Int?, o: Int?, t: Int?) -> [XMLAttribute] {
        let be = b.map { B.nodes[$0].element }, oe = o.map { O.nodes[$0].element }, te = t.map { T.nodes[$0].element }
        let tag = (oe ?? te ?? be)!.name
        let names = mergedNames(base: be?.attributes.map(\.name) ?? [], ours: oe?.attributes.map(\.name), theirs: te?.attributes.map(\.name))
        var out: [XMLAttribute] = []
        var oursChanged = false, theirsChanged = false
        for name in names {
            let bv = be?[attribute: name]
            // A side that lacks the element entirely keeps base's value.
            let ov = oe == nil ? bv : oe![attribute: name]
            let tv = te == nil ? bv : te![attribute: name]
            var value: String?
            if ov == tv { value = ov; if ov != bv { oursChanged = true; theirsChanged = true } }
            else if ov == bv { value = tv; theirsChanged = true }
            else if tv == bv { value = ov; oursChanged = true }
            else {
                // Named as in base when it was there: ours' changed title would misname it.
                value = resolveAttributeConflict(tag: tag, name: name, base: bv, ours: ov, theirs: tv, node: b ?? o ?? t!,
                                                 graph: b != nil ? B : (o != nil ? O : T))
            }
            guard let v = value else { continue }
            if let a = (oe?.attributes.first { $0.name == name }), a.value == v { out.append(a) }
            else if let a = (te?.attributes.first { $0.name == name }), a.value == v { out.append(a) }
            else if let a = (be?.attributes.first { $0.name == name }), a.value == v { out.append(a) }
            else { out.append(XMLAttribute(name: name, value: v)) }
        }
        if b != nil && oe != nil && te != nil {
            if oursChanged { fromOurs.modified += 1 }
            if theirsChanged { fromTheirs.modified += 1 }
        }
        return out
    }

    private func resolveAttributeConflict(tag: String, name: String, base: String?, ours: String?, theirs: String?, node: Int,
                                          graph: IBGraph) -> String? {
        let owner = graph.owningObject(node)
        let element = graph.nodes[node].element
        // An attribute of a value element is named with it: `<state key="normal"> title`, `<plugIn identifier="…"> version`.
        let subject: String
        if graph.nodes[node].objectID == nil && tag != "document" {
            let ident = IBRules.identityAttributes.first { element[attribute: $0] != nil }
            subject = "<\(tag)\(ident.map { " \($0)=\"\(element[attribute: $0]!)\"" } ?? "")> \(name)"
        } else {
            subject = name
        }
        // Inside a frame (or other noise element), every attribute is noise of that kind.
        let noise = IBRules.noise(element: tag, key: element[attribute: "key"]) ?? IBRules.noise(tag: tag, attribute: name)
        switch noise {
        case .layout? where !options.strictLayout:
            record(.layoutOnly, graph: graph, node: owner, subject: subject, ours: ours, theirs: theirs,
                   resolution: "kept ours (layout only; Xcode recomputes frames from constraints)")
            return ours
        case .toolsVersion?:
            let newer = TreeMerge.compareVersions(ours ?? "", theirs ?? "") >= 0 ? ours : theirs
            record(.noise, graph: graph, node: owner, subject: subject, ours: ours, theirs: theirs, resolution: "took the newer value")
            return newer
        case .editorState?:
            record(.noise, graph: graph, node: owner, subject: subject, ours: ours, theirs: theirs, resolution: "kept ours (editor state)")
            return ours
        case .layout?, nil:
            let key = graph.nodes[node].key
            let kind: ConflictClass = noise == .layout ? .layout : (base == nil ? .addAdd : .attribute)
            let conflict = decide("attribute \(key) \(name)", kind, element: key, attribute: name, offering: [.base])
            record(.conflict, graph: graph, node: owner, subject: subject, ours: ours, theirs: theirs, resolution: "both changed",
                   conflict: conflict)
            switch take(conflict) {
            case .base: return base
            case .theirs: return theirs
            default: return ours
            }
        }
    }

    /// Xcode version strings compared numerically, component by component.
    static func compareVersions(_ a: String, _ b: String) -> Int {
        func parts(_ s: String) -> [Int] {
            s.split(whereSeparator: { !$0.isNumber }).map { Int($0) ?? 0 }
        }
        let pa = parts(a), pb = parts(b)
        for i in 0..<max(pa.count, pb.count) {
            let x = i < pa.count ? pa[i] : 0, y = i < pb.count ? pb[i] : 0
            if x != y { return x < y ? -1 : 1 }
        }
        return a == b ? 0 : (a < b ? -1 : 1)
    }

    /// Attribute names in ours' order, with names only theirs has placed after their
    /// predecessor in theirs' order (so a new attribute lands where Xcode writes it).
    private func mergedNames(base: [String], ours: [String]?, theirs: [String]?) -> [String] {
        var names = ours ?? base
        guard let theirs else { return names }
        if theirs == names && base == names { return names }
        var present = Set(names)
        var anchor = -1
        for name in theirs {
            if let i = names.firstIndex(of: name) { anchor = i; continue }
            guard !present.contains(name) else { continue }
            anchor += 1
            names.insert(name, at: anchor)
            present.insert(name)
        }
        // Names only base has (removed by one side, kept by the other) are re-added at the end.
        for name in base where !present.contains(name) { names.append(name); present.insert(name) }
        return names
    }

    private func sameAttributes(_ a: [XMLAttribute], _ b: [XMLAttribute]) -> Bool {
        guard a.count == b.count else { return false }
        for i in a.indices where a[i].name != b[i].name || a[i].value != b[i].value || a[i].raw != b[i].raw { return false }
        return true
    }

    // MARK: Children

    private struct Child {
        var key: String
        var node: Int
    }

    private func childKeys(_ g: IBGraph, _ n: Int?, parentKey: String) -> [String] {
        guard let n else { return [] }
        var out: [String] = []
        for c in g.nodes[n].children {
            let node = g.nodes[c]
            if IBGraph.isObjectKey(node.key) {
                guard survivingParent.parent(of: node.key, hash: g.byKey.hash(ofEntry: c)) == parentKey else { continue }
            }
            out.append(node.key)
        }
        return out
    }

    private func mergeChildren(_ key: String, b: Int?, o: Int?, t: Int?) -> [XMLNode] {
        let bk = childKeys(B, b, parentKey: key), ok = childKeys(O, o, parentKey: key), tk = childKeys(T, t, parentKey: key)
        // The same children in the same order in all three (most elements above a change):
        // every one survives where it is, with no sets to build.
        if let o, b != nil, t != nil, bk == ok && ok == tk {
            var out: [XMLNode] = []
            for k in ok {
                let vb = B.byKey[k], vo = O.byKey[k], vt = T.byKey[k]
                out.append(contentsOf: comments(before: k, b: vb, o: vo, t: vt))
                if let e = mergeNode(k, b: vb, o: vo, t: vt) { out.append(.element(e)) }
            }
            out.append(contentsOf: trailingComments(O, o))
            return out
        }
        let bs = Set(bk), os = Set(ok), ts = Set(tk)
        // Which keys survive here.
        var survivors: Set<String> = []
        for k in bs.union(os).union(ts) {
            if IBGraph.isObjectKey(k) {
                // Objects and scenes: decided in stage 1 (childKeys already kept only those placed here).
                survivors.insert(k)
                continue
            }
            switch (bs.contains(k), os.contains(k), ts.contains(k)) {
            case (_, true, true), (false, true, false), (false, false, true): survivors.insert(k)
            case (true, false, true):
                if keepDeletedValue(k, deleter: .ours, keeper: T, keeperFP: dfpT) { survivors.insert(k) }
            case (true, true, false):
                if keepDeletedValue(k, deleter: .theirs, keeper: O, keeperFP: dfpO) { survivors.insert(k) }
            default: break
            }
        }
        var order = SequenceMerge.merge(base: bk, ours: ok, theirs: tk, survivors: survivors)
        // Sets that Xcode writes sorted (constraints by id, outlets by name, resources...):
        // when the merge changed their members, place them where Xcode would.
        let containerTag = (o.map { O.nodes[$0].tag } ?? t.map { T.nodes[$0].tag } ?? B.nodes[b!].tag)
        if IBRules.hasXcodeOrder(containerTag), order != ok {
            let elements = order.map { k in (O.byKey[k].map { O.nodes[$0].element } ?? T.byKey[k].map { T.nodes[$0].element } ?? B.nodes[B.byKey[k]!].element) }
            order = IBRules.xcodeOrder(container: containerTag, elements).map { order[$0] }
        }
        var out: [XMLNode] = []
        let templateGraph = o != nil ? O : (t != nil ? T : B)
        let templateNode = o ?? t ?? b!
        for k in order {
            let bn = B.byKey[k], on = O.byKey[k], tn = T.byKey[k]
            // Local (non-object) keys only match within this parent in each version.
            let bx = bn.flatMap { bs.contains(k) ? $0 : nil }, ox = on.flatMap { os.contains(k) ? $0 : nil }, tx = tn.flatMap { ts.contains(k) ? $0 : nil }
            let isObject = IBGraph.isObjectKey(k)
            let (vb, vo, vt) = isObject ? (bn, on, tn) : (bx, ox, tx)
            out.append(contentsOf: comments(before: k, b: vb, o: vo, t: vt))
            if let e = mergeNode(k, b: vb, o: vo, t: vt) { out.append(.element(e)) }
        }
        out.append(contentsOf: trailingComments(templateGraph, templateNode))
        return out
    }

    /// A value element (no id) removed by one side: removed unless the other side changed it.
    private func keepDeletedValue(_ k: String, deleter: Side, keeper: IBGraph, keeperFP: Fingerprints) -> Bool {
        guard let bn = B.byKey[k], let kn = keeper.byKey[k] else { return false }
        if !keptByConflict.isEmpty, let slash = k.firstIndex(of: "/"), keptByConflict.contains(String(k[..<slash])) { return true }
        // Inside a value a conflict kept: it comes back whole, as one conflict (the other
        // resolution drops it whole).
        if !keptValues.isEmpty, B.nodes[bn].parent >= 0, keptValues.contains(B.nodes[B.nodes[bn].parent].key) {
            keptValues.insert(k)
            return true
        }
        if dfpB[bn] == keeperFP[kn] || isNoiseElement(keeper, kn) {
            if deleter == .ours { fromOurs.removed += 1 } else { fromTheirs.removed += 1 }
            return false
        }
        let conflict = decide("delete " + k, .deleteEdit, element: k, deletedBy: deleter)
        let taken = take(conflict)
        if taken == .base { restoredFromBase.insert(k) }
        let keep = taken == .base || taken.rawValue != deleter.rawValue
        record(.conflict, graph: B, node: bn, subject: "<\(B.nodes[bn].tag)> deleted on one side, changed on the other",
               ours: deleter == .ours ? nil : summary(keeper.nodes[kn].element), theirs: deleter == .theirs ? nil : summary(keeper.nodes[kn].element),
               resolution: keep ? "kept" : "deleted", conflict: conflict)
        if keep { keptValues.insert(k) }
        return keep
    }

    /// Comments that precede an element (storyboards name each scene in one), merged three-way.
    private func comments(before k: String, b: Int?, o: Int?, t: Int?) -> [XMLNode] {
        let cb = b.map { precedingComments(B, $0) }, co = o.map { precedingComments(O, $0) }, ct = t.map { precedingComments(T, $0) }
        if let co, let ct, let cb {
            if commentsEqual(co, cb) { return ct }
            return co
        }
        return co ?? ct ?? cb ?? []
    }

    private func commentsEqual(_ a: [XMLNode], _ b: [XMLNode]) -> Bool {
        guard a.count == b.count else { return false }
        for (x, y) in zip(a, b) {
            guard case .comment(let cx) = x, case .comment(let cy) = y, cx.text == cy.text else { return false }
        }
        return true
    }

    private func precedingComments(_ g: IBGraph, _ n: Int) -> [XMLNode] {
        let node = g.nodes[n]
        guard node.parent >= 0 else { return [] }
        let siblings = g.nodes[node.parent].element.children
        var k = node.indexInParent - 1
        // Most elements follow another element (or white space and then one): no comment.
        while k >= 0, case .text(let t) = siblings[k], t.isWhitespace { k -= 1 }
        guard k >= 0, !siblings[k].isElement else { return [] }
        var out: [XMLNode] = []
        while k >= 0 {
            switch siblings[k] {
            case .comment, .processingInstruction: out.append(siblings[k])
            case .text(let t) where t.isWhitespace: break
            default: return out.reversed()
            }
            k -= 1
        }
        return out.reversed()
    }

    private func trailingComments(_ g: IBGraph, _ n: Int) -> [XMLNode] {
        let children = g.nodes[n].element.children
        var out: [XMLNode] = []
        for c in children.reversed() {
            switch c {
            case .comment, .processingInstruction: out.append(c)
            case .text(let t) where t.isWhitespace: continue
            default: return out.reversed()
            }
        }
        return out.reversed()
    }

    private func sameChildren(_ a: [XMLNode], _ b: [XMLNode]) -> Bool {
        guard a.count == b.count else { return false }
        for (x, y) in zip(a, b) {
            switch (x, y) {
            case (.element(let ex), .element(let ey)):
                guard let ox = ex.origin, let oy = ey.origin, ox.source === oy.source, ox.span == oy.span,
                      ox.isPristine, oy.isPristine else { return false }
            case (.comment(let cx), .comment(let cy)):
                guard cx == cy else { return false }
            case (.text(let tx), .text(let ty)):
                guard tx == ty else { return false }
            case (.cdata(let cx), .cdata(let cy)):
                guard cx == cy else { return false }
            case (.processingInstruction(let px), .processingInstruction(let py)):
                guard px == py else { return false }
            default:
                return false
            }
        }
        return true
    }

    // MARK: - Stage 3: cascade

    /// Removes what refers to objects that no longer exist, as Xcode does when an object is
    /// deleted: constraints, connections and other referring elements go; a referring
    /// attribute on an element that stays (`initialViewController`) is dropped. Returns whether
    /// it removed anything, and leaves the graph of the result in `resultGraph` (nil if
    /// references still dangle after 8 rounds).
    @discardableResult
    func cascade(_ doc: inout XMLDocument) -> Bool {
        var changed = false
        for _ in 0..<8 {
            let g = IBGraph(xml: doc)
            var dropElements: Set<[Int]> = []
            var dropAttributes: [([Int], String)] = []
            for r in g.references where g.objectIndex[r.target] == nil && !IBRules.toleratedDanglingReferences.contains(r.attribute) {
                let node = g.nodes[r.node]
                let path = g.treePath(of: r.node)
                if TreeMerge.referringElements.contains(node.tag) {
                    if dropElements.insert(path).inserted {
                        record(.cascadeDelete, graph: g, node: r.node, subject: "",
                               ours: nil, theirs: nil, resolution: "removed: it referred to \(r.target), which was deleted")
                    }
                } else {
                    dropAttributes.append((path, r.attribute))
                    record(.cascadeDelete, graph: g, node: g.owningObject(r.node), subject: r.attribute,
                           ours: nil, theirs: nil, resolution: "removed: it referred to \(r.target), which was deleted")
                }
            }
            if dropElements.isEmpty && dropAttributes.isEmpty { resultGraph = g; return changed }
            changed = true
            for (path, attr) in dropAttributes { TreeEdit.modify(&doc.root, at: path[...]) { $0[attribute: attr] = nil } }
            // Remove deepest/last first so earlier paths stay valid.
            for path in dropElements.sorted(by: { $0.lexicographicallyPrecedes($1) }).reversed() {
                TreeEdit.remove(&doc.root, at: path[...])
            }
        }
        return changed
    }

    static let referringElements: Set<String> = [
        "constraint", "outlet", "outletCollection", "action", "segue", "binding", "exclude", "include",
    ]

    // MARK: - Helpers

    private func record(_ kind: MergeEvent.Kind, graph: IBGraph, node: Int, subject: String,
                        ours: String?, theirs: String?, resolution: String, conflict: MergeConflict? = nil) {
        let owner = graph.owningObject(node)
        events.append(MergeEvent(kind: kind, path: graph.displayPath(owner), objectID: graph.nodes[owner].objectID,
                                 subject: subject, ours: ours, theirs: theirs, resolution: resolution, conflict: conflict))
    }

    /// A conflict, decided: by the caller's choice for `key` when it is one of the choices this
    /// conflict offers (ours, theirs and `offering`), else toward `prefer`.
    private func decide(_ key: String, _ kind: ConflictClass, element: String, attribute: String? = nil,
                        deletedBy: Side? = nil, offering: [ConflictChoice] = []) -> MergeConflict {
        let choices: [ConflictChoice] = [.ours, .theirs] + offering
        let chosen = options.choices[key].flatMap { choices.contains($0) ? $0 : nil }
        return MergeConflict(key: key, conflictClass: kind, choices: choices, chosen: chosen, elementKey: element,
                             attribute: attribute, deletedBy: deletedBy)
    }

    /// What a decided conflict takes: the choice given for it, else what this run prefers.
    private func take(_ conflict: MergeConflict) -> ConflictChoice { conflict.chosen ?? prefer }

    private func isNoiseElement(_ g: IBGraph, _ n: Int) -> Bool {
        let e = g.nodes[n].element
        return IBRules.noise(element: e.name, key: e[attribute: "key"]) == .editorState
    }

    /// Byte equality of two parsed subtrees (each still pristine from its file).
    private func bytesEqual(_ g1: IBGraph, _ n1: Int, _ g2: IBGraph, _ n2: Int) -> Bool {
        let e1 = g1.nodes[n1].element, e2 = g2.nodes[n2].element
        guard let o1 = e1.origin, let o2 = e2.origin, o1.isPristine, o2.isPristine else { return false }
        return o1.hasSameBytes(as: o2)
    }

}

/// Semantic hash of a subtree, computed on demand and remembered: blind to what Xcode
/// rewrites on its own (noise attributes, geometry, canvas locations, the device) and to
/// child order, so "changed" means changed by a person.
final class Fingerprints {
    private let g: IBGraph
    /// By node; 0 = not computed yet (a computed 0 is stored as 1).
    private var memo: [Int]

    init(_ g: IBGraph) {
        self.g = g
        memo = [Int](repeating: 0, count: g.nodes.count)
    }

    subscript(_ n: Int) -> Int {
        if memo[n] != 0 { return memo[n] }
        let node = g.nodes[n]
        var h = FastHash()
        h.combine(node.tag)
        for a in node.element.attributes where IBRules.noise(tag: node.tag, attribute: a.name) == nil {
            h.combine(a.name)
            h.combine(a.value)
        }
        for c in node.element.children {
            switch c {
            case .text(let t) where !t.isWhitespace: h.combine(t.raw)
            case .cdata(let s): h.combine(s)
            default: break
            }
        }
        var unordered = 0
        for c in node.children {
            let child = g.nodes[c]
            // Editor state never counts; geometry counts by presence only: a frame that changed
            // is layout, a frame that appeared is a change (as the fact check sees it).
            let noise = IBRules.noise(element: child.tag, key: child.element[attribute: "key"])
            if noise == .editorState { continue }
            if noise != nil || child.tag == "size" || child.tag == "point" {
                var p = FastHash()
                p.combine(child.key)
                unordered = unordered &+ (Int(truncatingIfNeeded: p.value) &* 0x1E37_79B9_7F4A_7C15)
                continue
            }
            unordered = unordered &+ (self[c] &* 0x1E37_79B9_7F4A_7C15)
        }
        h.combine(unordered)
        let v = Int(truncatingIfNeeded: h.value)
        memo[n] = v == 0 ? 1 : v
        return memo[n]
    }


}


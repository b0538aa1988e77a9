/// Stage 2's output: the merged tree, with the cache entries whose fate waits for the whole
/// of it (`settleCaches`).
struct RebuiltTree {
    let document: XMLDocument
    /// Cache entries one side deleted and the other changed: kept for now.
    let cacheDeletions: [TreeMerge.CacheDeletion]
    let log: MergeLog
}

/// Stage 2 of the tree merge: the tree rebuilt top-down.
extension TreeMerge {
    /// The stage's working state, alive only while `rebuild` runs.
    struct Rebuilding {
        let plan: ObjectPlan
        /// The plan's, and value elements a conflict gives back as base had them.
        var restoredFromBase: Set<String>
        /// Value elements (no id) one side deleted but that a conflict kept.
        var keptValues: Set<String> = []
        var cacheDeletions: [CacheDeletion] = []
        var log: MergeLog
    }

    func rebuild(_ plan: ObjectPlan) -> RebuiltTree {
        var s = Rebuilding(plan: plan, restoredFromBase: plan.restoredFromBase, log: plan.log)
        var doc = O.document
        if let root = mergeNode(IBRules.documentRoot, b: 0, o: 0, t: 0, &s) { doc.root = root }
        return RebuiltTree(document: doc, cacheDeletions: s.cacheDeletions, log: s.log)
    }

    /// Merges one element present in at least one version; nil when it does not survive.
    func mergeNode(_ key: String, b: Int?, o: Int?, t: Int?, _ s: inout Rebuilding) -> XMLElement? {
        if !s.restoredFromBase.isEmpty, let b, s.restoredFromBase.contains(key) { return B.nodes[b].element }
        if let list = mergePerViewList(b: b, o: o, t: t, s.plan.parents) { return list }
        // (Sets looked at for every element: asked only when not empty, as a look-up hashes the key.)
        if s.plan.moveTouched.isEmpty || !s.plan.moveTouched.contains(key) {
            if let o, let t {
                if let b {
                    if bytesEqual(B, b, O, o) { return takeTheirs(t, base: b, &s.log) }
                    if bytesEqual(B, b, T, t) { return O.nodes[o].element }
                }
                if bytesEqual(O, o, T, t) { return O.nodes[o].element }
            } else if let o, t == nil, b == nil {
                return O.nodes[o].element
            } else if let t, o == nil, b == nil {
                return T.nodes[t].element
            }
        }
        if anyAtomic(b: b, o: o, t: t) {
            return mergeAtomic(key, b: b, o: o, t: t, &s.log)
        }
        let template: XMLElement = o.map { O.nodes[$0].element } ?? t.map { T.nodes[$0].element } ?? B.nodes[b!].element
        var result = template
        let attributes = mergeAttributes(b: b, o: o, t: t, &s.log)
        if !attributes.isSameWritten(as: template.attributes) { result.attributes = attributes }
        let children = mergeChildren(key, b: b, o: o, t: t, &s)
        if !children.isSameNodes(as: template.children) { result.children = children }
        return result
    }

    /// Theirs' subtree taken whole (ours left it as in base): counted as theirs' change. The
    /// same bytes need no fingerprints (most subtrees of a merge are the same in all three).
    func takeTheirs(_ n: Int, base: Int, _ log: inout MergeLog) -> XMLElement {
        if !bytesEqual(B, base, T, n) && dfpB[base] != dfpT[n] { log.fromTheirs.modified += 1 }
        return T.nodes[n].element
    }

    /// An element the profile merges as one value (`IBRules.isAtomicValue`).
    func isAtomic(_ g: IBGraph, _ n: Int?) -> Bool {
        n.map { IBRules.isAtomicValue(g.nodes[$0].element) } ?? false
    }

    /// Whether any version's element is merged as one value. A version's element that is
    /// another's, as read (a side took it from base), is not looked at again: the answer reads
    /// every child.
    func anyAtomic(b: Int?, o: Int?, t: Int?) -> Bool {
        if isAtomic(B, b) { return true }
        func sameAs(_ g: IBGraph, _ n: Int?, _ e: XMLElement) -> Bool { n.map { g.nodes[$0].element.isSameParsedElement(as: e) } ?? false }
        if let o, !sameAs(B, b, O.nodes[o].element), isAtomic(O, o) { return true }
        if let t, !sameAs(B, b, T.nodes[t].element), !sameAs(O, o, T.nodes[t].element), isAtomic(T, t) { return true }
        return false
    }

    func mergeAtomic(_ key: String, b: Int?, o: Int?, t: Int?, _ log: inout MergeLog) -> XMLElement? {
        guard let o, let t else {
            // Present on one side only (the parent decided it survives).
            if let o { return O.nodes[o].element }
            if let t { return T.nodes[t].element }
            return nil
        }
        if let b {
            if bytesEqual(B, b, O, o) {
                if !bytesEqual(B, b, T, t) { log.fromTheirs.modified += 1 }
                return T.nodes[t].element
            }
            if bytesEqual(B, b, T, t) { log.fromOurs.modified += 1; return O.nodes[o].element }
        }
        if bytesEqual(O, o, T, t) { return O.nodes[o].element }
        if let b, let merged = mergeValueList(b: b, o: o, t: t, both: nil, &log) { return merged }
        let e = O.nodes[o].element
        // Named as in base: both sides changed it, and ours' new title would misname it.
        let (named, owner) = b.map { (B, B.owningObject($0)) } ?? (O, O.owningObject(o))
        let theirs = T.nodes[t].element
        func settle(_ how: BothChanged, _ value: XMLElement) -> XMLElement {
            log.recordBothChanged(how, graph: named, node: owner, subject: Self.valueSubject(e), ours: Self.summary(e),
                                  theirs: Self.summary(theirs))
            return value
        }
        if let entry = cacheEntry(O, o) {
            log.recordBothChanged(.cacheKeptOurs, graph: O, node: o, subject: cacheSubject(O, entry: entry, node: o, Self.valueSubject(e)),
                                  ours: Self.summary(e), theirs: Self.summary(theirs))
            return e
        }
        switch IBRules.noise(of: e) {
        case .layout? where !options.strictLayout: return settle(.layoutKeptOurs, e)
        case .editorState?, .toolsVersion?: return settle(.editorStateKeptOurs, e)
        default: break
        }
        var offered: [ConflictChoice] = b == nil ? [] : [.base]
        let isList = b != nil && mergeValueList(b: b!, o: o, t: t, both: .ours, counting: false, &log) != nil
        if isList { offered += [.oursThenTheirs, .theirsThenOurs] }
        let strictLayout = options.strictLayout && IBRules.noise(of: e) == .layout
        let kind: ConflictClass = isList ? .list : (b == nil ? .addAdd : (strictLayout ? .layout : .attribute))
        let conflict = decide("value " + key, kind, element: key, offering: offered)
        log.recordBothChanged(.conflict, graph: named, node: owner, subject: Self.valueSubject(e), ours: Self.summary(e),
                              theirs: Self.summary(theirs), conflict: conflict)
        switch take(conflict) {
        case .ours: return e
        case .theirs: return theirs
        case .base: return b.map { B.nodes[$0].element }
        case .oursThenTheirs: return mergeValueList(b: b!, o: o, t: t, both: .ours, &log)
        case .theirsThenOurs: return mergeValueList(b: b!, o: o, t: t, both: .theirs, &log)
        }
    }

    /// A list of anonymous values (`<integer value=…/>` in `visibilityPriorities`, `<segment>`s):
    /// merged as a sequence of values, diff3-style; nil when both sides changed the same stretch,
    /// unless `both` says whose items go first there (a person's choice). `counting: false` only
    /// asks whether it can merge, contributing nothing to the counts.
    func mergeValueList(b: Int, o: Int, t: Int, both: Side?, counting: Bool = true, _ log: inout MergeLog) -> XMLElement? {
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
        // Keyed by the written value.
        func written(_ list: [XMLElement]) -> [String] { list.map { String(decoding: XMLWriter.write($0, depth: 0), as: UTF8.self) } }
        var out: [XMLNode] = []
        let wo = written(ov), wt = written(tv)
        for chunk in Diff3.chunks(base: written(bv), ours: wo, theirs: wt).chunks {
            switch chunk.kind {
            case .stable, .ours: for k in chunk.ours { out.append(.element(ov[k])) }
            case .theirs: for k in chunk.theirs { out.append(.element(tv[k])) }
            case .both:
                // Both inserted here: both sides' values, in an order that does not depend on
                // which side is ours. Anything else is a conflict, unless a person said whose go first.
                guard chunk.base.isEmpty || both != nil else { return nil }
                let oursFirst = both.map { $0 != .theirs } ?? Diff3.oursFirst(wo[chunk.ours], wt[chunk.theirs])
                if oursFirst { for k in chunk.ours { out.append(.element(ov[k])) } }
                for k in chunk.theirs { out.append(.element(tv[k])) }
                if !oursFirst { for k in chunk.ours { out.append(.element(ov[k])) } }
            }
        }
        guard counting else { return oe }
        var result = oe
        let attributes = mergeAttributes(b: b, o: o, t: t, &log)
        if !attributes.isSameWritten(as: oe.attributes) { result.attributes = attributes }
        if !out.isSameNodes(as: oe.children) { result.children = out }
        if !bytesEqual(B, b, T, t) { log.fromTheirs.modified += 1 }
        if !bytesEqual(B, b, O, o) { log.fromOurs.modified += 1 }
        return result
    }

    // MARK: Children

    func childKeys(_ g: IBGraph, _ n: Int?, parentKey: String, _ parents: ParentTable) -> [String] {
        guard let n else { return [] }
        var out: [String] = []
        for c in g.children(of: n) {
            let node = g.nodes[c]
            if IBGraph.isObjectKey(node.key) {
                guard parents.parent(of: node.key, hash: g.byKey.hash(ofEntry: c)) == parentKey else { continue }
            }
            out.append(node.key)
        }
        return out
    }

    func mergeChildren(_ key: String, b: Int?, o: Int?, t: Int?, _ s: inout Rebuilding) -> [XMLNode] {
        let parents = s.plan.parents
        let bk = childKeys(B, b, parentKey: key, parents), ok = childKeys(O, o, parentKey: key, parents),
            tk = childKeys(T, t, parentKey: key, parents)
        // The same children in the same order in all three (most elements above a change):
        // every one survives where it is, with no sets to build.
        if let o, b != nil, t != nil, bk == ok && ok == tk {
            var out: [XMLNode] = []
            for k in ok {
                let vb = B.byKey[k], vo = O.byKey[k], vt = T.byKey[k]
                out.append(contentsOf: comments(before: k, b: vb, o: vo, t: vt))
                if let e = mergeNode(k, b: vb, o: vo, t: vt, &s) { out.append(.element(e)) }
            }
            out.append(contentsOf: trailingComments(O, o))
            return out
        }
        let bs = Set(bk), os = Set(ok), ts = Set(tk)
        // Which keys survive here, decided in the children's order (not a set's, which would
        // make the order of the events recorded depend on the process's hash seed).
        var survivors: Set<String> = []
        var seen: Set<String> = []
        for k in bk + ok + tk where seen.insert(k).inserted {
            if IBGraph.isObjectKey(k) {
                // Objects and scenes: decided in stage 1 (childKeys already kept only those placed here).
                survivors.insert(k)
                continue
            }
            switch (bs.contains(k), os.contains(k), ts.contains(k)) {
            case (_, true, true), (false, true, false), (false, false, true): survivors.insert(k)
            case (true, false, true):
                if keepDeletedValue(k, deleter: .ours, keeper: T, keeperFP: dfpT, &s) { survivors.insert(k) }
            case (true, true, false):
                if keepDeletedValue(k, deleter: .theirs, keeper: O, keeperFP: dfpO, &s) { survivors.insert(k) }
            default: break
            }
        }
        var order = SequenceMerge.merge(base: bk, ours: ok, theirs: tk, survivors: survivors)
        // Sets that Xcode writes sorted (constraints by id, outlets by name, resources...):
        // when the merge changed their members, place them where Xcode would.
        let containerTag = (o.map { O.nodes[$0].tag } ?? t.map { T.nodes[$0].tag } ?? B.nodes[b!].tag)
        if let xcodeOrder = IBRules.xcodeOrder(of: containerTag), order != ok {
            let elements = order.map { k in (O.byKey[k].map { O.nodes[$0].element } ?? T.byKey[k].map { T.nodes[$0].element } ?? B.nodes[B.byKey[k]!].element) }
            order = xcodeOrder.permutation(elements).map { order[$0] }
        }
        var out: [XMLNode] = []
        for k in order {
            let bn = B.byKey[k], on = O.byKey[k], tn = T.byKey[k]
            // Local (non-object) keys only match within this parent in each version.
            let bx = bn.flatMap { bs.contains(k) ? $0 : nil }, ox = on.flatMap { os.contains(k) ? $0 : nil }, tx = tn.flatMap { ts.contains(k) ? $0 : nil }
            let isObject = IBGraph.isObjectKey(k)
            let (vb, vo, vt) = isObject ? (bn, on, tn) : (bx, ox, tx)
            out.append(contentsOf: comments(before: k, b: vb, o: vo, t: vt))
            if let e = mergeNode(k, b: vb, o: vo, t: vt, &s) { out.append(.element(e)) }
        }
        out.append(contentsOf: o.map { trailingComments(O, $0) } ?? t.map { trailingComments(T, $0) } ?? trailingComments(B, b!))
        return out
    }

    /// A value element (no id) removed by one side: removed unless the other side changed it.
    func keepDeletedValue(_ k: String, deleter: Side, keeper: IBGraph, keeperFP: Fingerprints, _ s: inout Rebuilding) -> Bool {
        guard let bn = B.byKey[k], let kn = keeper.byKey[k] else { return false }
        let keptByConflict = s.plan.keptByConflict
        if !keptByConflict.isEmpty, let slash = k.utf8.firstIndex(of: 0x2F), keptByConflict.contains(String(k[..<slash])) { return true }
        // Inside a value a conflict kept: it comes back whole, as one conflict (the other
        // resolution drops it whole).
        if !s.keptValues.isEmpty, B.nodes[bn].parent >= 0, s.keptValues.contains(B.nodes[B.nodes[bn].parent].key) {
            s.keptValues.insert(k)
            return true
        }
        if dfpB[bn] == keeperFP[kn] || isNoiseElement(keeper, kn) {
            s.log.countRemoval(by: deleter)
            return false
        }
        // A frame one side dropped (Xcode drops the frames of views it lays out itself) and the
        // other moved: layout, so the deletion wins, as over an object's layout-only changes.
        if IBRules.noise(of: keeper.nodes[kn].element) == .layout && !options.strictLayout {
            s.log.countRemoval(by: deleter)
            s.log.record(.deleteOverLayout, graph: B, node: bn,
                         subject: Self.valueSubject(B.nodes[bn].element) + " deleted by \(deleter.rawValue)",
                         ours: nil, theirs: nil, resolution: "the other side changed only this layout value; deleted")
            return false
        }
        if cacheEntry(B, bn) != nil {
            let keep = deferCacheDeletion(k, base: bn, deleter: deleter, &s)
            if keep { s.keptValues.insert(k) }
            return keep
        }
        var conflict = decide("delete " + k, .deleteEdit, element: k, deletedBy: deleter)
        let kept = keeper.nodes[kn].element
        conflict.xcodeRewrite = IBRules.xcodeRewrite(parent: parentTag(B, bn), base: B.nodes[bn].element,
                                                     ours: deleter == .ours ? nil : kept, theirs: deleter == .theirs ? nil : kept)?.rule
        let taken = take(conflict)
        if taken == .base { s.restoredFromBase.insert(k) }
        let keep = taken == .base || taken.rawValue != deleter.rawValue
        s.log.recordValueDeletionConflict(B, bn, deleter: deleter, keeper: keeper, kn, kept: keep, conflict: conflict)
        if keep { s.keptValues.insert(k) }
        return keep
    }
}

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
        var restoredFromBase: KeyIndex
        /// Value elements (no id) one side deleted but that a conflict kept.
        var keptValues: Set<String> = []
        /// Containers of objects one side removed with all it held and the other kept: they
        /// stay for the objects that survive in them, and go if none does.
        var emptiedContainers: Set<String> = []
        var cacheDeletions: [CacheDeletion] = []
        var log: MergeLog
    }

    func rebuild(_ plan: ObjectPlan) -> RebuiltTree {
        var s = Rebuilding(plan: plan, restoredFromBase: plan.restoredFromBase, log: plan.log)
        var doc = graphs.ours.document
        if let root = mergeNode(IBRules.documentRoot, Three(base: 0, ours: 0, theirs: 0), &s) { doc.root = root }
        return RebuiltTree(document: doc, cacheDeletions: s.cacheDeletions, log: s.log)
    }

    /// Merges one element present in at least one version (`nodes`: its node in each graph that
    /// has it); nil when it does not survive.
    func mergeNode(_ key: String, _ nodes: Three<Int?>, _ s: inout Rebuilding) -> XMLElement? {
        if !s.restoredFromBase.isEmpty, let b = nodes.base, s.restoredFromBase[key] != nil { return graphs.base.nodes[b].element }
        if let list = mergePerViewList(nodes, s.plan.parents) { return list }
        if let whole = keptWhole(key, nodes, s.plan) { return whole }
        // (Sets looked at for every element: asked only when not empty, as a look-up hashes the key.)
        if s.plan.moveTouched.count == 0 || s.plan.moveTouched.value(for: key, hash: hash(of: nodes)) == nil {
            if let o = nodes.ours, let t = nodes.theirs {
                switch byValue(nodes.base, ours: o, theirs: t, &s.log) {
                case .unchanged, .theirs: return takeTheirs(t, base: nodes.base!, &s.log)
                case .ours, .alike: return graphs.ours.nodes[o].element
                case .conflict: break
                }
            } else if nodes.base == nil, let o = nodes.ours {
                return graphs.ours.nodes[o].element
            } else if nodes.base == nil, let t = nodes.theirs {
                return graphs.theirs.nodes[t].element
            }
        }
        if anyAtomic(nodes) {
            return mergeAtomic(key, nodes, &s.log)
        }
        let template: XMLElement = nodes.ours.map { graphs.ours.nodes[$0].element } ?? nodes.theirs.map { graphs.theirs.nodes[$0].element }
            ?? graphs.base.nodes[nodes.base!].element
        var result = template
        let attributes = mergeAttributes(nodes, &s.log)
        if !attributes.isSameWritten(as: template.attributes) { result.attributes = attributes }
        let children = mergeChildren(key, nodes, &s)
        if !children.isSameNodes(as: template.children) { result.children = children }
        return result
    }

    /// The subtree of an object one side deleted and a conflict kept, whole from the side that
    /// kept it (`ObjectPlan.keptByConflict`), when nothing in it is the deleter's too and every
    /// object in it stays where the keeper has it; nil otherwise (an object the deleter moved
    /// out before deleting, perhaps changed there, or one that goes). Merged element by
    /// element, each with no third version, it gave the keeper's content, but rewritten where
    /// theirs kept it (a set Xcode sorts put back in that order, an empty element written
    /// anew): bytes no side changed, and a three-way merge of each element was half of a heavy
    /// merge's rebuild.
    func keptWhole(_ key: String, _ nodes: Three<Int?>, _ plan: ObjectPlan) -> XMLElement? {
        guard nodes.base != nil, (nodes.ours == nil) != (nodes.theirs == nil), !plan.keptByConflict.isEmpty,
              plan.keptByConflict[key] != nil else { return nil }
        // The graphs passed where they are: binding one to a name copies it, a dozen references.
        if let n = nodes.ours { return keptWhole(n, in: graphs.ours, deleter: graphs.theirs, plan) }
        return keptWhole(nodes.theirs!, in: graphs.theirs, deleter: graphs.ours, plan)
    }

    private func keptWhole(_ n: Int, in keeper: IBGraph, deleter: IBGraph, _ plan: ObjectPlan) -> XMLElement? {
        // Every element's key begins with its object's: an object the deleter lacks has no
        // element the deleter has.
        for m in n + 1 ..< keeper.subtreeEnd(of: n) {
            let k = keeper.nodes[m].key, hash = keeper.byKey.hash(ofEntry: m)
            guard !IBGraph.isObjectKey(k) || deleter.byKey.value(for: k, hash: hash) == nil
                    && plan.parents.parent(of: k, hash: hash) == parentKey(keeper, m) else { return nil }
        }
        return keeper.nodes[n].element
    }

    /// The hash of the element's key, as the index of a graph that has it holds it.
    func hash(of nodes: Three<Int?>) -> UInt64 {
        nodes.ours.map { graphs.ours.byKey.hash(ofEntry: $0) } ?? nodes.theirs.map { graphs.theirs.byKey.hash(ofEntry: $0) }
            ?? graphs.base.byKey.hash(ofEntry: nodes.base!)
    }

    /// The three-way rule on an element's bytes, in the versions that have it (no base: both
    /// sides added it).
    func byBytes(_ base: Int?, ours o: Int, theirs t: Int) -> ThreeWay {
        ThreeWay(hasBase: base != nil, oursIsBase: bytesEqual(graphs.base, base!, graphs.ours, o),
                 theirsIsBase: bytesEqual(graphs.base, base!, graphs.theirs, t), oursIsTheirs: bytesEqual(graphs.ours, o, graphs.theirs, t))
    }

    /// The three-way rule on an element's bytes; where both sides changed them differently, on
    /// what the value means (`IBRules.equivalentValues`): a side that only spelled it another
    /// way did not change it. Reported when that settles it.
    func byValue(_ base: Int?, ours o: Int, theirs t: Int, _ log: inout MergeLog) -> ThreeWay {
        let bytes = byBytes(base, ours: o, theirs: t)
        let tag = graphs.ours.nodes[o].tag
        guard bytes == .conflict, IBRules.hasEquivalents(tag) else { return bytes }
        let slot = IBRules.ValueSlot(parent: parentTag(graphs.ours, o), graphs.ours.nodes[o].element)
        let meanings = Three(base: base.map { IBRules.meaning(of: graphs.base.nodes[$0].element, in: slot) } ?? nil,
                             ours: IBRules.meaning(of: graphs.ours.nodes[o].element, in: slot),
                             theirs: IBRules.meaning(of: graphs.theirs.nodes[t].element, in: slot))
        guard meanings.ours != nil || meanings.theirs != nil else { return bytes }
        let rule = ThreeWay(hasBase: base != nil, oursIsBase: meanings.ours != nil && meanings.ours == meanings.base,
                            theirsIsBase: meanings.theirs != nil && meanings.theirs == meanings.base,
                            oursIsTheirs: meanings.ours != nil && meanings.ours == meanings.theirs)
        guard rule != .conflict else { return bytes }
        let ours = graphs.ours.nodes[o].element, theirs = graphs.theirs.nodes[t].element
        let pair: (XMLElement?, XMLElement?) = switch rule {
        case .theirs: (base.map { graphs.base.nodes[$0].element }, ours)
        case .ours: (base.map { graphs.base.nodes[$0].element }, theirs)
        default: (ours, theirs)
        }
        let name = IBRules.equivalence(pair.0, pair.1, in: slot)?.rule ?? ""
        log.record(.noise, graph: graphs.ours, node: o, subject: Self.valueSubject(ours), ours: Self.summary(ours), theirs: Self.summary(theirs),
                   resolution: "one value spelled two ways (\(name)); took \(rule == .theirs ? "theirs" : "ours")")
        // Both spelled base's value anew: ours, as for Xcode's other noise.
        return rule == .unchanged ? .ours : rule
    }

    /// Theirs' subtree taken whole (ours left it as in base): counted as theirs' change. The
    /// same bytes need no fingerprints (most subtrees of a merge are the same in all three).
    func takeTheirs(_ n: Int, base: Int, _ log: inout MergeLog) -> XMLElement {
        if !bytesEqual(graphs.base, base, graphs.theirs, n) && fingerprints.base[base] != fingerprints.theirs[n] { log.fromTheirs.modified += 1 }
        return graphs.theirs.nodes[n].element
    }

    /// Whether any version's element is merged as one value (`IBGraph.Node.isAtomicValue`).
    func anyAtomic(_ nodes: Three<Int?>) -> Bool {
        func atomic(_ g: IBGraph, _ n: Int?) -> Bool { n.map { g.nodes[$0].isAtomicValue } ?? false }
        return atomic(graphs.base, nodes.base) || atomic(graphs.ours, nodes.ours) || atomic(graphs.theirs, nodes.theirs)
    }

    func mergeAtomic(_ key: String, _ nodes: Three<Int?>, _ log: inout MergeLog) -> XMLElement? {
        guard let o = nodes.ours, let t = nodes.theirs else {
            // Present on one side only (the parent decided it survives).
            if let o = nodes.ours { return graphs.ours.nodes[o].element }
            if let t = nodes.theirs { return graphs.theirs.nodes[t].element }
            return nil
        }
        switch byBytes(nodes.base, ours: o, theirs: t) {
        case .unchanged: return graphs.theirs.nodes[t].element
        case .theirs:
            log.fromTheirs.modified += 1
            return graphs.theirs.nodes[t].element
        case .ours:
            log.fromOurs.modified += 1
            return graphs.ours.nodes[o].element
        case .alike: return graphs.ours.nodes[o].element
        case .conflict: break
        }
        let all = nodes.base.map { Three(base: $0, ours: o, theirs: t) }
        if let all, let merged = mergeValueList(all, both: nil, &log) { return merged }
        let e = graphs.ours.nodes[o].element
        // Named as in base: both sides changed it, and ours' new title would misname it.
        let (named, owner) = nodes.base.map { (graphs.base, graphs.base.owningObject($0)) } ?? (graphs.ours, graphs.ours.owningObject(o))
        let theirs = graphs.theirs.nodes[t].element
        func settle(_ how: BothChanged, _ value: XMLElement) -> XMLElement {
            log.recordBothChanged(how, graph: named, node: owner, subject: Self.valueSubject(e), ours: Self.summary(e),
                                  theirs: Self.summary(theirs))
            return value
        }
        if let entry = cacheEntry(graphs.ours, o) {
            log.recordBothChanged(.cacheKeptOurs, graph: graphs.ours, node: o,
                                  subject: cacheSubject(graphs.ours, entry: entry, node: o, Self.valueSubject(e)),
                                  ours: Self.summary(e), theirs: Self.summary(theirs))
            return e
        }
        switch IBRules.noise(of: e) {
        case .layout? where !options.strictLayout: return settle(.layoutKeptOurs, e)
        case .editorState?, .toolsVersion?: return settle(.editorStateKeptOurs, e)
        default: break
        }
        var offered: [ConflictChoice] = all == nil ? [] : [.base]
        let isList = all.map { mergeValueList($0, both: .ours, counting: false, &log) != nil } ?? false
        if isList { offered += [.oursThenTheirs, .theirsThenOurs] }
        let strictLayout = options.strictLayout && IBRules.noise(of: e) == .layout
        let kind: ConflictClass = isList ? .list : (all == nil ? .addAdd : (strictLayout ? .layout : .attribute))
        let conflict = decide("value " + key, kind, element: key, offering: offered)
        log.recordBothChanged(.conflict, graph: named, node: owner, subject: Self.valueSubject(e), ours: Self.summary(e),
                              theirs: Self.summary(theirs), conflict: conflict)
        switch take(conflict) {
        case .ours: return e
        case .theirs: return theirs
        case .base: return nodes.base.map { graphs.base.nodes[$0].element }
        case .oursThenTheirs: return mergeValueList(all!, both: .ours, &log)
        case .theirsThenOurs: return mergeValueList(all!, both: .theirs, &log)
        }
    }

    /// A list of anonymous values (`<integer value=…/>` in `visibilityPriorities`, `<segment>`s):
    /// merged as a sequence of values, diff3-style; nil when both sides changed the same stretch,
    /// unless `both` says whose items go first there (a person's choice). `counting: false` only
    /// asks whether it can merge, contributing nothing to the counts.
    func mergeValueList(_ nodes: Three<Int>, both: Side?, counting: Bool = true, _ log: inout MergeLog) -> XMLElement? {
        let elements = Three(base: graphs.base.nodes[nodes.base].element, ours: graphs.ours.nodes[nodes.ours].element,
                             theirs: graphs.theirs.nodes[nodes.theirs].element)
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
        guard let baseValues = values(elements.base), let oursValues = values(elements.ours), let theirsValues = values(elements.theirs)
        else { return nil }
        guard TreeMerge.sameOwnAttributes(elements.base, elements.ours) || TreeMerge.sameOwnAttributes(elements.base, elements.theirs)
                || TreeMerge.sameOwnAttributes(elements.ours, elements.theirs) else { return nil }
        // Keyed by the written value.
        func written(_ list: [XMLElement]) -> [String] { list.map { String(decoding: XMLWriter.write($0, depth: 0), as: UTF8.self) } }
        var out: [XMLNode] = []
        let oursWritten = written(oursValues), theirsWritten = written(theirsValues)
        for chunk in Diff3.chunks(base: written(baseValues), ours: oursWritten, theirs: theirsWritten).chunks {
            switch chunk.kind {
            case .stable, .ours: for k in chunk.ours { out.append(.element(oursValues[k])) }
            case .theirs: for k in chunk.theirs { out.append(.element(theirsValues[k])) }
            case .both:
                // Both inserted here: both sides' values, in an order that does not depend on
                // which side is ours. Anything else is a conflict, unless a person said whose go first.
                guard chunk.base.isEmpty || both != nil else { return nil }
                let oursFirst = both.map { $0 != .theirs } ?? Diff3.oursFirst(oursWritten[chunk.ours], theirsWritten[chunk.theirs])
                if oursFirst { for k in chunk.ours { out.append(.element(oursValues[k])) } }
                for k in chunk.theirs { out.append(.element(theirsValues[k])) }
                if !oursFirst { for k in chunk.ours { out.append(.element(oursValues[k])) } }
            }
        }
        guard counting else { return elements.ours }
        var result = elements.ours
        let attributes = mergeAttributes(nodes.map { Optional($0) }, &log)
        if !attributes.isSameWritten(as: elements.ours.attributes) { result.attributes = attributes }
        if !out.isSameNodes(as: elements.ours.children) { result.children = out }
        if !bytesEqual(graphs.base, nodes.base, graphs.theirs, nodes.theirs) { log.fromTheirs.modified += 1 }
        if !bytesEqual(graphs.base, nodes.base, graphs.ours, nodes.ours) { log.fromOurs.modified += 1 }
        return result
    }

    // MARK: Children

    /// An element's child keys in one version, each with its hash as the graph's index holds it
    /// (so that no key is hashed again to be looked up).
    struct ChildKeys {
        var keys: [String] = []
        var hashes: [UInt64] = []
    }

    func childKeys(_ g: IBGraph, _ n: Int?, parentKey: String, _ parents: ParentTable) -> ChildKeys {
        var out = ChildKeys()
        guard let n else { return out }
        let children = g.children(of: n)
        out.keys.reserveCapacity(children.count)
        out.hashes.reserveCapacity(children.count)
        for c in children {
            let key = g.nodes[c].key  // (not the whole node: copying one retains all of it)
            let hash = g.byKey.hash(ofEntry: c)
            if IBGraph.isObjectKey(key) {
                guard parents.parent(of: key, hash: hash) == parentKey else { continue }
            }
            out.keys.append(key)
            out.hashes.append(hash)
        }
        return out
    }

    /// The key's node in each graph, by the hash its index gave it.
    func nodes(of key: String, hash: UInt64) -> Three<Int?> {
        Three(base: graphs.base.byKey.value(for: key, hash: hash), ours: graphs.ours.byKey.value(for: key, hash: hash),
              theirs: graphs.theirs.byKey.value(for: key, hash: hash))
    }

    func mergeChildren(_ key: String, _ nodes: Three<Int?>, _ s: inout Rebuilding) -> [XMLNode] {
        let parents = s.plan.parents
        let lists = Three(base: childKeys(graphs.base, nodes.base, parentKey: key, parents),
                          ours: childKeys(graphs.ours, nodes.ours, parentKey: key, parents),
                          theirs: childKeys(graphs.theirs, nodes.theirs, parentKey: key, parents))
        let keys = lists.map(\.keys)
        // The same children in the same order in all three (most elements above a change):
        // every one survives where it is, with no table to build.
        if let o = nodes.ours, nodes.base != nil, nodes.theirs != nil, keys.base == keys.ours && keys.ours == keys.theirs {
            var out: [XMLNode] = []
            for (k, hash) in zip(keys.ours, lists.ours.hashes) {
                let children = self.nodes(of: k, hash: hash)
                out.append(contentsOf: comments(before: k, children))
                if let e = mergeNode(k, children, &s) { out.append(.element(e)) }
            }
            out.append(contentsOf: trailingComments(graphs.ours, o))
            return out
        }
        let here = ChildTable(lists)
        // Which keys survive here, decided in the children's order (base's, ours', theirs').
        var survives = [Bool](repeating: false, count: here.keys.count)
        for (e, k) in here.keys.enumerated() {
            // Objects and scenes: decided in stage 1 (childKeys already kept only those placed here).
            if IBGraph.isObjectKey(k) {
                survives[e] = true
                continue
            }
            switch (here.has(e, .base), here.has(e, .ours), here.has(e, .theirs)) {
            case (_, true, true), (false, true, false), (false, false, true): survives[e] = true
            case (true, false, true): survives[e] = keepDeletedValue(k, deleter: .ours, keeper: graphs.theirs, &s)
            case (true, true, false): survives[e] = keepDeletedValue(k, deleter: .theirs, keeper: graphs.ours, &s)
            default: break
            }
        }
        var order = SequenceMerge.merge(here.lists, survives: survives) { here.keys[$0] }
        // Sets that Xcode writes sorted (constraints by id, outlets by name, resources...):
        // when the merge changed their members, place them where Xcode would.
        let containerTag = nodes.ours.map { graphs.ours.nodes[$0].tag } ?? nodes.theirs.map { graphs.theirs.nodes[$0].tag }
            ?? graphs.base.nodes[nodes.base!].tag
        if let xcodeOrder = IBRules.xcodeOrder(of: containerTag), order != here.lists.ours {
            let elements = order.map { e in
                let found = self.nodes(of: here.keys[e], hash: here.hashes[e])
                return found.ours.map { graphs.ours.nodes[$0].element } ?? found.theirs.map { graphs.theirs.nodes[$0].element }
                    ?? graphs.base.nodes[found.base!].element
            }
            order = xcodeOrder.permutation(elements).map { order[$0] }
        }
        var out: [XMLNode] = []
        for e in order {
            let k = here.keys[e]
            var children = self.nodes(of: k, hash: here.hashes[e])
            // Local (non-object) keys only match within this parent in each version.
            if !IBGraph.isObjectKey(k) {
                for v in MergeVersion.allCases where !here.has(e, v) { children[version: v] = nil }
            }
            out.append(contentsOf: comments(before: k, children))
            guard let element = mergeNode(k, children, &s) else { continue }
            if !s.emptiedContainers.isEmpty, s.emptiedContainers.contains(k), !element.children.contains(where: \.isElement) { continue }
            out.append(.element(element))
        }
        out.append(contentsOf: nodes.ours.map { trailingComments(graphs.ours, $0) } ?? nodes.theirs.map { trailingComments(graphs.theirs, $0) }
                   ?? trailingComments(graphs.base, nodes.base!))
        return out
    }

    /// Every child key of an element in the three versions once, in the order first met (base's,
    /// ours', theirs'), with the versions that have it here: indexed by the hashes the graphs'
    /// indexes hold. (Three `Set`s of the keys and two more hashed each key with SipHash up to
    /// seven times: 4% of the instructions of openhab 2732f8bf's merge.)
    struct ChildTable {
        private var index = KeyIndex()
        private(set) var keys: [String] = []
        private(set) var hashes: [UInt64] = []
        /// Each version's children, as entries (what `SequenceMerge` merges).
        private(set) var lists = Three<[Int]>(base: [], ours: [], theirs: [])
        /// Per entry, a bit per version that has the key here.
        private var versions: [UInt8] = []

        init(_ lists: Three<ChildKeys>) {
            for v in MergeVersion.allCases {
                let list = lists[version: v]
                var entries: [Int] = []
                entries.reserveCapacity(list.keys.count)
                for (k, hash) in zip(list.keys, list.hashes) {
                    if let e = index.insert(k, keys.count, hash: hash) {
                        versions[e] |= ChildTable.bit(v)
                        entries.append(e)
                    } else {
                        entries.append(keys.count)
                        keys.append(k)
                        hashes.append(hash)
                        versions.append(ChildTable.bit(v))
                    }
                }
                self.lists[version: v] = entries
            }
        }

        private static func bit(_ v: MergeVersion) -> UInt8 {
            switch v {
            case .base: 1
            case .ours: 2
            case .theirs: 4
            }
        }

        func has(_ entry: Int, _ v: MergeVersion) -> Bool { versions[entry] & ChildTable.bit(v) != 0 }
    }

    /// A value element (no id) removed by one side: removed unless the other side changed it.
    /// (`keeper`: the other side's graph, the merge's own rather than a copy, as in stage 1's
    /// `decideDeletion`.)
    func keepDeletedValue(_ k: String, deleter: Side, keeper: borrowing IBGraph, _ s: inout Rebuilding) -> Bool {
        guard let bn = graphs.base.byKey[k], let kn = keeper.byKey[k] else { return false }
        if !s.plan.keptByConflict.isEmpty, let slash = k.utf8.firstIndex(of: 0x2F),
           s.plan.keptByConflict[String(k[..<slash])] != nil { return true }
        // Inside a value a conflict kept: it comes back whole, as one conflict (the other
        // resolution drops it whole).
        if !s.keptValues.isEmpty, graphs.base.nodes[bn].parent >= 0, s.keptValues.contains(graphs.base.nodes[graphs.base.nodes[bn].parent].key) {
            s.keptValues.insert(k)
            return true
        }
        // One value spelled another way, or a default dropped: said by its rule.
        if IBRules.hasEquivalents(keeper.nodes[kn].tag), !bytesEqual(graphs.base, bn, keeper, kn),
           let keep = keepDeletedSpelling(k, base: bn, deleter: deleter, &s) { return keep }
        if fingerprints.base[bn] == fingerprints[otherThan: deleter][kn] || isNoiseElement(keeper, kn) {
            s.log.countRemoval(by: deleter)
            return false
        }
        // A container of objects (`IBRules.isObjectContainer`) that one side emptied, which
        // Xcode then drops: the side deleted each object in it, and each object's fate is
        // decided on its own (stage 1), the other side's new ones included.
        if IBRules.isObjectContainer(graphs.base.nodes[bn].element) && IBRules.isObjectContainer(keeper.nodes[kn].element) {
            s.emptiedContainers.insert(k)
            return true
        }
        // A frame one side dropped (Xcode drops the frames of views it lays out itself) and the
        // other moved: layout, so the deletion wins, as over an object's layout-only changes.
        if IBRules.noise(of: keeper.nodes[kn].element) == .layout && !options.strictLayout {
            s.log.countRemoval(by: deleter)
            s.log.record(.deleteOverLayout, graph: graphs.base, node: bn,
                         subject: Self.valueSubject(graphs.base.nodes[bn].element) + " deleted by \(deleter.rawValue)",
                         ours: nil, theirs: nil, resolution: "the other side changed only this layout value; deleted")
            return false
        }
        if cacheEntry(graphs.base, bn) != nil {
            let keep = deferCacheDeletion(k, base: bn, deleter: deleter, &s)
            if keep { s.keptValues.insert(k) }
            return keep
        }
        let conflict = decide("delete " + k, .deleteEdit, element: k, deletedBy: deleter)
        let taken = take(conflict)
        if taken == .base { s.restoredFromBase.insert(k, 0) }
        let keep = taken == .base || taken.rawValue != deleter.rawValue
        s.log.recordValueDeletionConflict(graphs.base, bn, deleter: deleter, keeper: keeper, kn, kept: keep, conflict: conflict)
        if keep { s.keptValues.insert(k) }
        return keep
    }

    /// A value one side deleted and the other changed, where one of the two means what base had
    /// (`IBRules.equivalentValues`): the keeper only spelled it another way (the deletion
    /// stands), or the deletion only dropped Xcode's default (the keeper's change stands). Nil
    /// when neither.
    func keepDeletedSpelling(_ k: String, base bn: Int, deleter: Side, _ s: inout Rebuilding) -> Bool? {
        let base = graphs.base.nodes[bn].element
        let slot = IBRules.ValueSlot(parent: parentTag(graphs.base, bn), base)
        guard IBRules.hasEquivalents(slot.tag), let kn = graphs[otherThan: deleter].byKey[k] else { return nil }
        let kept = graphs[otherThan: deleter].nodes[kn].element
        let subject = Self.valueSubject(base) + " deleted by \(deleter.rawValue)"
        if let rule = IBRules.equivalence(base, kept, in: slot) {
            s.log.countRemoval(by: deleter)
            s.log.record(.noise, graph: graphs.base, node: bn, subject: subject, ours: nil, theirs: nil,
                         resolution: "the other side only spelled it another way (\(rule.rule)); deleted")
            return false
        }
        if let rule = IBRules.equivalence(base, nil, in: slot) {
            s.keptValues.insert(k)
            s.log.record(.noise, graph: graphs.base, node: bn, subject: subject, ours: nil, theirs: nil,
                         resolution: "deleting it only dropped Xcode's default (\(rule.rule)); kept the other side's change")
            return true
        }
        return nil
    }
}

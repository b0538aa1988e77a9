/// Lists with one value per arranged view (`IBRules.perViewLists`: `NSStackView`'s
/// `visibilityPriorities` and `customSpacing`), aligned by position with the stack's views.
/// Merged as values of the views they belong to: the merged stack's views in the merged order,
/// each with its value from the side that changed it, so that two sides adding views to one
/// stack is no conflict.
extension TreeMerge {
    /// The key of the stack view whose per-view list node `n` is, or nil when it is none.
    private static func perViewListStack(_ g: IBGraph, _ n: Int) -> String? {
        let p = g.nodes[n].parent
        guard p >= 0, IBRules.isPerViewList(g.nodes[n].tag, parent: g.nodes[p].tag) else { return nil }
        return g.nodes[p].key
    }

    /// The merged list (`.some(nil)` when the merged stack has no views: Xcode writes no list
    /// then), or nil when it is not such a list, a side's list does not line up with its views,
    /// or both sides changed one view's value (then it merges as one value).
    func mergePerViewList(_ nodes: Three<Int?>, _ parents: ParentTable) -> XMLElement?? {
        // Asked for every element merged: the graphs are read where they are (binding one to a
        // name copies it, a dozen references) until the element turns out to be such a list.
        let stackKey = nodes.ours.map { Self.perViewListStack(graphs.ours, $0) } ?? nodes.theirs.map { Self.perViewListStack(graphs.theirs, $0) }
            ?? Self.perViewListStack(graphs.base, nodes.base!)
        guard let stack = stackKey else { return nil }
        let (g, n) = nodes.ours.map { (graphs.ours, $0) } ?? nodes.theirs.map { (graphs.theirs, $0) } ?? (graphs.base, nodes.base!)
        var values = Three<[String: XMLElement]>(base: [:], ours: [:], theirs: [:])
        var orders = Three<[String]>(base: [], ours: [], theirs: [])
        for version in MergeVersion.allCases {
            let graph = graphs[version: version]
            let s = graph.byKey[stack]
            // A side without the stack says nothing; one with the stack but no list has no values.
            let (views, keys) = arrangedViews(graph, s, parents)
            if let list = nodes[version: version] {
                let items = graph.children(of: list).map { graph.nodes[$0].element }
                guard items.count == keys.count else { return nil }
                for (k, item) in zip(keys, items) { values[version: version][k] = item }
            } else if s != nil && !keys.isEmpty {
                return nil
            }
            orders[version: version] = views
        }
        // The views numbered (every view any order has survives).
        var numbers = KeyIndex(), views: [String] = []
        let numbered = orders.map { order in
            order.map { view in
                if let k = numbers.insert(view, views.count) { return k }
                views.append(view)
                return views.count - 1
            }
        }
        var out: [XMLNode] = []
        for k in SequenceMerge.merge(numbered, survives: [Bool](repeating: true, count: views.count), name: { views[$0] }) {
            guard let value = perViewValue(values.map { $0[views[k]] }) else { return nil }
            out.append(.element(value))
        }
        if out.isEmpty { return .some(nil) }
        var result = g.nodes[n].element
        if !out.isSameNodes(as: result.children) { result.children = out }
        return result
    }

    /// One view's value: the side that changed it, else the one that has it.
    private func perViewValue(_ values: Three<XMLElement?>) -> XMLElement? {
        guard let ours = values.ours else { return values.theirs }
        guard let theirs = values.theirs else { return ours }
        switch ThreeWay(hasBase: values.base != nil, oursIsBase: ours.isSameValue(as: values.base!),
                        theirsIsBase: theirs.isSameValue(as: values.base!), oursIsTheirs: ours.isSameValue(as: theirs)) {
        case .unchanged, .ours, .alike: return ours
        case .theirs: return theirs
        case .conflict: return nil
        }
    }

    /// The views of stack `s` in the merged document's terms (objects the merge places there),
    /// in order, and every arranged view of `s` in `g` (what its lists line up with).
    private func arrangedViews(_ g: IBGraph, _ s: Int?, _ parents: ParentTable) -> (placed: [String], all: [String]) {
        guard let s, let containers = IBRules.arrangedViews[g.nodes[s].tag] else { return ([], []) }
        var placed: [String] = [], all: [String] = []
        for c in g.children(of: s) where containers.contains(g.nodes[c].tag) {
            placed += childKeys(g, c, parentKey: g.nodes[c].key, parents).keys
            all += g.children(of: c).map { g.nodes[$0].key }
        }
        return (placed, all)
    }
}

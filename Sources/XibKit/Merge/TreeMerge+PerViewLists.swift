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
    func mergePerViewList(b: Int?, o: Int?, t: Int?, _ parents: ParentTable) -> XMLElement?? {
        // Asked for every element merged: the graphs are read where they are (binding one to a
        // name copies it, a dozen references) until the element turns out to be such a list.
        let stackKey = o.map { Self.perViewListStack(O, $0) } ?? t.map { Self.perViewListStack(T, $0) } ?? Self.perViewListStack(B, b!)
        guard let stack = stackKey else { return nil }
        let (g, n) = o.map { (O, $0) } ?? t.map { (T, $0) } ?? (B, b!)
        var values: [[String: XMLElement]] = []
        var orders: [[String]] = []
        for (graph, list) in [(B, b), (O, o), (T, t)] {
            let s = graph.byKey[stack]
            // A side without the stack says nothing; one with the stack but no list has no values.
            let (views, keys) = arrangedViews(graph, s, parents)
            var entries: [String: XMLElement] = [:]
            if let list {
                let items = graph.children(of: list).map { graph.nodes[$0].element }
                guard items.count == keys.count else { return nil }
                for (k, item) in zip(keys, items) { entries[k] = item }
            } else if s != nil && !keys.isEmpty {
                return nil
            }
            values.append(entries)
            orders.append(views)
        }
        let survivors = Set(orders[0] + orders[1] + orders[2])
        var out: [XMLNode] = []
        for view in SequenceMerge.merge(base: orders[0], ours: orders[1], theirs: orders[2], survivors: survivors) {
            guard let value = perViewValue(base: values[0][view], ours: values[1][view], theirs: values[2][view]) else { return nil }
            out.append(.element(value))
        }
        if out.isEmpty { return .some(nil) }
        var result = g.nodes[n].element
        if !out.isSameNodes(as: result.children) { result.children = out }
        return result
    }

    /// One view's value: the side that changed it, else the one that has it.
    private func perViewValue(base: XMLElement?, ours: XMLElement?, theirs: XMLElement?) -> XMLElement? {
        guard let ours else { return theirs }
        guard let theirs else { return ours }
        if ours.isSameValue(as: theirs) { return ours }
        if let base, ours.isSameValue(as: base) { return theirs }
        if let base, theirs.isSameValue(as: base) { return ours }
        return nil
    }

    /// The views of stack `s` in the merged document's terms (objects the merge places there),
    /// in order, and every arranged view of `s` in `g` (what its lists line up with).
    private func arrangedViews(_ g: IBGraph, _ s: Int?, _ parents: ParentTable) -> (placed: [String], all: [String]) {
        guard let s, let containers = IBRules.arrangedViews[g.nodes[s].tag] else { return ([], []) }
        var placed: [String] = [], all: [String] = []
        for c in g.children(of: s) where containers.contains(g.nodes[c].tag) {
            placed += childKeys(g, c, parentKey: g.nodes[c].key, parents)
            all += g.children(of: c).map { g.nodes[$0].key }
        }
        return (placed, all)
    }
}

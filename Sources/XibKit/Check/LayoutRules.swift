/// The layout rules of `check`: Xcode's own warnings left in the file (`misplaced-view`,
/// `ambiguous-layout`) and the same constraint installed twice (`duplicate-constraint`).
public enum LayoutRules {
    public static func findings(in graph: IBGraph, enabled: (CheckRule) -> Bool = { _ in true }) -> [IntegrityProblem] {
        var locations = NodeLocations(graph)
        var out: [IntegrityProblem] = []
        let flags = IBRules.layoutWarningFlags.compactMap { f in
            CheckRule(rawValue: f.rule).flatMap { enabled($0) ? (f.attribute, $0) : nil }
        }
        if !flags.isEmpty {
            for n in graph.nodes.indices where graph.nodes[n].objectID != nil {
                for (attribute, rule) in flags where graph.nodes[n].element[attribute: attribute] == "YES" {
                    out.append(IntegrityProblem(kind: rule, file: graph.document.source.name, line: locations.line(of: n),
                                                column: locations.column(of: n), path: graph.displayPath(n),
                                                objectID: graph.nodes[n].objectID, message: flagMessage(rule)))
                }
            }
        }
        if enabled(.duplicateConstraint) { out += duplicateConstraints(in: graph, &locations) }
        return out
    }

    private static func flagMessage(_ rule: CheckRule) -> String {
        rule == .misplacedView
            ? "Xcode marked this view misplaced: its frame differs from its constraints (update the frames in Xcode)"
            : "Xcode marked this view's layout ambiguous: its constraints do not determine its frame"
    }

    /// Constraints with the same equation, after the first: same items (a missing item is the
    /// view holding the constraint), attributes, relation, multiplier, constant and priority,
    /// in the same size classes. `a = b + c` and `b = a - c` are the same equation.
    /// Placeholder constraints (removed at build time) do not count.
    static func duplicateConstraints(in graph: IBGraph, _ locations: inout NodeLocations) -> [IntegrityProblem] {
        let traits = sizeClassMembership(graph)
        var first: [String: Int] = [:]
        var out: [IntegrityProblem] = []
        for n in graph.nodes.indices where graph.nodes[n].tag == IBRules.constraintTag {
            let e = graph.nodes[n].element
            let constraint = Constraint(e)
            guard !constraint.isPlaceholder, let key = equationKey(graph, n, constraint) else { continue }
            let traitKey = graph.nodes[n].objectID.flatMap { traits[$0] } ?? ""
            guard let earlier = first[key + "|" + traitKey] else {
                first[key + "|" + traitKey] = n
                continue
            }
            let holder = holderView(graph, n)
            let equation = ConstraintEquation.format(e) { id in
                guard let n = id.map({ graph.node(forObjectID: $0) }) ?? holder else { return id ?? "?" }
                return graph.displayName(n)
            }
            out.append(IntegrityProblem(
                kind: .duplicateConstraint, file: graph.document.source.name, line: locations.line(of: n),
                column: locations.column(of: n), path: graph.displayPath(n), objectID: graph.nodes[n].objectID,
                message: "constraint \(equation) duplicates \(graph.nodes[earlier].objectID.map { "'\($0)'" } ?? "the one") at line \(locations.line(of: earlier))"))
        }
        return out
    }

    /// The view a constraint is installed on: the owner of its `<constraints>`.
    private static func holderView(_ graph: IBGraph, _ n: Int) -> Int? {
        let container = graph.nodes[n].parent
        guard container > 0 else { return nil }
        let holder = graph.nodes[container].parent
        return holder >= 0 ? holder : nil
    }

    /// The equation in a canonical form, or nil when an item cannot be named.
    private static func equationKey(_ graph: IBGraph, _ n: Int, _ e: Constraint) -> String? {
        let holderID = holderView(graph, n).flatMap { graph.nodes[$0].objectID }
        guard let firstAttribute = e.first.attribute,
              let firstItem = e.first.item ?? holderID else { return nil }
        let constant = e.constantValue
        let multiplier = e.multiplierValue
        let priority = e.priorityValue
        var relation = e.relation ?? IBRules.constraintDefaults.relation
        var lhs = firstItem + "." + firstAttribute
        guard let secondAttribute = e.second.attribute else {
            return "\(lhs) \(relation) \(constant) @\(priority)"
        }
        guard let secondItem = e.second.item ?? holderID else { return nil }
        var rhs = secondItem + "." + secondAttribute
        var c = constant
        if multiplier == 1 && rhs < lhs {
            swap(&lhs, &rhs)
            c = c == 0 ? 0 : -c
            let (atLeast, atMost) = IBRules.constraintInequalities
            relation = relation == atLeast ? atMost : relation == atMost ? atLeast : relation
        }
        return "\(lhs) \(relation) \(rhs) × \(multiplier) + \(c) @\(priority)"
    }

    /// For each constraint that size-class variations include or exclude, which ones
    /// (`<variation key="heightClass=compact"><mask key="constraints"><exclude reference=…>`):
    /// two equal constraints installed in different size classes are not duplicates.
    private static func sizeClassMembership(_ graph: IBGraph) -> [String: String] {
        var out: [String: String] = [:]
        let variation = IBRules.sizeClassVariation
        for r in graph.references where r.attribute == variation.reference {
            let tag = graph.nodes[r.node].tag
            guard tag == variation.include || tag == variation.exclude else { continue }
            var v = graph.nodes[r.node].parent
            while v > 0 && graph.nodes[v].tag != variation.tag { v = graph.nodes[v].parent }
            let key = graph.nodes[v].element[attribute: IBRules.keyAttribute] ?? ""
            out[r.target, default: ""] += "\(key):\(tag);"
        }
        return out
    }
}

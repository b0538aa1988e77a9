extension CheckRule {
    public static let duplicateConstraint = CheckRule(
        id: "duplicate-constraint", severity: .warning, category: .layout,
        summary: "The same constraint equation is installed twice.",
        help: "Two constraints with the same items, attributes, relation, multiplier, constant and priority: one is redundant, often the trace of a merge that kept both sides' copy.",
        finds: "the same equation installed twice (same items, attributes, relation, multiplier, constant and priority, in the same size classes; `a = b` and `b = a` alike)",
        finder: .document(DuplicateConstraints.findings))
}

enum DuplicateConstraints {
    /// Constraints with the same equation, after the first: same items (a missing item is the
    /// view holding the constraint), attributes, relation, multiplier, constant and priority,
    /// in the same size classes. `a = b + c` and `b = a - c` are the same equation.
    /// Placeholder constraints (removed at build time) do not count.
    static func findings(_ scan: inout DocumentScan) -> [IntegrityProblem] {
        let graph = scan.graph
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
                kind: .duplicateConstraint, file: scan.file, line: scan.locations.line(of: n),
                column: scan.locations.column(of: n), path: graph.displayPath(n), objectID: graph.nodes[n].objectID,
                message: "constraint \(equation) duplicates \(graph.nodes[earlier].objectID.map { "'\($0)'" } ?? "the one") at line \(scan.locations.line(of: earlier))"))
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

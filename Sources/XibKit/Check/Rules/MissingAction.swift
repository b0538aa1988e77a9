extension CheckRule {
    public static let missingAction = CheckRule(
        id: "missing-action", severity: .error, category: .code,
        summary: "An action's method is not defined by its target's class.",
        help: "Sending the action crashes with \"unrecognized selector sent to instance\" (macOS logs it). Typically the method was renamed in code on one branch. Reconnect the action or restore the method.",
        finds: "an action whose method the target's class does not have (First Responder: no class of the project or the SDK)",
        finder: .codeWalk { run, n in
            if run.graph.nodes[n].tag == IBRules.actionTag { run.action(n) }
        })
}

extension CodeRules.Run {
    mutating func action(_ n: Int) {
        let e = graph.nodes[n].element
        guard let selector = e[attribute: IBRules.actionSelectorAttribute],
              let targetID = IBRules.actionTargetAttributes.lazy.compactMap({ e[attribute: $0] }).first,
              let target = graph.node(forObjectID: targetID) else { return }
        let source = self.source(of: n) ?? n
        if isFirstResponder(target) {
            facts.connectionsChecked += 1
            if !code.allSelectors.contains(selector) && !IBRules.sdkClasses.values.contains(where: { $0.actions.contains(selector) }) {
                report(.missingAction, at: n, object: source,
                       "action '\(selector)' sent to First Responder: no class of the project or the SDK has this method")
            }
            return
        }
        guard let cls = ownerClass(target), CodeRules.isKnownClass(cls, code: code) else { return }
        facts.connectionsChecked += 1
        if CodeRules.lookup(selector, selector: true, in: cls, code: code) == .no {
            report(.missingAction, at: n, object: source,
                   "action '\(selector)' is not a method of \(describe(cls)) (the target, \(graph.displayName(target))) or its superclasses")
        }
    }
}

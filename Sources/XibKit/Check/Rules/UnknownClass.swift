extension CheckRule {
    /// Classes of code the checker cannot see are noted (`CodeRules.notes`), never reported.
    public static let unknownClass = CheckRule(
        id: "unknown-class", severity: .error, category: .code,
        summary: "A customClass that no source defines.",
        help: "At run time the object falls back to its superclass (\"Unknown class in Interface Builder file\"), and its outlets then crash. Typically a class was renamed or deleted. Classes of code the checker cannot see (absent Pods, Carthage, submodules, other modules) are a note, never an error.",
        finds: "a `customClass` that no source defines",
        finder: .codeWalk { run, n in
            if let custom = run.graph.nodes[n].element[attribute: IBRules.customClassAttribute] { run.customClass(n, custom) }
        })
}

extension CodeRules.Run {
    mutating func customClass(_ n: Int, _ name: String) {
        if CodeRules.isKnownClass(name, code: code) { return }
        let e = graph.nodes[n].element
        let module = e[attribute: IBRules.customModuleAttribute]
        let ownTarget = e[attribute: IBRules.customModuleProviderAttribute] != nil
        if code.absentSources.contains(name) {
            facts.unresolved[CodeRules.absentSourcesModule, default: []].insert(name)
            return
        }
        let visible = ownTarget || module.map { code.modules.contains($0) } ?? code.absentDependencies.isEmpty
        guard visible else {
            facts.unresolved[module ?? "", default: []].insert(name)
            return
        }
        let extensions = code.classes[name].map { " (only extensions of it, \($0.location))" } ?? ""
        report(.unknownClass, at: n, object: n,
               "class '\(name)'\(module.map { " of module \($0)" } ?? "") is not defined by any source\(extensions)")
    }
}

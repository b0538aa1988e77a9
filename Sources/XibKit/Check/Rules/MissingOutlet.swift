extension CheckRule {
    public static let missingOutlet = CheckRule(
        id: "missing-outlet", severity: .error, category: .code,
        summary: "An outlet's property is not declared by the class that owns it.",
        help: "Loading the file sets the outlet by key-value coding: the app crashes with \"not key value coding-compliant for the key\". Typically the property was renamed or deleted in code, or a merge brought back a connection under its old name. Rename the connection or restore the property.",
        finds: "an outlet (or outlet collection) whose property the owning class does not declare",
        finder: .codeWalk { run, n in
            if IBRules.outletTags.contains(run.graph.nodes[n].tag) { run.outlet(n) }
        })
}

extension CodeRules.Run {
    /// Also records the outlet as connected, for `unconnected-outlet`.
    mutating func outlet(_ n: Int) {
        guard let key = graph.nodes[n].element[attribute: IBRules.outletKeyAttribute], let owner = source(of: n),
              let cls = ownerClass(owner) else { return }
        var name: String? = cls
        var seen = Set<String>()
        while let c = name, seen.insert(c).inserted {
            facts.connectedOutlets.insert(c + "." + key)
            name = code.classes[c]?.superclass.map(CodeRules.stripGenerics) ?? IBRules.sdkClasses[c]?.superclass
        }
        guard CodeRules.isKnownClass(cls, code: code) else { return }
        facts.connectionsChecked += 1
        if CodeRules.lookup(key, selector: false, in: cls, code: code) == .no {
            let what = IBRules.referringElement(graph.nodes[n].tag)?.noun ?? IBRules.ReferringElement.Kind.outlet.rawValue
            report(.missingOutlet, at: n, object: owner,
                   "\(what) '\(key)' is not a property of \(describe(cls)) or its superclasses")
        }
    }
}

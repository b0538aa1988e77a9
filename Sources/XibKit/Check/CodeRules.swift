/// The rules that compare a document with the code (`missing-outlet`, `missing-action`,
/// `unknown-class`): who owns each connection, and whether that class, its superclasses in the
/// project or the SDK classes of the profile have the key or the selector. Code the checker
/// cannot see (an absent dependency, another module) is never an error: it becomes a note.
public enum CodeRules {
    /// What a document says that the rules over the whole project need.
    public struct DocumentFacts: Sendable {
        /// Identifiers the document defines, by kind.
        public var identifiers: [CodeIndex.IdentifierKind: Set<String>] = [:]
        /// Other documents it names (storyboard references, nib names).
        public var namedDocuments: Set<String> = []
        /// `Class.key` for every outlet, for the class that owns it and each superclass.
        public var connectedOutlets: Set<String> = []
        /// Outlets and actions compared with the code.
        public var connectionsChecked = 0
        /// Classes not found in code the checker cannot see, by module ("" when none is named).
        public var unresolved: [String: Set<String>] = [:]

        public init() {}
    }

    /// The rules' findings in one document, and its facts.
    public static func check(_ graph: IBGraph, code: CodeIndex) -> ([IntegrityProblem], DocumentFacts) {
        var run = Run(graph: graph, code: code)
        for n in graph.nodes.indices { run.visit(n) }
        return (run.findings, run.facts)
    }

    /// The key of `DocumentFacts.unresolved` for classes whose file the project lists but lacks.
    static let absentSourcesModule = "\u{0}absent"

    /// What the code says of a class's members: answered, or the chain of superclasses left
    /// what the checker knows (an SDK class not in the profile, an absent dependency).
    enum Answer { case yes, no, unknown }

    /// Whether `className` or a superclass has `member`, as a key (outlets) or a selector.
    static func lookup(_ member: String, selector: Bool, in className: String, code: CodeIndex) -> Answer {
        var name: String? = className
        var seen = Set<String>()
        while let current = name, seen.insert(current).inserted {
            let project = code.classes[current]
            let sdk = IBRules.sdkClasses[current]
            if let project {
                if selector ? project.selectors.contains(member) : project.keys.contains(member) { return .yes }
            }
            if let sdk {
                if (selector ? sdk.actions : sdk.outlets).contains(member) { return .yes }
            }
            if let project, project.isDeclared {
                name = project.superclass.map(stripGenerics) ?? sdk?.superclass
                // A Swift class without a superclass is not an Objective-C class: nothing to add.
                if name == nil { return .no }
            } else if let sdk {
                name = sdk.superclass
                if name == nil { return .no }
            } else {
                return .unknown
            }
        }
        return .unknown
    }

    /// `Base<T>` names the class `Base`; `Module.Base` the class `Base`.
    static func stripGenerics(_ name: String) -> String {
        var s = Substring(name)
        if let lt = s.firstIndex(of: "<") { s = s[..<lt] }
        if let dot = s.lastIndex(of: ".") { s = s[s.index(after: dot)...] }
        return String(s)
    }

    /// Whether the code has a class of that name (an extension or category says it exists
    /// somewhere), or it is the SDK's.
    static func isKnownClass(_ name: String, code: CodeIndex) -> Bool {
        code.classes[name] != nil || IBRules.isSDKClass(name)
    }
}

extension CodeRules {
    /// One walk over a document.
    struct Run {
        let graph: IBGraph
        let code: CodeIndex
        var findings: [IntegrityProblem] = []
        var facts = DocumentFacts()
        var locations: NodeLocations

        init(graph: IBGraph, code: CodeIndex) {
            self.graph = graph
            self.code = code
            locations = NodeLocations(graph)
        }

        mutating func visit(_ n: Int) {
            let node = graph.nodes[n]
            let e = node.element
            for (kind, tag, attribute) in IBRules.identifierDefinitions where tag == nil || tag == node.tag {
                if let value = e[attribute: attribute] { facts.identifiers[kind, default: []].insert(value) }
            }
            for (tag, attribute) in IBRules.documentNameAttributes where tag == nil || tag == node.tag {
                if let value = e[attribute: attribute] { facts.namedDocuments.insert(value) }
            }
            if IBRules.outletTags.contains(node.tag) {
                outlet(n)
            } else if node.tag == IBRules.actionTag {
                action(n)
            }
            if let custom = e[attribute: IBRules.customClassAttribute] { customClass(n, custom) }
        }

        /// The object whose `<connections>` hold the element.
        func source(of n: Int) -> Int? {
            let connections = graph.nodes[n].parent
            guard connections > 0 else { return nil }
            return graph.nodes[connections].parent
        }

        /// The class owning an object's outlets and actions, when the code can be asked: its
        /// `customClass` (File's Owner's, a scene's view controller's); the Application
        /// placeholder is `NSApplication`. nil for plain SDK objects and First Responder.
        func ownerClass(_ n: Int) -> String? {
            let e = graph.nodes[n].element
            if isFirstResponder(n) { return nil }
            if e[attribute: IBRules.objectIDAttribute] == IBRules.macOSApplicationPlaceholder.id {
                return IBRules.macOSApplicationPlaceholder.runtimeClass
            }
            return e[attribute: IBRules.customClassAttribute]
        }

        func isFirstResponder(_ n: Int) -> Bool {
            let e = graph.nodes[n].element
            return IBRules.firstResponderMarks.contains { e[attribute: $0.attribute] == $0.value }
        }

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

        /// The class and where the code declares it.
        func describe(_ cls: String) -> String {
            guard let c = code.classes[cls], c.isDeclared else { return cls }
            return "\(cls) (\(c.location))"
        }

        mutating func report(_ rule: CheckRule, at n: Int, object: Int, _ message: String) {
            findings.append(IntegrityProblem(kind: rule, file: graph.document.source.name, line: locations.line(of: n),
                                             column: locations.column(of: n), path: graph.displayPath(object),
                                             objectID: graph.nodes[object].objectID, message: message))
        }
    }
}

/// The code rules over the whole project: identifiers the code names against every document,
/// outlets nothing connects, documents nothing loads, and the notes on code that is not there.
extension CodeRules {
    /// The code rules that compare one document's connections and classes with the code.
    static let documentRules = Set(CheckRule.allCases.filter { if case .codeWalk = $0.finder { true } else { false } })

    /// `results` with the findings of unused documents folded into one each, then a result per
    /// source file with `missing-identifier` and `unconnected-outlet` findings.
    static func project(_ results: [Checker.FileResult], code: CodeIndex, configuration: CheckConfiguration) -> [Checker.FileResult] {
        var all = DocumentFacts()
        for facts in results.compactMap(\.code) {
            for (kind, values) in facts.identifiers { all.identifiers[kind, default: []].formUnion(values) }
            all.namedDocuments.formUnion(facts.namedDocuments)
            all.connectedOutlets.formUnion(facts.connectedOutlets)
        }
        let names = results.map { documentName($0.file) }
        for (kind, ext) in [(CodeIndex.IdentifierKind.nib, "xib"), (.storyboard, "storyboard")] {
            all.identifiers[kind] = Set(zip(results, names).filter { $0.0.file.hasSuffix("." + ext) }.map(\.1))
        }
        var out = zip(results, names).map { result, name in
            isNamed(name, code: code, facts: all) ? result : foldedUnused(result)
        }
        var findings: [IntegrityProblem] = []
        for rule in CheckRule.allCases where configuration.isEnabled(rule) {
            if case .project(let find) = rule.finder { findings += find(code, all) }
        }
        findings = configuration.apply(findings)
        IntegrityCheck.sort(&findings)
        var byFile: [String: [IntegrityProblem]] = [:]
        var order: [String] = []
        for f in findings {
            if byFile[f.file] == nil { order.append(f.file) }
            byFile[f.file, default: []].append(f)
        }
        out += order.map { Checker.FileResult(file: $0, outcome: .checked(byFile[$0]!)) }
        return out
    }

    /// `Login~ipad.xib` in `Base.lproj` is the document `Login`.
    static func documentName(_ path: String) -> String {
        var name = Substring(path)
        if let slash = name.lastIndex(of: "/") { name = name[name.index(after: slash)...] }
        if let dot = name.lastIndex(of: ".") { name = name[..<dot] }
        if let tilde = name.firstIndex(of: "~") { name = name[..<tilde] }
        return String(name)
    }

    /// Whether anything loads the document: a string literal or another document names it, or
    /// a class of its name loads it by default (`LoginViewController` loads `LoginView` or
    /// `LoginViewController`; `String(describing: Cell.self)` names `Cell.xib`).
    static func isNamed(_ name: String, code: CodeIndex, facts: DocumentFacts) -> Bool {
        IBRules.entryDocumentNames.contains(name) || code.stringLiterals.contains(name) || facts.namedDocuments.contains(name)
            || code.classes[name] != nil || code.classes[name + "Controller"] != nil
    }

    /// A document nothing names keeps one finding for all its code findings: it is likely
    /// left over, and listing each of its connections would drown the rest.
    static func foldedUnused(_ result: Checker.FileResult) -> Checker.FileResult {
        let code = result.findings.filter { documentRules.contains($0.kind) }
        guard code.count > 1, let first = code.first else { return result }
        var folded = first
        folded.message = "\(first.message); and \(code.count - 1) more mismatch\(code.count == 2 ? "" : "es") with the code: no code or IB file names '\(documentName(result.file))', it may be unused"
        var out = result
        out.outcome = .checked(result.findings.filter { !documentRules.contains($0.kind) } + [folded])
        return out
    }

    /// One line per module whose classes could not be looked up, and one for classes that
    /// may come from absent dependencies.
    public static func notes(_ results: [Checker.FileResult], code: CodeIndex) -> [String] {
        var unresolved: [String: Set<String>] = [:]
        for facts in results.compactMap(\.code) {
            for (module, classes) in facts.unresolved { unresolved[module, default: []].formUnion(classes) }
        }
        return unresolved.keys.sorted().map { module in
            let classes = unresolved[module]!.sorted()
            let list = classes.prefix(5).joined(separator: ", ") + (classes.count > 5 ? ", ..." : "")
            let es = classes.count == 1 ? "" : "es"
            if module == CodeRules.absentSourcesModule {
                return "note: \(classes.count) class\(es) in source files the project lists but are not present: \(list)"
            }
            if module.isEmpty {
                return "note: \(classes.count) class\(es) not in the sources, perhaps from \(code.absentDependencies.joined(separator: ", ")) (not present): \(list)"
            }
            return "note: module \(module) is not in the sources (\(classes.count) class\(es) not checked: \(list))"
        }
    }

    /// Outlets and actions compared with the code.
    public static func connectionsChecked(_ results: [Checker.FileResult]) -> Int {
        results.compactMap(\.code).reduce(0) { $0 + $1.connectionsChecked }
    }
}

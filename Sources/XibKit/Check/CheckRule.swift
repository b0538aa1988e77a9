/// How much a finding matters: errors fail `check` (exit 1); warnings are shown and fail it
/// only with `--strict`.
public enum Severity: String, Sendable, CaseIterable {
    case error, warning
}

/// A rule of `check`: its stable id (used on the command line, in `.xibmerge.yml` and in every
/// output format, so never renamed), default severity, words and finding function. Each rule is
/// one file of `Check/Rules/`, declared as a static member (`CheckRule.duplicateID`);
/// `CheckRuleRegistry` lists them in the order every output shows them.
public struct CheckRule: Sendable, Hashable, CaseIterable, RawRepresentable, CustomStringConvertible {
    public let id: String
    public let defaultSeverity: Severity
    /// Off unless enabled (`--enable`, `.xibmerge.yml`) when false: for rules whose findings
    /// are often work in progress or deliberate rather than damage.
    public let isEnabledByDefault: Bool
    /// What the rule is about: the file is broken, Xcode's layout flags, translations, code.
    public enum Category: String, Sendable, CaseIterable { case integrity, layout, localization, code }
    public let category: Category
    /// One line: what the rule finds.
    public let summary: String
    /// Why it matters and what to do: SARIF's `help`.
    public let help: String
    /// What it finds, in Markdown: the rules table of doc/cli.md (`CheckRuleRegistry.markdownTable`).
    public let finds: String
    let finder: Finder

    init(id: String, severity: Severity, enabledByDefault: Bool = true, category: Category, summary: String,
         help: String, finds: String, finder: Finder) {
        self.id = id
        self.defaultSeverity = severity
        self.isEnabledByDefault = enabledByDefault
        self.category = category
        self.summary = summary
        self.help = help
        self.finds = finds
        self.finder = finder
    }

    /// Where a rule looks. The walks several rules share are done once by `Checker`,
    /// `LocalizationCheck` and `CodeRules`, which call each rule's function in turn.
    enum Finder: Sendable {
        /// Reported by the reader of a document or a translation file when it refuses one.
        case reading
        /// Over one document's graph.
        case document(@Sendable (inout DocumentScan) -> [IntegrityProblem])
        /// A flag Xcode's editor leaves on a view (the profile's `layoutWarningFlags` names the
        /// attribute for the rule's id), reported with this message; one walk serves every flag.
        case viewFlag(message: String)
        /// On each key of the document's translation files.
        case translationKey(@Sendable (TranslationKey) -> IntegrityProblem?)
        /// Over the document's texts and all its translation files.
        case translations(@Sendable (inout DocumentScan, DocumentTranslations) -> [IntegrityProblem])
        /// At each element of the walk that compares a document with the code; also run when
        /// the rule is off, since what it records (`CodeRules.DocumentFacts`) serves others.
        case codeWalk(@Sendable (inout CodeRules.Run, Int) -> Void)
        /// Once over the project: the code and what all its documents define.
        case project(@Sendable (CodeIndex, CodeRules.DocumentFacts) -> [IntegrityProblem])
    }

    public var rawValue: String { id }
    public var description: String { id }

    public init?(rawValue: String) {
        guard let rule = CheckRuleRegistry.rules.first(where: { $0.id == rawValue }) else { return nil }
        self = rule
    }

    public static var allCases: [CheckRule] { CheckRuleRegistry.rules }

    public static func == (a: CheckRule, b: CheckRule) -> Bool { a.id == b.id }
    public func hash(into hasher: inout Hasher) { hasher.combine(id) }

    /// Whether the rule reads `*.lproj/NAME.strings` and `NAME.xcstrings` beside the document.
    public var readsTranslations: Bool { category == .localization }

    /// Whether the rule compares the documents with the Swift and Objective-C code.
    public var readsCode: Bool { category == .code }
}

/// What a rule over one document sees: its graph, and the lines and columns of its elements
/// (found on the first look-up, shared by the rules).
struct DocumentScan {
    let graph: IBGraph
    var locations: NodeLocations
    /// Object ids whose absence is not reported (the merge's check of its result passes over
    /// references the inputs already left dangling).
    let ignoringMissing: Set<String>

    init(_ graph: IBGraph, ignoringMissing: Set<String> = []) {
        self.graph = graph
        locations = NodeLocations(graph)
        self.ignoringMissing = ignoringMissing
    }

    var file: String { graph.document.source.name }

    /// A finding at element `n`, on the object `object` (its path and id).
    mutating func problem(_ rule: CheckRule, at n: Int, object: Int, message: String) -> IntegrityProblem {
        IntegrityProblem(kind: rule, file: file, line: locations.line(of: n), column: locations.column(of: n),
                         path: graph.displayPath(object), objectID: graph.nodes[object].objectID, message: message)
    }

    /// The findings of the document rules of `rules` that `enabled` lets run.
    mutating func run(_ rules: [CheckRule], enabled: (CheckRule) -> Bool) -> [IntegrityProblem] {
        var out: [IntegrityProblem] = []
        var flags: [(attribute: String, rule: CheckRule, message: String)] = []
        for rule in rules where enabled(rule) {
            switch rule.finder {
            case .document(let find):
                out += find(&self)
            case .viewFlag(let message):
                if let flag = IBRules.layoutWarningFlags.first(where: { $0.rule == rule.id }) {
                    flags.append((flag.attribute, rule, message))
                }
            default:
                break
            }
        }
        if !flags.isEmpty {
            for n in graph.nodes.indices where graph.nodes[n].isObject {
                for (attribute, rule, message) in flags where graph.nodes[n].element[attribute: attribute] == "YES" {
                    out.append(problem(rule, at: n, object: n, message: message))
                }
            }
        }
        return out
    }
}

/// Which rules run and how severe their findings are: the defaults, then `.xibmerge.yml`,
/// then `--enable` / `--disable`.
public struct CheckConfiguration: Sendable, Equatable {
    /// The severity of every enabled rule; a rule missing here is disabled.
    public private(set) var severities: [CheckRule: Severity]
    /// Paths left out (`excluded:`): documents not checked, findings in them not reported.
    public var excluded: [Glob] = []
    /// Findings a team accepts (`ignore:`), each named by rule, file and object, or some of them.
    public var ignored: [Suppression] = []
    /// The folder the settings file is in, where its paths start (the working folder without one).
    public var root = "."

    public init() {
        severities = [:]
        for rule in CheckRule.allCases where rule.isEnabledByDefault { severities[rule] = rule.defaultSeverity }
    }

    public func severity(of rule: CheckRule) -> Severity? { severities[rule] }
    public func isEnabled(_ rule: CheckRule) -> Bool { severities[rule] != nil }

    /// Enables a rule at its configured severity if one was set, else its default.
    public mutating func enable(_ rule: CheckRule, severity: Severity? = nil) {
        severities[rule] = severity ?? severities[rule] ?? rule.defaultSeverity
    }

    public mutating func disable(_ rule: CheckRule) { severities[rule] = nil }

    /// The findings of enabled rules, with their configured severity.
    public func apply(_ findings: [IntegrityProblem]) -> [IntegrityProblem] {
        findings.compactMap { f in
            guard let s = severities[f.kind] else { return nil }
            var f = f
            f.severity = s
            return f
        }
    }
}

/// How much a finding matters: errors fail `check` (exit 1); warnings are shown and fail it
/// only with `--strict`.
public enum Severity: String, Sendable, CaseIterable {
    case error, warning
}

/// The rules `check` applies, with stable ids (the raw values: used on the command line, in
/// `.xibmerge.yml` and in every output format, so never renamed).
public enum CheckRule: String, Sendable, CaseIterable {
    case malformed
    case conflictMarkers = "conflict-markers"
    case duplicateID = "duplicate-id"
    case danglingReference = "dangling-reference"
    case misplacedView = "misplaced-view"
    case ambiguousLayout = "ambiguous-layout"
    case duplicateConstraint = "duplicate-constraint"
    case orphanedTranslation = "orphaned-translation"
    case staleTranslation = "stale-translation"
    case missingTranslation = "missing-translation"
    case missingOutlet = "missing-outlet"
    case missingAction = "missing-action"
    case unknownClass = "unknown-class"
    case missingIdentifier = "missing-identifier"
    case unconnectedOutlet = "unconnected-outlet"

    public var id: String { rawValue }

    public var defaultSeverity: Severity {
        switch self {
        case .malformed, .conflictMarkers, .duplicateID, .danglingReference, .orphanedTranslation: .error
        case .missingOutlet, .missingAction, .unknownClass, .missingIdentifier: .error
        case .misplacedView, .ambiguousLayout, .duplicateConstraint, .staleTranslation, .missingTranslation, .unconnectedOutlet: .warning
        }
    }

    /// Off unless enabled (`--enable`, `.xibmerge.yml`): a file without every translation is
    /// often work in progress, not damage.
    /// `unconnected-outlet` likewise: an outlet set in code or kept for later is common.
    public var isEnabledByDefault: Bool { self != .missingTranslation && self != .unconnectedOutlet }

    /// What the rule is about: `integrity` (the file is broken), `layout`, `localization`.
    public var category: String {
        switch self {
        case .malformed, .conflictMarkers, .duplicateID, .danglingReference: "integrity"
        case .misplacedView, .ambiguousLayout, .duplicateConstraint: "layout"
        case .orphanedTranslation, .staleTranslation, .missingTranslation: "localization"
        case .missingOutlet, .missingAction, .unknownClass, .missingIdentifier, .unconnectedOutlet: "code"
        }
    }

    /// Whether the rule reads `*.lproj/NAME.strings` and `NAME.xcstrings` beside the document.
    public var readsTranslations: Bool { category == "localization" }

    /// Whether the rule compares the documents with the Swift and Objective-C code.
    public var readsCode: Bool { category == "code" }

    /// One line: what the rule finds.
    public var summary: String {
        switch self {
        case .malformed: "The file is not well-formed XML (or a .strings file does not parse)."
        case .conflictMarkers: "The file contains git conflict markers."
        case .duplicateID: "Two objects share one object id."
        case .danglingReference: "A reference points at an object id that does not exist."
        case .misplacedView: "Xcode flagged a view as misplaced: its frame does not match its constraints."
        case .ambiguousLayout: "Xcode flagged a view's layout as ambiguous: its constraints do not determine its frame."
        case .duplicateConstraint: "The same constraint equation is installed twice."
        case .orphanedTranslation: "A .strings or .xcstrings key names an object id that is not in the base file."
        case .staleTranslation: "A translation was made for a text the object no longer shows."
        case .missingTranslation: "An object's user-visible text has no translation in a language (.strings key, or a translated catalog unit)."
        case .missingOutlet: "An outlet's property is not declared by the class that owns it."
        case .missingAction: "An action's method is not defined by its target's class."
        case .unknownClass: "A customClass that no source defines."
        case .missingIdentifier: "Code names a storyboard, nib, storyboard identifier, segue or reuse identifier that no IB file defines."
        case .unconnectedOutlet: "An @IBOutlet that no IB file connects."
        }
    }

    /// Why it matters and what to do: SARIF's `help`, the README's table.
    public var help: String {
        switch self {
        case .malformed:
            "Xcode cannot open a file that is not well-formed XML; a truncated write or a hand merge leaves this. Fix the XML at the line and column given."
        case .conflictMarkers:
            "A merge was committed unresolved. Resolve it (`xibmerge resolve`, or by hand) before committing."
        case .duplicateID:
            "Object ids must be unique in a document: Xcode refuses or silently corrupts the file, and .strings keys become ambiguous. Usually left by a hand merge that kept both sides of an addition; give one object a new id."
        case .danglingReference:
            "An outlet, action, segue, constraint item or other reference names an id no object has: the app crashes or the connection is lost at run time. Usually the object was deleted on one branch and referenced on the other."
        case .misplacedView:
            "Xcode writes misplaced=\"YES\" when a view's frame in the canvas differs from where its constraints put it. Update the frames in Xcode (Editor > Resolve Auto Layout Issues)."
        case .ambiguousLayout:
            "Xcode writes ambiguous=\"YES\" when a view's constraints do not determine its position or size: the layout at run time is unpredictable. Add the missing constraints."
        case .duplicateConstraint:
            "Two constraints with the same items, attributes, relation, multiplier, constant and priority: one is redundant, often the trace of a merge that kept both sides' copy."
        case .orphanedTranslation:
            "Object ids are the keys of Base-localised .strings files. When an object is deleted and re-created, or a merge gives it a new id, its translations are silently dropped and the app shows the base language. Move the translation to the new id or delete the key."
        case .staleTranslation:
            "ibtool's comment in a .strings file and the extraction comment of a String Catalog record the text a key was made for (title = \"…\"). When the object's text changed since, the translation shows the old meaning. Update the translation, then the comment (`xibmerge strings --update`). Keys Xcode marked stale are not reported."
        case .missingTranslation:
            "An object shows text that a language's .strings file does not translate: that language shows the base text. Off by default; enable it for projects whose translations must be complete."
        case .missingOutlet:
            "Loading the file sets the outlet by key-value coding: the app crashes with \"not key value coding-compliant for the key\". Typically the property was renamed or deleted in code, or a merge brought back a connection under its old name. Rename the connection or restore the property."
        case .missingAction:
            "Sending the action crashes with \"unrecognized selector sent to instance\" (macOS logs it). Typically the method was renamed in code on one branch. Reconnect the action or restore the method."
        case .unknownClass:
            "At run time the object falls back to its superclass (\"Unknown class in Interface Builder file\"), and its outlets then crash. Typically a class was renamed or deleted. Classes of code the checker cannot see (absent Pods, Carthage, submodules, other modules) are a note, never an error."
        case .missingIdentifier:
            "instantiateViewController(withIdentifier:), performSegue(withIdentifier:), dequeueReusableCell(withIdentifier:), UINib(nibName:), UIStoryboard(name:) and their Objective-C forms crash when the IB side lacks the name. Only string literals are checked."
        case .unconnectedOutlet:
            "An implicitly unwrapped @IBOutlet nothing connects crashes when used. Off by default: outlets set in code or kept for another target are common."
        }
    }
}

/// Which rules run and how severe their findings are: the defaults, then `.xibmerge.yml`,
/// then `--enable` / `--disable`.
public struct CheckConfiguration: Sendable, Equatable {
    /// The severity of every enabled rule; a rule missing here is disabled.
    public private(set) var severities: [CheckRule: Severity]

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

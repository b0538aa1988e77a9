/// What `check` knows of the code around the IB files: classes with their superclass and the
/// keys and selectors Interface Builder can connect, and the identifiers the code names as
/// string literals. A plain value: XibSource builds it from Swift and Objective-C sources,
/// `CodeRules` compares it with the documents' graphs.
public struct CodeIndex: Sendable {
    /// A place in a source file.
    public struct Location: Sendable, Hashable, CustomStringConvertible {
        public var file: String
        public var line: Int
        public var column: Int

        public init(file: String, line: Int, column: Int = 1) {
            self.file = file
            self.line = line
            self.column = column
        }

        public var description: String { "\(file):\(line)" }
    }

    /// One class, all its declarations merged (extensions, categories, class extensions, the
    /// `@interface` and the `@implementation`), under its Objective-C runtime name.
    public struct Class: Sendable {
        public var name: String
        public var superclass: String?
        /// Where the class itself is declared (else its first extension or category).
        public var location: Location
        /// Keys key-value coding finds: `@IBOutlet`s, Objective-C visible properties, ivars
        /// (`x` for `x` and `_x`), setters (`setX:` gives `x`).
        public var keys: Set<String> = []
        /// Objective-C selectors of the class's methods (`save:`, `fooWithSender:`).
        public var selectors: Set<String> = []
        /// The `@IBOutlet`s declared (for `unconnected-outlet`), each with its place.
        public var outlets: [String: Location] = [:]
        /// Whether a declaration of the class (not only an extension) was seen.
        public var isDeclared = false

        public init(name: String, location: Location) {
            self.name = name
            self.location = location
        }

        /// Adds another declaration's members (an extension, a category).
        public mutating func absorb(_ other: Class) {
            if superclass == nil { superclass = other.superclass }
            if other.isDeclared && !isDeclared { location = other.location; isDeclared = true }
            keys.formUnion(other.keys)
            selectors.formUnion(other.selectors)
            outlets.merge(other.outlets) { a, _ in a }
        }
    }

    /// What a string literal in code names, by the call it is passed to.
    public enum IdentifierKind: String, Sendable, CaseIterable {
        case storyboardID = "storyboard identifier"
        case segue = "segue identifier"
        case reuseID = "reuse identifier"
        case nib = "nib"
        case storyboard = "storyboard"
    }

    /// A string literal passed where an IB file or one of its identifiers is named.
    public struct IdentifierUse: Sendable, Hashable {
        public var kind: IdentifierKind
        public var value: String
        public var location: Location

        public init(kind: IdentifierKind, value: String, location: Location) {
            self.kind = kind
            self.value = value
            self.location = location
        }
    }

    /// By Objective-C name.
    public var classes: [String: Class] = [:]
    public var identifierUses: [IdentifierUse] = []
    /// Reuse identifiers the code registers itself (`register(_:forCellReuseIdentifier:)`).
    public var registeredReuseIDs: Set<String> = []
    /// Every selector of any class, category or protocol: what a First Responder action may reach.
    public var allSelectors: Set<String> = []
    /// Every string literal of the code: a document named by none, nor by a class, is likely unused.
    public var stringLiterals: Set<String> = []
    /// The module names of the code's folders (`Rocket.Chat` gives `Rocket_Chat`): a
    /// `customModule` not among them is code the checker cannot see.
    public var modules: Set<String> = []
    /// Dependencies the project declares whose code is not there (a Podfile, a Cartfile, a
    /// submodule not checked out), one line each: classes may come from them.
    public var absentDependencies: [String] = []
    /// Names of source files (without extension) the Xcode project lists but the tree lacks:
    /// their classes are code the checker cannot see.
    public var absentSources: Set<String> = []
    public var sourceFiles = 0

    public init() {}

    /// Adds a class declaration, extension or category.
    public mutating func add(_ c: Class) {
        allSelectors.formUnion(c.selectors)
        if classes[c.name] == nil { classes[c.name] = c } else { classes[c.name]!.absorb(c) }
    }

    /// Adds another file's index.
    public mutating func merge(_ other: CodeIndex) {
        for c in other.classes.values { add(c) }
        identifierUses += other.identifierUses
        registeredReuseIDs.formUnion(other.registeredReuseIDs)
        allSelectors.formUnion(other.allSelectors)
        stringLiterals.formUnion(other.stringLiterals)
        modules.formUnion(other.modules)
        absentDependencies += other.absentDependencies
        absentSources.formUnion(other.absentSources)
        sourceFiles += other.sourceFiles
    }
}

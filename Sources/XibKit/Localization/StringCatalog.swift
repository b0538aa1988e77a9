/// A String Catalog (`.xcstrings`, Xcode 15 and later): JSON with the source language and,
/// for each key, its extraction comment, its `extractionState` and one `stringUnit` (or plural
/// and device `variations` of them) per language, each with a `state`.
///
/// The whole JSON tree is kept (`root`), so that an updated catalog changes only the entries
/// it must and is written back as Xcode writes it (`JSONWriter`).
public struct StringCatalog: Sendable {
    public struct Entry: Sendable {
        public var key: String
        /// Where the key is in the file (1-based).
        public var line: Int
        public var column: Int
        public var comment: String?
        /// `extracted_with_value`, `manual`, `stale`, `migrated`, …; nil when Xcode wrote none.
        public var extractionState: String?
        /// The languages that have a value, with the state of their units: `translated`,
        /// `needs_review`, `new`, … For variations, the first unit not `translated`, else `translated`.
        public var languages: [(name: String, state: String)]
        /// False for a key marked "Don't translate".
        public var shouldTranslate = true
        /// Each language's text, where it has one unit (not plural or device variations).
        public var values: [String: String] = [:]

        public var objectKey: StringsFile.ObjectKey? { StringsFile.ObjectKey(key) }

        public func state(of language: String) -> String? { languages.first { $0.name == language }?.state }
    }

    /// Xcode's values of `extractionState` and of a unit's `state` that the rules read and write.
    public enum State {
        public static let stale = "stale"
        public static let manual = "manual"
        public static let extracted = "extracted_with_value"
        public static let translated = "translated"
        public static let needsReview = "needs_review"
        public static let new = "new"
    }

    /// The names of the catalog's fields, as Xcode writes them.
    public enum Field {
        public static let sourceLanguage = "sourceLanguage", strings = "strings", version = "version"  // vocabulary: the String Catalog's JSON field, not IB's attribute
        public static let comment = "comment", extractionState = "extractionState", localizations = "localizations"
        public static let shouldTranslate = "shouldTranslate", stringUnit = "stringUnit", state = "state", value = "value"  // vocabulary: the String Catalog's JSON fields, not IB's attributes
        /// The format version Xcode writes.
        public static let currentVersion = "1.0"
    }

    public let name: String
    public let root: JSONValue
    public let sourceLanguage: String
    /// In file order.
    public let entries: [Entry]

    public init(bytes: [UInt8], name: String) throws(XMLParseError) {
        try self.init(root: try JSONReader.parse(bytes, name: name), name: name)
    }

    public init(root: JSONValue, name: String) throws(XMLParseError) {
        func refuse(_ message: String) -> XMLParseError {
            XMLParseError(kind: .unsupportedFormat, location: SourceLocation(file: name, line: 1, column: 1, offset: 0), message: message)
        }
        guard case .object = root, case .object(let strings)? = root[Field.strings] else {
            throw refuse("not a String Catalog: no \"strings\" object at the top")
        }
        self.name = name
        self.root = root
        sourceLanguage = root[Field.sourceLanguage]?.string ?? "en"
        entries = strings.map(Self.entry)
    }

    public static func load(path: String) throws(XMLParseError) -> StringCatalog {
        try StringCatalog(bytes: try FileIO.read(path), name: path)
    }

    static func entry(_ m: JSONMember) -> Entry {
        let languages = (m.value[Field.localizations]?.members ?? []).map { l -> (name: String, state: String) in
            var states: [String] = []
            unitStates(l.value, into: &states)
            return (l.key, states.first { $0 != State.translated } ?? State.translated)
        }
        var values: [String: String] = [:]
        for l in m.value[Field.localizations]?.members ?? [] {
            if let v = l.value[Field.stringUnit]?[Field.value]?.string { values[l.key] = v }
        }
        return Entry(key: m.key, line: m.line, column: m.column, comment: m.value[Field.comment]?.string,
                     extractionState: m.value[Field.extractionState]?.string, languages: languages,
                     shouldTranslate: m.value[Field.shouldTranslate] != .bool(false), values: values)
    }

    /// The states of every `stringUnit` under a value, in order.
    static func unitStates(_ v: JSONValue, into out: inout [String]) {
        for member in v.members {
            if member.key == Field.stringUnit {
                out.append(member.value[Field.state]?.string ?? "")
            } else {
                unitStates(member.value, into: &out)
            }
        }
    }

    /// The languages with a value for some key, sorted, the source language first.
    public var languages: [String] {
        var seen = Set<String>()
        for e in entries { for l in e.languages { seen.insert(l.name) } }
        return seen.sorted { ($0 == sourceLanguage ? 0 : 1, $0) < ($1 == sourceLanguage ? 0 : 1, $1) }
    }
}

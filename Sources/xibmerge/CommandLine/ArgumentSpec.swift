/// One option, flag or positional argument of a subcommand, as data: `ArgumentParsing` reads the
/// command line against a command's list of these, and `HelpText`, `Completions` and `ManPage`
/// write the help, the shell completions and the manual page from them.
///
/// The key is what the user types: `--output` for an option or flag (its long name), a bare
/// name (`path`) for a positional argument, shown as `<path>`.
struct ArgumentSpec {
    enum Kind: Equatable {
        case flag
        /// `--name VALUE`, `--name=VALUE`, `-x VALUE`, `-xVALUE`; given twice, the last one counts.
        case option
        /// The same, repeatable: every value, in order.
        case repeatedOption
        case positional
        case optionalPositional
        /// All the positional arguments left; `required`: at least one.
        case variadic(required: Bool)
    }

    /// What a shell offers for the value: the accepted values, file or folder names, or nothing
    /// (a revision, a number, a pattern).
    enum Completion: Equatable {
        case values([String])
        case files
        case directories
        /// Branch and tag names (`git for-each-ref`).
        case revisions
        case nothing
    }

    var kind: Kind
    var key: ArgumentKey
    var short: Character? = nil
    /// The value's name in the help (`--jobs <N>`); the long name's by default.
    var valueName: String? = nil
    var help: String
    /// Shown in the help as `(default: …)`.
    var defaultValue: String? = nil
    /// Every value accepted, when they are few (an enum's cases); shown as `(values: …)`.
    var values: [String] = []
    var completion: Completion = .files

    static func flag(_ key: ArgumentKey, help: String) -> ArgumentSpec {
        ArgumentSpec(kind: .flag, key: key, help: help, completion: .nothing)
    }

    /// `of`: the type the value is read as (`parsed.value(_:)`), whose `allowedValues` the help
    /// and the completions list; `complete`: what a shell offers instead of the default (the
    /// type's values, else file names).
    static func option(_ key: ArgumentKey, short: Character? = nil, value: String? = nil, of type: (any ArgumentValue.Type)? = nil,
                       help: String, default: String? = nil, complete: Completion? = nil) -> ArgumentSpec {
        valued(.option, key, short: short, value: value, of: type, help: help, default: `default`, complete: complete)
    }

    static func repeated(_ key: ArgumentKey, value: String? = nil, of type: (any ArgumentValue.Type)? = nil, help: String,
                         complete: Completion? = nil) -> ArgumentSpec {
        valued(.repeatedOption, key, value: value, of: type, help: help, complete: complete)
    }

    static func positional(_ key: ArgumentKey, of type: (any ArgumentValue.Type)? = nil, help: String, complete: Completion? = nil) -> ArgumentSpec {
        valued(.positional, key, of: type, help: help, complete: complete)
    }

    static func optionalPositional(_ key: ArgumentKey, of type: (any ArgumentValue.Type)? = nil, help: String,
                                   complete: Completion? = nil) -> ArgumentSpec {
        valued(.optionalPositional, key, of: type, help: help, complete: complete)
    }

    static func variadic(_ key: ArgumentKey, required: Bool, help: String, complete: Completion? = nil) -> ArgumentSpec {
        valued(.variadic(required: required), key, help: help, complete: complete)
    }

    private static func valued(_ kind: Kind, _ key: ArgumentKey, short: Character? = nil, value: String? = nil, of type: (any ArgumentValue.Type)? = nil,
                               help: String, default: String? = nil, complete: Completion?) -> ArgumentSpec {
        let values = type?.allowedValues ?? []
        let completion = complete ?? (!values.isEmpty ? .values(values) : type == nil ? .files : .nothing)
        return ArgumentSpec(kind: kind, key: key, short: short, valueName: value, help: help, defaultValue: `default`, values: values,
                            completion: completion)
    }

    var isPositional: Bool {
        switch kind {
        case .flag, .option, .repeatedOption: return false
        case .positional, .optionalPositional, .variadic: return true
        }
    }

    var takesValue: Bool { kind == .option || kind == .repeatedOption }

    /// The value's name: `N` in `--jobs <N>`, `output` in `--output <output>`, `base` in `<base>`.
    var placeholder: String { valueName ?? (isPositional ? key.name : String(key.name.drop { $0 == "-" })) }

    /// How messages and the usage line name it: `--output <output>`, `<base>`.
    var synopsis: String {
        if isPositional { return "<\(key.name)>" }
        if kind == .flag { return key.name }
        return "\(key.name) <\(placeholder)>"
    }

    /// The help's words and what the spec knows besides: `Output format. (values: text, json; default: text)`.
    var fullHelp: String {
        let notes = [values.isEmpty ? nil : "values: " + values.joined(separator: ", "), defaultValue.map { "default: " + $0 }]
            .compactMap { $0 }
        return notes.isEmpty ? help : help + " (" + notes.joined(separator: "; ") + ")"
    }
}

/// A subcommand as data: its name and help, its arguments, and what it makes of them.
struct CommandSpec {
    var name: String
    var abstract: String
    var discussion: String = ""
    var arguments: [ArgumentSpec] = []
    /// The command's checks and its plain run value, from what was parsed; a check that fails
    /// throws `ArgumentError`.
    var makeRun: (ParsedArguments) throws -> any CommandRun
}

/// A command line the parser or a command's checks refuse: printed with the command's usage
/// line, exit 2.
struct ArgumentError: Error {
    var message: String
    init(_ message: String) { self.message = message }
}

/// A type an option or argument's text turns into. Enums with string raw values get it from
/// their raw values (`allowedValues` lists them in the error for a value that is none of them).
protocol ArgumentValue {
    init?(argument: String)
    /// Every accepted value, for messages; empty when any text of the right form goes.
    static var allowedValues: [String] { get }
}

extension ArgumentValue where Self: RawRepresentable & CaseIterable, RawValue == String {
    init?(argument: String) { self.init(rawValue: argument) }
    static var allowedValues: [String] { allCases.map(\.rawValue) }
}

extension Int: ArgumentValue {
    init?(argument: String) { self.init(argument) }
    static var allowedValues: [String] { [] }
}

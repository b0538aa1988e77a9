/// One option, flag or positional argument of a subcommand, as data: `ArgumentParsing` reads the
/// command line against a command's list of these, and `HelpText` writes the help from them.
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

    var kind: Kind
    var key: String
    var short: Character? = nil
    /// The value's name in the help (`--jobs <N>`); the long name's by default.
    var valueName: String? = nil
    var help: String
    /// Shown in the help as `(default: …)`.
    var defaultValue: String? = nil

    static func flag(_ key: String, help: String) -> ArgumentSpec {
        ArgumentSpec(kind: .flag, key: key, help: help)
    }

    static func option(_ key: String, short: Character? = nil, value: String? = nil, help: String, default: String? = nil) -> ArgumentSpec {
        ArgumentSpec(kind: .option, key: key, short: short, valueName: value, help: help, defaultValue: `default`)
    }

    static func repeated(_ key: String, value: String? = nil, help: String) -> ArgumentSpec {
        ArgumentSpec(kind: .repeatedOption, key: key, valueName: value, help: help)
    }

    static func positional(_ key: String, help: String) -> ArgumentSpec {
        ArgumentSpec(kind: .positional, key: key, help: help)
    }

    static func optionalPositional(_ key: String, help: String) -> ArgumentSpec {
        ArgumentSpec(kind: .optionalPositional, key: key, help: help)
    }

    static func variadic(_ key: String, required: Bool, help: String) -> ArgumentSpec {
        ArgumentSpec(kind: .variadic(required: required), key: key, help: help)
    }

    var isPositional: Bool {
        switch kind {
        case .flag, .option, .repeatedOption: return false
        case .positional, .optionalPositional, .variadic: return true
        }
    }

    var takesValue: Bool { kind == .option || kind == .repeatedOption }

    /// How messages and the usage line name it: `--output <output>`, `<base>`.
    var synopsis: String {
        if isPositional { return "<\(key)>" }
        if kind == .flag { return key }
        return "\(key) <\(valueName ?? String(key.dropFirst(2)))>"
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

/// What the command line gave a subcommand, by spec key (`--output`, `path`), as text; the
/// accessors turn it into the values a `<Name>Run` holds.
struct ParsedArguments {
    let command: CommandSpec
    var values: [ArgumentKey: [String]] = [:]
    /// How many positional arguments came before `--` (nil: there was no `--`). `diff` and
    /// `review` read the ones after it as paths.
    var separator: Int?

    func flag(_ key: ArgumentKey) -> Bool { declared(key).values[key] != nil }

    func string(_ key: ArgumentKey) -> String? { declared(key).values[key]?.last }

    /// A required positional argument's value (the parser has made sure it is there).
    func argument(_ key: ArgumentKey) -> String { declared(key).values[key]?.first ?? "" }

    func strings(_ key: ArgumentKey) -> [String] { declared(key).values[key] ?? [] }

    /// The value given for `key`, or nil; `ArgumentError` if it is not one `T` accepts.
    func value<T: ArgumentValue>(_ key: ArgumentKey, as type: T.Type = T.self) throws -> T? {
        try string(key).map { try convert($0, key: key) }
    }

    func values<T: ArgumentValue>(_ key: ArgumentKey, as type: T.Type = T.self) throws -> [T] {
        try strings(key).map { try convert($0, key: key) }
    }

    /// The positional arguments after `--`, among `key`'s values (all positional arguments go to
    /// one variadic spec in the commands that take `--`).
    func countAfterSeparator(_ key: ArgumentKey) -> Int {
        separator.map { max(0, strings(key).count - $0) } ?? 0
    }

    /// Reading a key the command does not declare is a programming error (a name that compiles
    /// but belongs to another command): caught in debug builds, where the tests run.
    private func declared(_ key: ArgumentKey) -> Self {
        assert(command.arguments.contains { $0.key == key }, "\(command.name) has no argument \(key)")
        return self
    }

    private func convert<T: ArgumentValue>(_ text: String, key: ArgumentKey) throws -> T {
        if let value = T(argument: text) { return value }
        let name = command.arguments.first { $0.key == key }?.synopsis ?? key.name
        let allowed = T.allowedValues
        let quoted = allowed.map { "'\($0)'" }
        // A few values on the line, more one a line, as swift-argument-parser wrote them.
        let choice = allowed.isEmpty ? ""
            : allowed.count > 5 ? ". Please provide one of the following:" + allowed.map { "\n  - " + $0 }.joined()
            : ". Please provide one of " + [quoted.dropLast().joined(separator: ", "), quoted.last ?? ""].filter { !$0.isEmpty }.joined(separator: " or ") + "."
        throw ArgumentError("The value '\(text)' is invalid for '\(name)'" + choice)
    }
}

/// The one command-line parser: a subcommand's arguments read against its `ArgumentSpec`s.
/// Options and positional arguments may come in any order; `--` ends the options.
enum ArgumentParsing {
    /// `-h`, `--help` or `--version` among the options: print the command's help, or the version, instead.
    enum Request: Error { case help, version }

    static func parse(_ args: [String], for command: CommandSpec) throws -> ParsedArguments {
        let options = args.prefix { $0 != "--" }
        if options.contains(where: { $0 == "-h" || $0 == "--help" }) { throw Request.help }
        if options.contains("--version") { throw Request.version }
        var parsed = ParsedArguments(command: command)
        var positionals: [String] = []
        var rest = args[...]
        while let arg = rest.popFirst() {
            if parsed.separator != nil || arg == "-" || !arg.hasPrefix("-") {
                positionals.append(arg)
            } else if arg == "--" {
                parsed.separator = positionals.count
            } else {
                let (spec, inline) = try lookup(arg, in: command)
                guard spec.takesValue else {
                    if inline != nil { throw ArgumentError("The flag '\(spec.key)' does not take a value") }
                    parsed.values[spec.key, default: []].append("")
                    continue
                }
                guard let value = inline ?? rest.first.flatMap({ looksLikeOption($0) ? nil : $0 }) else {
                    throw ArgumentError("Missing value for '\(spec.synopsis)'")
                }
                if inline == nil { rest = rest.dropFirst() }
                if spec.kind == .option { parsed.values[spec.key] = [value] } else { parsed.values[spec.key, default: []].append(value) }
            }
        }
        try assign(positionals, into: &parsed)
        return parsed
    }

    /// The spec `arg` names, and the value joined to it (`--name=VALUE`, `-xVALUE`), if any.
    private static func lookup(_ arg: String, in command: CommandSpec) throws -> (ArgumentSpec, String?) {
        if arg.hasPrefix("--") {
            let parts = arg.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            if let spec = command.arguments.first(where: { !$0.isPositional && $0.key.name == parts[0] }) {
                return (spec, parts.count == 2 ? String(parts[1]) : nil)
            }
        } else if let letter = arg.dropFirst().first, let spec = command.arguments.first(where: { $0.short == letter }) {
            let joined = arg.dropFirst(2)
            if joined.isEmpty || spec.takesValue { return (spec, joined.isEmpty ? nil : String(joined)) }
        }
        let name = String(arg.prefix { $0 != "=" })
        let options = command.arguments.filter { !$0.isPositional }.map(\.key.name) + ["--help", "--version"]
        throw ArgumentError("Unknown option '\(arg)'" + Suggestion.didYouMean(name, among: options))
    }

    /// An option's value may not look like an option (`-` may).
    private static func looksLikeOption(_ arg: String) -> Bool {
        arg.hasPrefix("-") && arg != "-"
    }

    /// The positional arguments, in order, to the positional specs in the order declared.
    private static func assign(_ positionals: [String], into parsed: inout ParsedArguments) throws {
        var rest = positionals[...]
        for spec in parsed.command.arguments where spec.isPositional {
            switch spec.kind {
            case .positional, .variadic(required: true):
                guard !rest.isEmpty else { throw ArgumentError("Missing expected argument '\(spec.synopsis)\(spec.kind == .positional ? "" : " ...")'") }
            default:
                break
            }
            if case .variadic = spec.kind {
                parsed.values[spec.key] = Array(rest)
                rest = []
            } else if let value = rest.popFirst() {
                parsed.values[spec.key] = [value]
            }
        }
        if let extra = rest.first { throw ArgumentError("Unexpected argument '\(extra)'") }
    }
}

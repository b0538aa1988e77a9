/// The help and usage text, written from the specs in swift-argument-parser's layout:
/// OVERVIEW, the discussion, USAGE, ARGUMENTS, OPTIONS (and the root's SUBCOMMANDS), wrapped
/// at 79 columns with the descriptions in a column of their own.
enum HelpText {
    /// The longest line.
    static let width = 79
    static let column = 26
    private static let helpRow = ("-h, --help", "Show help information.")

    static func command(_ command: CommandSpec, tool: String) -> String {
        var out = overview(command.abstract, discussion: command.discussion)
        out += "USAGE: " + usage(command, tool: tool) + "\n\n"
        let positionals = command.arguments.filter(\.isPositional)
        if !positionals.isEmpty {
            out += "ARGUMENTS:\n" + positionals.map { row(label($0), help: $0.help) }.joined() + "\n"
        }
        let options = command.arguments.filter { !$0.isPositional }
        out += "OPTIONS:\n" + options.map { row(label($0), help: describe($0)) }.joined()
            + row("--version", help: "Show the version.") + row(helpRow.0, help: helpRow.1) + "\n"
        return out
    }

    static func root(abstract: String, discussion: String, tool: String, subcommands: [CommandSpec]) -> String {
        var out = overview(abstract, discussion: discussion)
        out += "USAGE: \(tool) <subcommand>\n\n"
        out += "OPTIONS:\n" + row("--version", help: "Show the version.") + row(helpRow.0, help: helpRow.1) + "\n"
        out += "SUBCOMMANDS:\n" + subcommands.map { row($0.name, help: $0.abstract) }.joined()
        out += "\n  See '\(tool) help <subcommand>' for detailed help.\n"
        return out
    }

    /// The one-line synopsis: `xibmerge merge [--output <output>] ... <base> <ours> <theirs> [<path>]`.
    static func usage(_ command: CommandSpec, tool: String) -> String {
        let parts = command.arguments.filter { !$0.isPositional }.map(usagePart) + command.arguments.filter(\.isPositional).map(usagePart)
        return ([tool, command.name] + parts).joined(separator: " ")
    }

    private static func usagePart(_ spec: ArgumentSpec) -> String {
        switch spec.kind {
        case .flag, .option: return "[\(spec.synopsis)]"
        case .repeatedOption: return "[\(spec.synopsis) ...]"
        case .positional: return spec.synopsis
        case .optionalPositional: return "[\(spec.synopsis)]"
        case .variadic(let required): return required ? "\(spec.synopsis) ..." : "[\(spec.synopsis) ...]"
        }
    }

    private static func overview(_ abstract: String, discussion: String) -> String {
        var out = wrap("OVERVIEW: " + abstract, indent: 0) + "\n\n"
        if !discussion.isEmpty { out += wrap(discussion, indent: 0) + "\n\n" }
        return out
    }

    private static func label(_ spec: ArgumentSpec) -> String {
        spec.short.map { "-\($0), " + spec.synopsis } ?? spec.synopsis
    }

    private static func describe(_ spec: ArgumentSpec) -> String {
        spec.defaultValue.map { spec.help + " (default: \($0))" } ?? spec.help
    }

    /// `  label` and its description from column 26 (on the next line when the label is long).
    private static func row(_ label: String, help: String) -> String {
        let start = "  " + label
        let text = wrap(help, indent: column)
        if start.count >= column { return start + "\n" + text + "\n" }
        return start + String(repeating: " ", count: column - start.count) + text.dropFirst(column) + "\n"
    }

    /// `text` wrapped at `width` columns, every line indented by `indent` spaces; its own line
    /// breaks are kept, and its spaces (a wrapped line goes on under the start of its text).
    static func wrap(_ text: String, indent: Int) -> String {
        let margin = String(repeating: " ", count: indent)
        var lines: [String] = []
        for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let leading = paragraph.prefix { $0 == " " }.count
            var (prefix, rest, skip) = (margin, paragraph, leading)
            while prefix.count + rest.count > width, let cut = breakPoint(rest, room: width - prefix.count, skipping: skip) {
                lines.append(prefix + rest[..<cut])
                rest = rest[cut...].drop { $0 == " " }
                (prefix, skip) = (margin + String(repeating: " ", count: leading), 0)
            }
            lines.append(rest.isEmpty ? "" : prefix + rest)
        }
        return lines.joined(separator: "\n")
    }

    /// Where to break `line` to fit `room` columns: its last space that fits, past its first
    /// `skipping` characters (its indentation); else its first space (a word longer than the room).
    private static func breakPoint(_ line: Substring, room: Int, skipping: Int) -> Substring.Index? {
        let text = line.dropFirst(skipping)
        return text.prefix(max(0, room - skipping + 1)).lastIndex(of: " ") ?? text.firstIndex(of: " ")
    }
}

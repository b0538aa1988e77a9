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
        out += wrappedUsage(command, tool: tool) + "\n\n"
        let positionals = command.arguments.filter(\.isPositional)
        if !positionals.isEmpty {
            out += "ARGUMENTS:\n" + positionals.map { row(label($0), help: $0.fullHelp) }.joined() + "\n"
        }
        let options = command.arguments.filter { !$0.isPositional }
        out += "OPTIONS:\n" + options.map { row(label($0), help: $0.fullHelp) }.joined()
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
        ([tool, command.name] + usageParts(command)).joined(separator: " ")
    }

    /// `USAGE:` and the synopsis, wrapped at `width` between its parts (never inside
    /// `[--output <output>]`), each further line under the first argument (or at `column`, for a
    /// long subcommand name).
    static func wrappedUsage(_ command: CommandSpec, tool: String) -> String {
        var lines = ["USAGE: \(tool) \(command.name)"]
        let indent = String(repeating: " ", count: min(lines[0].count + 1, column))
        for part in usageParts(command) {
            if lines[lines.count - 1].count + 1 + part.count > width { lines.append(indent + part) } else { lines[lines.count - 1] += " " + part }
        }
        return lines.joined(separator: "\n")
    }

    /// The options first, then the positional arguments, as the parser takes them in any order.
    static func usageParts(_ command: CommandSpec) -> [String] {
        command.arguments.filter { !$0.isPositional }.map(usagePart) + command.arguments.filter(\.isPositional).map(usagePart)
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

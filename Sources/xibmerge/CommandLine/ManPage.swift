/// The manual page, xibmerge(1), in man(7) macros, written from the same specs as the help: one
/// section per subcommand with its synopsis, its words and every option with its values and
/// default.
enum ManPage {
    static func page(tool: String, version: String, abstract: String, discussion: String, commands: [CommandSpec]) -> String {
        var out = """
        .\\" The manual page of \(tool) \(version): `\(tool) manpage`, written from its command-line specs.
        .TH \(tool.uppercased()) 1 "" "\(tool) \(version)" "User Commands"
        .nh
        .ad l
        .SH NAME
        \(tool) \\- \(escape(lowercasedFirst(abstract.hasSuffix(".") ? String(abstract.dropLast()) : abstract)))
        .SH SYNOPSIS
        .B \(tool)
        .I subcommand
        .RI [ options ]
        .RI [ arguments ]
        .br
        .B \(tool)
        .B help
        .RI [ subcommand ]
        .SH DESCRIPTION

        """
        out += paragraphs(abstract) + paragraphs(discussion) + ".PP\nEvery subcommand also takes\n.B \\-\\-help\n(and\n.BR \\-h )\nand\n.BR \\-\\-version .\n"
        out += ".SH SUBCOMMANDS\n"
        for command in commands { out += section(command, tool: tool) }
        out += """
        .SH EXIT STATUS
        .TP
        .B 0
        Success.
        .TP
        .B 1
        Found something: conflicts left, problems found, or differences with
        .BR \\-\\-exit\\-code .
        .TP
        .B 2
        An error: a usage error, a file that cannot be read or written, a repository problem.
        .SH SEE ALSO
        .BR git (1),
        .BR gitattributes (5),
        .BR git\\-mergetool (1)

        """
        return out
    }

    private static func section(_ command: CommandSpec, tool: String) -> String {
        var out = ".SS \"\(tool) \(command.name)\"\n"
        // `\&` after each part: a part ending in `...]` does not end a sentence (no double space).
        out += ".B \(tool) \(command.name)\n" + HelpText.usageParts(command).map { synopsisPart($0) + "\\&" }.joined(separator: "\n") + "\n.PP\n"
        out += paragraphs(command.abstract) + paragraphs(command.discussion)
        for spec in command.arguments {
            let short = spec.short.map { "\\fB\\-\($0)\\fR, " } ?? ""
            out += ".TP\n" + short + label(spec) + "\n" + escape(spec.fullHelp) + "\n"
        }
        return out
    }

    /// `[--output <output>]` as `[\fB\-\-output\fR \fIoutput\fR]`.
    private static func synopsisPart(_ part: String) -> String {
        var out = "", word = ""
        func flush() {
            if word.hasPrefix("<") { out += "\\fI" + escape(String(word.dropFirst().dropLast())) + "\\fR" }
            else if word.hasPrefix("-") { out += "\\fB" + escape(word) + "\\fR" }
            else { out += escape(word) }
            word = ""
        }
        for character in part {
            if character == "[" || character == "]" || character == " " { flush(); out.append(character) } else { word.append(character) }
        }
        flush()
        return out
    }

    private static func label(_ spec: ArgumentSpec) -> String {
        if spec.isPositional { return "\\fI" + escape(spec.key.name) + "\\fR" + (spec.kind == .positional ? "" : " ...") }
        let name = "\\fB" + escape(spec.key.name) + "\\fR"
        return spec.takesValue ? name + " \\fI" + escape(spec.placeholder) + "\\fR" : name
    }

    /// Text as paragraphs: each of its lines one, `.PP` between.
    private static func paragraphs(_ text: String) -> String {
        text.split(separator: "\n").map { ".PP\n" + escape(String($0)) + "\n" }.joined()
    }

    /// Text that roff prints as is: backslashes and hyphens escaped, characters past ASCII by
    /// their code (troff reads bytes, not UTF-8), and no line starting with a control character.
    static func escape(_ text: String) -> String {
        var escaped = ""
        for scalar in text.replacing("\\", with: "\\e").replacing("-", with: "\\-").unicodeScalars {
            if scalar.isASCII { escaped.unicodeScalars.append(scalar) } else { escaped += "\\[u" + hex(scalar.value) + "]" }
        }
        return escaped.hasPrefix(".") || escaped.hasPrefix("'") ? "\\&" + escaped : escaped
    }

    /// At least four upper-case hex digits, as groff's `\[uXXXX]` wants them.
    private static func hex(_ value: UInt32) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }

    private static func lowercasedFirst(_ text: String) -> String {
        guard let first = text.first, text.dropFirst().first?.isLowercase ?? true else { return text }
        return first.lowercased() + text.dropFirst()
    }
}

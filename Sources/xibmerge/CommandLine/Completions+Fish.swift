extension Completions {
    /// `complete` lines for fish 3 and later (Homebrew's share/fish/vendor_completions.d). fish
    /// has no positions, so a command's positional arguments offer the union of what each takes.
    static func fish(tool: String, commands: [CommandSpec]) -> String {
        let prefix = "__" + tool.replacing("-", with: "_")
        var out = """
        # fish completion for \(tool): `\(tool) completions fish`, written from its command-line specs.
        # Install: save as \(tool).fish in ~/.config/fish/completions (Homebrew: share/fish/vendor_completions.d).

        function \(prefix)_needs_command
            test (count (commandline -opc)) -eq 1
        end

        function \(prefix)_using_command
            set -l words (commandline -opc)
            test (count $words) -ge 2; and test "$words[2]" = "$argv[1]"
        end

        function \(prefix)_revisions
            git for-each-ref --format='%(refname:short)' 2>/dev/null
        end

        complete -c \(tool) -f

        """
        let root = "complete -c \(tool) -n \(prefix)_needs_command"
        for option in commonOptions {
            out += root + (option.short.map { " -s \($0)" } ?? "") + " -l \(option.long.dropFirst(2)) -d \(quoted(option.help))\n"
        }
        for command in commands {
            out += root + " -a \(command.name) -d \(quoted(summary(command.abstract)))\n"
        }
        for command in commands {
            let condition = "complete -c \(tool) -n " + quoted("\(prefix)_using_command \(command.name)")
            for spec in command.arguments where !spec.isPositional {
                out += condition + (spec.short.map { " -s \($0)" } ?? "") + " -l \(spec.key.name.dropFirst(2))"
                    + (spec.takesValue ? fishValue(spec.completion, prefix: prefix) : "") + " -d \(quoted(summary(spec.help)))\n"
            }
            for completion in positionalCompletions(command) {
                out += condition + fishValue(completion, prefix: prefix, ofOption: false) + "\n"
            }
            for option in commonOptions {
                out += condition + (option.short.map { " -s \($0)" } ?? "") + " -l \(option.long.dropFirst(2)) -d \(quoted(option.help))\n"
            }
        }
        return out
    }

    /// What a command's positional arguments take, each kind once.
    private static func positionalCompletions(_ command: CommandSpec) -> [ArgumentSpec.Completion] {
        var kinds: [ArgumentSpec.Completion] = []
        for spec in command.arguments where spec.isPositional && spec.completion != .nothing && !kinds.contains(spec.completion) {
            kinds.append(spec.completion)
        }
        return kinds
    }

    /// `-F` (files) or `-a '…'` (values, folders, revisions); an option's value adds `-r` (it
    /// takes one) or `-x` (and no file names).
    private static func fishValue(_ completion: ArgumentSpec.Completion, prefix: String, ofOption: Bool = true) -> String {
        let (value, exclusive): (String, String) = switch completion {
        case .values(let values): (" -a " + quoted(values.joined(separator: " ")), " -x")
        case .files: (" -F", " -r")
        case .directories: (" -a '(__fish_complete_directories)'", " -x")
        case .revisions: (" -a '(\(prefix)_revisions)'", " -x")
        case .nothing: ("", " -x")
        }
        return (ofOption ? exclusive : "") + value
    }
}

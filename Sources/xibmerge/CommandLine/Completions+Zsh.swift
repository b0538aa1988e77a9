extension Completions {
    /// A `#compdef` function for `fpath` (Homebrew's share/zsh/site-functions), which also
    /// registers itself when sourced.
    static func zsh(tool: String, commands: [CommandSpec]) -> String {
        let function = "_" + tool.replacing("-", with: "_")
        var out = """
        #compdef \(tool)
        # zsh completion for \(tool): `\(tool) completions zsh`, written from its command-line specs.
        # Install: save as _\(tool) in a folder of $fpath (Homebrew's share/zsh/site-functions).

        \(function)_revisions() {
            local -a revisions
            revisions=(${(f)"$(git for-each-ref --format='%(refname:short)' 2>/dev/null)"})
            _describe -t revisions revision revisions
        }

        \(function)() {
            local curcontext=$curcontext state line ret=1
            typeset -A opt_args
            _arguments -C \\
                '(- :)--version[Show the version.]' \\
                '(- :)'{-h,--help}'[Show help information.]' \\
                '1: :->command' \\
                '*:: :->argument' && ret=0
            case $state in
                command)
                    local -a commands
                    commands=(

        """
        for command in commands {
            out += "                " + quoted(command.name + ":" + summary(command.abstract).replacing(":", with: "\\:")) + "\n"
        }
        out += """
                    )
                    _describe -t commands '\(tool) subcommand' commands && ret=0
                    ;;
                argument)
                    curcontext=${curcontext%:*:*}:\(tool)-$words[1]:
                    case $words[1] in

        """
        for command in commands {
            let specs = command.arguments.map { zshSpec($0, function: function) } + ["'(- *)'{-h,--help}'[Show help information.]'", "'(- *)--version[Show the version.]'"]
            out += "                    \(command.name))\n                        _arguments -S \\\n"
            out += specs.map { "                            " + $0 }.joined(separator: " \\\n") + " && ret=0\n                        ;;\n"
        }
        out += """
                    esac
                    ;;
            esac
            return ret
        }

        if [ "$funcstack[1]" = "\(function)" ]; then
            \(function) "$@"
        else
            compdef \(function) \(tool)
        fi

        """
        return out
    }

    /// One `_arguments` spec: `'*--enable=[Turn a rule on.]:rule:(a b)'`, `'(-o --output)'{-o+,--output=}'[…]:output:_files'`.
    private static func zshSpec(_ spec: ArgumentSpec, function: String) -> String {
        let action = zshAction(spec, function: function)
        switch spec.kind {
        case .positional: return quoted(":" + action)
        case .optionalPositional: return quoted("::" + action)
        case .variadic: return quoted("*:" + action)
        case .flag, .option, .repeatedOption:
            let help = "[" + summary(spec.help).replacing("\\", with: "\\\\").replacing("[", with: "\\[").replacing("]", with: "\\]") + "]"
            let repeated = spec.kind == .repeatedOption ? "*" : ""
            let (long, suffix) = (spec.key.name, spec.takesValue ? "=" : "")
            let value = spec.takesValue ? ":" + action : ""
            guard let short = spec.short else { return quoted(repeated + long + suffix + help + value) }
            let exclusion = repeated.isEmpty ? quoted("(-\(short) \(long))") : quoted("*")
            return exclusion + "{-\(short)\(spec.takesValue ? "+" : ""),\(long)\(suffix)}" + quoted(help + value)
        }
    }

    /// `message:action` for a value: the values, file or folder names, revisions, or nothing.
    private static func zshAction(_ spec: ArgumentSpec, function: String) -> String {
        let message = spec.placeholder.replacing(":", with: "\\:")
        switch spec.completion {
        case .values(let values): return message + ":(" + values.joined(separator: " ") + ")"
        case .files: return message + ":_files"
        case .directories: return message + ":_files -/"
        case .revisions: return message + ":" + function + "_revisions"
        case .nothing: return message + ": "
        }
    }
}

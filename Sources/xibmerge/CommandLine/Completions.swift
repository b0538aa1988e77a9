/// Shell completion scripts for bash, zsh and fish, written from the same specs the parser reads
/// (so an option a command gains is completed without touching this file). The scripts are
/// static: nothing runs `xibmerge` while a user presses Tab; only revisions ask git.
enum Completions {
    enum Shell: String, ArgumentValue, CaseIterable {
        case bash, zsh, fish
    }

    static func script(_ shell: Shell, tool: String, commands: [CommandSpec]) -> String {
        switch shell {
        case .bash: return bash(tool: tool, commands: commands)
        case .zsh: return zsh(tool: tool, commands: commands)
        case .fish: return fish(tool: tool, commands: commands)
        }
    }

    /// The options every subcommand takes besides its own (the parser handles them first).
    static let commonOptions: [(long: String, short: Character?, help: String)] = [
        ("--help", "h", "Show help information."), ("--version", nil, "Show the version."),
    ]

    /// The first sentence of a help text, for the shells that show one line per candidate.
    static func summary(_ help: String) -> String {
        let text = help.split(separator: "\n").first.map(String.init) ?? ""
        guard let end = text.firstRange(of: ". ") else { return text }
        return String(text[..<end.lowerBound]) + "."
    }

    /// A shell word in single quotes (bash, zsh and fish read `'\''` the same way).
    static func quoted(_ text: String) -> String {
        "'" + text.replacing("'", with: "'\\''") + "'"
    }

    // MARK: bash

    /// bash 3.2 (macOS's) and later: no `compopt`, no associative arrays. `--name=value` arrives
    /// split at `=` (COMP_WORDBREAKS), so `=` is looked through.
    static func bash(tool: String, commands: [CommandSpec]) -> String {
        let function = "_" + tool.replacing("-", with: "_")
        var out = """
        # bash completion for \(tool): `\(tool) completions bash`, written from its command-line specs.
        # Install: copy to the bash-completion folder (e.g. $(brew --prefix)/etc/bash_completion.d), or
        # `source <(\(tool) completions bash)` in ~/.bashrc.
        # COMPREPLY=($(compgen ...)) with IFS at a newline: mapfile is bash 4, and macOS has 3.2.
        # shellcheck disable=SC2207

        \(function)_reply() {
            local IFS=$'\\n' kind=$1
            shift
            case $kind in
                values) COMPREPLY=($(compgen -W "$(printf '%s\\n' "$@")" -- "$cur")) ;;
                files) COMPREPLY=($(compgen -f -- "$cur")) ;;
                directories) COMPREPLY=($(compgen -d -- "$cur")) ;;
                revisions) COMPREPLY=($(compgen -W "$(git for-each-ref --format='%(refname:short)' 2>/dev/null)" -- "$cur")) ;;
                *) COMPREPLY=() ;;
            esac
        }

        # The number of positional arguments before the cursor; $1: the options that take a value.
        \(function)_position() {
            local i=2 n=0 word
            while [ "$i" -lt "$COMP_CWORD" ]; do
                word=${COMP_WORDS[i]}
                case $word in
                    --) ;;
                    -*) case " $1 " in *" $word "*) [ "${COMP_WORDS[i+1]}" = "=" ] && i=$((i+1)); i=$((i+1)) ;; esac ;;
                    =) i=$((i+1)) ;;
                    *) n=$((n+1)) ;;
                esac
                i=$((i+1))
            done
            echo $n
        }

        \(function)() {
            local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD-1]}
            if [ "$cur" = "=" ]; then cur=""; elif [ "$prev" = "=" ]; then prev=${COMP_WORDS[COMP_CWORD-2]}; fi
            COMPREPLY=()
            if [ "$COMP_CWORD" -eq 1 ]; then
                \(function)_reply values \(commands.map(\.name).joined(separator: " ")) \(commonOptions.map(\.long).joined(separator: " "))
                return 0
            fi
            case ${COMP_WORDS[1]} in

        """
        for command in commands { out += bashCase(command, function: function) }
        out += """
            esac
            return 0
        }
        complete -o filenames -F \(function) \(tool)

        """
        return out
    }

    private static func bashCase(_ command: CommandSpec, function: String) -> String {
        let options = command.arguments.filter { !$0.isPositional }
        let valued = options.filter(\.takesValue)
        var out = "    \(command.name))\n"
        if !valued.isEmpty {
            out += "        case $prev in\n"
            for spec in valued {
                let names = ([spec.key.name] + (spec.short.map { ["-\($0)"] } ?? [])).joined(separator: "|")
                out += "            \(names)) \(function)_reply \(bashWords(spec.completion)); return 0 ;;\n"
            }
            out += "        esac\n"
        }
        let names = options.flatMap { [$0.key.name] + ($0.short.map { ["-\($0)"] } ?? []) } + ["-h"] + commonOptions.map(\.long)
        out += "        case $cur in -*) \(function)_reply values \(names.joined(separator: " ")); return 0 ;; esac\n"
        let positionals = command.arguments.filter(\.isPositional)
        if !positionals.isEmpty {
            let takingValues = valued.flatMap { [$0.key.name] + ($0.short.map { ["-\($0)"] } ?? []) }.joined(separator: " ")
            out += "        case $(\(function)_position \(quoted(takingValues))) in\n"
            for (index, spec) in positionals.enumerated() {
                let last = index == positionals.count - 1 || { if case .variadic = spec.kind { return true } else { return false } }()
                out += "            \(last ? "*" : String(index))) \(function)_reply \(bashWords(spec.completion)) ;;\n"
                if last { break }
            }
            out += "        esac\n"
        }
        return out + "        ;;\n"
    }

    private static func bashWords(_ completion: ArgumentSpec.Completion) -> String {
        switch completion {
        case .values(let values): return "values " + values.map(quoted).joined(separator: " ")
        case .files: return "files"
        case .directories: return "directories"
        case .revisions: return "revisions"
        case .nothing: return "none"
        }
    }
}

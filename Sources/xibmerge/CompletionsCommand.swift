/// `completions SHELL`: the shell completion script, written from the command-line specs.
enum CompletionsCommand {
    static func spec() -> CommandSpec {
        CommandSpec(
            name: "completions",
            abstract: "Print the shell completion script for bash, zsh or fish.",
            discussion: """
                bash: `source <(xibmerge completions bash)` in ~/.bashrc, or save it in the bash-completion folder. \
                zsh: save it as _xibmerge in a folder of $fpath. fish: save it as xibmerge.fish in ~/.config/fish/completions. \
                Homebrew installs all three. Exit codes: 0 printed, 2 errors.
                """,
            arguments: [.positional(.shell, of: Completions.Shell.self, help: "The shell.")]
        ) { parsed in
            CompletionsRun(shell: try parsed.value(.shell) ?? .bash)
        }
    }
}

struct CompletionsRun: CommandRun {
    var shell: Completions.Shell

    func run() throws {
        let root = XibMerge.dispatch
        Console.out(Completions.script(shell, tool: root.tool, commands: root.documentedCommands()))
    }
}

/// `manpage`: xibmerge(1), written from the command-line specs.
enum ManPageCommand {
    static func spec() -> CommandSpec {
        CommandSpec(
            name: "manpage",
            abstract: "Print the manual page, xibmerge(1), in man(7) format.",
            discussion: "Read it with `xibmerge manpage | man -l -`, or save it as man1/xibmerge.1 in a folder of MANPATH. Exit codes: 0 printed, 2 errors."
        ) { _ in ManPageRun() }
    }
}

struct ManPageRun: CommandRun {
    func run() throws {
        let root = XibMerge.dispatch
        Console.out(ManPage.page(tool: root.tool, version: root.version, abstract: root.abstract, discussion: root.discussion,
                                 commands: root.documentedCommands()))
    }
}

import XibKit

/// The root command: finds the subcommand, parses its arguments, runs it, and turns what it
/// throws into an exit code. Usage errors exit 2 like every other error, and so does an error
/// no command expected (1 means "found something": a caller must not read a crash as a conflict).
struct Dispatch {
    var tool: String
    var version: String
    var abstract: String
    var discussion: String
    /// Each subcommand's name, and its spec: built only for the command that runs (and for the
    /// root's help), so a merge-driver call builds one.
    var subcommands: [(name: String, spec: () -> CommandSpec)]

    /// Runs the command line (without the program's name); the process's exit code.
    func run(_ args: [String]) -> Int32 {
        guard let first = args.first, first != "-h", first != "--help" else { return printRootHelp() }
        if first == "--version" {
            Console.out(version + "\n")
            return 0
        }
        if first == "help" { return help(args.dropFirst()) }
        guard let command = subcommands.first(where: { $0.name == first })?.spec() else {
            let message = first.hasPrefix("-")
                ? "Unknown option '\(first)'" + Suggestion.didYouMean(first, among: ["--help", "--version"])
                : "Unexpected argument '\(first)'" + Suggestion.didYouMean(first, among: subcommands.map(\.name) + ["help"])
            return usageError(message, usage: "\(tool) <subcommand>", helpCommand: "\(tool) --help")
        }
        do {
            let parsed = try ArgumentParsing.parse(Array(args.dropFirst()), for: command)
            let run = try command.makeRun(parsed)
            try run.run()
            return 0
        } catch ArgumentParsing.Request.help {
            Console.out(HelpText.command(command, tool: tool))
            return 0
        } catch ArgumentParsing.Request.version {
            Console.out(version + "\n")
            return 0
        } catch let error as ArgumentError {
            return usageError(error.message, usage: HelpText.usage(command, tool: tool), helpCommand: "\(tool) \(command.name) --help")
        } catch let exit as ExitCode {
            return exit.rawValue
        } catch {
            Console.err(Self.errorLine(error))
            return Exit.error.rawValue
        }
    }

    /// One `Error:` line for an error no command expected: a description that already says
    /// `error:` (as a file's `path: error: message` does) is not prefixed a second time.
    static func errorLine(_ error: any Error) -> String {
        var text = String(describing: error)
        for prefix in ["Error: ", "error: "] where text.hasPrefix(prefix) { text.removeFirst(prefix.count) }
        if let range = text.firstRange(of: ": error: ") { text.replaceSubrange(range, with: ": ") }
        return "Error: " + text
    }

    /// Every subcommand's spec, and `help`'s (which the root handles itself): what the shell
    /// completions and the manual page are written from.
    func documentedCommands() -> [CommandSpec] {
        let help = CommandSpec(name: "help", abstract: "Show the help of \(tool) or of a subcommand.",
                               arguments: [.optionalPositional(.subcommand, help: "The subcommand.", complete: .values(subcommands.map(\.name)))]) { _ in
            throw ArgumentError("help is the root's")
        }
        return subcommands.map { $0.spec() } + [help]
    }

    /// `help`, `help SUBCOMMAND`.
    private func help(_ args: ArraySlice<String>) -> Int32 {
        guard let name = args.first else { return printRootHelp() }
        guard args.count == 1, let command = subcommands.first(where: { $0.name == name })?.spec() else {
            return usageError("Unknown subcommand '\(args.joined(separator: " "))'" + Suggestion.didYouMean(name, among: subcommands.map(\.name)),
                              usage: "\(tool) help [<subcommand>]", helpCommand: "\(tool) --help")
        }
        Console.out(HelpText.command(command, tool: tool))
        return 0
    }

    private func printRootHelp() -> Int32 {
        Console.out(HelpText.root(abstract: abstract, discussion: discussion, tool: tool, subcommands: subcommands.map { $0.spec() }))
        return 0
    }

    private func usageError(_ message: String, usage: String, helpCommand: String) -> Int32 {
        Console.err("Error: \(message)\nUsage: \(usage)\n  See '\(helpCommand)' for more information.")
        return 2
    }
}

/// Thrown by a command's run to end the process with this code (`Exit.foundSomething`, `Exit.error`).
struct ExitCode: Error, Equatable {
    var rawValue: Int32
    init(_ rawValue: Int32) { self.rawValue = rawValue }
}

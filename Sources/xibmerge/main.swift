import ArgumentParser
import XibKit
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The one executable. Synchronous entry point on purpose (valgrind and simple signal
/// handling); each subcommand lives in its own file.
struct XibMerge: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "xibmerge",
        abstract: "Merge-aware version control for Interface Builder files (.xib, .storyboard).",
        discussion: "Exit codes: 0 success, 1 found something (conflicts, problems, or differences with --exit-code), 2 errors.",
        version: "0.1.0",
        subcommands: [FormatCommand.self, CheckCommand.self, MergeCommand.self, DiffCommand.self, TextconvCommand.self,
                      InstallCommand.self, ResolveCommand.self, LogCommand.self, MergePreviewCommand.self,
                      RenderCommand.self, ReviewCommand.self, TidyCommand.self, StringsCommand.self]
    )
}

// Usage errors exit 2 like every other error (ArgumentParser's own code is 64, EX_USAGE).
do {
    var command = try XibMerge.parseAsRoot()
    try command.run()
} catch {
    if XibMerge.exitCode(for: error) == .validationFailure {
        Console.err(XibMerge.fullMessage(for: error))
        exit(2)
    }
    XibMerge.exit(withError: error)
}

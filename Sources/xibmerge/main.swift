import ArgumentParser

/// The one executable. Synchronous entry point on purpose (valgrind and simple signal
/// handling); each subcommand lives in its own file.
struct XibMerge: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "xibmerge",
        abstract: "Merge-aware version control for Interface Builder files (.xib, .storyboard).",
        discussion: "Exit codes: 0 success, 1 found something (conflicts, problems, or differences with --exit-code), 2 errors.",
        version: "0.1.0",
        subcommands: [FormatCommand.self, CheckCommand.self, MergeCommand.self, DiffCommand.self, TextconvCommand.self,
                      InstallCommand.self, ResolveCommand.self, LogCommand.self, MergePreviewCommand.self]
    )
}

XibMerge.main()

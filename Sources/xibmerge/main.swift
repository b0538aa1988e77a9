import XibKit
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The one executable. Synchronous entry point on purpose (valgrind and simple signal
/// handling); each subcommand lives in its own file, as a `CommandSpec` (CommandLine/).
enum XibMerge {
    static let version = "0.1.0"

    static var dispatch: Dispatch {
        Dispatch(
            tool: "xibmerge", version: version,
            abstract: "Merge-aware version control for Interface Builder files (.xib, .storyboard).",
            discussion: "Exit codes: 0 success, 1 found something (conflicts, problems, or differences with --exit-code), 2 errors.",
            subcommands: [("format", FormatCommand.spec), ("check", CheckCommand.spec), ("merge", MergeCommand.spec),
                          ("diff", DiffCommand.spec), ("textconv", TextconvCommand.spec), ("install", InstallCommand.spec),
                          ("resolve", ResolveCommand.spec), ("log", LogCommand.spec), ("merge-preview", MergePreviewCommand.spec),
                          ("render", RenderCommand.spec), ("review", ReviewCommand.spec), ("tidy", TidyCommand.spec),
                          ("strings", StringsCommand.spec), ("outline", OutlineCommand.spec), ("mcp", McpCommand.spec),
                          ("completions", CompletionsCommand.spec), ("manpage", ManPageCommand.spec)]
        )
    }
}

exit(XibMerge.dispatch.run(Array(CommandLine.arguments.dropFirst())))

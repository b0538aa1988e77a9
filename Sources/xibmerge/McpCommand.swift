#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

enum McpCommand {
    /// The server is a program of its own (the MCP SDK stays out of this binary, whose start-up
    /// every merge-driver call pays), installed beside this one.
    static let server = "xibmerge-mcp"

    static func spec() -> CommandSpec {
        CommandSpec(
            name: "mcp",
            abstract: "Serve the Model Context Protocol over standard input and output, for coding agents.",
            discussion: """
            Tools: outline, diff, check, render, merge_preview, conflicts and resolve, each answering with the JSON \
            of the subcommand's --format json (render: its SVG) and a short summary; bad input is a tool error \
            with the subcommand's file:line:column message. Paths are confined to the root. Runs \(server), \
            which must be beside xibmerge. Set-up for Claude Code, Claude Desktop, Cursor, VS Code, Codex: doc/mcp.md. \
            Exit codes: 0 when the client closes the connection, 2 errors (no \(server), a root that is not a folder).
            """,
            arguments: [
                .option(.root, value: "DIR", help: "The folder whose files the tools may read and write (default: the working directory).", complete: .directories),
                .option(.timeout, value: "SECONDS", of: Int.self, help: "Stop a tool call that runs longer.", default: "120", complete: .nothing),
            ]
        ) { parsed in
            let timeout: Int? = try parsed.value(.timeout)
            if let timeout, timeout < 1 { throw ArgumentError("--timeout must be at least 1") }
            return McpRun(root: parsed.string(.root), timeout: timeout)
        }
    }
}

/// `mcp` itself: replaces this process with the server, handing it this binary's path.
struct McpRun: CommandRun {
    var root: String?
    var timeout: Int?

    func run() throws {
        guard let me = ThisProcess.executablePath() else {
            Console.err("xibmerge mcp: cannot tell where xibmerge is, to find \(McpCommand.server) beside it")
            throw Exit.error
        }
        let folder = me.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/")
        let server = folder + "/" + McpCommand.server
        guard access(server, X_OK) == 0 else {
            Console.err("xibmerge mcp: \(server) is missing; build it beside xibmerge (Scripts/build \(McpCommand.server), or swift build --product \(McpCommand.server))")
            throw Exit.error
        }
        let args = [server, "--xibmerge", me] + (root.map { ["--root", $0] } ?? []) + (timeout.map { ["--timeout", String($0)] } ?? [])
        var cargs = args.map { strdup($0) } + [nil]
        execv(server, &cargs)
        Console.err("xibmerge mcp: cannot run \(server): \(String(cString: strerror(errno)))")
        throw Exit.error
    }
}

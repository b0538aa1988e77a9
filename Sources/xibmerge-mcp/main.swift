import Foundation
import MCP

/// `xibmerge-mcp`: the Model Context Protocol server over standard input and output that
/// `xibmerge mcp` starts (doc/mcp.md). A program of its own, so that the merge driver's
/// binary and start-up carry none of the SDK.
enum Main {
    static let usage = """
        Usage: xibmerge mcp [--root DIR] [--timeout SECONDS]
          (xibmerge-mcp [--root DIR] [--timeout SECONDS] [--xibmerge PATH])
        A Model Context Protocol server over standard input and output, for coding agents: tools outline, \
        diff, check, render, merge_preview, conflicts and resolve, on the files under DIR (default: the \
        working directory). Each tool call runs xibmerge (default: the one beside this program) and stops \
        it after SECONDS (default 120).

        """

    static func options(_ args: [String]) -> (root: String, timeout: Int, xibmerge: String?)? {
        var root = FileManager.default.currentDirectoryPath, timeout = 120, xibmerge: String?
        var rest = args[...]
        while let arg = rest.popFirst() {
            let value = rest.first
            switch arg {
            case "--root" where value != nil: root = rest.removeFirst()
            case "--xibmerge" where value != nil: xibmerge = rest.removeFirst()
            case "--timeout" where value.flatMap(Int.init).map { $0 > 0 } == true: timeout = Int(rest.removeFirst())!
            default: return nil
            }
        }
        return (root, timeout, xibmerge)
    }

    /// `xibmerge` beside this program (what `Scripts/build` and `swift build` produce, and an install copies).
    static func sibling() -> String? {
        guard let me = Bundle.main.executablePath.flatMap(Root.realPath) else { return nil }
        let path = URL(fileURLWithPath: me).deletingLastPathComponent().appendingPathComponent("xibmerge").path
        return FileManager.default.isExecutableFile(atPath: path) ? path : nil
    }

    /// The version the tools answer with is the CLI's own (`xibmerge --version`), so a release
    /// changes it in one place.
    static func version(of xibmerge: String) -> String {
        let process = Process()
        let pipe = Pipe()
        process.executableURL = URL(fileURLWithPath: xibmerge)
        process.arguments = ["--version"]
        process.standardOutput = pipe
        guard (try? process.run()) != nil else { return "unknown" }
        let out = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let text = String(decoding: out, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        return process.terminationStatus == 0 && !text.isEmpty ? text : "unknown"
    }

    static func fail(_ message: String) -> Never {
        FileHandle.standardError.write(Data(("xibmerge mcp: " + message + "\n").utf8))
        exit(2)
    }
}

let arguments = Array(CommandLine.arguments.dropFirst())
if arguments.first == "--help" || arguments.first == "-h" {
    FileHandle.standardOutput.write(Data(Main.usage.utf8))
    exit(0)
}
guard let options = Main.options(arguments) else { Main.fail("bad arguments\n" + Main.usage) }
guard let xibmerge = options.xibmerge ?? Main.sibling() else {
    Main.fail("no xibmerge beside \(CommandLine.arguments[0]); give its path with --xibmerge")
}
let root: Root
do { root = try Root(options.root) } catch { Main.fail(error.message) }

let handler = XibServer(runner: CommandRunner(executable: xibmerge, root: root, timeout: .seconds(options.timeout)))
let server = Server(
    name: "xibmerge", version: Main.version(of: xibmerge), title: "xibmerge: Interface Builder files as objects",
    instructions: """
        Tools for .xib and .storyboard files under \(root.path): read them as objects (outline, render), \
        compare versions (diff, merge_preview), check them against their project (check), and settle merge \
        conflicts per conflict (conflicts, then resolve with ours or theirs) instead of editing XML or markers \
        by hand. Paths are relative to that folder; nothing outside it is read.
        """,
    capabilities: .init(tools: .init(listChanged: false))
)
await server.withMethodHandler(ListTools.self) { _ in handler.listTools() }
await server.withMethodHandler(CallTool.self) { params in await handler.call(params) }
do {
    try await server.start(transport: StdioTransport())
} catch {
    Main.fail("cannot start: \(error)")
}
await server.waitUntilCompleted()

import Foundation
import MCP

/// Answers the protocol's tool calls by running `xibmerge` (see `CommandRunner`): each answer is
/// a short summary and the CLI's JSON (as text, byte for byte, and as structured content), or a
/// tool error with the CLI's own `file:line:column` message. No input ends the server.
struct XibServer: Sendable {
    let runner: CommandRunner

    func listTools() -> ListTools.Result {
        ListTools.Result(tools: XibTool.all.map(\.tool))
    }

    func call(_ params: CallTool.Parameters) async -> CallTool.Result {
        guard let tool = XibTool.all.first(where: { $0.name == params.name }) else {
            return failure("unknown tool '\(params.name)'; the tools are \(XibTool.all.map(\.name).joined(separator: ", "))")
        }
        do {
            let arguments = try ToolArguments(params.arguments, allowed: tool.argumentNames, root: runner.root)
            let command = try tool.command(arguments)
            return answer(tool, command, try await runner.run(command))
        } catch let error as ToolError {
            return failure(error.message)
        } catch {
            return failure("xibmerge could not be run: \(error)")
        }
    }

    private func answer(_ tool: XibTool, _ command: [String], _ r: CommandRunner.Result) -> CallTool.Result {
        let name = "xibmerge " + (command.first ?? "")
        if r.timedOut { return failure("\(name) ran longer than \(runner.timeout) and was stopped") }
        if let signal = r.signal { return failure("\(name) crashed (signal \(signal))\n" + r.errorText) }
        let stdout = String(decoding: r.stdout, as: UTF8.self)
        // 0: done; 1: found something (problems, conflicts): an answer, not a failure.
        guard r.status == 0 || r.status == 1 else {
            let message = r.errorText.trimmingCharacters(in: .whitespacesAndNewlines)
            let checkErrors = tool.output == .json ? decode(r.stdout).map { Summary.of(tool.name, $0) } : nil
            return failure(message.isEmpty ? checkErrors ?? "\(name) failed (exit \(r.status))" : message,
                           more: stdout.isEmpty ? [] : [stdout])
        }
        switch tool.output {
        case .svg:
            let warnings = r.errorText.split(separator: "\n").map { "  " + $0 }
            let summary = (["SVG wireframe, \(r.stdout.count) bytes."] + warnings).joined(separator: "\n")
            return CallTool.Result(content: [.text(text: summary, annotations: nil, _meta: nil),
                                             .text(text: stdout, annotations: nil, _meta: nil)], isError: false)
        case .json:
            let value = decode(r.stdout)
            return CallTool.Result(content: [.text(text: Summary.of(tool.name, value), annotations: nil, _meta: nil),
                                             .text(text: stdout, annotations: nil, _meta: nil)],
                                   structuredContent: value, isError: false)
        }
    }

    private func decode(_ data: Data) -> Value? {
        guard !data.isEmpty else { return nil }
        return try? JSONDecoder().decode(Value.self, from: data)
    }

    private func failure(_ message: String, more: [String] = []) -> CallTool.Result {
        CallTool.Result(content: ([message] + more).map { .text(text: $0, annotations: nil, _meta: nil) }, isError: true)
    }
}

import Foundation

/// Runs the `xibmerge` command line for a tool call, in the root, as a child process: the tool's
/// answer is the CLI's own output, byte for byte, and an input that makes the CLI fail, hang or
/// crash ends that child, never the server.
struct CommandRunner: Sendable {
    /// The `xibmerge` binary.
    let executable: String
    let root: Root
    /// A call still running after this long is stopped (SIGTERM, then SIGKILL).
    let timeout: Duration

    struct Result: Sendable {
        var status: Int32
        /// The signal that ended the child, if one did.
        var signal: Int32?
        var stdout: Data
        var stderr: Data
        var timedOut = false

        var errorText: String { String(decoding: stderr, as: UTF8.self) }
    }

    func run(_ arguments: [String]) async throws -> Result {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("xibmerge-mcp-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        // Files, not pipes: nothing to drain while waiting, whatever the output's size.
        let out = scratch.appendingPathComponent("stdout"), err = scratch.appendingPathComponent("stderr")
        _ = FileManager.default.createFile(atPath: out.path, contents: nil)
        _ = FileManager.default.createFile(atPath: err.path, contents: nil)
        let outHandle = try FileHandle(forWritingTo: out), errHandle = try FileHandle(forWritingTo: err)
        defer { try? outHandle.close(); try? errHandle.close() }

        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: root.path)
        // The server's standard input is the protocol's stream: the child must not read it.
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = outHandle
        process.standardError = errHandle
        var environment = ProcessInfo.processInfo.environment
        environment["NO_COLOR"] = "1"
        process.environment = environment

        let timedOut = try await runToEnd(process)
        return Result(status: process.terminationStatus,
                      signal: process.terminationReason == .uncaughtSignal ? process.terminationStatus : nil,
                      stdout: (try? Data(contentsOf: out)) ?? Data(), stderr: (try? Data(contentsOf: err)) ?? Data(),
                      timedOut: timedOut)
    }

    /// Starts the process and waits for its end; true when the timeout had to stop it.
    private func runToEnd(_ process: Process) async throws -> Bool {
        let start = ContinuousClock.now
        var watchdog: Task<Void, Error>?
        try await withCheckedThrowingContinuation { (ended: CheckedContinuation<Void, Error>) in
            process.terminationHandler = { _ in ended.resume() }
            do { try process.run() } catch {
                process.terminationHandler = nil
                return ended.resume(throwing: error)
            }
            let pid = process.processIdentifier, timeout = timeout
            watchdog = Task {
                try await Task.sleep(for: timeout)
                kill(pid, SIGTERM)
                try await Task.sleep(for: .seconds(2))
                kill(pid, SIGKILL)
            }
        }
        watchdog?.cancel()
        return process.terminationReason == .uncaughtSignal && ContinuousClock.now - start >= timeout
    }
}

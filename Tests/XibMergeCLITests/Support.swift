import CorpusSupport
import Foundation
import Testing

/// Locating and running the built `xibmerge` binary and the shared corpus.
enum CLI {
    static let packageRoot: URL = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The binary `swift test` built next to the test bundle.
    static var binary: String {
        let dir = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for candidate in [dir, dir.deletingLastPathComponent(), dir.deletingLastPathComponent().deletingLastPathComponent(),
                          dir.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()] {
            let p = candidate.appendingPathComponent("xibmerge").path
            if FileManager.default.isExecutableFile(atPath: p) { return p }
        }
        return packageRoot.appendingPathComponent(".build/debug/xibmerge").path
    }

    static var corpus: URL { Corpus.root }
    static var hasCorpus: Bool { Corpus.isAvailable }

    /// The corpus's document-format scenario folders of one set (`conflicts`, `clean`), sorted.
    static func documentScenarios(_ set: String) -> [URL] {
        Corpus.documentScenarios([set]).map(\.folder)
    }
    static let fixtures: URL = packageRoot.appendingPathComponent("Tests/Fixtures")

    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// Runs a program and waits; stdout and stderr are read concurrently so neither blocks.
    @discardableResult
    static func run(_ executable: String, _ arguments: [String], cwd: String? = nil, environment: [String: String]? = nil, stdin: String? = nil) throws -> Result {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: executable)
        p.arguments = arguments
        if let cwd { p.currentDirectoryURL = URL(fileURLWithPath: cwd) }
        if let environment { p.environment = environment }
        let out = Pipe(), err = Pipe()
        p.standardOutput = out
        p.standardError = err
        let inPipe = Pipe()
        p.standardInput = inPipe
        try p.run()
        if let stdin { inPipe.fileHandleForWriting.write(Data(stdin.utf8)) }
        try? inPipe.fileHandleForWriting.close()
        nonisolated(unsafe) var errData = Data()
        // A thread of its own, not Dispatch's pool, whose few threads a blocking read would hold
        // from other tests (parallelMap's).
        let done = DispatchSemaphore(value: 0)
        Thread {
            errData = readAll(err.fileHandleForReading.fileDescriptor)
            done.signal()
        }.start()
        let outData = readAll(out.fileHandleForReading.fileDescriptor)
        done.wait()
        p.waitUntilExit()
        return Result(status: p.terminationStatus, stdout: String(decoding: outData, as: UTF8.self), stderr: String(decoding: errData, as: UTF8.self))
    }

    /// Reads a pipe to its end, retrying reads a signal interrupted (FileHandle's
    /// readDataToEndOfFile traps on EINTR when many child processes run at once).
    /// Starts `argv[0]` (searched on PATH) as a shell would: no signal blocked or ignored. The
    /// test's thread, a Dispatch worker, blocks them all, and a child would inherit that.
    /// Returns posix_spawnp's result and the child's process id.
    static func spawnAsShellWould(_ argv: [UnsafeMutablePointer<CChar>?], _ envp: [UnsafeMutablePointer<CChar>?],
                                  actions: UnsafePointer<posix_spawn_file_actions_t>? = nil) -> (Int32, pid_t) {
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t(), all = sigset_t()
        sigemptyset(&none)
        sigfillset(&all)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        var pid = pid_t()
        let result = posix_spawnp(&pid, argv[0]!, actions, &attributes, argv, envp)
        return (result, pid)
    }

    static func readAll(_ fd: Int32) -> Data {
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n > 0 { data.append(contentsOf: buffer[0..<n]); continue }
            if n < 0 && errno == EINTR { continue }
            return data
        }
    }

    static func xibmerge(_ arguments: [String], cwd: String? = nil, environment: [String: String]? = nil) throws -> Result {
        try run(binary, arguments, cwd: cwd, environment: environment)
    }

    @discardableResult
    static func git(_ arguments: [String], cwd: String, environment: [String: String]? = nil) throws -> Result {
        try run("/usr/bin/env", ["git"] + arguments, cwd: cwd, environment: environment)
    }

    /// A scratch folder under this process's one parent in the temporary directory, which is
    /// removed when the test process exits: a run leaves nothing behind, whichever test fails.
    static func temporaryDirectory() throws -> String {
        let url = URL(fileURLWithPath: scratchParent).appendingPathComponent(UUID().uuidString)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url.path
    }
}

private let scratchParent: String = {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("xibmerge-tests-\(getpid())").path
    atexit { try? FileManager.default.removeItem(atPath: scratchParent) }
    return path
}()

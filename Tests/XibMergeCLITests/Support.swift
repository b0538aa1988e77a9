import CorpusSupport
import Foundation
import Testing
import XibGit

/// Locating and running the built `xibmerge` binary and the shared corpus.
enum CLI {
    static let packageRoot: URL = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The binary built next to the test bundle (`swift test`, Xcode).
    static let binary: String = {
        let bundle = Bundle(for: BundleMarker.self)
        let image = bundle.executableURL ?? bundle.bundleURL
        return locateBinary(besideImage: image.path) ?? packageRoot.appendingPathComponent(".build/debug/xibmerge").path
    }()
    private final class BundleMarker {}

    /// The `xibmerge` beside the test bundle whose code is at `image`: the products folder holds
    /// both, and the bundle's code is the bundle itself (`swift test` on Linux) or three folders
    /// down in it (`….xctest/Contents/MacOS/…` on macOS, Xcode's products folder included). Not
    /// from argv[0], which names the runner there (`xctest`, `swiftpm-testing-helper`).
    static func locateBinary(besideImage image: String) -> String? {
        var folder = URL(fileURLWithPath: image).deletingLastPathComponent()
        for _ in 0..<4 {
            let candidate = folder.appendingPathComponent("xibmerge").path
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
            folder.deleteLastPathComponent()
        }
        return nil
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
                                  actions: SpawnFileActions = SpawnFileActions()) -> (Int32, pid_t) {
        let attributes = SpawnAttributes()
        attributes.resetSignals()
        return Subprocess.spawn(argv, environment: envp, actions: actions, attributes: attributes)
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
    /// Its real path (`/private/var/folders/...` on macOS), as git and libgit2 report paths.
    static func temporaryDirectory() throws -> String {
        let url = URL(fileURLWithPath: scratchParent).appendingPathComponent(UUID().uuidString)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url.path
    }
}

private let scratchParent: String = {
    // realpath(3), not `resolvingSymlinksInPath`, which on Apple's Foundation takes `/private` off again.
    let temporary = FileManager.default.temporaryDirectory.path
    let real = realpath(temporary, nil).map { resolved in
        defer { free(resolved) }
        return String(cString: resolved)
    } ?? temporary
    let path = real + "/xibmerge-tests-\(getpid())"
    atexit { try? FileManager.default.removeItem(atPath: scratchParent) }
    return path
}()

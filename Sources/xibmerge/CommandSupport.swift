import XibKit
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Output formats shared by the subcommands that report.
enum OutputFormat: String, ArgumentValue, CaseIterable {
    case text, json, markdown
}

/// The exit codes every subcommand uses.
enum Exit {
    static let foundSomething = ExitCode(1)
    static let error = ExitCode(2)
}

enum Console {
    static func out(_ s: String) { write(fd: 1, s) }

    static func outBytes(_ b: [UInt8]) { write(fd: 1, b) }

    static func err(_ s: String) { write(fd: 2, s.hasSuffix("\n") ? s : s + "\n") }

    private static func write(fd: Int32, _ s: String) { write(fd: fd, Array(s.utf8)) }

    private static func write(fd: Int32, _ b: [UInt8]) {
        var bytes = b[...]
        while !bytes.isEmpty {
            let n = bytes.withUnsafeBytes { raw in
                #if canImport(Glibc)
                Glibc.write(fd, raw.baseAddress, raw.count)
                #else
                Darwin.write(fd, raw.baseAddress, raw.count)
                #endif
            }
            if n <= 0 { return }
            bytes = bytes.dropFirst(n)
        }
    }

    static var stdoutIsTerminal: Bool { isatty(1) == 1 }
}

/// What the running process is, read the way each system allows.
enum ThisProcess {
    /// The running executable's real path (symlinks resolved), or nil if the system won't say.
    static func executablePath() -> String? {
        #if os(Linux)
        let path = "/proc/self/exe"
        #elseif canImport(Darwin)
        var size: UInt32 = 0
        _ = _NSGetExecutablePath(nil, &size)
        var buffer = [CChar](repeating: 0, count: Int(size) + 1)
        guard _NSGetExecutablePath(&buffer, &size) == 0 else { return nil }
        let path = String(cString: buffer)
        #else
        return nil
        #endif
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}

/// `--jobs N` (`-j N`, `-jN`), for the commands that spread files or commits over cores (`parallelMap`).
enum JobsOption {
    static let specs: [ArgumentSpec] = [.option(.jobs, short: "j", value: "N", of: Int.self, help: "Use at most N cores (default: all).")]

    static func jobs(_ parsed: ParsedArguments) throws -> Int? {
        let jobs: Int? = try parsed.value(.jobs)
        if let jobs, jobs < 1 { throw ArgumentError("--jobs must be at least 1") }
        return jobs
    }
}

/// What a subcommand does, on plain values, built by its `CommandSpec` from the parsed arguments.
protocol CommandRun {
    func run() throws
}

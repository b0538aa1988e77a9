import ArgumentParser
import XibKit
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Output formats shared by the subcommands that report.
enum OutputFormat: String, ExpressibleByArgument, CaseIterable {
    case text, json, markdown
}

/// The exit codes every subcommand uses.
enum Exit {
    static let foundSomething = ExitCode(1)
    static let error = ExitCode(2)
}

enum Console {
    static func out(_ s: String) { write(fd: 1, s) }

    static func err(_ s: String) { write(fd: 2, s.hasSuffix("\n") ? s : s + "\n") }

    private static func write(fd: Int32, _ s: String) {
        var bytes = Array(s.utf8)[...]
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
    /// The environment block for `posix_spawn` and `execve`. Darwin's Swift overlay does not
    /// declare `environ`; `_NSGetEnviron` is its documented accessor.
    static var environment: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?> {
        #if canImport(Darwin)
        return _NSGetEnviron().pointee!
        #else
        return environ
        #endif
    }

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

/// `--jobs N`, for the commands that spread files over cores (`parallelMap`).
struct JobsOption: ParsableArguments {
    @Option(name: [.customShort("j", allowingJoined: true), .long], help: ArgumentHelp("Use at most N cores (default: all).", valueName: "N"))
    var jobs: Int?

    func validate() throws {
        if let jobs, jobs < 1 { throw ValidationError("--jobs must be at least 1") }
    }
}

/// Another program, run to completion.
enum Subprocess {
    /// What a program found on the PATH writes on its standard output (its standard error goes
    /// to /dev/null); nil when it cannot run or exits with a status other than 0.
    static func output(_ arguments: [String]) -> [UInt8]? {
        var out: [Int32] = [0, 0]
        guard pipe(&out) == 0 else { return nil }
        for fd in out { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, out[1], 1)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let argv = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid = pid_t()
        let spawned = posix_spawnp(&pid, arguments[0], &actions, nil, argv, ThisProcess.environment)
        close(out[1])
        defer { close(out[0]) }
        guard spawned == 0 else { return nil }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let n = read(out[0], &buffer, buffer.count)
            if n > 0 { bytes += buffer[0..<n] } else if n < 0 && errno == EINTR { continue } else { break }
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        return status == 0 ? bytes : nil
    }
}

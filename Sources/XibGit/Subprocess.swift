#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Another program (git itself, where libgit2 cannot do what git does), run to completion: the
/// one place xibmerge starts one and reads what it writes.
public enum Subprocess {
    /// The environment block a child process inherits. Darwin's Swift overlay does not declare
    /// `environ`; `_NSGetEnviron` is its documented accessor.
    public static var environment: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?> {
        #if canImport(Darwin)
        return _NSGetEnviron().pointee!
        #else
        return environ
        #endif
    }

    /// Runs `arguments` (the program found on the PATH) with standard input from the descriptor
    /// `input` (else /dev/null) and returns its exit status and what it wrote on descriptor
    /// `capture` (1 or 2; the other goes to /dev/null); nil when it cannot start. Reading to the
    /// end before waiting: a child that fills the pipe is never left blocked.
    public static func run(_ arguments: [String], input: Int32? = nil, capture: Int32 = 1) -> (status: Int32, output: [UInt8])? {
        var out: [Int32] = [0, 0]
        guard pipe(&out) == 0 else { return nil }
        for fd in out { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        if let input { posix_spawn_file_actions_adddup2(&actions, input, 0) } else {
            posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        }
        posix_spawn_file_actions_adddup2(&actions, out[1], capture)
        posix_spawn_file_actions_addopen(&actions, capture == 1 ? 2 : 1, "/dev/null", O_WRONLY, 0)
        let argv = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid = pid_t()
        let spawned = posix_spawnp(&pid, arguments[0], &actions, nil, argv, environment)
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
        return (status, bytes)
    }
}

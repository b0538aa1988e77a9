#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Another program (git itself, where libgit2 cannot do what git does), run to completion: the
/// one place xibmerge starts one and reads what it writes. What differs between Glibc and Darwin
/// in starting a process is said here and nowhere else (`Scripts/lint` holds the rest of the
/// tree to that).
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
        let actions = SpawnFileActions()
        if let input { actions.duplicate(input, to: 0) } else { actions.open(0, "/dev/null", O_RDONLY) }
        actions.duplicate(out[1], to: capture)
        actions.open(capture == 1 ? 2 : 1, "/dev/null", O_WRONLY)
        let argv = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        let (spawned, pid) = spawn(argv, actions: actions)
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

    /// Starts `argv[0]` (searched on the PATH unless `searchPath` is false) with the arguments
    /// `argv` (nil-terminated), the environment `environment` (nil-terminated; this process's by
    /// default), `actions` on its descriptors and `attributes`. Returns posix_spawn's result (0, or
    /// an errno) and the child's process id; the caller waits for it.
    public static func spawn(_ argv: [UnsafeMutablePointer<CChar>?],
                             environment: UnsafePointer<UnsafeMutablePointer<CChar>?> = UnsafePointer(Subprocess.environment),
                             actions: SpawnFileActions = SpawnFileActions(), attributes: SpawnAttributes = SpawnAttributes(),
                             searchPath: Bool = true) -> (result: Int32, pid: pid_t) {
        var pid = pid_t()
        let start = searchPath ? posix_spawnp : posix_spawn
        let result = start(&pid, argv[0]!, &actions.raw, &attributes.raw, argv, environment)
        return (result, pid)
    }
}

/// posix_spawn's file actions. On Glibc `posix_spawn_file_actions_t` is a struct made in place;
/// on Darwin `<spawn.h>` declares it `typedef void *posix_spawn_file_actions_t;`, which Swift
/// imports as an optional raw pointer with no `init()`, and `posix_spawn_file_actions_init`
/// allocates what it points to. Hence the one `#if`, here.
public final class SpawnFileActions {
    #if canImport(Darwin)
    fileprivate var raw: posix_spawn_file_actions_t? = nil
    #else
    fileprivate var raw = posix_spawn_file_actions_t()
    #endif

    public init() { posix_spawn_file_actions_init(&raw) }
    deinit { posix_spawn_file_actions_destroy(&raw) }

    /// The child opens `path` (with `flags`) as descriptor `fd`.
    public func open(_ fd: Int32, _ path: String, _ flags: Int32) {
        posix_spawn_file_actions_addopen(&raw, fd, path, flags, 0)
    }

    /// The child's descriptor `to` is a copy of this process's `from`.
    public func duplicate(_ from: Int32, to: Int32) {
        posix_spawn_file_actions_adddup2(&raw, from, to)
    }
}

/// posix_spawn's attributes: a struct on Glibc, `typedef void *posix_spawnattr_t;` on Darwin
/// (as `SpawnFileActions`).
public final class SpawnAttributes {
    #if canImport(Darwin)
    fileprivate var raw: posix_spawnattr_t? = nil
    #else
    fileprivate var raw = posix_spawnattr_t()
    #endif

    public init() { posix_spawnattr_init(&raw) }
    deinit { posix_spawnattr_destroy(&raw) }

    /// The child starts as a shell starts a program: no signal blocked, every signal handled the
    /// default way, whatever this thread blocks (a Dispatch worker blocks them all).
    public func resetSignals() {
        var none = sigset_t(), all = sigset_t()
        sigemptyset(&none)
        sigfillset(&all)
        posix_spawnattr_setsigmask(&raw, &none)
        posix_spawnattr_setsigdefault(&raw, &all)
        posix_spawnattr_setflags(&raw, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
    }
}

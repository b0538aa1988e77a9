#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// Sources/XibGit/Subprocess.swift and Tests/XibMergeCLITests/Support.swift before issue 36.
func run(_ arguments: [String], environment: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> pid_t? {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    let argv = arguments.map { strdup($0) } + [nil]
    defer { argv.forEach { free($0) } }
    var pid = pid_t()
    guard posix_spawnp(&pid, arguments[0], &actions, &attributes, argv, environment) == 0 else { return nil }
    return pid
}

#if os(macOS)
let thread = pthread_t()
#endif

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// What Sources/XibGit/Subprocess.swift does now: the struct only where Darwin never compiles it.
final class SpawnFileActions {
    #if canImport(Darwin)
    var raw: posix_spawn_file_actions_t? = nil
    #else
    var raw = posix_spawn_file_actions_t()
    #endif

    init() { posix_spawn_file_actions_init(&raw) }
    deinit { posix_spawn_file_actions_destroy(&raw) }
}

#if os(Linux)
let attributes = posix_spawnattr_t()
#elseif canImport(Darwin)
var darwinAttributes: posix_spawnattr_t? = nil
#else
let other = posix_spawnattr_t()
#endif

// A comment naming posix_spawn_file_actions_t() is no use of it.
let message = "posix_spawnattr_t() is a pointer on Darwin"

internal import CLibGit2
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// Internal plumbing shared by the wrapper types. Nothing here is public: no C type leaves XibGit.

/// libgit2 must be initialised once per process before any call; a global `let` is lazy and thread-safe.
private let libgit2InitResult: Int32 = {
    let rc = git_libgit2_init()
    // libgit2 hashes every object it reads to check it against its name; git does not (`fsck`
    // and fetches check objects). Reading a long history, the hashing is a large share of
    // `xibmerge log`'s time (doc/performance.md).
    _ = xibgit_opts_set_strict_hash_verification(0)
    return rc
}()

/// Call at every entry point that may be the first use of libgit2.
@inline(__always) func ensureLibGit2() { _ = libgit2InitResult }

/// Throws a `GitError` (with libgit2's last message) when a libgit2 call returned a negative code.
func check(_ code: Int32, _ operation: @autoclosure () -> String) throws {
    if code < 0 { throw GitError(libgit2Code: code, operation: operation()) }
}

extension String {
    /// Decodes a libgit2 (UTF-8, NUL-terminated) string; nil pointers become nil.
    init?(libgit2 pointer: UnsafePointer<CChar>?) {
        guard let pointer else { return nil }
        self.init(cString: pointer)
    }

    /// libgit2 reports directories with a trailing slash; callers get them without.
    var withoutTrailingSlash: String {
        var s = self
        while s.count > 1 && s.hasSuffix("/") { s.removeLast() }
        return s
    }
}

/// Runs `body` with a `git_buf`, then returns its content as a String and disposes of it.
func withGitBuf(_ body: (inout git_buf) throws -> Void) rethrows -> String {
    var buf = git_buf()
    defer { git_buf_dispose(&buf) }
    try body(&buf)
    guard let ptr = buf.ptr else { return "" }
    return String(decoding: UnsafeRawBufferPointer(start: ptr, count: buf.size), as: UTF8.self)
}

/// Builds a `git_strarray` whose strings live only for the duration of `body`.
func withStrArray<T>(_ strings: [String], _ body: (git_strarray) throws -> T) rethrows -> T {
    var pointers: [UnsafeMutablePointer<CChar>?] = strings.map { strdup($0) }
    defer { pointers.forEach { free($0) } }
    return try pointers.withUnsafeMutableBufferPointer { buffer in
        try body(git_strarray(strings: buffer.baseAddress, count: buffer.count))
    }
}

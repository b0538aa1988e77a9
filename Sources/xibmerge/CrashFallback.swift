import XibKit
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Nothing lost, even on a crash: before the structural merge runs, the line-based merge
/// (with conflict markers) is written to a temporary file beside the target; a fatal signal
/// renames it into place and exits 1, as a conflicted merge would. Only async-signal-safe
/// calls run in the handler.
enum CrashFallback {
    nonisolated(unsafe) private static var tmpPath: UnsafeMutablePointer<CChar>?
    nonisolated(unsafe) private static var targetPath: UnsafeMutablePointer<CChar>?
    nonisolated(unsafe) private static var message: UnsafeMutablePointer<CChar>?

    static func arm(target: String, fallback: LineMerge.Result, ours: [UInt8], path: String) {
        var bytes = fallback.bytes
        if fallback.conflicts == 0 {
            // A clean line merge is still not a verified result: keep ours' bytes untouched
            // and let git report the conflict.
            bytes = ours
        }
        let dir = target.contains("/") ? String(target[..<target.lastIndex(of: "/")!]) : "."
        let tmp = (dir.isEmpty ? "" : dir) + "/.xibmerge-crash-\(getpid())"
        let fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard fd >= 0 else { return }
        _ = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        close(fd)
        tmpPath = strdup(tmp)
        targetPath = strdup(target)
        message = strdup(fallback.conflicts == 0
            ? "xibmerge: internal error while merging \(path); left our version unchanged and reported a conflict\n"
            : "xibmerge: internal error while merging \(path); wrote a line-based merge with conflict markers instead\n")
        for sig in [SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGABRT, SIGFPE] {
            signal(sig, crashHandler)
        }
    }

    static func disarm() {
        for sig in [SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGABRT, SIGFPE] { signal(sig, SIG_DFL) }
        if let tmpPath { unlink(tmpPath) }
        tmpPath = nil
    }

    fileprivate static func fire() {
        guard let tmpPath, let targetPath else { _exit(2) }
        rename(tmpPath, targetPath)
        if let message { write(2, message, strlen(message)) }
        _exit(1)
    }
}

private func crashHandler(_ signal: Int32) {
    CrashFallback.fire()
}

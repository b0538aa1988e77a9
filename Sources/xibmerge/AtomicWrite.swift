import XibKit
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// How the commands write a file: `FileIO.writeAtomically`, with the signals that end a
/// process on a user's request (Ctrl-C, `kill`, a closed terminal) held until the temporary
/// file is renamed or removed, so that they never leave one in the work tree; they take effect
/// right after. A temporary file that a process killed outright (SIGKILL, a power loss) left
/// is removed by the next write beside it, once its process is gone.
enum AtomicWrite {
    private static let held = [SIGINT, SIGTERM, SIGHUP, SIGQUIT]

    static func write(_ bytes: [UInt8], to path: String, flushed: Bool = true) throws(FileIO.WriteError) {
        removeStaleTemporaryFiles(beside: path)
        var mask = sigset_t(), previous = sigset_t()
        sigemptyset(&mask)
        for sig in held { sigaddset(&mask, sig) }
        pthread_sigmask(SIG_BLOCK, &mask, &previous)
        defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }
        try FileIO.writeAtomically(bytes, to: path, flushed: flushed, beforeRename: pauseForTests)
    }

    /// Temporary files of processes that no longer run (`kill(pid, 0)` fails with ESRCH). A
    /// reused process id only keeps a stale file a while longer.
    static func removeStaleTemporaryFiles(beside path: String) {
        let (dir, files) = FileIO.temporaryFiles(beside: path)
        for file in files where file.pid != getpid() && kill(file.pid, 0) != 0 && errno == ESRCH {
            unlink("\(dir)/\(file.name)")
        }
    }

    /// `XIBMERGE_TEST_PAUSE_BEFORE_RENAME=SECONDS`: the tests interrupt a write there.
    private static func pauseForTests() {
        guard let value = getenv("XIBMERGE_TEST_PAUSE_BEFORE_RENAME"), let seconds = Double(String(cString: value)) else { return }
        usleep(UInt32(seconds * 1_000_000))
    }
}

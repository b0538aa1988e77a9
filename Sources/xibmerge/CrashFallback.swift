import XibGit
import XibKit
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Nothing lost, even on a crash: a fatal signal during the merge re-executes xibmerge, with
/// the same arguments, in a mode that only makes the line-based merge (with conflict markers),
/// writes it to the target and exits 1, as a conflicted merge would. `execve` is
/// async-signal-safe, and the new process trusts nothing of the one that crashed; everything
/// it needs (the executable, the arguments, the environment) is prepared when arming.
enum CrashFallback {
    /// Set in the environment of the re-executed process.
    static let environmentFlag = "XIBMERGE_AFTER_CRASH"

    nonisolated(unsafe) private static var executable: UnsafeMutablePointer<CChar>?
    nonisolated(unsafe) private static var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
    nonisolated(unsafe) private static var envp: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?

    private static let signals = [SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGABRT, SIGFPE]

    /// Whether this process is the re-executed one.
    static var isAfterCrash: Bool { getenv(environmentFlag) != nil }

    static func arm() {
        guard let exe = ThisProcess.executablePath() else { return }
        let arguments = CommandLine.arguments
        let args = UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>.allocate(capacity: arguments.count + 1)
        for (i, a) in arguments.enumerated() { args[i] = strdup(a) }
        args[arguments.count] = nil
        var environment: [UnsafeMutablePointer<CChar>?] = []
        var e = Subprocess.environment
        while let entry = e.pointee {
            environment.append(entry)
            e += 1
        }
        environment.append(strdup("\(environmentFlag)=1"))
        let env = UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>.allocate(capacity: environment.count + 1)
        for (i, entry) in environment.enumerated() { env[i] = entry }
        env[environment.count] = nil
        executable = strdup(exe)
        argv = args
        envp = env
        for sig in signals { signal(sig, crashHandler) }
    }

    static func disarm() {
        for sig in signals { signal(sig, SIG_DFL) }
        executable = nil
    }

    fileprivate static func fire() {
        guard let executable, let argv, let envp else { _exit(2) }
        // The handled signal stays blocked across execve: unblock it (and the others) so
        // that a crash of the line-based merge itself ends that process as usual.
        var none = sigset_t()
        sigemptyset(&none)
        sigprocmask(SIG_SETMASK, &none, nil)
        for sig in signals { signal(sig, SIG_DFL) }
        execve(executable, argv, envp)
        _exit(2)
    }
}

private func crashHandler(_ signal: Int32) {
    CrashFallback.fire()
}

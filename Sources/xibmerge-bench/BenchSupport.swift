import Foundation
import XibGit
import XibKit

/// Timing and subprocess helpers shared by the benchmarks. Every figure is reported as a
/// ratio against a baseline measured in the same run, so machines can be compared.
enum Bench {
    static func now() -> UInt64 { DispatchTime.now().uptimeNanoseconds }

    /// Writes a benchmark's input (as every command writes a file, `FileIO.writeAtomically`),
    /// or stops: a figure measured on a file that was not written would be a figure of an error.
    static func write(_ bytes: [UInt8], to path: String) {
        do { try FileIO.writeAtomically(bytes, to: path) } catch { fatalError("xibmerge-bench: could not write \(path): \(error)") }
    }

    /// Median wall time in seconds of `runs` executions of `body`.
    static func median(runs: Int, _ body: () throws -> Void) rethrows -> Double {
        var times: [Double] = []
        for _ in 0..<runs {
            let t0 = now()
            try body()
            times.append(Double(now() - t0) / 1e9)
        }
        times.sort()
        return times[times.count / 2]
    }

    /// Runs a program to completion with posix_spawn (Foundation's Process adds tens of
    /// milliseconds that would swamp the figures), output discarded; returns its exit status.
    @discardableResult
    static func run(_ executable: String, _ arguments: [String]) -> Int32 {
        var usage = rusage()
        return run(executable, arguments, usage: &usage)
    }

    /// Runs a program as `run` does; returns its wall time and its CPU time (user and system,
    /// all its threads) in seconds. On a machine other work keeps busy, the CPU time says what
    /// the wall time cannot: how much work the program did.
    static func measure(_ executable: String, _ arguments: [String]) -> (wall: Double, cpu: Double) {
        var usage = rusage()
        let t0 = now()
        run(executable, arguments, usage: &usage)
        func seconds(_ t: timeval) -> Double { Double(t.tv_sec) + Double(t.tv_usec) / 1e6 }
        return (Double(now() - t0) / 1e9, seconds(usage.ru_utime) + seconds(usage.ru_stime))
    }

    /// Runs a program as `run` does; returns its peak resident memory in bytes. Through GNU
    /// `time` where there is one: posix_spawn starts the child in the parent's memory (a vfork),
    /// and Linux counts the parent's peak as the child's, so a bench holding a generated 12 MB
    /// file measured every command at the bench's own size; `time` forks the child from a small
    /// process.
    static func peakMemory(_ executable: String, _ arguments: [String]) -> Int {
        // GNU time on Linux only: macOS's /usr/bin/time is BSD's (no -f), and Darwin's posix_spawn
        // is no vfork, so there the child's own figure is right.
        let time = "/usr/bin/time"
        guard isLinux, FileManager.default.isExecutableFile(atPath: time) else {
            var usage = rusage()
            run(executable, arguments, usage: &usage)
            return bytes(maxRSS: usage)
        }
        let out = NSTemporaryDirectory() + "xibmerge-bench-time-\(getpid())"
        defer { try? FileManager.default.removeItem(atPath: out) }
        run(time, ["-f", "%M", "-o", out, executable] + arguments)
        let text = (try? String(contentsOfFile: out, encoding: .utf8)) ?? ""
        // The last line: `time` writes "Command exited with non-zero status N" before it.
        let kilobytes = text.split(separator: "\n").last.flatMap { Int($0.trimmingCharacters(in: .whitespaces)) } ?? 0
        return kilobytes * 1024
    }

    /// `xibmerge-bench measure SECONDS REPORT PROGRAM [ARGUMENT...]` (Scripts/hostile-inputs):
    /// runs PROGRAM on this process's descriptors, kills it after SECONDS, and writes to REPORT
    /// one line: its wall time in seconds, its peak resident memory in bytes and its exit status,
    /// 124 when it was killed at the time-out (as GNU `timeout` says). What GNU `time -v` and
    /// `timeout` told, on macOS as well. On Linux the memory figure has this process's own peak
    /// (about 20 MB) as its floor, posix_spawn starting the child in its memory (`peakMemory`):
    /// nothing beside the hundreds of megabytes the hostile inputs take.
    static func measure(timeout seconds: Double, report: String, _ command: [String]) -> Int32 {
        let argv: [UnsafeMutablePointer<CChar>?] = command.map { strdup($0) } + [nil]
        defer { for p in argv { free(p) } }
        let t0 = now()
        let (spawned, pid) = Subprocess.spawn(argv)
        guard spawned == 0 else { return 127 }
        let deadline = DispatchWorkItem { kill(pid, SIGKILL) }
        DispatchQueue.global().asyncAfter(deadline: .now() + seconds, execute: deadline)
        var status: Int32 = 0, usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0 && errno == EINTR {}
        deadline.cancel()
        let wall = Double(now() - t0) / 1e9
        let signal = status & 0x7f
        let code = signal == SIGKILL && wall >= seconds ? 124 : signal != 0 ? 128 + signal : (status >> 8) & 0xff
        let line = "\(format(wall)) \(bytes(maxRSS: usage)) \(code)\n"
        guard FileManager.default.createFile(atPath: report, contents: Data(line.utf8)) else { return 2 }
        return 0
    }

    /// `ru_maxrss` in bytes: getrusage(2) gives kilobytes on Linux and bytes on Darwin.
    static func bytes(maxRSS usage: rusage) -> Int {
        isLinux ? usage.ru_maxrss * 1024 : usage.ru_maxrss
    }

    #if os(Linux)
    static let isLinux = true
    #else
    static let isLinux = false
    #endif

    @discardableResult
    private static func run(_ executable: String, _ arguments: [String], usage: inout rusage) -> Int32 {
        let actions = SpawnFileActions()
        actions.open(1, "/dev/null", O_WRONLY)
        actions.open(2, "/dev/null", O_WRONLY)
        let argv: [UnsafeMutablePointer<CChar>?] = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { for p in argv { free(p) } }
        let (spawned, pid) = Subprocess.spawn(argv, actions: actions, searchPath: false)
        guard spawned == 0 else { return -1 }
        var status: Int32 = 0
        while wait4(pid, &status, 0, &usage) < 0 && errno == EINTR {}
        return (status & 0x7f) == 0 ? (status >> 8) & 0xff : -1
    }

    static func which(_ name: String) -> String? {
        for dir in (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":") {
            let p = "\(dir)/\(name)"
            if FileManager.default.isExecutableFile(atPath: p) { return p }
        }
        return nil
    }

    static func format(_ x: Double, _ digits: Int = 2) -> String { String(format: "%.\(digits)f", x) }

    /// Document-format scenario folders under the corpus, largest first (by ours' size).
    static func scenarios(corpus: String) -> [(dir: String, ext: String, bytes: Int)] {
        var out: [(String, String, Int)] = []
        let fm = FileManager.default
        for set in ["conflicts", "clean"] {
            let root = "\(corpus)/scenarios/\(set)"
            for name in (try? fm.contentsOfDirectory(atPath: root)) ?? [] {
                let dir = "\(root)/\(name)"
                guard let meta = fm.contents(atPath: "\(dir)/meta.json"),
                      String(decoding: meta, as: UTF8.self).contains("\"file_format\": \"document\"") else { continue }
                let ext = fm.fileExists(atPath: "\(dir)/ours.xib") ? "xib" : "storyboard"
                out.append((dir, ext, FileIO.size("\(dir)/ours.\(ext)") ?? 0))
            }
        }
        return out.sorted { $0.2 > $1.2 }
    }
}

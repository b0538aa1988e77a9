import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Promises of issue 18 that show only from outside the process: an interrupted merge leaves no
/// temporary file in the work tree, and messages inside git name the path, not git's scratch files.
@Suite struct MergePromiseCLITests {
    typealias Inputs = MergeCLITests.Inputs

    /// `xibmerge merge` started in the background, paused (by a test hook) with its temporary
    /// file written and not yet renamed; returns its process id once the temporary file is there.
    static func pausedMerge(_ c: Inputs) throws -> pid_t {
        let arguments = [CLI.binary, "merge", c.path("base"), c.path("ours"), c.path("theirs"), "UI/Fixture.\(c.ext)"]
        let environment = ProcessInfo.processInfo.environment.map { "\($0.key)=\($0.value)" } + ["XIBMERGE_TEST_PAUSE_BEFORE_RENAME=1.5"]
        let argv = arguments.map { strdup($0) } + [nil], envp = environment.map { strdup($0) } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        let (spawned, pid) = CLI.spawnAsShellWould(argv, envp)
        try #require(spawned == 0, "posix_spawn: \(spawned)")
        var waited = 0
        while try c.leftovers().isEmpty && waited < 600 {
            usleep(10_000)
            waited += 1
        }
        let left = try c.leftovers()
        #expect(left.first?.hasPrefix(".xibmerge-\(pid)-") == true, "no temporary file appeared: \(left)")
        return pid
    }

    /// The signal that ended the process, or nil if it exited.
    static func endingSignal(_ pid: pid_t) -> Int32? {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        return status & 0x7f != 0 ? status & 0x7f : nil
    }

    /// A real process, interrupted by each signal a user sends while it writes: the result is
    /// whole (the merge written, or ours as it was) and no temporary file is left.
    @Test(arguments: [SIGINT, SIGTERM, SIGHUP])
    func aSignalDuringTheWriteLeavesNoTemporaryFile(_ sig: Int32) throws {
        let c = try Inputs("both-add-outlets")
        let p = try Self.pausedMerge(c)
        kill(p, sig)
        #expect(Self.endingSignal(p) == sig)
        let left = try c.leftovers()
        #expect(left.isEmpty, "left: \(left)")
        let whole = [try c.original("ours"), try c.original("expected")]
        #expect(whole.contains(try #require(c.current("ours"))))
    }

    /// SIGKILL cannot be caught: the next write beside the file removes what the dead process left.
    @Test func theNextRunRemovesWhatAKilledProcessLeft() throws {
        let c = try Inputs("both-add-outlets")
        let p = try Self.pausedMerge(c)
        kill(p, SIGKILL)
        #expect(Self.endingSignal(p) == SIGKILL)
        let left = try c.leftovers()
        #expect(left.count == 1, "the killed process left no temporary file to clean up")
        // A temporary file of a process that runs (this one) stays.
        let live = ".xibmerge-\(getpid())-abcdef"
        try Data().write(to: URL(fileURLWithPath: "\(c.dir)/\(live)"))
        let r = try c.merge()
        #expect(r.status == 0, "\(r.stderr)")
        let after = try c.leftovers()
        #expect(after == [live])
    }

    /// Inside git, base and theirs are scratch files: a message about one names the path (`%P`)
    /// and the version, and a message about a whole file has no line and column.
    @Test func messagesInsideGitNameThePathAndTheVersion() throws {
        let xib = try Inputs("attribute-conflict")
        let g = try MergeCLITests.Repository(["UI/Cell.xib": xib])
        defer { try? FileManager.default.removeItem(atPath: g.root) }
        try g.installDriver()
        try g.git("checkout", "-q", "feature")
        let text = try xib.original("theirs")
        try text.prefix(text.count / 2).write(to: URL(fileURLWithPath: g.repo + "/UI/Cell.xib"))
        try g.commit("truncated")
        try g.git("checkout", "-q", "main")
        let merge = try g.git("merge", "--no-edit", "feature", status: 1)
        #expect(merge.stderr.contains("UI/Cell.xib:") && merge.stderr.contains("their version"), "\(merge.stderr)")
        #expect(!merge.stderr.contains(".merge_file"), "\(merge.stderr)")

        let missing = try xib.merge(base: xib.dir + "/gone.xib")
        #expect(missing.status == 2)
        #expect(missing.stderr.hasPrefix("xibmerge: UI/Fixture.xib: error: base version (\(xib.dir)/gone.xib): cannot open file"), "\(missing.stderr)")
        let check = try CLI.xibmerge(["check", xib.dir + "/gone.xib"])
        #expect((check.stdout + check.stderr).contains("\(xib.dir)/gone.xib: error: cannot open file"), "\(check.stdout)\(check.stderr)")
        #expect(!(check.stdout + check.stderr).contains(":0:0"))
    }
}

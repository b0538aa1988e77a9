import Foundation
import Testing
import XibGit
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `xibmerge resolve --interactive` and `git mergetool --tool xibmerge`, run in a real
/// pseudo-terminal (a tmux session: keys typed with `send-keys`, the screen read with
/// `capture-pane`), on the real merge of `Tests/Fixtures/resolve/input-toolbar` (element-ios:
/// five conflicts), after the merge driver left it conflicted.
@Suite(.enabled(if: Terminal.isAvailable, "tmux is not installed (apt-get install tmux); skipping"))
struct ResolveTerminalTests {
    /// A repository whose `main` (ours) and `feature` (theirs) changed the fixture's file from a
    /// common base, with xibmerge installed, after `git merge feature` stopped on the conflicts.
    static func mergedRepository() throws -> GitSandbox {
        let g = try GitSandbox()
        let folder = CLI.fixtures.appendingPathComponent("resolve/input-toolbar")
        func version(_ stem: String) throws -> String { try String(contentsOf: folder.appendingPathComponent("\(stem).xib"), encoding: .utf8) }
        try g.commit("base", ["UI/Toolbar.xib": try version("base")])
        #expect(try g.xibmerge(["install"]).status == 0)
        try g.commit("Set up xibmerge")
        try g.git(["checkout", "-q", "-b", "feature"])
        try g.commit("theirs", ["UI/Toolbar.xib": try version("theirs")])
        try g.git(["checkout", "-q", "main"])
        try g.commit("ours", ["UI/Toolbar.xib": try version("ours")])
        #expect(try g.git(["merge", "--no-edit", "feature"], allowFailure: true).status == 1)
        #expect(try g.unmergedPaths() == ["UI/Toolbar.xib"])
        return g
    }

    static func markerCount(_ text: String) -> Int { text.split(separator: "\n").filter { $0.hasPrefix("<<<<<<< ") }.count }

    @Test func answersAreAppliedCheckedAndStagedAndQuittingKeepsThem() throws {
        let g = try Self.mergedRepository()
        let answers = g.repo + "/.git/xibmerge/resolve/UI%2FToolbar.xib"

        // First run, in colour (the sandbox sets NO_COLOR): keep theirs' changed constraint,
        // base's height, then quit.
        let first = try Terminal(g, "unset NO_COLOR; '\(CLI.binary)' resolve --interactive")
        let screen = try first.waitFor("conflict 1 of 5 (delete-edit)")
        #expect(screen.contains("RoomInputToolbarView > MainToolBar View > Message Composer Container > Constraint (top) (0jt-Ye-2DW)"))
        #expect(screen.contains("ours deleted it; theirs changed its equation to KeyboardGrowingTextView.top = Message Composer Container.top + 1"))
        #expect(screen.contains("theirs' edit:") && screen.contains("~ constraint (0jt-Ye-2DW)"), "the edit is shown:\n\(screen)")
        #expect(screen.contains("[o] ours: delete it  [t] theirs: keep it"))
        #expect(try first.screen(escapes: true).contains("\u{1B}["), "colour on a terminal")
        try first.type("t")
        let second = try first.waitFor("conflict 2 of 5 (attribute)")
        #expect(second.contains("[o] ours: 58  [t] theirs: 60  [b] base: 46"), "\(second)")
        try first.type("b")
        try first.waitFor("conflict 3 of 5")
        try first.type("q")
        #expect(try first.exitStatus() == 1)
        #expect(try first.screen().contains("2 of 5 conflict(s) answered (kept for the next run); 3 still marked in the file"))
        let halfway = try g.read("UI/Toolbar.xib")
        #expect(Self.markerCount(halfway) == 3)
        #expect(halfway.contains(#"constant="1" id="0jt-Ye-2DW"/>"#) && halfway.contains(#"constant="46" id="1FO-iu-urG"/>"#))
        #expect(FileManager.default.fileExists(atPath: answers))
        #expect(try g.unmergedPaths() == ["UI/Toolbar.xib"])

        // Second run, without colour: starts at conflict 3 and finishes.
        let rest = try Terminal(g, "NO_COLOR=1 '\(CLI.binary)' resolve --interactive")
        #expect(try !rest.waitFor("conflict 3 of 5").contains("conflict 2 of 5"))
        try rest.type("o")
        try rest.waitFor("conflict 4 of 5")
        try rest.type("t")
        try rest.waitFor("conflict 5 of 5")
        try rest.type("o")
        #expect(try rest.exitStatus() == 0)
        let finished = try rest.screen(escapes: true)
        #expect(!finished.contains("\u{1B}["), "NO_COLOR: no escape sequences")
        #expect(finished.contains("5 conflict(s) answered; written and checked") && finished.contains("UI/Toolbar.xib: staged"))
        #expect(try g.unmergedPaths().isEmpty)
        #expect(try g.gitOutput("status", "--porcelain", "--untracked-files=no") == "M  UI/Toolbar.xib")
        #expect(try g.xibmerge(["check", "UI/Toolbar.xib"]).status == 0)
        let resolved = try g.read("UI/Toolbar.xib")
        #expect(Self.markerCount(resolved) == 0)
        for line in [#"constant="1" id="0jt-Ye-2DW"/>"#, #"constant="46" id="1FO-iu-urG"/>"#, #"constant="13" id="NGr-2o-sOP"/>"#,
                     #"constant="10" id="WyZ-3i-OHi"/>"#, #"constant="58" id="Yjj-ua-rbe"/>"#] {
            #expect(resolved.contains(line), "\(line)")
        }
        #expect(!FileManager.default.fileExists(atPath: g.repo + "/.git/xibmerge"), "answers dropped once resolved")
        #expect(try g.git(["commit", "-q", "--no-edit"]).status == 0)
    }

    /// `git mergetool --tool xibmerge` as `install` set it up: git passes the three versions and
    /// the work-tree file, trusts the exit code, and stages the file.
    @Test func gitMergetoolRunsTheInteractiveResolution() throws {
        let g = try Self.mergedRepository()
        try g.git(["config", "mergetool.keepBackup", "false"])
        let tool = try Terminal(g, "git mergetool --tool xibmerge")
        for (i, key) in ["t", "t", "t", "t", "t"].enumerated() {
            try tool.waitFor("conflict \(i + 1) of 5")
            try tool.type(key)
        }
        let status = try tool.exitStatus(), screen = try tool.screen()
        #expect(status == 0, "\(screen)")
        #expect(try g.unmergedPaths().isEmpty)
        #expect(try g.gitOutput("status", "--porcelain") == "M  UI/Toolbar.xib")
        // Theirs taken in every conflict: what `--conflict-style theirs` writes.
        let folder = CLI.fixtures.appendingPathComponent("resolve/input-toolbar")
        let scratch = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        for stem in ["base", "ours", "theirs"] {
            try FileManager.default.copyItem(atPath: folder.appendingPathComponent("\(stem).xib").path, toPath: "\(scratch)/\(stem).xib")
        }
        #expect(try CLI.xibmerge(["merge", "--conflict-style", "theirs", "base.xib", "ours.xib", "theirs.xib"], cwd: scratch).status == 0)
        #expect(try g.read("UI/Toolbar.xib") == String(contentsOfFile: scratch + "/ours.xib", encoding: .utf8))
    }

    /// tmux cannot listen on a socket whose path is longer than `sun_path` (104 bytes on macOS):
    /// the test's socket fits, whatever the temporary folder.
    @Test func tmuxSocketFitsASocketAddress() throws {
        let longest = Terminal.socketPath(String(repeating: "f", count: 8))
        #expect(longest.utf8.count < 104, "\(longest)")
        #expect(!longest.hasPrefix(try CLI.temporaryDirectory()))
    }

    /// Without a terminal there is no one to ask: a clear refusal, nothing touched.
    @Test func refusesWithoutATerminal() throws {
        let g = try Self.mergedRepository()
        let before = try g.read("UI/Toolbar.xib")
        let r = try g.xibmerge(["resolve", "--interactive"])
        #expect(r.status == 2)
        #expect(r.stderrIsOneLine && r.stderr.contains("standard input is not one"), "\(r.stderr)")
        #expect(try g.read("UI/Toolbar.xib") == before)
    }
}

/// A command running in a detached tmux session of its own (own server socket, the sandbox's
/// environment, 200 columns): what a person at a terminal would see and type.
final class Terminal {
    static let isAvailable = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").contains { folder in
        FileManager.default.isExecutableFile(atPath: "\(folder)/tmux")
    }

    private let sandbox: GitSandbox
    private let socket: String
    private let statusFile: String

    /// Starts `command` (a shell command line) in the repository, with the sandbox's environment.
    init(_ sandbox: GitSandbox, _ command: String) throws {
        self.sandbox = sandbox
        let id = UUID().uuidString.prefix(8)
        socket = Self.socketPath(id)
        statusFile = sandbox.root + "/status-\(id)"
        // The pane stays after the command, so that its last screen can still be read.
        let line = "\(command); echo $? > '\(statusFile)'; sleep 600"
        // The server that the client starts keeps the client's descriptors, for as long as the
        // test: none of the pipes of other tests' processes (which would never reach their
        // end), nor Foundation's. So spawned by hand, through bash closing all but 0-2.
        let closeAll = #"for fd in /dev/fd/*; do n=${fd##*/}; if [ "$n" -gt 2 ]; then eval "exec $n>&-"; fi; done 2>/dev/null; exec "$@""#
        let arguments = ["bash", "-c", closeAll, "bash",
                         "tmux", "-S", socket, "-f", "/dev/null", "new-session", "-d", "-x", "200", "-y", "60", "-c", sandbox.repo, line]
        let argv = arguments.map { strdup($0) } + [nil]
        let envp = sandbox.environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        let actions = SpawnFileActions()
        for fd: Int32 in 0...2 { actions.open(fd, "/dev/null", fd == 0 ? O_RDONLY : O_WRONLY) }
        // Nor the test runner's blocked signals: the server and what runs in it must die when told.
        let (spawned, pid) = CLI.spawnAsShellWould(argv, envp, actions: actions)
        #expect(spawned == 0, "tmux cannot start")
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        #expect(status == 0, "tmux did not start")
    }

    deinit {
        let r = try? tmux(["kill-server"])
        #expect(r?.status == 0, "tmux kill-server: \(r?.stderr ?? "")")
        unlink(socket)
    }

    /// The server's socket: in /tmp, not the sandbox, whose path under macOS's `$TMPDIR`
    /// (`/var/folders/xx/.../T/`, then the scratch folders) is longer than a socket's address
    /// may be (`sun_path`: 104 bytes on Darwin, 108 on Linux).
    static func socketPath(_ id: some StringProtocol) -> String {
        "/tmp/xibmerge-tmux-\(getpid())-\(id)"
    }

    @discardableResult
    private func tmux(_ arguments: [String]) throws -> CLI.Result {
        try GitSandbox.run("/usr/bin/env", ["tmux", "-S", socket] + arguments, cwd: sandbox.repo, environment: sandbox.environment)
    }

    /// Everything the pane shows and scrolled past, escape sequences included on request.
    func screen(escapes: Bool = false) throws -> String {
        try tmux(["capture-pane", "-p", "-J", "-S", "-"] + (escapes ? ["-e"] : [])).stdout
    }

    /// The screen once it shows `needle` and, after its last occurrence, the prompt (so that
    /// what is typed next answers it).
    @discardableResult
    func waitFor(_ needle: String, seconds: Double = 60) throws -> String {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            let s = try screen()
            if let r = s.range(of: needle, options: .backwards), s[r.upperBound...].trimmingCharacters(in: .whitespacesAndNewlines).hasSuffix("choice>") {
                return s
            }
            Thread.sleep(forTimeInterval: 0.1)
        }
        Issue.record("the terminal never showed \(needle):\n\(try screen())")
        throw CancellationError()
    }

    /// Types a line, as a person would, and waits until the prompt has taken it.
    func type(_ text: String) throws {
        let before = try screen().components(separatedBy: "choice> \(text)").count
        try tmux(["send-keys", "-l", text])
        try tmux(["send-keys", "Enter"])
        let deadline = Date().addingTimeInterval(30)
        while try screen().components(separatedBy: "choice> \(text)").count == before && Date() < deadline {
            Thread.sleep(forTimeInterval: 0.05)
        }
    }

    /// The command's exit status, once it has finished.
    func exitStatus(seconds: Double = 60) throws -> Int32? {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if let s = try? String(contentsOfFile: statusFile, encoding: .utf8), let n = Int32(s.trimmingCharacters(in: .whitespacesAndNewlines)) {
                return n
            }
            Thread.sleep(forTimeInterval: 0.1)
        }
        Issue.record("the command did not finish:\n\(try screen())")
        return nil
    }
}

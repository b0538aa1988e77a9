import Foundation
import Testing

/// `xibmerge completions bash|zsh|fish` loaded into the real shells, each asked for the
/// completions of partial command lines as a user's Tab would ask it: bash by calling the
/// completion function with the COMP_* variables it sets, fish with `complete -C`, zsh at a
/// prompt in a terminal (tmux). And `xibmerge manpage` read by groff, the formatter man uses.
struct ShellCompletionTests {
    static func installed(_ name: String) -> Bool {
        (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").contains {
            FileManager.default.isExecutableFile(atPath: "\($0)/\(name)")
        }
    }

    /// The script, written to a folder of its own (which also holds the example files that
    /// file-name completion is asked about).
    static func script(_ shell: String, named name: String) throws -> (folder: String, path: String) {
        let folder = try CLI.temporaryDirectory()
        let r = try CLI.xibmerge(["completions", shell])
        #expect(r.status == 0 && r.stderr.isEmpty, "\(r.stderr)")
        try r.stdout.write(toFile: folder + "/" + name, atomically: true, encoding: .utf8)
        for file in ["BannerView.xib", "CrashReport.storyboard"] {
            try FileManager.default.copyItem(atPath: CLI.packageRoot.appendingPathComponent("Examples/" + file).path, toPath: folder + "/" + file)
        }
        return (folder, folder + "/" + name)
    }

    /// Partial command lines (the word being completed last) and candidates each must offer.
    static let cases: [(line: [String], expected: [String])] = [
        (["xibmerge", "me"], ["merge", "merge-preview"]),
        (["xibmerge", "merge", "--con"], ["--conflict-style"]),
        (["xibmerge", "merge", "--conflict-style", "z"], ["zdiff3"]),
        (["xibmerge", "check", "--enable", "missing-o"], ["missing-outlet"]),
        (["xibmerge", "diff", "--format", ""], ["text", "json", "markdown"]),
        (["xibmerge", "completions", ""], ["bash", "zsh", "fish"]),
        (["xibmerge", "help", "merge-p"], ["merge-preview"]),
        (["xibmerge", "render", "-o", "out.svg", "Ban"], ["BannerView.xib"]),
    ]

    @Test("bash: the function it registers offers subcommands, options, their values and file names",
          .enabled(if: installed("bash")))
    func bash() throws {
        let (folder, path) = try Self.script("bash", named: "xibmerge.bash")
        var program = """
            source \(path) || exit 3
            complete -p xibmerge || exit 4
            ask() { COMP_WORDS=("$@"); COMP_CWORD=$(( $# - 1 )); COMP_LINE="$*"; COMP_POINT=${#COMP_LINE}
                    COMPREPLY=(); _xibmerge; printf '%s|' "${COMPREPLY[@]}"; echo; }

            """
        // `--name=value` reaches bash split at `=`.
        let lines = Self.cases.map(\.line) + [["xibmerge", "log", "--color", "=", "al"]]
        program += lines.map { "ask " + $0.map { "'\($0)'" }.joined(separator: " ") + "\n" }.joined()
        let r = try CLI.run("/usr/bin/env", ["bash", "--norc", "--noprofile", "-c", program], cwd: folder)
        #expect(r.status == 0, "\(r.stderr)")
        let output = r.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(output.first == "complete -o filenames -F _xibmerge xibmerge", "\(r.stdout)")
        for (index, expected) in (Self.cases.map(\.expected) + [["always"]]).enumerated() {
            let offered = output.count > index + 1 ? output[index + 1].split(separator: "|").map(String.init) : []
            for candidate in expected { #expect(offered.contains(candidate), "\(lines[index]): \(offered)") }
        }
        // Options are offered only where an option can go, and a value's candidates are only values.
        #expect(output.count > 3 && output[2] == "--conflict-style|" && output[3] == "zdiff3|", "\(output)")
    }

    @Test("fish: `complete -C` offers subcommands, options, their values and file names", .enabled(if: installed("fish")))
    func fish() throws {
        let (folder, path) = try Self.script("fish", named: "xibmerge.fish")
        var program = "source \(path); or exit 3\n"
        for (line, _) in Self.cases {
            program += "complete -C " + quotedForShell(line.joined(separator: " ")) + "; echo '---'\n"
        }
        let r = try CLI.run("/usr/bin/env", ["fish", "--no-config", "-c", program], cwd: folder)
        #expect(r.status == 0 && r.stderr.isEmpty, "\(r.stderr)")
        let blocks = r.stdout.components(separatedBy: "---\n")
        #expect(blocks.count == Self.cases.count + 1, "\(r.stdout)")
        for (index, (line, expected)) in Self.cases.enumerated() where index < blocks.count {
            // Each candidate, then a tab and its description.
            let offered = blocks[index].split(separator: "\n").map { String($0.prefix { $0 != "\t" }) }
            for candidate in expected { #expect(offered.contains(candidate), "\(line): \(offered)") }
        }
    }

    @Test("zsh: at a prompt in a terminal, Tab completes from the #compdef function found on fpath",
          .enabled(if: installed("zsh") && installed("tmux")))
    func zsh() throws {
        let (folder, _) = try Self.script("zsh", named: "_xibmerge")
        let terminal = try ShellTerminal(folder: folder, binaryFolder: URL(fileURLWithPath: CLI.binary).deletingLastPathComponent().path)
        defer { terminal.stop() }
        // List the candidates at the first Tab, also where a common beginning is inserted.
        try terminal.type("fpath=(\(folder) $fpath); autoload -Uz compinit; compinit -u -D; unsetopt listambiguous; PS1='zsh> '\n")
        try terminal.waitFor { $0.hasSuffix("zsh>") }
        // Tab once: a unique completion is inserted in the line; several are listed below it.
        for (line, expected) in Self.cases {
            try terminal.type(line.joined(separator: " ") + "\t")
            try terminal.waitFor(what: "\(line) offers \(expected)") { screen in
                let afterPrompt = screen.components(separatedBy: "zsh> ").last ?? ""
                return expected.allSatisfy { afterPrompt.contains($0) }
            }
            try terminal.abandonLine()
        }
    }

    @Test("the manual page: groff reads it without a warning, and it documents every subcommand and option",
          .enabled(if: installed("groff")))
    func manPage() throws {
        let folder = try CLI.temporaryDirectory()
        let page = try CLI.xibmerge(["manpage"])
        #expect(page.status == 0 && page.stdout.hasPrefix(".\\\""), "\(page.stderr)")
        try page.stdout.write(toFile: folder + "/xibmerge.1", atomically: true, encoding: .utf8)
        let lint = try CLI.run("/usr/bin/env", ["groff", "-man", "-ww", "-z", folder + "/xibmerge.1"])
        #expect(lint.status == 0 && lint.stderr.isEmpty, "\(lint.stderr)")
        // As a reader sees it, with the justification's extra spaces and the line breaks as one space.
        let rendered = try CLI.run("/usr/bin/env", ["groff", "-man", "-Tascii", "-P", "-cbou", folder + "/xibmerge.1"]).stdout
        let text = rendered.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(text.contains("xibmerge - merge-aware version control"), "\(text.prefix(400))")
        for (name, options) in CommandLineParsingTests.subcommands {
            #expect(text.contains("xibmerge \(name)"), "\(name)")
            for option in options where option.hasPrefix("-") || option.hasPrefix("<") {
                // The help's `-o, --output <output>` is the page's `-o, --output output`.
                let words = option.replacingOccurrences(of: "<", with: "").replacingOccurrences(of: ">", with: "")
                #expect(text.contains(words), "\(name): \(words)")
            }
        }
    }

    private func quotedForShell(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}

/// An interactive zsh (no start-up files) in a detached tmux session of its own, 200 columns
/// wide, started with no descriptor of the test process but 0-2 (and those on /dev/null), so
/// that the tmux server holds no other test's pipe open, and with no signal blocked (the test's
/// thread blocks them all), so that kill-server ends it and the shell.
final class ShellTerminal {
    private let socket: String
    private let folder: String

    init(folder: String, binaryFolder: String) throws {
        self.folder = folder
        socket = folder + "/tmux"
        let environment = ["PATH": binaryFolder + ":/usr/local/bin:/usr/bin:/bin", "HOME": folder, "TERM": "xterm", "LANG": "C.UTF-8"]
        let start = #"for fd in /dev/fd/*; do n=${fd##*/}; if [ "$n" -gt 2 ]; then eval "exec $n>&-"; fi; done 2>/dev/null; exec "$@" </dev/null >/dev/null 2>&1"#
        let arguments = ["bash", "-c", start, "bash", "tmux", "-S", socket, "-f", "/dev/null", "new-session", "-d",
                         "-x", "200", "-y", "50", "-c", folder, "zsh -f"]
        let argv = arguments.map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        let (spawned, pid) = CLI.spawnAsShellWould(argv, envp)
        #expect(spawned == 0, "tmux cannot start")
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        #expect(status == 0, "tmux did not start")
    }

    func stop() {
        let r = try? tmux(["kill-server"])
        #expect(r?.status == 0, "tmux kill-server: \(r?.stderr ?? "")")
    }

    @discardableResult
    private func tmux(_ arguments: [String]) throws -> CLI.Result {
        try CLI.run("/usr/bin/env", ["tmux", "-S", socket] + arguments, cwd: folder)
    }

    /// Types text as keys (a tab as Tab, a newline as Enter).
    func type(_ text: String) throws {
        for (index, part) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if index > 0 { try keys(["Enter"]) }
            for (i, piece) in part.split(separator: "\t", omittingEmptySubsequences: false).enumerated() {
                if i > 0 { try keys(["Tab"]) }
                if !piece.isEmpty { try tmux(["send-keys", "-l", String(piece)]) }
            }
        }
    }

    func keys(_ names: [String]) throws { try tmux(["send-keys"] + names) }

    /// Ctrl-C until a fresh prompt shows. One is not always enough: on a loaded host a Ctrl-C
    /// that arrives while the completion widget still runs interrupts the widget, not the line.
    func abandonLine() throws {
        for _ in 1..<8 {
            try keys(["C-c"])
            if try waitFor(seconds: 5, recording: false, { $0.hasSuffix("zsh>") }) { return }
        }
        try keys(["C-c"])
        try waitFor { $0.hasSuffix("zsh>") }
    }

    /// The screen, its trailing blank lines and spaces dropped.
    func screen() throws -> String {
        try tmux(["capture-pane", "-p", "-J"]).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Whether the screen came to pass `done` within `seconds`; if not, and `recording`, a
    /// recorded issue and a thrown error.
    @discardableResult
    func waitFor(what: String = "the prompt", seconds: Double = 20, recording: Bool = true,
                 _ done: (String) -> Bool) throws -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if done(try screen()) { return true }
            Thread.sleep(forTimeInterval: 0.1)
        }
        guard recording else { return false }
        Issue.record("the terminal never showed \(what):\n\(try screen())")
        throw CancellationError()
    }
}

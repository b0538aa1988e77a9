import Foundation
import Testing

/// The command line itself, through the built binary: help and version, the accepted forms of
/// options (`--name=value`, joined `-j4`, options among positional arguments, `--`), and usage
/// errors (exit 2, `Error:` and the usage line on stderr, nothing done).
struct CommandLineParsingTests {
    /// Each subcommand and options its help must name.
    static let subcommands: [(String, [String])] = [
        ("format", ["--check", "<files>"]),
        ("check", ["--format <format>", "--enable <rule>", "--disable <rule>", "--config <file>", "--sources <dir>", "--strict", "-j, --jobs <N>", "<paths>"]),
        ("merge", ["--output <output>", "--conflict-style <conflict-style>", "--marker-size <N>", "--report <report>", "--strict-layout",
                   "<base>", "<ours>", "<theirs>", "[<path>]", "[<marker-size>]"]),
        ("diff", ["--format <format>", "--include-noise", "--layout", "--color <color>", "-j, --jobs <N>", "--exit-code", "--cached", "<arguments>"]),
        ("textconv", ["--include-noise", "--layout", "<file>"]),
        ("install", ["--global", "--uninstall", "--tidy"]),
        ("resolve", ["--interactive", "--take <SIDE>", "--only <PATTERN>", "--base <FILE>", "--ours <FILE>", "--theirs <FILE>", "--no-add", "--force",
                     "--list", "--format <format>"]),
        ("log", ["-n, --max-count <max-count>", "--rev <rev>", "--format <format>", "--color <color>", "-j, --jobs <N>", "<path>"]),
        ("merge-preview", ["--format <format>", "-j, --jobs <N>", "<ours-rev>", "<theirs-rev>"]),
        ("render", ["--scene <scene>", "--format <format>", "-o, --output <output>", "<file>"]),
        ("review", ["--format <format>", "-o, --output <output>", "--base <base>", "--merge-into <merge-into>", "--html-name <html-name>", "--exit-code"]),
        ("tidy", ["--staged", "--check", "--against <against>", "--frames", "<paths>"]),
        ("strings", ["--format <format>", "--encoding <encoding>", "-o, --output <output>", "--update <update>", "<files>"]),
        ("outline", ["--include-noise", "--layout", "--scene <NAME|ID>", "--object <ID>", "--format <format>", "<file>"]),
        ("mcp", ["--root <DIR>", "--timeout <SECONDS>"]),
        ("completions", ["<shell>", "values: bash, zsh, fish"]),
        ("manpage", []),
    ]

    static func fixture(_ path: String) -> String { CLI.fixtures.appendingPathComponent("diff/" + path).path }

    @Test("every subcommand's help: exit 0, its overview, usage and options; -h and `help NAME` say the same")
    func subcommandHelp() throws {
        for (name, options) in Self.subcommands {
            let help = try CLI.xibmerge([name, "--help"])
            #expect(help.status == 0 && help.stderr.isEmpty, "\(name): \(help.stderr)")
            #expect(help.stdout.hasPrefix("OVERVIEW: "), "\(name)")
            #expect(help.stdout.contains("\nUSAGE: xibmerge \(name)\(options.isEmpty ? "\n" : " ")"), "\(name)")
            #expect(help.stdout.contains("\n  -h, --help "), "\(name)")
            for option in options { #expect(help.stdout.contains(option), "\(name) --help does not name \(option)") }
            #expect(try CLI.xibmerge([name, "-h"]).stdout == help.stdout)
            #expect(try CLI.xibmerge(["help", name]).stdout == help.stdout)
            // Help wins over missing or wrong arguments, as it did.
            #expect(try CLI.xibmerge([name, "--bogus", "-h"]).status == 0)
        }
    }

    @Test("the root's help lists every subcommand; --version, also after a subcommand; help for an unknown one is an error")
    func rootHelpAndVersion() throws {
        let root = try CLI.xibmerge(["--help"])
        #expect(root.status == 0)
        #expect(root.stdout.contains("USAGE: xibmerge <subcommand>"))
        for (name, _) in Self.subcommands { #expect(root.stdout.contains("\n  \(name) "), "\(name) missing from the root help") }
        #expect(try CLI.xibmerge([]).stdout == root.stdout)
        #expect(try CLI.xibmerge(["help"]).stdout == root.stdout)
        for arguments in [["--version"], ["merge", "--version"]] {
            let version = try CLI.xibmerge(arguments)
            #expect(version.status == 0 && version.stdout == "0.1.0\n", "\(arguments)")
        }
        let unknown = try CLI.xibmerge(["help", "nope"])
        #expect(unknown.status == 2 && unknown.stderr.hasPrefix("Error: ") && unknown.stdout.isEmpty)
        let notACommand = try CLI.xibmerge(["nope"])
        #expect(notACommand.status == 2 && notACommand.stderr.hasPrefix("Error: Unexpected argument 'nope'"))
        let typo = try CLI.xibmerge(["mrege", "a", "b", "c"])
        #expect(typo.status == 2 && typo.stderr.hasPrefix("Error: Unexpected argument 'mrege'. Did you mean 'merge'?\n"), "\(typo.stderr)")
        let helpTypo = try CLI.xibmerge(["help", "chekc"])
        #expect(helpTypo.status == 2 && helpTypo.stderr.hasPrefix("Error: Unknown subcommand 'chekc'. Did you mean 'check'?\n"), "\(helpTypo.stderr)")
    }

    @Test("an error no command expected (a report that cannot be written): exit 2, one Error: line, not 1 (found something)")
    func unexpectedError() throws {
        let dir = try CLI.temporaryDirectory()
        let r = try CLI.xibmerge(["strings", "-o", dir + "/missing/folder/Banner.strings", CLI.packageRoot.appendingPathComponent("Examples/BannerView.xib").path])
        #expect(r.status == 2, "\(r.status): \(r.stderr)")
        #expect(r.stderr == "Error: \(dir)/missing/folder/Banner.strings: cannot write: No such file or directory\n", "\(r.stderr)")
        #expect(r.stdout.isEmpty)
    }

    @Test("--name=value, joined -j2 and -oFILE, and options among positional arguments mean what the spaced forms mean")
    func optionForms() throws {
        let (old, new) = (Self.fixture("macos-xib/old.xib"), Self.fixture("macos-xib/new.xib"))
        let spaced = try CLI.xibmerge(["diff", "--format", "json", "--jobs", "2", old, new])
        #expect(spaced.status == 0 && spaced.stdout.contains("\"version\""), "\(spaced.stderr)")
        for arguments in [["diff", "--format=json", "-j2", old, new], ["diff", old, "--format", "json", new, "-j", "2"],
                          ["diff", "--jobs=2", old, new, "--format=json"]] {
            let r = try CLI.xibmerge(arguments)
            #expect(r.status == 0 && r.stdout == spaced.stdout, "\(arguments): \(r.stderr)")
        }
        // Repeated options keep every value; the last of a single option counts.
        let dir = try CLI.temporaryDirectory()
        let checked = try CLI.xibmerge(["check", "--format", "text", "--format=json", "--enable", "missing-translation",
                                        "--enable=unconnected-outlet", "-j4", Self.fixture("macos-xib/new.xib")], cwd: dir)
        #expect(checked.status == 0, "\(checked.stderr)")
        #expect(checked.stdout.hasPrefix("{") && checked.stdout.contains("\"version\""))
        // Short options with joined and separate values.
        let svg = dir + "/out.svg"
        #expect(try CLI.xibmerge(["render", "-o\(svg)", new]).status == 0)
        #expect(FileManager.default.contents(atPath: svg).map { String(decoding: $0, as: UTF8.self).contains("<svg ") } == true)
    }

    @Test("merge: --output=FILE between positional arguments, and the git driver's %P %L")
    func mergeForms() throws {
        let dir = try CLI.temporaryDirectory()
        let file = IBFixture.storyboard
        for (name, text) in [("base", file), ("ours", IBFixture.oursEdit(file)), ("theirs", IBFixture.theirsEdit(file))] {
            try text.write(toFile: dir + "/\(name).storyboard", atomically: true, encoding: .utf8)
        }
        let r = try CLI.xibmerge(["merge", "base.storyboard", "ours.storyboard", "--output=out.storyboard", "theirs.storyboard",
                                  "UI/LaunchScreen.storyboard", "7"], cwd: dir)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(try String(contentsOfFile: dir + "/out.storyboard", encoding: .utf8) == IBFixture.bothEdits(file))
        #expect(try String(contentsOfFile: dir + "/ours.storyboard", encoding: .utf8) == IBFixture.oursEdit(file), "--output leaves ours alone")
    }

    @Test("usage errors: exit 2, Error: and the usage line on stderr, nothing run",
          arguments: [
              (["merge", "--bogus", "a", "b", "c"], "Unknown option '--bogus'"),
              (["merge", "a"], "Missing expected argument '<ours>'"),
              (["merge", "a", "b", "c", "d", "7", "extra"], "Unexpected argument 'extra'"),
              (["merge", "--output"], "Missing value for '--output <output>'"),
              (["merge", "--conflict-style", "nope", "a", "b", "c"], "Please provide one of 'markers', 'diff3', 'zdiff3', 'ours' or 'theirs'."),
              (["merge", "--marker-size", "0", "a", "b", "c"], "the marker size must be at least 1"),
              (["merge", "--verbose=yes", "a", "b", "c"], "'--verbose' does not take a value"),
              (["diff", "--format", "yaml", "a", "b"], "The value 'yaml' is invalid for '--format <format>'"),
              (["diff", "-j0", "a", "b"], "--jobs must be at least 1"),
              (["check", "--enable", "nope", "a.xib"], "  - duplicate-id"),
              (["check"], "Missing expected argument '<paths> ...'"),
              (["log", "-n", "many", "a.xib"], "The value 'many' is invalid for '--max-count <max-count>'"),
              (["resolve", "--interactive", "--take", "ours"], "--interactive and --take exclude each other"),
              (["strings", "a.xib", "b.xib"], "with several documents, -o names the folder"),
              (["diff", "--formt", "json", "a", "b"], "Unknown option '--formt'. Did you mean '--format'?"),
              (["check", "--stirct", "a.xib"], "Unknown option '--stirct'. Did you mean '--strict'?"),
              (["merge", "--conflict-styel=diff3", "a", "b", "c"], "Unknown option '--conflict-styel=diff3'. Did you mean '--conflict-style'?"),
              (["completions", "tcsh"], "Please provide one of 'bash', 'zsh' or 'fish'."),
          ])
    func usageErrors(_ arguments: [String], message: String) throws {
        let dir = try CLI.temporaryDirectory()
        let r = try CLI.xibmerge(arguments, cwd: dir)
        #expect(r.status == 2)
        #expect(r.stdout.isEmpty)
        #expect(r.stderr.hasPrefix("Error: "), "\(r.stderr)")
        #expect(r.stderr.contains(message), "\(r.stderr)")
        #expect(r.stderr.contains("\nUsage: xibmerge \(arguments[0]) "), "\(r.stderr)")
        // Nothing ran: no file was read (a run would have said the files are missing) or written.
        #expect(!r.stderr.contains("No such file"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir).isEmpty)
    }

    @Test("diff: what follows -- is paths, even one that looks like an option; REV before it")
    func diffSeparator() throws {
        let g = try GitSandbox()
        try g.commit("one", ["A.storyboard": IBFixture.storyboard, "-B.storyboard": IBFixture.storyboard])
        try g.commit("two", ["A.storyboard": IBFixture.oursEdit(IBFixture.storyboard), "-B.storyboard": IBFixture.theirsEdit(IBFixture.storyboard)])
        func paths(_ arguments: [String]) throws -> [String] {
            let r = try g.xibmerge(["diff", "--format", "json"] + arguments)
            #expect(r.status == 0, "\(arguments): \(r.stderr)")
            let json = try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any]
            return ((json?["files"] as? [[String: Any]]) ?? []).compactMap { $0["path"] as? String }.sorted()
        }
        #expect(try paths(["HEAD~1..HEAD"]) == ["-B.storyboard", "A.storyboard"])
        #expect(try paths(["HEAD~1..HEAD", "--", "-B.storyboard"]) == ["-B.storyboard"])
        #expect(try paths(["HEAD~1", "--", "A.storyboard"]) == ["A.storyboard"])
        // Without a revision before `--`: the work tree against the index, for those paths only.
        try g.write("A.storyboard", IBFixture.background(IBFixture.oursEdit(IBFixture.storyboard), "0.5"))
        try g.write("-B.storyboard", IBFixture.background(IBFixture.theirsEdit(IBFixture.storyboard), "0.5"))
        #expect(try paths(["--", "A.storyboard"]) == ["A.storyboard"])
        #expect(try paths([]) == ["-B.storyboard", "A.storyboard"])
        // Before `--`, a name that starts with a dash is an option.
        let r = try g.xibmerge(["diff", "-B.storyboard"])
        #expect(r.status == 2 && r.stderr.hasPrefix("Error: Unknown option '-B.storyboard'"))
    }
}

import Foundation
import Testing

/// `xibmerge diff` and `xibmerge textconv` as a user runs them: outputs, exit codes, errors.
struct DiffCLITests {
    static let fixtures = CLI.fixtures.appendingPathComponent("diff", isDirectory: true)

    static func fixture(_ path: String) -> String { fixtures.appendingPathComponent(path).path }

    static func write(_ text: String, _ name: String, in dir: String) throws -> String {
        let path = dir + "/" + name
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test("the binary prints the golden outputs", arguments: ["ios-xib-values", "storyboard-segues", "macos-xib", "noise-and-frames"])
    func goldenThroughBinary(_ name: String) throws {
        let dir = Self.fixtures.appendingPathComponent(name).path
        let ext = name.contains("storyboard") ? "storyboard" : "xib"
        for (format, golden) in [("text", "expected.txt"), ("markdown", "expected.md"), ("json", "expected.json")] {
            let r = try CLI.xibmerge(["diff", "--format", format, "old.\(ext)", "new.\(ext)"], cwd: dir)
            #expect(r.status == 0, "\(r.stderr)")
            #expect(r.stdout == (try String(contentsOfFile: dir + "/" + golden, encoding: .utf8)), "\(name) \(format)")
        }
    }

    @Test("exit codes: 0 whether or not files differ, 1 with --exit-code when something is shown")
    func exitCodes() throws {
        let same = Self.fixture("identical/old.xib")
        var r = try CLI.xibmerge(["diff", same, Self.fixture("identical/new.xib")])
        #expect(r.status == 0 && r.stdout.isEmpty && r.stderr.isEmpty)
        r = try CLI.xibmerge(["diff", "--exit-code", same, same])
        #expect(r.status == 0 && r.stdout.isEmpty)
        r = try CLI.xibmerge(["diff", Self.fixture("macos-xib/old.xib"), Self.fixture("macos-xib/new.xib")])
        #expect(r.status == 0 && !r.stdout.isEmpty)
        r = try CLI.xibmerge(["diff", "--exit-code", Self.fixture("macos-xib/old.xib"), Self.fixture("macos-xib/new.xib")])
        #expect(r.status == 1 && !r.stdout.isEmpty)
        // Noise alone is not a change to show; frames are (as a count) unless... they are there.
        let old = try String(contentsOfFile: Self.fixture("noise-and-frames/old.xib"), encoding: .utf8)
        let dir = try CLI.temporaryDirectory()
        let noiseOnly = try Self.write(old.replacingOccurrences(of: #"toolsVersion="14868""#, with: #"toolsVersion="15705""#), "noise.xib", in: dir)
        r = try CLI.xibmerge(["diff", "--exit-code", Self.fixture("noise-and-frames/old.xib"), noiseOnly])
        #expect(r.status == 0 && r.stdout.isEmpty)
        r = try CLI.xibmerge(["diff", "--exit-code", "--include-noise", Self.fixture("noise-and-frames/old.xib"), noiseOnly])
        #expect(r.status == 1 && r.stdout.contains("toolsVersion: 14868 → 15705"))
        r = try CLI.xibmerge(["diff", "--exit-code", Self.fixture("noise-and-frames/old.xib"), Self.fixture("noise-and-frames/new.xib")])
        #expect(r.status == 1 && r.stdout.contains("2 frames changed"))
        // JSON is always a document, even when nothing changed.
        r = try CLI.xibmerge(["diff", "--format", "json", same, same])
        #expect(r.status == 0 && r.stdout.contains("\"status\": \"unchanged\""))
    }

    @Test("errors exit 2 with file:line:column")
    func errors() throws {
        let dir = try CLI.temporaryDirectory()
        let broken = try Self.write("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<document type=\"x\">\n    <objects>\n</document>\n", "Broken.xib", in: dir)
        var r = try CLI.xibmerge(["diff", Self.fixture("identical/old.xib"), broken])
        #expect(r.status == 2 && r.stdout.isEmpty)
        #expect(r.stderr.contains("Broken.xib:4:1: error: end tag </document> does not match start tag <objects>"), "\(r.stderr)")
        r = try CLI.xibmerge(["diff", "--exit-code", broken, dir + "/missing.xib"])
        #expect(r.status == 2 && r.stderr.contains("missing.xib: error: cannot open file"), "\(r.stderr)")
        let legacy = try Self.write("<?xml version=\"1.0\"?>\n<archive type=\"com.apple.InterfaceBuilder3.CocoaTouch.XIB\" version=\"8.00\"></archive>\n", "Legacy.xib", in: dir)
        r = try CLI.xibmerge(["diff", legacy, legacy])
        #expect(r.status == 2 && r.stderr.contains("legacy Interface Builder 3 archive"))
        // With no arguments it is `git diff`'s form (unstaged changes): outside a repository, one clear line.
        r = try CLI.xibmerge(["diff"], cwd: dir)
        #expect(r.status == 2 && r.stderr.contains("repository"), "\(r.stderr)")
    }

    @Test("the forms git runs (no options, no argument parser) print what the parsed forms print")
    func positionalFormsAgreeWithParsedForms() throws {
        let old = Self.fixture("macos-xib/old.xib"), new = Self.fixture("macos-xib/new.xib")
        let plain = try CLI.xibmerge(["diff", old, new])
        let parsed = try CLI.xibmerge(["diff", "--format", "text", "--color", "auto", old, new])
        #expect(plain.status == 0 && !plain.stdout.isEmpty)
        #expect(plain.stdout == parsed.stdout && plain.status == parsed.status)
        let textconv = try CLI.xibmerge(["textconv", new])
        let textconvParsed = try CLI.xibmerge(["textconv", "--", new])
        #expect(textconv.status == 0 && textconv.stdout == textconvParsed.stdout)
    }

    @Test("textconv reads a pipe as it reads the file, past one read's worth")
    func textconvReadsAPipe() throws {
        let file = CLI.fixtures.appendingPathComponent("real/large-prefs-window.xib").path
        let content = try String(contentsOfFile: file, encoding: .utf8)
        #expect(content.utf8.count > 1 << 17)
        let fromFile = try CLI.xibmerge(["textconv", file])
        let fromPipe = try CLI.run(CLI.binary, ["textconv", "/dev/stdin"], stdin: content)
        #expect(fromFile.status == 0 && fromPipe.status == 0)
        #expect(!fromFile.stdout.isEmpty && fromPipe.stdout == fromFile.stdout)
    }

    @Test("/dev/null stands for a file that does not exist")
    func addedAndDeleted() throws {
        var r = try CLI.xibmerge(["diff", "/dev/null", Self.fixture("added-file/new.xib")])
        #expect(r.status == 0 && r.stdout.hasPrefix("diff /dev/null ") && r.stdout.contains("new file"))
        r = try CLI.xibmerge(["diff", "--exit-code", Self.fixture("deleted-file/old.storyboard"), "/dev/null"])
        #expect(r.status == 1 && r.stdout.contains("deleted file") && r.stdout.contains("- Status View Controller Scene (SeL-id-ebs)"))
    }

    @Test("colour: --color always, never, and NO_COLOR")
    func colour() throws {
        let args = ["diff", Self.fixture("macos-xib/old.xib"), Self.fixture("macos-xib/new.xib")]
        var r = try CLI.xibmerge(args + ["--color", "always"])
        #expect(r.stdout.contains("\u{1B}[32m+ Button \"Clear\""))
        r = try CLI.xibmerge(args)
        #expect(!r.stdout.contains("\u{1B}["))
        var env = ProcessInfo.processInfo.environment
        env["NO_COLOR"] = nil
        env["GIT_PAGER_IN_USE"] = "true"
        let git = ["diff", "ConsoleWindow.xib", Self.fixture("macos-xib/old.xib"), "1234567", "100644", Self.fixture("macos-xib/new.xib"), "89abcde", "100644"]
        r = try CLI.xibmerge(git, environment: env)
        #expect(r.stdout.contains("\u{1B}["))
        env["NO_COLOR"] = "1"
        r = try CLI.xibmerge(git, environment: env)
        #expect(!r.stdout.contains("\u{1B}[") && !r.stdout.isEmpty)
    }

    @Test("git's external-diff arguments: 7, 9 for renames, 1 for unmerged paths; always exit 0")
    func externalDiffArguments() throws {
        let old = Self.fixture("storyboard-segues/old.storyboard"), new = Self.fixture("storyboard-segues/new.storyboard")
        var r = try CLI.xibmerge(["diff", "--exit-code", "Chat.storyboard", old, "e69de29", "100644", new, ".", "100644"])
        #expect(r.status == 0 && r.stdout.hasPrefix("diff a/Chat.storyboard b/Chat.storyboard\n"))
        r = try CLI.xibmerge(["diff", "Old.storyboard", old, "e69de29", "100644", new, "0000000", "100644", "New.storyboard", "similarity index 90%\nrename from Old.storyboard\nrename to New.storyboard\n"])
        #expect(r.status == 0 && r.stdout.hasPrefix("diff a/Old.storyboard b/New.storyboard\n"))
        r = try CLI.xibmerge(["diff", "Chat.storyboard", "/dev/null", ".", ".", new, "e69de29", "100644"])
        #expect(r.status == 0 && r.stdout.contains("new file"))
        // JSON in git mode: one document per file, on one line (git prints one file after another).
        r = try CLI.xibmerge(["diff", "--format", "json", "Chat.storyboard", old, "e69de29", "100644", new, ".", "100644"])
        #expect(r.status == 0 && r.stdout.hasSuffix("}\n") && r.stdout.filter { $0 == "\n" }.count == 1)
        let json = try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any]
        #expect((json?["files"] as? [[String: Any]])?.first?["path"] as? String == "Chat.storyboard")
        var env = ProcessInfo.processInfo.environment
        env["GIT_DIFF_PATH_TOTAL"] = "1"
        r = try CLI.xibmerge(["diff", "Chat.storyboard"], environment: env)
        #expect(r.status == 0 && r.stdout == "* Unmerged path Chat.storyboard\n")
        // Input that does not parse: say so, show git's line diff, and let git go on.
        let dir = try CLI.temporaryDirectory()
        let broken = try Self.write("<document>\n<<<<<<< ours\n</document>\n", "x.xib", in: dir)
        r = try CLI.xibmerge(["diff", "x.xib", old, "e69de29", "100644", broken, ".", "100644"])
        #expect(r.status == 0 && r.stderr.contains("showing a line diff") && r.stdout.contains("+<<<<<<< ours"), "\(r)")
    }

    @Test func textconvPrintsTheOutline() throws {
        var r = try CLI.xibmerge(["textconv", Self.fixture("storyboard-segues/new.storyboard")])
        #expect(r.status == 0)
        #expect(r.stdout.contains("Rocket.Chat Scene > View > constraint View.centerY = View.centerY - 20 (cGn-Mi-wTF)\n"))
        #expect(!r.stdout.contains("toolsVersion"))
        r = try CLI.xibmerge(["textconv", "--include-noise", "--layout", Self.fixture("storyboard-segues/new.storyboard")])
        #expect(r.stdout.contains("    toolsVersion: 12121\n") && r.stdout.contains("    frame: (0, 64, 375, 603)\n"))
        let dir = try CLI.temporaryDirectory()
        let legacy = try Self.write("<?xml version=\"1.0\"?>\n<archive type=\"com.apple.InterfaceBuilder3.Cocoa.XIB\" version=\"8.00\"></archive>\n", "Legacy.xib", in: dir)
        r = try CLI.xibmerge(["textconv", legacy])
        #expect(r.status == 0 && r.stdout.hasPrefix("<?xml") && r.stderr.contains("legacy"))
        r = try CLI.xibmerge(["textconv", dir + "/missing.xib"])
        #expect(r.status == 2)
    }

    /// A sample of corpus pairs through the binary: --exit-code exits 1 exactly when something
    /// is printed, and the JSON names every added and removed id the library found.
    @Test(.enabled(if: CLI.hasCorpus, "the shared corpus is not available (expected at <package root>/../shared/corpus); skipping"))
    func corpusSampleExitCodes() throws {
        var checked = 0
        for (n, dir) in CLI.documentScenarios("conflicts").enumerated() where n % 12 == 0 {
            let name = dir.lastPathComponent
            let files = try FileManager.default.contentsOfDirectory(atPath: dir.path)
            guard let base = files.first(where: { $0.hasPrefix("base.") }), let ours = files.first(where: { $0.hasPrefix("ours.") }) else { continue }
            for (a, b) in [(base, ours), (base, base)] {
                let r = try CLI.xibmerge(["diff", "--exit-code", a, b], cwd: dir.path)
                #expect(r.status == (r.stdout.isEmpty ? 0 : 1), "\(name): \(a) \(b)")
                if a == b { #expect(r.stdout.isEmpty) }
            }
            let json = try CLI.xibmerge(["diff", "--format", "json", base, ours], cwd: dir.path)
            let object = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
            #expect(object?["version"] as? Int == 1)
            checked += 1
        }
        #expect(checked >= 10)
    }
}

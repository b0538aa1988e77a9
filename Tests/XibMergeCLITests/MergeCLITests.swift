import Foundation
import Testing
import XibKit

/// `xibmerge merge` end to end, as git runs it (`merge %O %A %B %P`), on the merge fixtures
/// (`Tests/Fixtures/merge/<case>`, whose `expected` files MergeFixtureTests checks in-process).
@Suite struct MergeCLITests {
    /// A fixture's base, ours and theirs copied into a fresh folder (removed after the test):
    /// the merge writes over ours.
    final class Inputs {
        let dir: String
        let fixture: URL
        let ext: String

        init(_ name: String) throws {
            fixture = CLI.fixtures.appendingPathComponent("merge/\(name)", isDirectory: true)
            let files = try FileManager.default.contentsOfDirectory(atPath: fixture.path)
            let base = try #require(files.first { $0.hasPrefix("base.") }, "no fixture \(name)")
            ext = String(base.dropFirst("base.".count))
            dir = try CLI.temporaryDirectory()
            for stem in ["base", "ours", "theirs"] {
                try FileManager.default.copyItem(atPath: fixture.appendingPathComponent("\(stem).\(ext)").path, toPath: path(stem))
            }
        }

        deinit { try? FileManager.default.removeItem(atPath: dir) }

        func path(_ stem: String) -> String { "\(dir)/\(stem).\(ext)" }
        func original(_ stem: String) throws -> Data { try Data(contentsOf: fixture.appendingPathComponent("\(stem).\(ext)")) }
        func current(_ stem: String) -> Data? { FileManager.default.contents(atPath: path(stem)) }
        /// git's argument order, plus options first (and `after` last: git's `%L`). Without an
        /// environment, the user's git configuration is not read (markers follow
        /// `merge.conflictStyle`).
        func merge(_ options: [String] = [], base: String? = nil, theirs: String? = nil, after: [String] = [],
                   environment: [String: String]? = nil) throws -> CLI.Result {
            var isolated = ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("GIT_") }
            isolated["GIT_CONFIG_GLOBAL"] = "/dev/null"
            isolated["GIT_CONFIG_NOSYSTEM"] = "1"
            return try CLI.xibmerge(["merge"] + options + [base ?? path("base"), path("ours"), theirs ?? path("theirs"), "UI/Fixture.\(ext)"] + after,
                                    cwd: dir, environment: environment ?? isolated)
        }
        /// The merge with the test crash set off in it, after the crash fallback is armed.
        func mergeCrashing(when: String = "1") throws -> CLI.Result {
            var environment = ProcessInfo.processInfo.environment
            environment["XIBMERGE_TEST_CRASH"] = when
            return try merge(environment: environment)
        }
        /// Nothing but the inputs (and what a test wrote on purpose) is left in the folder.
        func leftovers(besides extra: Set<String> = []) throws -> [String] {
            try FileManager.default.contentsOfDirectory(atPath: dir)
                .filter { !["base.\(ext)", "ours.\(ext)", "theirs.\(ext)"].contains($0) && !extra.contains($0) }
        }
    }

    /// git's form (no options) skips the argument parser: it must merge exactly as the parsed
    /// form with every option at its default does.
    @Test(arguments: ["attribute-conflict", "both-add-outlets"])
    func positionalFormMergesAsTheParsedForm(_ name: String) throws {
        let plain = try Inputs(name), parsed = try Inputs(name)
        let a = try plain.merge()
        let b = try parsed.merge(["--conflict-style", "markers"])
        #expect(a.status == b.status && a.stderr == b.stderr)
        #expect(plain.current("ours") != nil && plain.current("ours") == parsed.current("ours"))
    }

    /// Nothing lost even when the process dies: the fatal-signal handler re-executes xibmerge,
    /// which writes the line-based merge with markers to OURS.
    @Test func aCrashLeavesTheLineBasedMergeWithMarkers() throws {
        let c = try Inputs("attribute-conflict")
        let r = try c.mergeCrashing()
        #expect(r.status == 1, "\(r.stderr)")
        #expect(r.stderr.contains("internal error while merging UI/Fixture.\(c.ext); wrote a line-based merge with conflict markers instead"))
        let ours = String(decoding: try #require(c.current("ours")), as: UTF8.self)
        #expect(ours.contains("<<<<<<< ours") && ours.contains(">>>>>>> theirs"))
        #expect(try c.leftovers().isEmpty)
    }

    /// A crash once the merge is made, before its result is written: the process started
    /// after the crash writes the line-based merge, and leaves nothing beside OURS.
    @Test func aCrashAfterMergingLeavesTheLineBasedMergeAndNothingBeside() throws {
        let c = try Inputs("both-add-outlets")
        let r = try c.mergeCrashing(when: "after-merge")
        #expect(r.status == 1, "\(r.stderr)")
        #expect(r.stderr.contains("internal error while merging UI/Fixture.\(c.ext)"), "\(r.stderr)")
        #expect(try c.leftovers().isEmpty)
    }

    /// After a crash, a clean line merge is not a verified result either: ours is left as it
    /// was, and the merge reports an error (2: no markers in the file, so not 1), which git
    /// takes as a conflict.
    @Test func aCrashWithACleanLineMergeLeavesOursUnchanged() throws {
        let c = try Inputs("attribute-conflict")
        var lines = String(decoding: try c.original("base"), as: UTF8.self).components(separatedBy: "\n")
        let base = lines.joined(separator: "\n")
        lines.insert("<!-- theirs -->", at: lines.count - 2)
        let theirs = lines.joined(separator: "\n")
        lines = base.components(separatedBy: "\n")
        lines.insert("<!-- ours -->", at: 1)
        let ours = lines.joined(separator: "\n")
        try ours.write(toFile: c.path("ours"), atomically: true, encoding: .utf8)
        try theirs.write(toFile: c.path("theirs"), atomically: true, encoding: .utf8)
        let r = try c.mergeCrashing()
        #expect(r.status == 2, "\(r.stderr)")
        #expect(r.stderr.contains("internal error while merging UI/Fixture.\(c.ext); left our version unchanged and reported a conflict"))
        #expect(c.current("ours") == Data(ours.utf8))
        #expect(try c.leftovers().isEmpty)
    }

    @Test func cleanMergeIsWrittenToOursAndExitsZero() throws {
        let c = try Inputs("both-add-outlets")
        let r = try c.merge()
        #expect(r.status == 0, "\(r.stderr)")
        #expect(c.current("ours") == (try c.original("expected")))
        #expect(r.stderr.contains("xibmerge: UI/Fixture.xib: merged cleanly"), "\(r.stderr)")
        #expect(r.stdout.isEmpty)
        #expect(try c.leftovers().isEmpty)
    }

    /// git's scratch copy of OURS (`.merge_file_XXXXXX`) is written as any other target:
    /// atomically, with its permissions kept.
    @Test func gitScratchFileIsWrittenLikeAnyOther() throws {
        let c = try Inputs("both-add-outlets")
        let scratch = c.dir + "/.merge_file_k8pgzv"
        try FileManager.default.moveItem(atPath: c.path("ours"), toPath: scratch)
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: scratch)
        let r = try CLI.xibmerge(["merge", c.path("base"), scratch, c.path("theirs"), "UI/Fixture.\(c.ext)"], cwd: c.dir)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(FileManager.default.contents(atPath: scratch) == (try c.original("expected")))
        let mode = try FileManager.default.attributesOfItem(atPath: scratch)[.posixPermissions] as? Int
        #expect(mode == 0o600)
        #expect(try c.leftovers(besides: [".merge_file_k8pgzv"]).isEmpty)
    }

    /// git's scratch copy of OURS is not flushed to the drive (git reads it back and deletes
    /// it); a file the user keeps is, whether written over OURS or to `--output`. Seen in the
    /// system calls the real process makes (strace, where it is installed).
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/strace"), "strace is not installed"))
    func onlyFilesKeptAreFlushedToTheDrive() throws {
        func flushes(_ arguments: [String], in c: Inputs) throws -> Int {
            let log = c.dir + "/strace.log"
            let r = try CLI.run("/usr/bin/strace", ["-f", "-qq", "-e", "trace=fsync,fdatasync", "-o", log, CLI.binary] + arguments, cwd: c.dir)
            #expect(r.status == 0, "\(r.stderr)")
            let calls = try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n").filter { $0.contains("sync(") }
            return calls.count
        }
        let c = try Inputs("both-add-outlets")
        let scratch = c.dir + "/.merge_file_k8pgzv"
        try FileManager.default.copyItem(atPath: c.path("ours"), toPath: scratch)
        #expect(try flushes(["merge", c.path("base"), scratch, c.path("theirs"), "UI/Fixture.\(c.ext)"], in: c) == 0)
        #expect(FileManager.default.contents(atPath: scratch) == (try c.original("expected")))
        #expect(try flushes(["merge", c.path("base"), c.path("ours"), c.path("theirs"), "UI/Fixture.\(c.ext)"], in: c) == 1)
        #expect(c.current("ours") == (try c.original("expected")))
        #expect(try flushes(["merge", "--output", c.dir + "/out.\(c.ext)", c.path("base"), scratch, c.path("theirs"), "UI/Fixture.\(c.ext)"], in: c) == 1)
        #expect(try flushes(["merge", c.path("base"), scratch, c.path("theirs")], in: c) == 1)
    }

    @Test func conflictExitsOneAndTheSummaryNamesTheObject() throws {
        let c = try Inputs("attribute-conflict")
        let r = try c.merge()
        #expect(r.status == 1, "\(r.stderr)")
        #expect(c.current("ours") == (try c.original("expected")), "the markers surround the one line that differs")
        #expect(r.stderr.contains("1 conflict(s) remain, marked in 1 place(s)"), "\(r.stderr)")
        #expect(r.stderr.contains(#"conflict: ParameterValueCell > Table View Cell Content View > Label "Title": ours changed its text to "Hello"; theirs changed its text to "Bonjour" (it was "Title")"#),
                "\(r.stderr)")
        // The frame kept from ours is said only with --verbose: one line per conflict, no more.
        #expect(r.stderr.split(separator: "\n").count == 2, "\(r.stderr)")
        #expect(try c.leftovers().isEmpty)
        let verbose = try Inputs("attribute-conflict").merge(["--verbose"])
        #expect(verbose.stderr.contains(#"layout-only: ParameterValueCell > Table View Cell Content View > Label "Title": <rect key="frame"> width: "37.5" (ours) vs "62" (theirs)"#),
                "\(verbose.stderr)")
    }

    @Test func outputOptionLeavesOursUntouched() throws {
        let c = try Inputs("deleted-view-vs-added-constraint")
        let r = try c.merge(["--output", c.dir + "/merged.xib"])
        #expect(r.status == 1, "\(r.stderr)")
        #expect(c.current("ours") == (try c.original("ours")))
        #expect(FileManager.default.contents(atPath: c.dir + "/merged.xib") == (try c.original("expected")))
        #expect(try c.leftovers(besides: ["merged.xib"]).isEmpty)
    }

    @Test func unreadableInputIsAnErrorAndOursIsIntact() throws {
        let c = try Inputs("both-add-outlets")
        let missing = try c.merge(base: c.dir + "/missing.xib")
        #expect(missing.status == 2, "\(missing.stderr)")
        #expect(missing.stderr.contains("missing.xib") && missing.stderr.contains("cannot open file"), "\(missing.stderr)")
        try FileManager.default.createDirectory(atPath: c.dir + "/folder.xib", withIntermediateDirectories: false)
        let folder = try c.merge(theirs: c.dir + "/folder.xib")
        #expect(folder.status == 2, "\(folder.stderr)")
        #expect(folder.stderr.contains("is a directory"), "\(folder.stderr)")
        // Nothing was written: OURS is as it was, and no temporary file is left behind.
        #expect(c.current("ours") == (try c.original("ours")))
        #expect(try c.leftovers(besides: ["folder.xib"]).isEmpty)
    }

    @Test func usageErrorsExitTwo() throws {
        let c = try Inputs("both-add-outlets")
        let badStyle = try c.merge(["--conflict-style", "mine"])
        let missingArgument = try CLI.xibmerge(["merge", c.path("base")], cwd: c.dir)
        #expect(c.current("ours") == (try c.original("ours")))
        #expect(badStyle.status == 2, "\(badStyle.stderr)")
        #expect(missingArgument.status == 2, "\(missingArgument.stderr)")
    }

    @Test func reportIsVersionedJSON() throws {
        let c = try Inputs("attribute-conflict")
        let report = c.dir + "/report.json"
        let r = try c.merge(["--report", report])
        #expect(r.status == 1, "\(r.stderr)")
        let data = try #require(FileManager.default.contents(atPath: report))
        let json = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(json["version"] as? Int == 1)
        #expect(json["path"] as? String == "UI/Fixture.xib")
        #expect(json["clean"] as? Bool == false)
        #expect(json["method"] as? String == "structural")
        #expect(json["conflicts"] as? Int == 1)
        #expect(json["markerHunks"] as? Int == 1)
        let events = try #require(json["events"] as? [[String: Any]])
        let conflict = try #require(events.first { $0["kind"] as? String == "conflict" })
        #expect(conflict["path"] as? String == #"ParameterValueCell > Table View Cell Content View > Label "Title""#)
        #expect(conflict["id"] as? String == "eOf-fR-SN8")
        #expect(conflict["subject"] as? String == "text")
        #expect(conflict["base"] as? String == "Title")
        #expect(conflict["ours"] as? String == "Hello")
        #expect(conflict["theirs"] as? String == "Bonjour")
        #expect(conflict["summary"] as? String
                == #"ParameterValueCell > Table View Cell Content View > Label "Title": ours changed its text to "Hello"; theirs changed its text to "Bonjour" (it was "Title")"#)
        let detail = try #require(conflict["conflict"] as? [String: Any])
        #expect(detail["class"] as? String == "attribute")
        #expect(detail["key"] as? String == "attribute #eOf-fR-SN8 text")
        #expect(detail["name"] as? String == "text")
        #expect(detail["choices"] as? [String] == ["ours", "theirs", "base"])
        #expect(detail["oursDid"] as? String == #"changed its text to "Hello""#)
        #expect(detail["chosen"] is NSNull)
        #expect(events.contains { $0["kind"] as? String == "layout-only" && $0["conflict"] is NSNull })
    }

    /// One value two Xcode versions spell differently (the header cell's 11-point system font,
    /// dropped by one, written `toolTip` by the other) is no conflict: exit 0, and `--verbose`
    /// names the rule of the profile that says they are one.
    @Test func oneValueSpelledTwoWaysMergesClean() throws {
        let c = try Inputs("equivalent-header-cell-font")
        let r = try c.merge(["--verbose"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stderr.contains("merged cleanly"), "\(r.stderr)")
        #expect(r.stderr.contains("header-cell-default-font") || r.stderr.contains("system-font-spellings"), "\(r.stderr)")
        #expect(c.current("ours") == (try c.original("expected")))
    }

    /// The corpus merges that conflicted only on such spellings (openhab 0e11f6b7, OpenEmu
    /// 649746eb, munki 4a9710a4, Hammerspoon 4b468fad, ...) merge clean and keep every change as
    /// `Scripts/eval-equivalents` reads facts (the corpus's fact check through the table, in
    /// Python); read literally they lose only the respelled values. Its `--self-test` asserts both.
    @Test(.enabled(if: CLI.hasCorpus, "the shared corpus is not available (expected at <package root>/../shared/corpus); skipping"))
    func spellingsTheCorpusCheckReadsLiterallyAreKept() throws {
        guard (try? CLI.run("/usr/bin/env", ["python3", "-c", ""]))?.status == 0 else {
            print("python3 is not available; skipping Scripts/eval-equivalents --self-test")
            return
        }
        let quoted = "'" + CLI.binary.replacingOccurrences(of: "'", with: #"'\''"#) + "'"
        let r = try CLI.run("/usr/bin/env", ["python3", CLI.packageRoot.path + "/Scripts/eval-equivalents", "--self-test", "--cmd", quoted + " merge %O %A %B %P"],
                            cwd: CLI.packageRoot.path)
        #expect(r.status == 0, "\(r.stdout)\(r.stderr)")
        #expect(r.stdout.contains("corpus: 7 scenarios merged"), "\(r.stdout)")
    }

    /// A file xibmerge cannot read structurally (a legacy archive) whose lines merge without
    /// conflict: exit 0, as git's own merge would, and one line that says it was merged by lines.
    @Test func aCleanLineMergeOfALegacyFileExitsZero() throws {
        let c = try Inputs("legacy-archive")
        // Theirs' edit alone (line 41), ours' alone (line 67): no line conflicts.
        let base = String(decoding: try c.original("base"), as: UTF8.self)
        let ours = base.replacingOccurrences(of: "<double key=\"NSSize\">14</double>", with: "<double key=\"NSSize\">17</double>")
        let theirs = base.replacingOccurrences(of: "{{20, 493}, {728, 18}}", with: "{{20, 493}, {728, 21}}")
        #expect(ours != base && theirs != base)
        try ours.write(toFile: c.path("ours"), atomically: true, encoding: .utf8)
        try theirs.write(toFile: c.path("theirs"), atomically: true, encoding: .utf8)
        let r = try c.merge()
        #expect(r.status == 0, "\(r.stderr)")
        let lines = r.stderr.split(separator: "\n")
        #expect(lines.count == 1 && lines[0].contains("merged by lines, without conflicts") && lines[0].contains("legacy"), "\(r.stderr)")
        let merged = String(decoding: try #require(c.current("ours")), as: UTF8.self)
        #expect(merged.contains("<double key=\"NSSize\">17</double>") && merged.contains("{{20, 493}, {728, 21}}"))
        #expect(!merged.contains("<<<<<<<"))
        // The fixture itself conflicts on one line: markers, and exit 1.
        #expect(try Inputs("legacy-archive").merge().status == 1)
    }

    /// diff3 and zdiff3 add what base had; the marker size is git's `%L` (a fifth argument, or
    /// --marker-size); without --conflict-style the style is git's `merge.conflictStyle`.
    @Test func markerStyleAndSize() throws {
        let diff3 = try Inputs("attribute-conflict")
        #expect(try diff3.merge(["--conflict-style", "diff3"]).status == 1)
        let withBase = String(decoding: try #require(diff3.current("ours")), as: UTF8.self)
        #expect(withBase.contains("<<<<<<< ours\n") && withBase.contains("\n||||||| base\n") && withBase.contains(#"text="Title""#), "\(withBase)")

        let sized = try Inputs("attribute-conflict"), parsed = try Inputs("attribute-conflict")
        let a = try sized.merge(after: ["10"]), b = try parsed.merge(["--marker-size", "10"])
        #expect(a.status == 1 && a.stderr == b.stderr && sized.current("ours") == parsed.current("ours"))
        let long = String(decoding: try #require(sized.current("ours")), as: UTF8.self)
        #expect(long.contains("\n<<<<<<<<<< ours\n") && long.contains("\n==========\n") && long.contains("\n>>>>>>>>>> theirs\n"))
        #expect(try CLI.xibmerge(["check", sized.path("ours")]).stdout.contains("conflict-markers"), "check finds longer markers")
        #expect(try Inputs("attribute-conflict").merge(after: ["0"]).status == 2)

        // git's own setting, here from the environment as `git -c merge.conflictStyle=zdiff3` passes it.
        let configured = try Inputs("attribute-conflict")
        var environment = ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("GIT_") }
        environment["GIT_CONFIG_GLOBAL"] = "/dev/null"
        environment["GIT_CONFIG_PARAMETERS"] = "'merge.conflictStyle'='zdiff3'"
        let report = configured.dir + "/report.json"
        #expect(try configured.merge(["--report", report], environment: environment).status == 1)
        #expect(String(decoding: try #require(configured.current("ours")), as: UTF8.self).contains("\n||||||| base\n"))
        let json = try #require(try JSONSerialization.jsonObject(with: try Data(contentsOf: URL(fileURLWithPath: report))) as? [String: Any])
        #expect(json["conflictStyle"] as? String == "zdiff3")
        // An explicit style wins over git's.
        let explicit = try Inputs("attribute-conflict")
        #expect(try explicit.merge(["--conflict-style", "markers"], environment: environment).status == 1)
        #expect(!String(decoding: try #require(explicit.current("ours")), as: UTF8.self).contains("|||||||"))
    }

    /// Where git's environment holds no settings of its own, the style is read from git's files
    /// (by libgit2), as `git config` reads them where git runs the driver: outside a repository
    /// the user's file; inside one, from any folder of its work tree, the repository's setting
    /// over the user's.
    @Test func markerStyleFromGitsFiles() throws {
        let home = try CLI.temporaryDirectory(), repo = try CLI.temporaryDirectory()
        var environment = ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("GIT_") && $0.key != "XDG_CONFIG_HOME" }
        environment["HOME"] = home
        try Data("[merge]\n\tconflictStyle = zdiff3\n".utf8).write(to: URL(fileURLWithPath: home + "/.gitconfig"))
        try CLI.git(["init", "-q", "."], cwd: repo, environment: environment)
        try CLI.git(["config", "merge.conflictStyle", "diff3"], cwd: repo, environment: environment)
        try FileManager.default.createDirectory(atPath: repo + "/UI", withIntermediateDirectories: true)
        for (cwd, style) in [(try CLI.temporaryDirectory(), "zdiff3"), (repo + "/UI", "diff3")] {
            let c = try Inputs("attribute-conflict")
            let report = c.dir + "/report.json"
            let r = try CLI.xibmerge(["merge", "--report", report, c.path("base"), c.path("ours"), c.path("theirs"), "UI/Fixture.\(c.ext)"],
                                     cwd: cwd, environment: environment)
            #expect(r.status == 1, "\(r.stderr)")
            #expect(String(decoding: try #require(c.current("ours")), as: UTF8.self).contains("\n||||||| base\n"))
            let json = try #require(try JSONSerialization.jsonObject(with: try Data(contentsOf: URL(fileURLWithPath: report))) as? [String: Any])
            #expect(json["conflictStyle"] as? String == style, "in \(cwd)")
        }
    }

    @Test(arguments: ["ours", "theirs"])
    func conflictStyleResolvesEveryConflictToOneSide(_ style: String) throws {
        let c = try Inputs("attribute-conflict")
        let r = try c.merge(["--conflict-style", style])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stderr.contains("1 conflict(s) resolved with --conflict-style \(style)"), "\(r.stderr)")
        // What the merge gives in-process with that style (MergeFixtureTests checks that it is the
        // expected marker output with every hunk replaced by that side).
        var options = XibMerger.Options()
        options.conflictStyle = try #require(XibMerger.Options.ConflictStyle(rawValue: style))
        let expected = XibMerger.merge(base: .init(bytes: [UInt8](try c.original("base")), name: "base"),
                                       ours: .init(bytes: [UInt8](try c.original("ours")), name: "ours"),
                                       theirs: .init(bytes: [UInt8](try c.original("theirs")), name: "theirs"), options: options)
        #expect(c.current("ours") == Data(expected.bytes))
        let merged = String(decoding: c.current("ours") ?? Data(), as: UTF8.self)
        #expect(merged.contains(style == "ours" ? #"text="Hello""# : #"text="Bonjour""#))
        #expect(!merged.contains("<<<<<<<"))
    }

    @Test func strictLayoutMakesDifferentFramesAConflict() throws {
        let lenient = try Inputs("frame-churn")
        let r = try lenient.merge()
        #expect(r.status == 0, "\(r.stderr)")
        #expect(lenient.current("ours") == (try lenient.original("expected")))
        // One line for a clean merge, however many frames were kept.
        #expect(r.stderr.split(separator: "\n").count == 1 && r.stderr.contains("frame"), "\(r.stderr)")
        let verbose = try Inputs("frame-churn").merge(["--verbose"])
        #expect(verbose.stderr.contains(#"layout-only: SustainerView > View > Stack View > Stack View > Title: <rect key="frame"> width: "34.5" (ours) vs "34" (theirs)"#), "\(verbose.stderr)")

        let strict = try Inputs("frame-churn")
        let s = try strict.merge(["--strict-layout"])
        #expect(s.status == 1, "\(s.stderr)")
        let expected = try Data(contentsOf: CLI.fixtures.appendingPathComponent("merge/frame-churn-strict-layout/expected.xib"))
        #expect(strict.current("ours") == expected)
    }

    @Test(arguments: ["legacy-archive", "malformed-input"])
    func unreadableDocumentsFallBackToLineMarkers(_ name: String) throws {
        let c = try Inputs(name)
        let r = try c.merge()
        #expect(r.status == 1, "\(r.stderr)")
        #expect(c.current("ours") == (try c.original("expected")))
        #expect(r.stderr.contains("cannot merge structurally"), "\(r.stderr)")
        #expect(r.stderr.contains("fell back to a line-based merge; 1 conflict hunk(s) marked in the file"), "\(r.stderr)")
        #expect(try c.leftovers().isEmpty)
    }

    /// A throw-away repository whose `main` and `feature` branches changed fixtures' files as
    /// their ours and theirs, from a common base commit; HOME and system config isolated.
    struct Repository {
        let root: String
        var repo: String { root + "/repo" }
        let environment: [String: String]

        init(_ files: [String: Inputs]) throws {
            root = try CLI.temporaryDirectory()
            for dir in ["/repo/UI", "/home"] { try FileManager.default.createDirectory(atPath: root + dir, withIntermediateDirectories: true) }
            var env = ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("GIT_") }
            env["HOME"] = root + "/home"
            env["GIT_CONFIG_NOSYSTEM"] = "1"
            env["GIT_EDITOR"] = "true"
            env["LC_ALL"] = "C"
            environment = env
            try git("init", "-q", "-b", "main")
            try git("config", "user.name", "Ada Lovelace")
            try git("config", "user.email", "ada@example.com")
            for (stem, branch) in [("base", "main"), ("theirs", "feature"), ("ours", "main")] {
                if stem != "base" { try git("checkout", "-q", branch) }
                for (path, inputs) in files { try inputs.original(stem).write(to: URL(fileURLWithPath: repo + "/" + path)) }
                try commit(stem)
                if stem == "base" { try git("branch", "feature") }
            }
        }

        @discardableResult
        func git(_ arguments: String..., status expected: Int32? = 0) throws -> CLI.Result {
            let r = try CLI.git(Array(arguments), cwd: repo, environment: environment)
            if let expected { #expect(r.status == expected, "git \(arguments.joined(separator: " ")): \(r.stdout)\(r.stderr)") }
            return r
        }

        func commit(_ message: String) throws {
            try git("add", "-A")
            try git("commit", "-q", "-m", message)
        }

        /// `merge.xibmerge.driver` and `.gitattributes` (committed), as a user would set them up.
        func installDriver() throws {
            try git("config", "merge.xibmerge.name", "xibmerge")
            try git("config", "merge.xibmerge.driver", "'\(CLI.binary)' merge %O %A %B %P")
            try Data("*.storyboard merge=xibmerge\n*.xib merge=xibmerge\n".utf8).write(to: URL(fileURLWithPath: repo + "/.gitattributes"))
            try commit("merge Interface Builder files with xibmerge")
        }

        func contents(_ path: String) -> Data? { FileManager.default.contents(atPath: repo + "/" + path) }
    }

    /// A real `git merge` that plain git conflicts on succeeds with xibmerge as the merge driver.
    @Test func gitMergeThatPlainGitConflictsOnSucceedsWithTheDriver() throws {
        let storyboard = try Inputs("storyboard-scenes-and-segues")
        let g = try Repository(["UI/CrashReport.storyboard": storyboard])
        defer { try? FileManager.default.removeItem(atPath: g.root) }

        let plain = try g.git("merge", "--no-edit", "feature", status: 1)
        #expect(plain.stdout.contains("CONFLICT (content): Merge conflict in UI/CrashReport.storyboard"), "\(plain.stdout)")
        try g.git("merge", "--abort")

        try g.installDriver()
        let merge = try g.git("merge", "--no-edit", "feature")
        #expect(merge.stderr.contains("xibmerge: UI/CrashReport.storyboard: merged cleanly"), "\(merge.stderr)")
        #expect(g.contents("UI/CrashReport.storyboard") == (try storyboard.original("expected")))
        #expect(try g.git("status", "--porcelain").stdout.isEmpty)
        // The merge commit has both branches as parents.
        #expect(try g.git("rev-list", "--parents", "-n", "1", "HEAD").stdout.split(separator: " ").count == 3)
    }

    /// The driver as `install` writes it (`%L`), in a repository with `merge.conflictStyle diff3`
    /// and a `conflict-marker-size` attribute: git's markers, as git would write them.
    @Test func theDriverFollowsGitsConflictStyleAndMarkerSize() throws {
        let xib = try Inputs("attribute-conflict")
        let g = try Repository(["UI/ParameterValueCell.xib": xib])
        defer { try? FileManager.default.removeItem(atPath: g.root) }
        try g.git("config", "merge.xibmerge.driver", "'\(CLI.binary)' merge %O %A %B %P %L")
        try Data("*.xib merge=xibmerge conflict-marker-size=9\n".utf8).write(to: URL(fileURLWithPath: g.repo + "/.gitattributes"))
        try g.commit("merge Interface Builder files with xibmerge")
        try g.git("config", "merge.conflictStyle", "diff3")
        try g.git("merge", "--no-edit", "feature", status: 1)
        let merged = String(decoding: try #require(g.contents("UI/ParameterValueCell.xib")), as: UTF8.self)
        let markers = merged.split(separator: "\n").filter { $0.hasPrefix("<<<") || $0.hasPrefix("|||") || $0.hasPrefix("===") || $0.hasPrefix(">>>") }
        #expect(markers == ["<<<<<<<<< ours", "||||||||| base", "=========", ">>>>>>>>> theirs"], "\(merged)")
    }

    /// Through git, a true conflict stops the merge with xibmerge's minimal markers in the file
    /// and the object named on stderr.
    @Test func gitMergeWithTheDriverStopsOnATrueConflict() throws {
        let xib = try Inputs("attribute-conflict")
        let g = try Repository(["UI/ParameterValueCell.xib": xib])
        defer { try? FileManager.default.removeItem(atPath: g.root) }
        try g.installDriver()
        let merge = try g.git("merge", "--no-edit", "feature", status: 1)
        #expect(merge.stdout.contains("CONFLICT (content): Merge conflict in UI/ParameterValueCell.xib"), "\(merge.stdout)")
        #expect(merge.stderr.contains(#"Label "Title": ours changed its text to "Hello"; theirs changed its text to "Bonjour""#), "\(merge.stderr)")
        #expect(try g.git("diff", "--name-only", "--diff-filter=U").stdout == "UI/ParameterValueCell.xib\n")
        #expect(g.contents("UI/ParameterValueCell.xib") == (try xib.original("expected")))
    }
}

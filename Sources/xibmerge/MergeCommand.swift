import XibGit
import XibKit
import XibReport
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

enum MergeCommand {
    static func spec() -> CommandSpec {
        CommandSpec(
            name: "merge",
            abstract: "Three-way merge of an Interface Builder file (git merge-driver form: merge %O %A %B %P %L).",
            discussion: """
            The result goes to OURS unless --output is given. Exit codes: 0 clean, 1 conflicts remain \
            (marked in the file), 2 errors. Inputs that cannot be merged structurally (legacy archives, \
            malformed XML) are merged by lines: exit 0 when no lines conflict (one line says so), else \
            conflict markers and exit 1: nothing is lost. \
            Without --conflict-style, markers follow git's merge.conflictStyle (diff3 and zdiff3 add what base \
            had, after `||||||| base`), read from git's configuration only when there are conflicts to mark.
            """,
            arguments: [
                .option(.output, help: "Write the result here instead of to OURS."),
                .option(.conflictStyle, of: XibMerger.Options.ConflictStyle.self,
                        help: "How to mark conflicts (default: git's merge.conflictStyle), or ours or theirs to resolve every conflict so."),
                .option(.markerSize, value: "N", of: Int.self, help: "The length of conflict markers.", default: "7"),
                .option(.report, help: "Write the merge summary as JSON to this file."),
                .flag(.strictLayout, help: "Frames changed differently on both sides are a conflict."),
                .flag(.verbose, help: "Also say what each side contributed and every automatic resolution (frames kept, ids renamed, …)."),
                .positional(.baseFile, help: "The common ancestor (%O)."),
                .positional(.oursFile, help: "Our version (%A); receives the result."),
                .positional(.theirsFile, help: "Their version (%B)."),
                .optionalPositional(.path, help: "The file's path in the repository (%P), for messages."),
                .optionalPositional(.markerSizeArgument, of: Int.self, help: "The length of conflict markers (%L); --marker-size says the same."),
            ],
            makeRun: run
        )
    }

    private static func run(_ parsed: ParsedArguments) throws -> any CommandRun {
        let markerSize: Int? = try parsed.value(.markerSizeArgument), markerSizeOption: Int? = try parsed.value(.markerSize)
        if let markerSize, let markerSizeOption, markerSize != markerSizeOption {
            throw ArgumentError("the marker size is given twice, differently")
        }
        if let n = markerSize ?? markerSizeOption, n < 1 { throw ArgumentError("the marker size must be at least 1") }
        return MergeRun(base: parsed.argument(.baseFile), ours: parsed.argument(.oursFile), theirs: parsed.argument(.theirsFile),
                        path: parsed.string(.path), markerSize: markerSize ?? markerSizeOption, output: parsed.string(.output),
                        conflictStyle: try parsed.value(.conflictStyle), report: parsed.string(.report),
                        strictLayout: parsed.flag(.strictLayout), verbose: parsed.flag(.verbose))
    }
}

/// `merge` itself, on plain values: what `MergeCommand` parsed.
struct MergeRun: CommandRun {
    var base: String
    var ours: String
    var theirs: String
    var path: String?
    var markerSize: Int? = nil
    var output: String? = nil
    /// nil: markers, in the style of git's `merge.conflictStyle`.
    var conflictStyle: XibMerger.Options.ConflictStyle? = nil
    var report: String? = nil
    var strictLayout = false
    var verbose = false

    func run() throws {
        let target = output ?? ours
        let name = path ?? ours
        if CrashFallback.isAfterCrash { return try runAfterCrash(target: target, name: name) }
        let inputs = try readInputs(target: target, name: name)
        var options = XibMerger.Options()
        options.conflictStyle = conflictStyle ?? .markers
        options.markerSize = markerSize ?? 7
        if conflictStyle == nil { options.markerStyleWhenNeeded = MergeRun.gitConflictStyle }
        options.strictLayout = strictLayout
        // The summary names a few changes per conflict; the report lists them all.
        if report == nil { options.wordedChanges = ConflictWording.shownPhrases }
        // If anything below crashes, the line-based merge (with markers) is what the user gets.
        CrashFallback.arm()
        // Lets the tests prove the crash path: a real trap, after arming, before merging (or,
        // set to `after-merge`, after merging, before the result is written).
        let testCrash = getenv("XIBMERGE_TEST_CRASH").map { String(cString: $0) }
        if let testCrash, testCrash != "after-merge" { fatalError("XIBMERGE_TEST_CRASH is set") }
        // Inside git, base and theirs are scratch files (`.merge_file_bPL1Yh`): messages name
        // the path, and say which version.
        let outcome = XibMerger.merge(baseOrNone: .init(bytes: inputs[0], name: path ?? base), ours: .init(bytes: inputs[1], name: name),
                                      theirs: .init(bytes: inputs[2], name: path ?? theirs), options: options)
        if testCrash == "after-merge" { fatalError("XIBMERGE_TEST_CRASH is set") }
        do {
            try AtomicWrite.write(outcome.bytes, to: target, flushed: !writesGitsScratch)
        } catch {
            CrashFallback.disarm()
            Console.err("xibmerge: \(error)")
            throw Exit.error
        }
        CrashFallback.disarm()
        Console.err(MergeSummary.text(outcome, path: name, verbose: verbose))
        if let report {
            // Beside git's own line merge of the same versions (as the driver was given them).
            let lineMerge = LineMergeComparison(base: inputs[0], ours: inputs[1], theirs: inputs[2], outcome: outcome)
            do { try AtomicWrite.write(Array(MergeSummary.json(outcome, path: name, lineMerge: lineMerge).rendered().utf8), to: report) }
            catch { Console.err("xibmerge: \(error)") }
        }
        if !outcome.isClean { throw Exit.foundSomething }
    }

    /// Whether the result goes to git's scratch copy of OURS (`%A`: `.merge_file_XXXXXX`, with
    /// `%P` given). git reads it back into the work tree when the driver exits, and deletes it;
    /// git does not flush the work tree's file either. So it is written atomically but not
    /// flushed to the drive: 0.9 ms of a heavy merge here, and an `F_FULLFSYNC` on a Mac, for
    /// a file nobody keeps (doc/performance.md, "Stop 57").
    var writesGitsScratch: Bool {
        output == nil && path != nil && ours.split(separator: "/").last?.hasPrefix(".merge_file_") == true
    }

    /// The three versions, or exit 2 with nothing written. A version over the size limit is not
    /// merged even by lines: three such files, split into lines, would not fit in bounded memory
    /// (git keeps the three versions in the index and reports the file as conflicted).
    private func readInputs(target: String, name: String) throws -> [[UInt8]] {
        // Inside git, base and theirs are scratch files: the message names the path and the version.
        func read(_ file: String, _ version: String) throws(XMLParseError) -> [UInt8] {
            do { return try FileIO.read(file) } catch {
                guard let path, file != ours else { throw error }
                var named = error
                named.location.file = path
                named.message = "\(version) version (\(file)): \(error.message)"
                throw named
            }
        }
        do throws(XMLParseError) {
            return [try read(base, "base"), try read(ours, "our"), try read(theirs, "their")]
        } catch {
            Console.err("xibmerge: \(error.description)")
            if error.kind == .tooLarge {
                Console.err("xibmerge: \(name) not merged, not even by lines; \(target == ours ? "our version" : target) is left as it was")
            }
            throw Exit.error
        }
    }

    /// The process `CrashFallback` started after a crash: the line-based merge only, with
    /// conflict markers, and exit 1. A clean line merge is still not a verified result: ours'
    /// bytes are left as they are, and the exit is an error's (2), which git reports as a
    /// conflict: exit 1 means markers in the file.
    private func runAfterCrash(target: String, name: String) throws {
        // A temporary file the crashed process left while writing (same process id).
        FileIO.removeTemporaryFiles(beside: target)
        var inputs = try readInputs(target: target, name: name)
        (inputs[0], inputs[2]) = LineEndings.likeOurs(inputs[1], base: inputs[0], theirs: inputs[2])
        var lines = LineMerge.merge(base: inputs[0], ours: inputs[1], theirs: inputs[2])
        if lines.conflicts > 0 {
            let style: LineMerge.Markers.Style
            switch conflictStyle {
            case .diff3?: style = .diff3
            case .zdiff3?: style = .zdiff3
            case nil: style = MergeRun.gitConflictStyle()
            default: style = .merge
            }
            let markers = LineMerge.Markers(style: style, size: markerSize ?? 7)
            if markers != LineMerge.Markers() { lines = LineMerge.merge(base: inputs[0], ours: inputs[1], theirs: inputs[2], markers: markers) }
        }
        let bytes = lines.conflicts == 0 ? inputs[1] : lines.bytes
        if lines.conflicts > 0 || target != ours {
            do { try AtomicWrite.write(bytes, to: target, flushed: !writesGitsScratch) } catch {
                Console.err("xibmerge: \(error)")
                throw Exit.error
            }
        }
        Console.err(lines.conflicts == 0
            ? "xibmerge: internal error while merging \(name); left our version unchanged and reported a conflict"
            : "xibmerge: internal error while merging \(name); wrote a line-based merge with conflict markers instead")
        throw lines.conflicts == 0 ? Exit.error : Exit.foundSomething
    }
}

extension XibMerger.Options.ConflictStyle: ArgumentValue {}

extension MergeRun {
    /// git's `merge.conflictStyle`, as `git config` reads it where git runs the driver (the top
    /// of the work tree, with git's environment). Read by libgit2, or by `git config` where
    /// the environment carries settings libgit2 does not read (`git -c`) or libgit2 will not
    /// open the repository (`Config.asGitSees`): a process start, 13% of a heavy merge's time.
    /// Asked only when there are markers to write; anything unknown is `merge`.
    @Sendable static func gitConflictStyle() -> LineMerge.Markers.Style {
        var value: String?
        do {
            if let config = try Config.asGitSees() {
                value = try config.string("merge.conflictStyle")
            } else if let (status, out) = Subprocess.run(["git", "config", "--get", "merge.conflictStyle"]), status == 0 {
                value = String(decoding: out, as: UTF8.self).split(whereSeparator: \.isWhitespace).first.map(String.init)
            }
        } catch {
            value = nil
        }
        return value.flatMap { LineMerge.Markers.Style(rawValue: $0.lowercased()) } ?? .merge
    }
}

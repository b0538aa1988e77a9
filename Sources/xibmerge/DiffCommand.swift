import XibGit
import XibKit
import XibReport
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

enum DiffCommand {
    static func spec() -> CommandSpec {
        CommandSpec(
            name: "diff",
            abstract: "Show what changed between two versions of a .xib or .storyboard, in words.",
            discussion: """
            Forms:
              xibmerge diff OLD NEW
                  two files (/dev/null for a side that does not exist)
              xibmerge diff PATH OLD-FILE OLD-HEX OLD-MODE NEW-FILE NEW-HEX NEW-MODE
                  git's external diff (diff.<driver>.command); always exits 0
              xibmerge diff [-- PATH...]
                  the index against the work tree (unstaged changes)
              xibmerge diff REV..REV [-- PATH...]
                  two commits (REV...REV: from their merge base)
              xibmerge diff REV [-- PATH...]
                  a commit against the work tree
              xibmerge diff --cached [REV] [-- PATH...]
                  a commit (HEAD) against the index
            Noise (toolsVersion, plug-in and capability versions, <device>, canvasLocation, misplaced) is \
            counted in one line unless --include-noise; frame changes are counted unless --layout. \
            Exit codes: 0 success (whether or not the files differ), 1 with --exit-code when there are \
            changes to show, 2 errors (e.g. input that does not parse: file:line:column).
            """,
            arguments: DiffDisplayOptions.specs + JobsOption.specs + [
                .flag(.exitCode, help: "Exit 1 when there are changes to show (not in git's external-diff mode)."),
                .flag(.cached, help: "Compare a commit (HEAD unless a REV is given) with the index, like git diff --cached."),
                .variadic(.arguments, required: false,
                          help: "OLD NEW, or the 7 arguments git passes to an external diff, or REV..REV / REV [-- PATH...]."),
            ]
        ) { parsed in
            DiffRun(display: try DiffDisplayOptions.settings(parsed), exitCode: parsed.flag(.exitCode), cached: parsed.flag(.cached),
                    jobs: try JobsOption.jobs(parsed), arguments: parsed.strings(.arguments),
                    separated: parsed.separator.map { _ in parsed.countAfterSeparator(.arguments) })
        }
    }
}

/// `diff` itself, on plain values: what `DiffCommand` parsed.
struct DiffRun: CommandRun {
    var display = DiffDisplay()
    var exitCode = false
    var cached = false
    /// Cores for the diff over history (nil: all).
    var jobs: Int? = nil
    var arguments: [String]
    /// How many of the arguments came after `--` (nil: there was no `--`).
    var separated: Int? = nil

    func run() throws {
        let options = display.diffOptions
        if let history = HistoryDiff(arguments: arguments, cached: cached, afterSeparator: separated) {
            let shown = try history.run(options: options, format: display.reportFormat, style: display.style(), jobs: jobs)
            if exitCode && shown { throw Exit.foundSomething }
            return
        }
        switch DiffInvocation(arguments) {
        case .files(let old, let new):
            let file = try load(old: old, new: new, options: options)
            show([file], git: false)
            if exitCode && file.hasChangesToShow { throw Exit.foundSomething }
        case .git(let path, let oldFile, let newFile, let newPath):
            do {
                let (oldBytes, newBytes) = (try bytes(oldFile), try bytes(newFile))
                let file = try SemanticDiff.files(oldBytes: oldBytes, newBytes: newBytes,
                                                  oldName: "a/" + path, newName: "b/" + (newPath ?? path),
                                                  displayName: newPath ?? path, options: options)
                show([file], git: true)
            } catch {
                // Exiting non-zero would stop `git diff` / `git log -p` at this file: say what
                // is wrong and show git's own line diff instead.
                Console.err("xibmerge: \(error.description); showing a line diff")
                if !lineDiff(oldFile, newFile) { throw Exit.error }
            }
        case .unmerged(let path):
            Console.out("* Unmerged path \(path)\n")
        case .usage(let problem):
            Console.err("""
                xibmerge diff: \(problem)
                Usage: xibmerge diff [--format text|markdown|json] [--include-noise] [--layout] [--exit-code] OLD NEW
                       (or as git's external diff, with the 7 arguments git passes)
                """)
            throw Exit.error
        }
    }

    private func load(old: String, new: String, options: DiffOptions) throws -> FileDiff {
        do {
            let (oldBytes, newBytes) = (try bytes(old), try bytes(new))
            return try SemanticDiff.files(oldBytes: oldBytes, newBytes: newBytes, oldName: old,
                                          newName: new, options: options)
        } catch {
            Console.err(error.description)
            throw Exit.error
        }
    }

    /// `nil` for `/dev/null`: the file does not exist on that side.
    private func bytes(_ path: String) throws(XMLParseError) -> [UInt8]? {
        path == "/dev/null" ? nil : try FileIO.read(path)
    }

    private func show(_ files: [FileDiff], git: Bool) {
        Console.out(DiffReport.render(files, format: display.reportFormat, style: display.style(underGit: git)))
    }

    /// `git diff --no-index` of the two files, straight to our stdout. False if git cannot run.
    private func lineDiff(_ old: String, _ new: String) -> Bool {
        let args = ["git", "diff", "--no-index", "--no-ext-diff", "--no-textconv", "--", old, new]
        let cargs = args.map { strdup($0) } + [nil]
        defer { for p in cargs { free(p) } }
        let (spawned, pid) = Subprocess.spawn(cargs)
        guard spawned == 0 else { return false }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        return true
    }
}

/// What the positional arguments of `xibmerge diff` mean.
enum DiffInvocation: Equatable {
    /// Two files (either may be `/dev/null`).
    case files(old: String, new: String)
    /// git's external diff: `path old-file old-hex old-mode new-file new-hex new-mode`, plus
    /// `new-path xfrm-msg` for renames and copies.
    case git(path: String, oldFile: String, newFile: String, newPath: String?)
    /// git's external diff for an unmerged path: one argument, the path.
    case unmerged(path: String)
    case usage(String)

    init(_ args: [String], environment: (String) -> String? = { getenv($0).map { String(cString: $0) } }) {
        func isHex(_ s: String) -> Bool { s == "." || (s.count >= 4 && s.allSatisfy(\.isHexDigit)) }
        func isMode(_ s: String) -> Bool { s == "." || (s.count == 6 && s.allSatisfy { ("0"..."7").contains($0) }) }
        let gitShaped = (args.count == 7 || args.count == 9) && isHex(args[2]) && isMode(args[3]) && isHex(args[5]) && isMode(args[6])
        if gitShaped {
            self = .git(path: args[0], oldFile: args[1], newFile: args[4], newPath: args.count == 9 ? args[7] : nil)
        } else if args.count == 2 {
            self = .files(old: args[0], new: args[1])
        } else if args.count == 1, environment("GIT_DIFF_PATH_TOTAL") != nil {
            self = .unmerged(path: args[0])
        } else if args.isEmpty {
            self = .usage("expected two files to compare")
        } else {
            self = .usage("expected two files (OLD NEW) or git's 7 external-diff arguments, got \(args.count) argument\(args.count == 1 ? "" : "s")")
        }
    }
}

import XibGit
import XibKit
import XibReport

enum ResolveCommand {
    static func spec() -> CommandSpec {
        CommandSpec(
            name: "resolve",
            abstract: "Resolve the conflicted .xib and .storyboard files of the index: merge them structurally, and answer their conflicts one by one.",
            discussion: """
            For each conflicted Interface Builder file (all of them, or those under the PATHs), the three \
            versions git kept in the index (base, ours, theirs) are merged as the merge driver merges them, with \
            the answers given so far, and the result replaces the work-tree file: after the driver, or after a \
            merge, rebase, cherry-pick or stash pop that ran without it. \
            --interactive asks, conflict by conflict, for ours, theirs, base (attributes and values) or, for a \
            list, both; --take ours|theirs answers every conflict (or those --only selects) with one side. \
            Answers are kept in the git directory until the file is resolved, so quitting keeps them and the next \
            run starts from them. A file with every conflict answered is written, checked and staged (unless \
            --no-add); otherwise the remaining conflicts are marked in it and it stays conflicted. Both sides \
            added the file (no base): merged against what the two versions have in common. Deleted on one side \
            and changed on the other: reported, left to you. A file without conflict markers that differs from \
            our version looks resolved by hand, and is left alone unless --force. \
            git mergetool (`xibmerge install` sets up `git mergetool --tool xibmerge`) passes the three versions \
            as --base, --ours and --theirs and the work-tree file as the one PATH; it stages the file itself.
            Once nothing is left conflicted in a merge, the work tree is checked with `check`'s code rules and \
            the mismatches between IB files and code that neither side has are listed. \
            --list writes nothing: it merges each file with the answers given so far and lists its conflicts, \
            with their keys for --only. --format json prints one document for tools at the end instead of the \
            lines (doc/cli.md#resolve). \
            Exit codes: 0 all resolved, 1 conflicts remain, 2 errors.
            """,
            arguments: [
                .flag(.interactive, help: "Ask which side to take, conflict by conflict (standard input must be a terminal)."),
                .option(.take, value: "SIDE", of: MergeSide.self, help: "Take this side in every conflict, or in those --only selects."),
                .flag(.list, help: "Write nothing: list the conflicts of each file, merged with the answers given so far."),
                .option(.format, of: ResolveRun.Format.self, help: "Output format.", default: "text"),
                .option(.only, value: "PATTERN", help: "Only the conflicts whose path, object id or key contains PATTERN (or matches it, with * ? [).", complete: .nothing),
                .option(.base, value: "FILE", help: "The base version's file (git mergetool's $BASE; empty: none)."),
                .option(.ours, value: "FILE", help: "Our version's file (git mergetool's $LOCAL)."),
                .option(.theirs, value: "FILE", help: "Their version's file (git mergetool's $REMOTE)."),
                .flag(.noAdd, help: "Do not stage resolved files."),
                .flag(.force, help: "Redo the merge even where the work-tree file looks resolved by hand."),
                .variadic(.paths, required: false,
                          help: "Files or folders to resolve (default: every conflicted .xib and .storyboard); with --ours and --theirs, the one file to write."),
            ],
            makeRun: run
        )
    }

    private static func run(_ parsed: ParsedArguments) throws -> any CommandRun {
        let interactive = parsed.flag(.interactive), take: MergeSide? = try parsed.value(.take)
        let (only, base, ours, theirs) = (parsed.string(.only), parsed.string(.base), parsed.string(.ours), parsed.string(.theirs))
        let paths = parsed.strings(.paths)
        if interactive && take != nil { throw ArgumentError("--interactive and --take exclude each other") }
        if only != nil && !interactive && take == nil { throw ArgumentError("--only selects conflicts for --interactive or --take") }
        let list = parsed.flag(.list), format: ResolveRun.Format = try parsed.value(.format) ?? .text
        if list && (interactive || take != nil) { throw ArgumentError("--list writes nothing; it excludes --interactive and --take") }
        if format == .json && interactive { throw ArgumentError("--interactive talks to a person; --format json is for tools") }
        if (ours == nil) != (theirs == nil) || (base != nil && ours == nil) {
            throw ArgumentError("--base, --ours and --theirs go together (--base may be left out)")
        }
        if ours != nil && paths.count != 1 { throw ArgumentError("with --ours and --theirs, give the one file to write") }
        let mode: ResolveRun.Mode = list ? .list : interactive ? .interactive : (take.map(ResolveRun.Mode.take) ?? .merge)
        return ResolveRun(mode: mode, output: ResolveOutput(json: format == .json), only: only,
                          base: base, ours: ours, theirs: theirs, noAdd: parsed.flag(.noAdd), force: parsed.flag(.force), paths: paths)
    }
}

/// `resolve` itself, on plain values (validated by `ResolveCommand`).
struct ResolveRun: CommandRun {
    /// How a file's conflicts are answered this run.
    enum Mode {
        /// Only with the answers given before.
        case merge
        case take(MergeSide)
        case interactive
        /// Merge with the answers given before, write nothing.
        case list
    }

    enum Format: String, ArgumentValue, CaseIterable { case text, json }

    var mode = Mode.merge
    var output = ResolveOutput(json: false)
    var only: String?
    /// git mergetool's form: the versions as files (`base` may be nil), and `paths` the one file to write.
    var base: String?
    var ours: String?
    var theirs: String?
    var noAdd = false
    var force = false
    var paths: [String] = []

    func run() throws {
        var remaining = false
        try GitCLI.guarded {
            if case .interactive = mode { try ResolvePrompt.requireTerminal() }
            if let ours, let theirs {
                remaining = try resolveFiles(base: base, ours: ours, theirs: theirs, target: paths[0]) != .resolved
            } else {
                remaining = try resolveIndex()
            }
        }
        output.finish()
        if remaining { throw Exit.foundSomething }
    }

    enum FileResult: Equatable {
        case resolved, remaining, quit
    }

    /// The conflicted files of the index; true when some conflict remains.
    private func resolveIndex() throws -> Bool {
        let repository = try GitCLI.openRepository()
        guard let workdir = repository.workdir else {
            throw GitCLI.UsageError("resolve needs a work tree; \(repository.gitDir) is a bare repository")
        }
        let wanted = try GitCLI.repositoryPaths(paths, in: repository)
        let index = try repository.index()
        let conflicts = try index.conflicts().filter { c in
            GitCLI.isInterfaceBuilderFile(c.path) && (wanted.isEmpty || wanted.contains { under(c.path, $0) })
        }
        for path in wanted where !conflicts.contains(where: { under($0.path, path) }) {
            guard index.entries.contains(where: { under($0.path, path) }) else {
                throw GitCLI.UsageError("'\(path)' is not in the index")
            }
            output.say("xibmerge: \(path.isEmpty ? "." : path): no conflicted .xib or .storyboard file\n")
        }
        if wanted.isEmpty && conflicts.isEmpty {
            output.say("xibmerge: no conflicted .xib or .storyboard files\n")
        }
        var remaining = false
        for conflict in conflicts {
            let result = try resolve(conflict, repository: repository, index: index, workdir: workdir)
            if result != .resolved { remaining = true }
            if result == .quit { break }
        }
        output.end()
        if !remaining, !output.isListing(mode) { try checkMergedWorkTree(repository, workdir: workdir) }
        return remaining
    }

    /// A merge in progress with nothing left conflicted: what the merged work tree breaks
    /// between IB files and code that neither side breaks (see doc/code-check.md).
    private func checkMergedWorkTree(_ repository: Repository, workdir: String) throws {
        guard repository.isMerging, let theirs = try? repository.resolveCommit("MERGE_HEAD"),
              try repository.index().conflicts().isEmpty else { return }
        let breaks = try CodeTree.workTreeBreaks(repository, workdir: workdir, theirs: theirs)
        guard !breaks.isEmpty else { return }
        output.say("xibmerge: the merge breaks the app: \(breaks.count) mismatch\(breaks.count == 1 ? "" : "es") between IB and code that neither side has:\n")
        for f in breaks { output.say("\(f)\n") }
    }

    private func under(_ path: String, _ prefix: String) -> Bool {
        prefix.isEmpty || path == prefix || path.hasPrefix(prefix + "/")
    }

    private func resolve(_ conflict: IndexConflict, repository: Repository, index: Index, workdir: String) throws -> FileResult {
        let path = conflict.path
        output.begin(path)
        guard let ours = conflict.ours, let theirs = conflict.theirs else {
            let who = conflict.ours == nil ? "deleted by us, changed by them" : "changed by us, deleted by them"
            output.say("xibmerge: \(path): \(who): not touched; keep it with `git add` or delete it with `git rm`\n")
            return .remaining
        }
        let target = workdir + "/" + path
        let oursBytes = try repository.blobData(id: ours.blob)
        if !force, let current = try GitCLI.readWorkTreeFile(target), current != oursBytes, !hasConflictMarkers(current) {
            output.say("xibmerge: \(path): the work-tree file has no conflict markers (resolved by hand?); not touched (--force merges anyway)\n")
            return .remaining
        }
        var file = ConflictedFile(path: path, target: target, base: try conflict.ancestor.map { try repository.blobData(id: $0.blob) },
                                  ours: oursBytes, theirs: try repository.blobData(id: theirs.blob), gitDir: repository.gitDir)
        if conflict.ancestor == nil {
            output.say("xibmerge: \(path): added on both sides: merged against what the two versions have in common\n")
        }
        let result = try process(&file)
        guard result == .resolved, !noAdd, !output.isListing(mode) else { return result }
        try index.addFromWorkdir(path: path)
        try index.write()
        output.staged(path)
        return .resolved
    }

    /// git mergetool's form: the versions are files, the result goes to `target`, git stages it.
    private func resolveFiles(base: String?, ours: String, theirs: String, target: String) throws -> FileResult {
        guard GitCLI.isInterfaceBuilderFile(target) else {
            throw GitCLI.UsageError("\(target): not a .xib or .storyboard file")
        }
        func read(_ p: String) throws -> [UInt8] {
            guard let bytes = try GitCLI.readWorkTreeFile(p) else { throw GitCLI.UsageError("\(p): error: no such file") }
            return bytes
        }
        let baseBytes = try base.map(read).flatMap { $0.isEmpty ? nil : $0 }
        // Answers are kept in the repository's git directory, under the file's path in it.
        let repository = try? GitCLI.openRepository()
        let path = (try? repository.map { try GitCLI.repositoryPaths([target], in: $0) })??.first ?? target
        output.begin(path)
        var file = ConflictedFile(path: path, target: target, base: baseBytes, ours: try read(ours), theirs: try read(theirs),
                                  gitDir: repository?.gitDir)
        return try process(&file)
    }

    /// Merges one file with its answers, asks or takes more as the mode says, and writes it.
    private func process(_ file: inout ConflictedFile) throws -> FileResult {
        var outcome = file.merge()
        var quit = false
        switch mode {
        case .merge, .list: break
        case _ where outcome.method != .structural:
            if !outcome.isClean {
                output.say("xibmerge: \(file.path): cannot be resolved conflict by conflict (\(outcome.fallbackReason ?? "not merged structurally")); "
                            + "its conflicts are marked by lines\n")
            }
        case .take(let side):
            var taken = 0
            // Answering may bring conflicts to light (inside what a side kept): a few rounds.
            for _ in 0..<4 {
                let open = ConflictedFile.unanswered(outcome).filter { ConflictedFile.matches($0, only) }
                if open.isEmpty { break }
                for e in open { file.answers.set(e.conflict!.key, side == .ours ? .ours : .theirs) }
                taken += open.count
                outcome = file.merge()
            }
            output.say("xibmerge: \(file.path): took \(side.rawValue) in \(taken) conflict(s)\n")
        case .interactive:
            (outcome, quit) = try ask(&file, outcome)
        }
        if !output.isListing(mode) { try file.write(outcome) }
        output.merged(file.path, outcome, written: !output.isListing(mode))
        if case .interactive = mode {
            let all = outcome.events.filter { $0.conflict != nil }.count, open = ConflictedFile.unanswered(outcome).count
            Console.out(open == 0
                ? "xibmerge: \(file.path): \(all) conflict(s) answered; written and checked\n"
                : "xibmerge: \(file.path): \(all - open) of \(all) conflict(s) answered (kept for the next run); \(open) still marked in the file\n")
        } else {
            output.say(MergeSummary.text(outcome, path: file.path), summary: true)
        }
        if outcome.isClean { return .resolved }
        switch mode {
        case .interactive: break
        case .list: output.say("xibmerge: \(file.path): still unmerged\n")
        default: output.say("xibmerge: \(file.path): conflicts marked in the file; still unmerged\n")
        }
        return quit ? .quit : .remaining
    }

    /// Asks for each unanswered conflict in turn, merging again after each answer (an answer
    /// may settle others: a deleted object takes the conflicts inside it along).
    private func ask(_ file: inout ConflictedFile, _ first: XibMerger.Outcome) throws -> (XibMerger.Outcome, quit: Bool) {
        let prompt = ResolvePrompt()
        var outcome = first
        var skipped: Set<String> = []
        while true {
            let all = outcome.events.filter { $0.conflict != nil }
            guard let i = all.firstIndex(where: { e in
                e.conflict!.chosen == nil && !skipped.contains(e.conflict!.key) && ConflictedFile.matches(e, only)
            }) else { return (outcome, false) }
            let key = all[i].conflict!.key
            switch prompt.ask(all[i], number: i + 1, of: all.count, file: file.path) {
            case .choose(let choice):
                file.answers.set(key, choice)
                try file.answers.save()
                outcome = file.merge()
            case .skip: skipped.insert(key)
            case .quit: return (outcome, true)
            }
        }
    }

    /// A line starting with `<<<<<<< ` (git's and ours).
    private func hasConflictMarkers(_ bytes: [UInt8]) -> Bool {
        let marker = Array("<<<<<<<".utf8)
        var lineStart = true
        for i in bytes.indices {
            if lineStart, bytes[i] == 0x3C, bytes[i...].starts(with: marker) { return true }
            lineStart = bytes[i] == 0x0A
        }
        return false
    }
}

extension MergeSide: ArgumentValue {
    init?(argument: String) { self.init(rawValue: argument) }
    static var allowedValues: [String] { [MergeSide.ours, .theirs].map(\.rawValue) }
}

/// Where `resolve` says what it did: lines on standard output, or, with `--format json`, one
/// `ResolveReport` printed at the end (a class: the run's methods are not mutating).
final class ResolveOutput {
    let json: Bool
    private var report = ResolveReport()
    /// The file being reported on (an index in `report.files`), nil between files.
    private var current: Int?

    init(json: Bool) { self.json = json }

    func isListing(_ mode: ResolveRun.Mode) -> Bool {
        if case .list = mode { return true }
        return false
    }

    /// The file the next lines are about.
    func begin(_ path: String) {
        guard json else { return }
        report.files.append(.init(path: path))
        current = report.files.count - 1
    }

    /// The lines that follow are about no one file.
    func end() { current = nil }

    /// A line (or, `summary`, the merge's summary lines, which the JSON holds as `merge`).
    func say(_ text: String, summary: Bool = false) {
        guard json else { return Console.out(text) }
        if summary { return }
        let line = text.hasSuffix("\n") ? String(text.dropLast()) : text
        if let current { report.files[current].messages.append(line) } else { report.messages.append(line) }
    }

    func merged(_ path: String, _ outcome: XibMerger.Outcome, written: Bool) {
        guard json, let current else { return }
        report.files[current].outcome = outcome
        report.files[current].written = written
    }

    func staged(_ path: String) {
        guard json else { return Console.out("xibmerge: \(path): staged\n") }
        if let current { report.files[current].staged = true }
    }

    func finish() {
        if json { Console.out(report.json().rendered()) }
    }
}

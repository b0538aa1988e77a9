import XibGit
import XibKit
import XibReport

enum MergePreviewCommand {
    static func spec() -> CommandSpec {
        CommandSpec(
            name: "merge-preview",
            abstract: "Tell whether merging THEIRS_REV into OURS_REV would leave conflicts, without merging.",
            discussion: """
            Finds the merge base and merges, in memory, every .xib and .storyboard changed on both sides \
            the way the merge driver would; other files are predicted by libgit2's own in-memory merge. \
            Nothing is written to the repository or the work tree (in a partial clone, git fetches the \
            versions a merge needs, as it would for the merge). Conflicts are named by the human path of \
            the object concerned. With Swift or Objective-C sources, the merged tree is checked with `check`'s \
            code rules: mismatches between IB files and code that neither side has are listed. Exit codes: \
            0 everything would merge cleanly, 1 conflicts would remain or the merge breaks the app, 2 errors.
            """,
            arguments: [
                .option(.format, of: OutputFormat.self, help: "Output format.", default: "text"),
            ] + JobsOption.specs + [
                .positional(.oursRev, help: "The revision merged into (usually the target branch).", complete: .revisions),
                .positional(.theirsRev, help: "The revision merged in (usually the pull request's branch).", complete: .revisions),
            ]
        ) { parsed in
            MergePreviewRun(format: try parsed.value(.format) ?? .text, oursRev: parsed.argument(.oursRev),
                            theirsRev: parsed.argument(.theirsRev), jobs: try JobsOption.jobs(parsed))
        }
    }
}

/// `merge-preview` itself, on plain values.
struct MergePreviewRun: CommandRun {
    var format: OutputFormat = .text
    var oursRev: String
    var theirsRev: String
    var jobs: Int?

    func run() throws {
        var clean = true
        var failed = false
        try GitCLI.guarded {
            let repository = try GitCLI.openRepository()
            let preview = try Self.preview(repository, ours: oursRev, theirs: theirsRev, jobs: jobs) { problem in
                Console.err("xibmerge: \(problem)")
                failed = true
            }
            switch format {
            case .text: Console.out(MergePreviewRenderer.text(preview))
            case .markdown: Console.out(MergePreviewRenderer.markdown(preview))
            case .json: Console.out(MergePreviewRenderer.json(preview).rendered())
            }
            clean = preview.isClean && (preview.codeBreaks ?? []).isEmpty
        }
        if failed { throw Exit.error }
        if !clean { throw Exit.foundSomething }
    }

    /// The preview. What cannot be previewed (a version a partial clone cannot fetch, or other
    /// files' conflicts when libgit2 cannot merge them) goes to `report`, and the rest goes on.
    static func preview(_ repository: Repository, ours: String, theirs: String, jobs: Int? = nil,
                        report: (String) -> Void) throws -> MergePreview {
        let o = try repository.resolveCommit(ours), t = try repository.resolveCommit(theirs)
        let changes = try repository.mergeChanges(ours: o, theirs: t, renameCandidates: GitCLI.isInterfaceBuilderFile)
        let store = BlobStore(repository)
        store.prefetch(blobsGitMergeReads(changes))
        var predicted: [IndexConflict] = []
        do {
            predicted = try repository.predictMergeConflicts(ours: o, theirs: t)
        } catch let error as GitError {
            report("\(error.description); conflicts in files other than .xib and .storyboard are not shown")
        }
        let predictedPaths = Set(predicted.flatMap { [$0.ancestor?.path, $0.ours?.path, $0.theirs?.path].compactMap { $0 } })
        func paths(_ c: FileChange) -> [String] { [c.oldPath, c.newPath].compactMap { $0 } }

        let both = changes.changedOnBothSides.filter { b in
            ([b.basePath] + paths(b.ours) + paths(b.theirs)).contains(where: GitCLI.isInterfaceBuilderFile)
        }
        let outcomes = HistoryReading.map(both, store: store, jobs: jobs,
                                          blobs: { [$0.ours.oldBlob ?? $0.theirs.oldBlob, $0.ours.newBlob, $0.theirs.newBlob] }) { b, _ in
            let all = [b.basePath] + paths(b.ours) + paths(b.theirs)
            return Result { () throws(MissingBlob) in
                try file(b, store: store, conflictsWithoutDriver: all.contains(where: predictedPaths.contains))
            }
        }
        var files: [MergePreview.File] = []
        for (b, outcome) in zip(both, outcomes) {
            switch outcome {
            case .success(let file): files.append(file)
            case .failure(let missing): report(HistoryReading.problem(missing, path: b.ours.newPath ?? b.basePath) + "; not previewed")
            }
        }
        let covered = Set(both.flatMap { [$0.basePath] + paths($0.ours) + paths($0.theirs) })
        let others = Set(predicted.map(\.path)).subtracting(covered).sorted()
        let oneSide = Set((changes.ours + changes.theirs).map { $0.oldPath ?? $0.path }.filter(GitCLI.isInterfaceBuilderFile))
            .subtracting(both.map(\.basePath))
        var preview = MergePreview(ours: .init(revision: ours, commit: o.hex), theirs: .init(revision: theirs, commit: t.hex),
                                   base: changes.base?.hex, files: files, otherConflicts: others, changedOnOneSide: oneSide.count)
        var merged: [String: [UInt8]] = [:]
        for f in files { if case .merged(let outcome) = f.result, outcome.isClean { merged[f.path] = outcome.bytes } }
        do {
            preview.codeBreaks = try CodeTree.mergeBreaks(repository, ours: o, theirs: t, changes: changes, merged: merged, store: store)
        } catch {
            report("IB files and code not compared in the merged tree: \(error)")
        }
        return preview
    }

    /// The blobs libgit2's in-memory merge reads, which a partial clone may lack: both sides'
    /// versions of files both changed, and added and deleted files (rename detection).
    private static func blobsGitMergeReads(_ changes: MergeChanges) -> [ObjectID] {
        let both = changes.changedOnBothSides.flatMap { [$0.ours.oldBlob, $0.ours.newBlob, $0.theirs.newBlob] }
        let addedOrDeleted = (changes.ours + changes.theirs).filter { $0.status == .added || $0.status == .deleted }
            .flatMap { [$0.oldBlob, $0.newBlob] }
        return (both + addedOrDeleted).compactMap { $0 }
    }

    private static func file(_ b: MergeChanges.BothChanged, store: BlobStore,
                             conflictsWithoutDriver: Bool) throws(MissingBlob) -> MergePreview.File {
        let (ours, theirs) = (b.ours, b.theirs)
        let renamedByOurs = ours.newPath.map { $0 != b.basePath } ?? false
        let renamedByTheirs = theirs.newPath.map { $0 != b.basePath } ?? false
        let path = (renamedByTheirs && !renamedByOurs ? theirs.newPath : ours.newPath) ?? theirs.newPath ?? b.basePath
        let baseBlob = ours.oldBlob ?? theirs.oldBlob
        // Read first, so that a base version a partial clone cannot fetch is reported even when
        // the outcome would not need it (a deletion against a change).
        let base = try store.bytes(baseBlob)
        func make(_ result: MergePreview.File.Result) -> MergePreview.File {
            MergePreview.File(path: path, basePath: path == b.basePath || baseBlob == nil ? nil : b.basePath,
                              addedOnBothSides: baseBlob == nil, result: result, conflictsWithoutDriver: conflictsWithoutDriver)
        }
        if renamedByOurs && renamedByTheirs, let a = ours.newPath, let c = theirs.newPath, a != c {
            return make(.treeConflict("renamed to \(a) by ours and to \(c) by theirs"))
        }
        switch (ours.newBlob, theirs.newBlob) {
        case (nil, nil): return make(.same)
        case (nil, _?): return make(.treeConflict("deleted by ours, changed by theirs"))
        case (_?, nil): return make(.treeConflict("changed by ours, deleted by theirs"))
        case let (o?, t?):
            if o == t { return make(.same) }
            let outcome = GitCLI.merge(base: base, ours: try store.bytes(o) ?? [],
                                       theirs: try store.bytes(t) ?? [], path: path)
            return make(.merged(outcome))
        }
    }
}

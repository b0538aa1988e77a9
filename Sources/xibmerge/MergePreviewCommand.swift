import ArgumentParser
import XibGit
import XibKit
import XibReport

struct MergePreviewCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "merge-preview",
        abstract: "Tell whether merging THEIRS_REV into OURS_REV would leave conflicts, without merging.",
        discussion: """
        Finds the merge base and merges, in memory, every .xib and .storyboard changed on both sides \
        the way the merge driver would; other files are predicted by libgit2's own in-memory merge. \
        Nothing is written to the repository or the work tree. Conflicts are named by the human path of \
        the object concerned. Exit codes: 0 everything would merge cleanly, 1 conflicts would remain, 2 errors.
        """
    )

    @Option(help: "Output format: text, markdown or json.")
    var format: OutputFormat = .text

    @Argument(help: "The revision merged into (usually the target branch).")
    var oursRev: String

    @Argument(help: "The revision merged in (usually the pull request's branch).")
    var theirsRev: String

    func run() throws {
        var clean = true
        try GitCLI.guarded {
            let repository = try GitCLI.openRepository()
            let preview = try Self.preview(repository, ours: oursRev, theirs: theirsRev)
            switch format {
            case .text: Console.out(MergePreviewRenderer.text(preview))
            case .markdown: Console.out(MergePreviewRenderer.markdown(preview))
            case .json: Console.out(MergePreviewRenderer.json(preview).rendered())
            }
            clean = preview.isClean
        }
        if !clean { throw Exit.foundSomething }
    }

    static func preview(_ repository: Repository, ours: String, theirs: String) throws -> MergePreview {
        let o = try repository.resolveCommit(ours), t = try repository.resolveCommit(theirs)
        let changes = try repository.mergeChanges(ours: o, theirs: t)
        let predicted = try repository.predictMergeConflicts(ours: o, theirs: t)
        let predictedPaths = Set(predicted.flatMap { [$0.ancestor?.path, $0.ours?.path, $0.theirs?.path].compactMap { $0 } })
        func paths(_ c: FileChange) -> [String] { [c.oldPath, c.newPath].compactMap { $0 } }

        let both = changes.changedOnBothSides.filter { b in
            ([b.basePath] + paths(b.ours) + paths(b.theirs)).contains(where: GitCLI.isInterfaceBuilderFile)
        }
        let files = try both.map { b in
            let all = [b.basePath] + paths(b.ours) + paths(b.theirs)
            return try file(b, repository: repository, conflictsWithoutDriver: all.contains(where: predictedPaths.contains))
        }
        let covered = Set(both.flatMap { [$0.basePath] + paths($0.ours) + paths($0.theirs) })
        let others = Set(predicted.map(\.path)).subtracting(covered).sorted()
        let oneSide = Set((changes.ours + changes.theirs).map { $0.oldPath ?? $0.path }.filter(GitCLI.isInterfaceBuilderFile))
            .subtracting(both.map(\.basePath))
        return MergePreview(ours: .init(revision: ours, commit: o.hex), theirs: .init(revision: theirs, commit: t.hex),
                            base: changes.base?.hex, files: files, otherConflicts: others, changedOnOneSide: oneSide.count)
    }

    private static func file(_ b: MergeChanges.BothChanged, repository: Repository,
                             conflictsWithoutDriver: Bool) throws -> MergePreview.File {
        let (ours, theirs) = (b.ours, b.theirs)
        let renamedByOurs = ours.newPath.map { $0 != b.basePath } ?? false
        let renamedByTheirs = theirs.newPath.map { $0 != b.basePath } ?? false
        let path = (renamedByTheirs && !renamedByOurs ? theirs.newPath : ours.newPath) ?? theirs.newPath ?? b.basePath
        let baseBlob = ours.oldBlob ?? theirs.oldBlob
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
            let outcome = GitCLI.merge(base: try baseBlob.map { try repository.blobData(id: $0) }, ours: try repository.blobData(id: o),
                                       theirs: try repository.blobData(id: t), path: path)
            return make(.merged(outcome))
        }
    }
}

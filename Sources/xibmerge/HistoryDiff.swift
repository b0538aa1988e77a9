import XibGit
import XibKit
import XibReport

/// The history forms of `xibmerge diff`, reached through `DiffCommand`:
///
///     xibmerge diff [-- PATH...]             the index against the work tree (unstaged changes)
///     xibmerge diff REV..REV [-- PATH...]    two commits (also REV REV; REV...REV: from their merge base)
///     xibmerge diff REV [-- PATH...]         a commit against the work tree (staged and unstaged changes)
///     xibmerge diff --cached [REV] [-- PATH...]   a commit (HEAD) against the index
///
/// Only .xib and .storyboard files are shown; added, deleted and renamed files included (renames
/// detected by libgit2). Paths are relative to the current folder, as with git.
struct HistoryDiff {
    enum Sides {
        case commits(old: String, new: String, fromMergeBase: Bool)
        case workTree(from: String)
        case index(from: String)
        /// The index against the work tree: what `git diff` shows with no revision.
        case unstaged
    }

    var sides: Sides
    var paths: [String]
    /// Whether `--` separated the paths (without it, `diff A B` may name two commits, as in git).
    var separated: Bool

    /// Nil when the arguments are the two-file or git external-diff forms. `afterSeparator`: how
    /// many of the arguments came after `--` (nil: there was no `--`).
    init?(arguments: [String], cached: Bool, afterSeparator: Int?) {
        if !cached, afterSeparator.map({ $0 == arguments.count }) ?? arguments.isEmpty {
            // `xibmerge diff [-- PATH...]`: unstaged changes, like `git diff`.
            sides = .unstaged
            paths = arguments
            separated = true
            return
        }
        if !cached {
            switch DiffInvocation(arguments) {
            case .git, .unmerged: return nil
            case .files, .usage:
                // Files (existing or not: a missing one gets the file forms' own message) are not revisions.
                guard let first = arguments.first, first != "/dev/null", !GitCLI.fileExists(first),
                      !GitCLI.isInterfaceBuilderFile(first) else { return nil }
            }
        }
        // Arguments after `--` are paths.
        separated = afterSeparator != nil
        let positional = Array(arguments.dropLast(afterSeparator ?? 0))
        let explicitPaths = Array(arguments.suffix(afterSeparator ?? 0))
        guard let rev = positional.first else {
            // `--cached` alone, or `--cached -- PATH`.
            sides = .index(from: "HEAD")
            paths = explicitPaths
            return
        }
        if cached {
            sides = .index(from: rev)
        } else if let range = rev.firstRange(of: "...") ?? rev.firstRange(of: "..") {
            let old = String(rev[..<range.lowerBound]), new = String(rev[range.upperBound...])
            sides = .commits(old: old.isEmpty ? "HEAD" : old, new: new.isEmpty ? "HEAD" : new,
                             fromMergeBase: rev[range].count == 3)
        } else {
            sides = .workTree(from: rev)
        }
        paths = Array(positional.dropFirst()) + explicitPaths
    }

    /// Prints the diff; true when there was something to show. A file that cannot be shown (a
    /// version that does not parse, or a blob a partial clone cannot fetch) is named on stderr
    /// and the others are shown; the exit code is then 2.
    func run(options: DiffOptions, format: DiffReport.Format, style: DiffReport.Style, jobs: Int? = nil) throws -> Bool {
        var shown = false
        var failed = false
        try GitCLI.guarded {
            let repository = try GitCLI.openRepository()
            var form = self
            if case .workTree(let old) = sides, !separated, paths.count == 1, !GitCLI.fileExists(paths[0]),
               (try? repository.resolveCommit(paths[0])) != nil {
                form.sides = .commits(old: old, new: paths[0], fromMergeBase: false)   // `diff A B`: two commits
                form.paths = []
            }
            var paths = try GitCLI.repositoryPaths(form.paths, in: repository)
            if paths.contains("") { paths = [] }  // the top of the work tree: everything
            let (changes, workTree) = try form.changes(repository, paths: paths)
            // The new side is a blob, or a file of the work tree (whose id is no object of the repository).
            let outcomes = HistoryReading.map(changes, store: BlobStore(repository), jobs: jobs,
                                              blobs: { [$0.oldBlob, workTree == nil ? $0.newBlob : nil] }) { change, versions in
                Self.fileDiff(change, versions: versions, workTree: workTree, options: options)
            }
            var files: [HistoryFileDiff] = []
            for outcome in outcomes {
                switch outcome {
                case .success(let file): files.append(file)
                case .failure(let problem):
                    Console.err("xibmerge: \(problem.message)")
                    failed = true
                }
            }
            shown = files.contains(where: \.hasChangesToShow)
            Console.out(HistoryRenderer.render(files, format: format, style: style))
        }
        if failed { throw Exit.error }
        return shown
    }

    /// Why a file is not shown, in one line.
    private struct Problem: Error {
        var message: String
    }

    /// One file's diff; its new version is a blob, or a file of the work tree (under `workTree`).
    private static func fileDiff(_ change: FileChange, versions: Versions, workTree: String?,
                                 options: DiffOptions) -> Result<HistoryFileDiff, Problem> {
        let oldPath = change.oldPath ?? change.path, path = change.path
        do {
            let diff: FileDiff
            if let workTree {
                let new = try change.newPath.flatMap { try GitCLI.readWorkTreeFile(workTree + "/" + $0) }
                    .map { bytes throws(XMLParseError) in try SemanticDiff.Version(bytes: bytes, name: path) }
                diff = Versions.compare(old: try versions.version(change.oldBlob, path: oldPath), new: new, oldPath: oldPath,
                                        path: path, options: options)
            } else {
                diff = try versions.diff(old: change.oldBlob, new: change.newBlob, oldPath: oldPath, path: path, options: options)
            }
            let renamed = change.status == .renamed ? change.oldPath : nil
            return .success(HistoryFileDiff(diff: diff, renamedFrom: renamed, similarity: renamed == nil ? nil : change.similarity))
        } catch {
            return .failure(Problem(message: HistoryReading.problem(error, path: path) + "; \(path) not shown"))
        }
    }

    /// The .xib/.storyboard changes between the two sides (renames looked for among them only),
    /// and the work tree's folder when the new side is read from it.
    private func changes(_ repository: Repository, paths: [String]) throws -> ([FileChange], workTree: String?) {
        let renames = GitCLI.isInterfaceBuilderFile
        switch sides {
        case .commits(let oldRev, let newRev, let fromMergeBase):
            var old = try repository.resolveCommit(oldRev)
            let new = try repository.resolveCommit(newRev)
            if fromMergeBase {
                guard let base = try repository.mergeBase(old, new) else {
                    throw GitCLI.UsageError("'\(oldRev)' and '\(newRev)' have no common ancestor")
                }
                old = base
            }
            for path in paths where try !repository.contains(path: path, in: old) && !repository.contains(path: path, in: new) {
                throw GitCLI.UsageError("path '\(path)' exists in neither '\(oldRev)' nor '\(newRev)'")
            }
            return (try HistoryReading.changes(repository, from: old, to: new, paths: paths), nil)
        case .workTree(let rev):
            let old = try repository.resolveCommit(rev)
            guard let workdir = repository.workdir else {
                throw GitCLI.UsageError("a bare repository has no work tree to compare '\(rev)' with; use REV..REV")
            }
            try checkPaths(paths, in: repository, against: old, rev: rev) { GitCLI.fileExists(workdir + "/" + $0) }
            let changes = try repository.diffToWorkdir(from: old, paths: paths, renameCandidates: renames)
            return (changes.filter(HistoryReading.touchesInterfaceBuilderFile), workdir)
        case .unstaged:
            guard let workdir = repository.workdir else {
                throw GitCLI.UsageError("a bare repository has no work tree; use REV..REV")
            }
            let changes = try repository.diffIndexToWorkdir(paths: paths, renameCandidates: renames)
            return (changes.filter(HistoryReading.touchesInterfaceBuilderFile), workdir)
        case .index(let rev):
            let old = rev == "HEAD" && repository.isHeadUnborn ? nil : try repository.resolveCommit(rev)
            let index = try repository.index()
            try checkPaths(paths, in: repository, against: old, rev: rev) { path in
                index.entries.contains { $0.path == path || $0.path.hasPrefix(path + "/") }
            }
            let changes = try repository.diffIndex(from: old, paths: paths, renameCandidates: renames)
            return (changes.filter(HistoryReading.touchesInterfaceBuilderFile), nil)
        }
    }

    private func checkPaths(_ paths: [String], in repository: Repository, against commit: ObjectID?, rev: String,
                            newSideHas: (String) -> Bool) throws {
        for path in paths where !path.isEmpty && !newSideHas(path) {
            if let commit, try repository.contains(path: path, in: commit) { continue }
            throw GitCLI.UsageError("path '\(path)' exists neither in '\(rev)' nor in the \(isIndex ? "index" : "work tree")")
        }
    }

    private var isIndex: Bool { if case .index = sides { return true } else { return false } }
}

import XibGit
import XibKit
import XibReport

enum LogCommand {
    static func spec() -> CommandSpec {
        CommandSpec(
            name: "log",
            abstract: "The semantic history of one .xib or .storyboard: each commit that changed it, with what it changed.",
            discussion: """
            Commits reachable from HEAD (or --rev) whose version of PATH differs from their first parent's, \
            newest first: id, author, date and summary, then the semantic diff of the commit's change to the \
            file. Renames are followed, as git log --follow does: a commit that renamed the file says so, and \
            the history goes on under the old path. Exit codes: 0 success, 2 errors (outside a repository, \
            unborn HEAD, unknown revision, a path that never existed).
            """,
            arguments: [
                .option(.maxCount, short: "n", value: "max-count", of: Int.self, help: "Show at most N commits."),
                .option(.rev, help: "Start from this revision instead of HEAD.", default: "HEAD", complete: .revisions),
            ] + DiffDisplayOptions.specs + JobsOption.specs + [
                .positional(.path, help: "The file, relative to the current folder."),
            ]
        ) { parsed in
            LogRun(maxCount: try parsed.value(.maxCount), rev: parsed.string(.rev) ?? "HEAD",
                   display: try DiffDisplayOptions.settings(parsed), jobs: try JobsOption.jobs(parsed), path: parsed.argument(.path))
        }
    }
}

/// `log` itself, on plain values.
struct LogRun: CommandRun {
    var maxCount: Int?
    var rev = "HEAD"
    var display: DiffDisplay
    var jobs: Int?
    var path: String

    func run() throws {
        try GitCLI.guarded {
            let repository = try GitCLI.openRepository()
            let file = try GitCLI.repositoryPaths([path], in: repository)[0]
            let start = try repository.resolveCommit(rev)
            if try repository.contains(path: file, in: start), try repository.entry(in: start, path: file) == nil {
                throw GitCLI.UsageError("'\(file)' is a folder in '\(rev)'; log shows the history of one file")
            }
            let changes = try repository.log(path: file, from: rev, limit: maxCount, renameCandidates: GitCLI.isInterfaceBuilderFile)
            if changes.isEmpty && maxCount != 0 {
                throw GitCLI.UsageError("path '\(file)' does not exist in '\(rev)' or its history")
            }
            let options = display.diffOptions
            let entries = HistoryReading.map(Array(zip(changes, Self.paths(changes, file: file))), store: BlobStore(repository),
                                             jobs: jobs, blobs: { [$0.0.oldBlob, $0.0.newBlob] }) { item, versions in
                let (change, path) = item
                var entry = HistoryEntry(commit: change.commit.id.hex, authorName: change.commit.author.name,
                                         authorEmail: change.commit.author.email, date: GitCLI.isoDate(change.commit.author),
                                         summary: change.commit.summary, diff: nil, renamedFrom: change.renamedFrom)
                do {
                    entry.diff = try versions.diff(old: change.oldBlob, new: change.newBlob, oldPath: change.renamedFrom ?? path,
                                                   path: path, options: options)
                } catch {
                    entry.problem = HistoryReading.problem(error, path: path)
                }
                return entry
            }
            Console.out(HistoryRenderer.render(path: file, entries: entries, format: display.reportFormat,
                                               style: display.style()))
        }
    }

    /// The file's path at each commit, newest first: older than a rename, the old one.
    private static func paths(_ changes: [PathChange], file: String) -> [String] {
        var here = file
        return changes.map { change in
            defer { if let old = change.renamedFrom { here = old } }
            return here
        }
    }
}

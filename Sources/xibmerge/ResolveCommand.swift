import ArgumentParser
import XibGit
import XibKit
import XibReport

struct ResolveCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "resolve",
        abstract: "Merge the conflicted .xib and .storyboard files of the index structurally (after a merge, rebase, cherry-pick or stash pop that ran without the driver).",
        discussion: """
        For each conflicted Interface Builder file (all of them, or those under the PATHs), the three \
        versions git kept in the index (base, ours, theirs) are merged as the merge driver would have \
        merged them, and the result replaces the work-tree file. A clean result is staged (unless \
        --no-add); otherwise the remaining conflicts are marked in the file and the path stays \
        conflicted. Both sides added the file (no base): merged against what the two versions have in \
        common, so each side's additions are kept and only differing definitions conflict. Deleted on \
        one side and changed on the other: reported, left to you. A file without conflict markers that \
        differs from our version looks resolved by hand, and is left alone unless --force.
        Exit codes: 0 all resolved, 1 conflicts remain, 2 errors.
        """
    )

    @Flag(name: .customLong("no-add"), help: "Do not stage clean results.")
    var noAdd = false

    @Flag(help: "Redo the merge even where the work-tree file looks resolved by hand.")
    var force = false

    @Argument(help: "Files or folders to resolve (default: every conflicted .xib and .storyboard).")
    var paths: [String] = []

    func run() throws {
        var remaining = false
        try GitCLI.guarded {
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
                Console.out("xibmerge: \(path.isEmpty ? "." : path): no conflicted .xib or .storyboard file\n")
            }
            if wanted.isEmpty && conflicts.isEmpty {
                Console.out("xibmerge: no conflicted .xib or .storyboard files\n")
            }
            for conflict in conflicts {
                if try !resolve(conflict, repository: repository, index: index, workdir: workdir) { remaining = true }
            }
        }
        if remaining { throw Exit.foundSomething }
    }

    private func under(_ path: String, _ prefix: String) -> Bool {
        prefix.isEmpty || path == prefix || path.hasPrefix(prefix + "/")
    }

    /// True when the path is resolved (staged or, with --no-add, cleanly merged in the work tree).
    private func resolve(_ conflict: IndexConflict, repository: Repository, index: Index, workdir: String) throws -> Bool {
        let path = conflict.path
        guard let ours = conflict.ours, let theirs = conflict.theirs else {
            let who = conflict.ours == nil ? "deleted by us, changed by them" : "changed by us, deleted by them"
            Console.out("xibmerge: \(path): \(who): not touched; keep it with `git add` or delete it with `git rm`\n")
            return false
        }
        let file = workdir + "/" + path
        let oursBytes = try repository.blobData(id: ours.blob)
        if !force, let current = try GitCLI.readWorkTreeFile(file), current != oursBytes, !hasConflictMarkers(current) {
            Console.out("xibmerge: \(path): the work-tree file has no conflict markers (resolved by hand?); not touched (--force merges anyway)\n")
            return false
        }
        let outcome = GitCLI.merge(base: try conflict.ancestor.map { try repository.blobData(id: $0.blob) },
                                   ours: oursBytes, theirs: try repository.blobData(id: theirs.blob), path: path)
        do { try FileIO.writeAtomically(outcome.bytes, to: file) } catch { throw GitCLI.UsageError(error.description) }
        if conflict.ancestor == nil {
            Console.out("xibmerge: \(path): added on both sides: merged against what the two versions have in common\n")
        }
        Console.out(MergeSummary.text(outcome, path: path))
        guard outcome.isClean else {
            Console.out("xibmerge: \(path): conflicts marked in the file; still unmerged in the index\n")
            return false
        }
        if noAdd { return true }
        try index.addFromWorkdir(path: path)
        try index.write()
        Console.out("xibmerge: \(path): staged\n")
        return true
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

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import XibGit
import XibKit
import XibSource

/// `merge-preview`'s check of the merged tree: a merge can leave IB and code disagreeing when
/// each side on its own agrees (one renames an outlet in the code and the xib, the other
/// connects the old name).
extension CodeTree {
    /// The code rules' findings in the merged tree that neither side has; empty when one side
    /// changes no file the rules read (the merge then reads the other side's files). `merged`:
    /// the driver's clean results for the IB files both sides changed, by path.
    static func mergeBreaks(_ repository: Repository, ours: ObjectID, theirs: ObjectID, changes: MergeChanges,
                            merged: [String: [UInt8]], store: BlobStore) throws -> [IntegrityProblem] {
        func touchesCode(_ list: [FileChange]) -> Bool { list.contains { c in [c.oldPath, c.newPath].contains { $0.map(reads) ?? false } } }
        guard touchesCode(changes.ours) && touchesCode(changes.theirs) else { return [] }
        let configuration = configuration()
        guard let o = try check(repository, commit: ours, store: store, configuration: configuration) else { return [] }
        let t = try check(repository, commit: theirs, store: store, configuration: configuration)?.findings ?? []
        let result = try inTemporaryFolder { folder -> Findings? in
            try write(repository, commit: ours, store: store, to: folder)
            try applyTheirs(changes, merged: merged, store: store, to: folder)
            return check(folder: folder, configuration: configuration)
        }
        return CodeRules.introduced(base: o.findings + t, head: result?.findings ?? [])
    }

    /// Turns ours' files in `folder` into the merge's: theirs' changes to files ours did not
    /// touch, the driver's results for IB files, `git merge-file` for other files both changed
    /// (left as ours' when the lines conflict).
    static func applyTheirs(_ changes: MergeChanges, merged: [String: [UInt8]], store: BlobStore, to folder: String) throws {
        let oursByPath = Dictionary(changes.ours.map { ($0.oldPath ?? $0.path, $0) }, uniquingKeysWith: { a, _ in a })
        for c in changes.theirs {
            let basePath = c.oldPath ?? c.path
            let ourChange = oursByPath[basePath]
            if let old = c.oldPath, old != c.newPath, ourChange == nil, reads(old) { unlink(folder + "/" + old) }
            guard let path = c.newPath, reads(path) else { continue }
            if let bytes = merged[path] ?? merged[basePath] {
                try put(bytes, at: folder + "/" + (ourChange?.newPath ?? path))
            } else if ourChange == nil, let bytes = try store.bytes(c.newBlob) {
                try put(bytes, at: folder + "/" + path)
            } else if let ourChange, let target = ourChange.newPath, !GitCLI.isInterfaceBuilderFile(path),
                      let bytes = try lineMerge(base: store.bytes(c.oldBlob), ours: store.bytes(ourChange.newBlob),
                                                theirs: store.bytes(c.newBlob), in: folder) {
                try put(bytes, at: folder + "/" + target)
            }
        }
    }

    /// `git merge-file`'s result, nil when it leaves conflicts.
    static func lineMerge(base: [UInt8]?, ours: [UInt8]?, theirs: [UInt8]?, in folder: String) throws -> [UInt8]? {
        guard let ours, let theirs else { return nil }
        let names = ["ours", "base", "theirs"].map { folder + "/.xibmerge-line-merge-" + $0 }
        defer { names.forEach { unlink($0) } }
        for (name, bytes) in zip(names, [ours, base ?? [], theirs]) { try FileIO.writeAtomically(bytes, to: name) }
        guard let run = Subprocess.run(["git", "merge-file", "-p", "--quiet"] + names), run.status == 0 else { return nil }
        return run.output
    }
}

extension CodeTree {
    /// `resolve`'s check of a merge in progress once nothing is left conflicted: the work tree's
    /// findings that neither HEAD nor MERGE_HEAD has.
    static func workTreeBreaks(_ repository: Repository, workdir: String, theirs: ObjectID) throws -> [IntegrityProblem] {
        let configuration = configuration(), store = BlobStore(repository)
        guard let merged = check(folder: workdir, configuration: configuration) else { return [] }
        let o = try check(repository, commit: repository.resolveCommit("HEAD"), store: store, configuration: configuration)?.findings ?? []
        let t = try check(repository, commit: theirs, store: store, configuration: configuration)?.findings ?? []
        return CodeRules.introduced(base: o + t, head: merged.findings)
    }
}

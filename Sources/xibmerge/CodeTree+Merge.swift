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
        let configuration = configuration(), memo = CodeIndexer.Memo()
        var files = try Files(repository, commit: ours, store: store)
        guard let o = check(files.tree, configuration: configuration, memo: memo) else { return [] }
        let t = try check(repository, commit: theirs, store: store, configuration: configuration, memo: memo)?.findings ?? []
        try applyTheirs(changes, merged: merged, store: store, to: &files)
        let result = check(files.tree, configuration: configuration, memo: memo)
        return CodeRules.introduced(base: o.findings + t, head: result?.findings ?? [])
    }

    /// Turns ours' files into the merge's: theirs' changes to files ours did not touch, the
    /// driver's results for IB files, a line merge for other files both changed (left as
    /// ours' when the lines conflict).
    static func applyTheirs(_ changes: MergeChanges, merged: [String: [UInt8]], store: BlobStore, to files: inout Files) throws {
        let oursByPath = Dictionary(changes.ours.map { ($0.oldPath ?? $0.path, $0) }, uniquingKeysWith: { a, _ in a })
        for c in changes.theirs {
            let basePath = c.oldPath ?? c.path
            let ourChange = oursByPath[basePath]
            if let old = c.oldPath, old != c.newPath, ourChange == nil, reads(old) { files.put(old, nil) }
            guard let path = c.newPath, reads(path) else { continue }
            if let bytes = merged[path] ?? merged[basePath] {
                files.put(ourChange?.newPath ?? path, bytes)
            } else if ourChange == nil, let bytes = try store.bytes(c.newBlob) {
                files.put(path, bytes, blob: c.newBlob)
            } else if let ourChange, let target = ourChange.newPath, !GitCLI.isInterfaceBuilderFile(path),
                      let ours = try store.bytes(ourChange.newBlob), let theirs = try store.bytes(c.newBlob) {
                let line = LineMerge.merge(base: try store.bytes(c.oldBlob) ?? [], ours: ours, theirs: theirs)
                if line.conflicts == 0 { files.put(target, line.bytes) }
            }
        }
    }
}

extension CodeTree {
    /// `resolve`'s check of a merge in progress once nothing is left conflicted: the work tree's
    /// findings that neither HEAD nor MERGE_HEAD has.
    static func workTreeBreaks(_ repository: Repository, workdir: String, theirs: ObjectID) throws -> [IntegrityProblem] {
        let configuration = configuration(), store = BlobStore(repository), memo = CodeIndexer.Memo()
        guard let merged = check(.disk, top: workdir, configuration: configuration) else { return [] }
        let o = try check(repository, commit: repository.resolveCommit("HEAD"), store: store, configuration: configuration, memo: memo)?.findings ?? []
        let t = try check(repository, commit: theirs, store: store, configuration: configuration, memo: memo)?.findings ?? []
        return CodeRules.introduced(base: o + t, head: merged.findings)
    }
}

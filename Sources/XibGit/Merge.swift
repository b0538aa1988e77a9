internal import CLibGit2

/// What each side of a merge changed since the merge base: the input for deciding which files need a 3-way merge.
public struct MergeChanges: Sendable {
    /// A base path changed by both sides (possibly renamed on one or both).
    public struct BothChanged: Hashable, Sendable {
        /// The path in the merge base (or the common new path for add/add).
        public let basePath: String
        public let ours: FileChange
        public let theirs: FileChange
    }

    /// Nil when the histories are unrelated (the diffs are then from the empty tree).
    public let base: ObjectID?
    /// base → ours
    public let ours: [FileChange]
    /// base → theirs
    public let theirs: [FileChange]

    /// Files touched on both sides, matched by their base-side path, in path order.
    public var changedOnBothSides: [BothChanged] {
        let theirsByBase = Dictionary(theirs.map { ($0.oldPath ?? $0.path, $0) }, uniquingKeysWith: { a, _ in a })
        return ours.compactMap { o in
            let key = o.oldPath ?? o.path
            return theirsByBase[key].map { BothChanged(basePath: key, ours: o, theirs: $0) }
        }.sorted { $0.basePath < $1.basePath }
    }
}

extension Repository {
    /// Finds the merge base of `ours` and `theirs` and diffs it against each side (with rename
    /// detection among the files that pass `renameCandidates`; nil: all).
    public func mergeChanges(ours: ObjectID, theirs: ObjectID, paths: [String] = [],
                             renameCandidates: ((String) -> Bool)? = nil) throws -> MergeChanges {
        try sync {
            let base = try mergeBase(ours, theirs)
            return MergeChanges(base: base,
                                ours: try diff(from: base, to: ours, paths: paths, renameCandidates: renameCandidates),
                                theirs: try diff(from: base, to: theirs, paths: paths, renameCandidates: renameCandidates))
        }
    }

    /// Merges two commits in memory (git_merge_commits, default options, renames on) and returns the paths
    /// git would leave conflicted. Nothing is written: not the work tree, the index, nor the object
    /// database (libgit2 stores merged file contents as blobs even for an in-memory merge, so the merge
    /// runs on a second handle whose object writes go to a discarded in-memory backend).
    public func predictMergeConflicts(ours: ObjectID, theirs: ObjectID) throws -> [IndexConflict] {
        try sync {
            let operation = "cannot merge \(ours.short) with \(theirs.short) in memory"
            var scratch: OpaquePointer?
            try check(git_repository_open(&scratch, gitDir), operation)
            defer { git_repository_free(scratch) }
            var odb: OpaquePointer?
            try check(git_repository_odb(&odb, scratch), operation)
            defer { git_odb_free(odb) }
            var memory: UnsafeMutablePointer<git_odb_backend>?
            try check(git_mempack_new(&memory), operation)
            // Highest priority: the first writable backend receives every write. The odb owns it from here.
            try check(git_odb_add_backend(odb, memory, 1_000), operation)

            func lookup(_ id: ObjectID) throws -> OpaquePointer {
                var oid = id.oid
                var commit: OpaquePointer?
                try check(git_commit_lookup(&commit, scratch, &oid), "cannot read commit \(id.short)")
                return commit!
            }
            let o = try lookup(ours)
            defer { git_commit_free(o) }
            let t = try lookup(theirs)
            defer { git_commit_free(t) }
            var opts = git_merge_options()
            try check(git_merge_options_init(&opts, UInt32(GIT_MERGE_OPTIONS_VERSION)), operation)
            var index: OpaquePointer?
            try check(git_merge_commits(&index, scratch, o, t, &opts), operation)
            defer { git_index_free(index) }
            return try readConflicts(of: index!)
        }
    }
}

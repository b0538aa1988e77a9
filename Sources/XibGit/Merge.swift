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
    /// Finds the merge base of `ours` and `theirs` and diffs it against each side (with rename detection).
    public func mergeChanges(ours: ObjectID, theirs: ObjectID, paths: [String] = []) throws -> MergeChanges {
        try sync {
            let base = try mergeBase(ours, theirs)
            return MergeChanges(base: base,
                                ours: try diff(from: base, to: ours, paths: paths),
                                theirs: try diff(from: base, to: theirs, paths: paths))
        }
    }

    /// Merges two commits in memory (git_merge_commits, default options, renames on) without touching the
    /// work tree or index, and returns the paths git would leave conflicted.
    public func predictMergeConflicts(ours: ObjectID, theirs: ObjectID) throws -> [IndexConflict] {
        try sync {
            let operation = "cannot merge \(ours.short) with \(theirs.short) in memory"
            let o = try lookupCommit(ours)
            defer { git_commit_free(o) }
            let t = try lookupCommit(theirs)
            defer { git_commit_free(t) }
            var opts = git_merge_options()
            try check(git_merge_options_init(&opts, UInt32(GIT_MERGE_OPTIONS_VERSION)), operation)
            var index: OpaquePointer?
            try check(git_merge_commits(&index, handle, o, t, &opts), operation)
            defer { git_index_free(index) }
            return try readConflicts(of: index!)
        }
    }
}

internal import CLibGit2

/// An open git repository. libgit2 objects are not thread-safe, so every call is serialised on `lock`;
/// that is what makes the `@unchecked Sendable` honest.
public final class Repository: @unchecked Sendable {
    let handle: OpaquePointer
    /// Recursive because public methods build on each other; shared with this repository's Index and Config.
    let lock = RecursiveLock()

    /// Opens the repository containing `path`, searching upwards like `git` does
    /// (works from any subfolder of a work tree, a `.git` folder or a bare repository).
    public convenience init(discoveringFrom path: String) throws {
        try self.init(path, flags: 0, operation: "cannot find a git repository at or above '\(path)'")
    }

    /// Opens exactly the repository at `path` (a work tree root, its `.git` folder or a bare repository); no search.
    public convenience init(path: String) throws {
        try self.init(path, flags: GIT_REPOSITORY_OPEN_NO_SEARCH.rawValue, operation: "cannot open git repository at '\(path)'")
    }

    /// The repository git works on where this process runs: the one git's environment names
    /// (`GIT_DIR`), else the one at or above the working folder (`GIT_CEILING_DIRECTORIES`
    /// honoured), as git finds it for a merge driver it starts.
    public static func ofGitEnvironment() throws -> Repository {
        try Repository(nil, flags: GIT_REPOSITORY_OPEN_FROM_ENV.rawValue, operation: "cannot find a git repository")
    }

    private init(_ path: String?, flags: UInt32, operation: @autoclosure () -> String) throws {
        ensureLibGit2()
        var repo: OpaquePointer?
        try check(git_repository_open_ext(&repo, path, flags, nil), operation())
        handle = repo!
    }

    deinit { git_repository_free(handle) }

    func sync<T>(_ body: () throws -> T) rethrows -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body()
    }

    /// True for repositories without a work tree.
    public var isBare: Bool { sync { git_repository_is_bare(handle) != 0 } }

    /// Absolute path of the work tree, without a trailing slash; nil for bare repositories.
    public var workdir: String? { sync { String(libgit2: git_repository_workdir(handle))?.withoutTrailingSlash } }

    /// Absolute path of the git directory (`…/.git`, or the bare repository itself), without a trailing slash.
    public var gitDir: String { sync { String(libgit2: git_repository_path(handle))?.withoutTrailingSlash ?? "" } }

    /// The folder shared by all work trees of the repository (holds `config`, `objects`, `refs`, `info`),
    /// without a trailing slash: the git directory itself except in a linked work tree.
    public var commonDir: String {
        sync { String(libgit2: git_repository_commondir(handle))?.withoutTrailingSlash ?? gitDir }
    }

    /// True in a fresh repository whose current branch has no commit yet.
    public var isHeadUnborn: Bool { sync { git_repository_head_unborn(handle) == 1 } }

    /// The branch HEAD points to (short name, e.g. "main"), also when unborn; nil when HEAD is detached.
    public var currentBranch: String? {
        sync {
            var ref: OpaquePointer?
            guard git_reference_lookup(&ref, handle, "HEAD") == 0 else { return nil }
            defer { git_reference_free(ref) }
            guard let target = String(libgit2: git_reference_symbolic_target(ref)) else { return nil }
            return target.hasPrefix("refs/heads/") ? String(target.dropFirst("refs/heads/".count)) : target
        }
    }

    /// True while a `git merge` stopped for conflict resolution (MERGE_HEAD exists).
    public var isMerging: Bool { sync { git_repository_state(handle) == Int32(GIT_REPOSITORY_STATE_MERGE.rawValue) } }

    // MARK: Revisions

    /// Resolves any commit-ish (`HEAD`, `main~2`, `MERGE_HEAD`, a tag, an abbreviated id) to a commit id.
    public func resolveCommit(_ rev: String) throws -> ObjectID {
        try sync {
            let operation = "cannot resolve revision '\(rev)'"
            var object: OpaquePointer?
            let rc = git_revparse_single(&object, handle, rev)
            if rc < 0 {
                if git_repository_head_unborn(handle) == 1, rev == "HEAD" || rev == "@" || rev.hasPrefix("HEAD") {
                    throw GitError(code: .unbornBranch, operation: operation,
                                   message: "HEAD points to branch '\(currentBranch ?? "?")', which has no commits yet")
                }
                try check(rc, operation)
            }
            defer { git_object_free(object) }
            var commit: OpaquePointer?
            try check(git_object_peel(&commit, object, GIT_OBJECT_COMMIT), "revision '\(rev)' is not a commit")
            defer { git_object_free(commit) }
            return ObjectID(git_object_id(commit).pointee)
        }
    }

    /// The best common ancestor of two commits, or nil when their histories are unrelated.
    public func mergeBase(_ a: ObjectID, _ b: ObjectID) throws -> ObjectID? {
        try sync {
            var out = git_oid(), oa = a.oid, ob = b.oid
            let rc = git_merge_base(&out, handle, &oa, &ob)
            if rc == GIT_ENOTFOUND.rawValue { return nil }
            try check(rc, "cannot find merge base of \(a.short) and \(b.short)")
            return ObjectID(out)
        }
    }

    /// Whether `path` names a file or a folder in `commit`'s tree.
    public func contains(path: String, in commit: ObjectID) throws -> Bool {
        try sync { try withTree(of: commit) { tree in try treeEntry(tree!, path: path) != nil } }
    }

    // MARK: Object helpers (call inside `sync`)

    /// Looks up a commit; the caller frees it with `git_commit_free`.
    func lookupCommit(_ id: ObjectID) throws -> OpaquePointer {
        var oid = id.oid
        var commit: OpaquePointer?
        try check(git_commit_lookup(&commit, handle, &oid), "cannot read commit \(id.short)")
        return commit!
    }

    /// Runs `body` with the tree of `commit` (nil commit gives a nil tree, i.e. the empty tree).
    func withTree<T>(of commit: ObjectID?, _ body: (OpaquePointer?) throws -> T) throws -> T {
        guard let commit else { return try body(nil) }
        let c = try lookupCommit(commit)
        defer { git_commit_free(c) }
        var tree: OpaquePointer?
        try check(git_commit_tree(&tree, c), "cannot read tree of commit \(commit.short)")
        defer { git_tree_free(tree) }
        return try body(tree)
    }

    /// The entry at `path` in `tree`, or nil when absent.
    func treeEntry(_ tree: OpaquePointer, path: String) throws -> (id: ObjectID, mode: FileMode, isBlob: Bool)? {
        var entry: OpaquePointer?
        let rc = git_tree_entry_bypath(&entry, tree, path)
        if rc == GIT_ENOTFOUND.rawValue { return nil }
        try check(rc, "cannot look up '\(path)'")
        defer { git_tree_entry_free(entry) }
        return (ObjectID(git_tree_entry_id(entry).pointee),
                FileMode(rawValue: git_tree_entry_filemode_raw(entry).rawValue),
                git_tree_entry_type(entry) == GIT_OBJECT_BLOB)
    }
}

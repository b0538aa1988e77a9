internal import CLibGit2

/// One index entry: a path at a stage (0 = merged; 1 = common ancestor, 2 = ours, 3 = theirs during a conflict).
public struct IndexEntry: Hashable, Sendable {
    public let path: String
    public let blob: ObjectID
    public let mode: FileMode
    public let stage: Int
}

/// An unmerged path: the three conflict stages, each absent where that side has no file
/// (no ancestor for add/add, no ours or theirs for delete/modify).
public struct IndexConflict: Hashable, Sendable {
    public let ancestor: IndexEntry?
    public let ours: IndexEntry?
    public let theirs: IndexEntry?
    /// The conflicted path (taken from whichever stage exists).
    public var path: String { (ours ?? theirs ?? ancestor)?.path ?? "" }
}

/// The repository's index (staging area). It shares the repository's in-memory index and lock;
/// changes stay in memory until `write()`.
public final class Index: @unchecked Sendable {
    public let repository: Repository
    let handle: OpaquePointer

    init(repository: Repository, handle: OpaquePointer) {
        self.repository = repository
        self.handle = handle
    }

    deinit { repository.sync { git_index_free(handle) } }

    private func sync<T>(_ body: () throws -> T) rethrows -> T { try repository.sync(body) }

    /// Every entry, sorted by path then stage.
    public var entries: [IndexEntry] {
        sync { (0..<git_index_entrycount(handle)).compactMap { git_index_get_byindex(handle, $0).map { IndexEntry($0.pointee) } } }
    }

    /// The entry for `path` at `stage` (0 unless looking at a conflict), or nil.
    public func entry(path: String, stage: Int = 0) -> IndexEntry? {
        sync { git_index_get_bypath(handle, path, Int32(stage)).map { IndexEntry($0.pointee) } }
    }

    public var hasConflicts: Bool { sync { git_index_has_conflicts(handle) != 0 } }

    /// All unmerged paths, in path order.
    public func conflicts() throws -> [IndexConflict] { try sync { try readConflicts(of: handle) } }

    /// Stages `blob` at `path` as resolved (stage 0), dropping that path's conflict stages.
    /// The work tree is not touched; write the file too if it should match.
    public func add(path: String, blob: ObjectID, mode: FileMode = .regular) throws {
        try sync {
            try removeConflictEntries(path)
            var entry = git_index_entry()
            entry.mode = mode.rawValue
            entry.id = blob.oid
            try path.withCString { cPath in
                entry.path = cPath
                try check(git_index_add(handle, &entry), "cannot stage '\(path)'")
            }
        }
    }

    /// Stages the work-tree file at `path` (relative to the work tree) like `git add path`, which resolves its conflict.
    public func addFromWorkdir(path: String) throws {
        try sync { try check(git_index_add_bypath(handle, path), "cannot stage '\(path)' from the work tree") }
    }

    /// Removes `path` from the index, conflict stages included (`git rm --cached`), e.g. to resolve as deleted.
    public func remove(path: String) throws {
        try sync { try check(git_index_remove_bypath(handle, path), "cannot unstage '\(path)'") }
    }

    /// Drops only the conflict stages (1–3) of `path`; no error when it has none.
    public func removeConflict(path: String) throws {
        try sync { try removeConflictEntries(path) }
    }

    /// Re-reads the index file; `force` also discards unsaved in-memory changes.
    public func reload(force: Bool = true) throws {
        try sync { try check(git_index_read(handle, force ? 1 : 0), "cannot read the index") }
    }

    /// Saves the index to disk (`.git/index`, or the file it was opened from).
    public func write() throws {
        try sync { try check(git_index_write(handle), "cannot write the index") }
    }

    /// Whether the index holds exactly `commit`'s tree: a commit of it would change nothing.
    public func matchesTree(of commit: ObjectID) throws -> Bool {
        try sync {
            var tree = git_oid()
            try check(git_index_write_tree_to(&tree, handle, repository.handle), "cannot write the index as a tree")
            return try repository.withTree(of: commit) { git_oid_equal(&tree, git_tree_id($0)) != 0 }
        }
    }

    private func removeConflictEntries(_ path: String) throws {
        let rc = git_index_conflict_remove(handle, path)
        if rc != GIT_ENOTFOUND.rawValue { try check(rc, "cannot remove the conflict of '\(path)'") }
    }
}

extension Repository {
    /// The index in the file at `path`, as git names one for a hook in `GIT_INDEX_FILE` (`git
    /// commit -a` prepares `.git/index.lock`, which becomes the repository's index if the
    /// commit is made). Changes stay in memory until `write()`.
    public func index(file path: String) throws -> Index {
        try sync {
            var index: OpaquePointer?
            try check(git_index_open(&index, path), "cannot open the index \(path)")
            return Index(repository: self, handle: index!)
        }
    }

    /// The repository's index, re-read from disk if another process (e.g. `git`) changed it since it was
    /// last loaded (unsaved changes made through an earlier `Index` are then lost: `write()` first).
    public func index() throws -> Index {
        try sync {
            var index: OpaquePointer?
            try check(git_repository_index(&index, handle), "cannot open the index")
            let result = Index(repository: self, handle: index!)
            try check(git_index_read(index, 0), "cannot read the index")
            return result
        }
    }
}

/// Conflicts of an index (the repository's or an in-memory merge result); call under the repository lock.
func readConflicts(of index: OpaquePointer) throws -> [IndexConflict] {
    var iterator: OpaquePointer?
    try check(git_index_conflict_iterator_new(&iterator, index), "cannot list conflicts")
    defer { git_index_conflict_iterator_free(iterator) }
    var result: [IndexConflict] = []
    while true {
        var ancestor: UnsafePointer<git_index_entry>?, ours: UnsafePointer<git_index_entry>?,
            theirs: UnsafePointer<git_index_entry>?
        let rc = git_index_conflict_next(&ancestor, &ours, &theirs, iterator)
        if rc == GIT_ITEROVER.rawValue { break }
        try check(rc, "cannot list conflicts")
        result.append(IndexConflict(ancestor: ancestor.map { IndexEntry($0.pointee) },
                                    ours: ours.map { IndexEntry($0.pointee) },
                                    theirs: theirs.map { IndexEntry($0.pointee) }))
    }
    return result
}

extension IndexEntry {
    init(_ e: git_index_entry) {
        path = String(libgit2: e.path) ?? ""
        blob = ObjectID(e.id)
        mode = FileMode(rawValue: e.mode)
        stage = withUnsafePointer(to: e) { Int(git_index_entry_stage($0)) }
    }
}

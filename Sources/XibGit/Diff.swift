internal import CLibGit2

/// A git file mode as stored in trees and the index.
public struct FileMode: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    public static let regular = FileMode(rawValue: 0o100644)
    public static let executable = FileMode(rawValue: 0o100755)
    public static let symlink = FileMode(rawValue: 0o120000)
    public static let gitlink = FileMode(rawValue: 0o160000)
    public static let tree = FileMode(rawValue: 0o040000)

    /// Octal, as git prints it ("100644").
    public var description: String { String(rawValue, radix: 8) }
}

/// One file's change between two trees (or a tree and the index / work tree).
public struct FileChange: Hashable, Sendable {
    public enum Status: String, Hashable, Sendable {
        case added, deleted, modified, renamed, copied, typeChanged, untracked, conflicted
    }

    public let status: Status
    /// Path on the old side; nil for added/untracked files.
    public let oldPath: String?
    /// Path on the new side; nil for deleted files.
    public let newPath: String?
    public let oldBlob: ObjectID?
    public let newBlob: ObjectID?
    public let oldMode: FileMode?
    public let newMode: FileMode?
    /// Rename/copy similarity in percent (100 for identical content); nil otherwise.
    public let similarity: Int?

    /// The path to show: the new path, or the old one for deletions.
    public var path: String { newPath ?? oldPath ?? "" }

    public init(status: Status, oldPath: String?, newPath: String?, oldBlob: ObjectID?, newBlob: ObjectID?,
                oldMode: FileMode? = nil, newMode: FileMode? = nil, similarity: Int? = nil) {
        self.status = status
        self.oldPath = oldPath
        self.newPath = newPath
        self.oldBlob = oldBlob
        self.newBlob = newBlob
        self.oldMode = oldMode
        self.newMode = newMode
        self.similarity = similarity
    }
}

extension Repository {
    /// Changes between two commits' trees (nil = the empty tree), restricted to `paths`
    /// (exact paths or directory prefixes, never glob patterns, so any file name is safe).
    /// Renames are looked for among the added and deleted files that pass both the `paths` filter
    /// and `renameCandidates` (nil: all of them); see `makeDiff`.
    public func diff(from oldCommit: ObjectID?, to newCommit: ObjectID?, paths: [String] = [],
                     detectRenames: Bool = true, renameCandidates: ((String) -> Bool)? = nil) throws -> [FileChange] {
        try sync {
            try withTree(of: oldCommit) { oldTree in
                try withTree(of: newCommit) { newTree in
                    try makeDiff(paths: paths, flags: 0, renames: renames(detectRenames, renameCandidates),
                                 newSideInWorkdir: false) { diff, opts in
                        git_diff_tree_to_tree(&diff, handle, oldTree, newTree, opts)
                    }
                }
            }
        }
    }

    /// Changes from a commit (nil = the empty tree) to the work tree, seen through the index like
    /// `git diff <commit>`: staged and unstaged changes together. Needs a work tree.
    public func diffToWorkdir(from commit: ObjectID?, paths: [String] = [], includeUntracked: Bool = false,
                              detectRenames: Bool = true, renameCandidates: ((String) -> Bool)? = nil) throws -> [FileChange] {
        let untracked = includeUntracked
            ? GIT_DIFF_INCLUDE_UNTRACKED.rawValue | GIT_DIFF_RECURSE_UNTRACKED_DIRS.rawValue : 0
        return try sync {
            try withTree(of: commit) { tree in
                try makeDiff(paths: paths, flags: untracked, renames: renames(detectRenames, renameCandidates),
                             newSideInWorkdir: true) { diff, opts in
                    git_diff_tree_to_workdir_with_index(&diff, handle, tree, opts)
                }
            }
        }
    }

    /// Unstaged changes, index to work tree (`git diff` with no revision). Needs a work tree.
    public func diffIndexToWorkdir(paths: [String] = [], detectRenames: Bool = true,
                                   renameCandidates: ((String) -> Bool)? = nil) throws -> [FileChange] {
        try sync {
            try makeDiff(paths: paths, flags: 0, renames: renames(detectRenames, renameCandidates),
                         newSideInWorkdir: true) { diff, opts in
                git_diff_index_to_workdir(&diff, handle, nil, opts)
            }
        }
    }

    /// Staged changes, HEAD to index (`git diff --cached`); an unborn HEAD counts as the empty tree.
    public func diffCached(paths: [String] = [], detectRenames: Bool = true,
                           renameCandidates: ((String) -> Bool)? = nil) throws -> [FileChange] {
        try sync {
            try diffIndex(from: isHeadUnborn ? nil : try resolveCommit("HEAD"), paths: paths, detectRenames: detectRenames,
                          renameCandidates: renameCandidates)
        }
    }

    /// Changes from a commit (nil = the empty tree) to the index (`git diff --cached <commit>`),
    /// the repository's or `index`.
    public func diffIndex(from commit: ObjectID?, paths: [String] = [], detectRenames: Bool = true,
                          renameCandidates: ((String) -> Bool)? = nil, index: Index? = nil) throws -> [FileChange] {
        try sync {
            try withTree(of: commit) { tree in
                try makeDiff(paths: paths, flags: 0, renames: renames(detectRenames, renameCandidates),
                             newSideInWorkdir: false) { diff, opts in
                    git_diff_tree_to_index(&diff, handle, tree, index?.handle, opts)
                }
            }
        }
    }

    /// Which files rename detection looks at: those `candidates` accepts (nil: all), or none.
    private func renames(_ detect: Bool, _ candidates: ((String) -> Bool)?) -> ((String) -> Bool)? {
        detect ? candidates ?? { _ in true } : nil
    }

    /// Shared diff driver. Rename detection reads the content of every added and deleted file it
    /// may pair, so it runs as a second diff over only those that pass `renames` (nil: no rename
    /// detection) and whose blobs are in the repository or git can fetch (a partial clone lacks
    /// most blobs; see `fetchMissingObjects`). The others stay added or deleted, in the first
    /// diff's order.
    private func makeDiff(paths: [String], flags: UInt32, renames: ((String) -> Bool)?, newSideInWorkdir: Bool,
                          _ create: (inout OpaquePointer?, UnsafePointer<git_diff_options>) -> Int32) throws -> [FileChange] {
        let changes = try deltas(paths: paths, flags: flags, findRenames: false, hashWorkdir: newSideInWorkdir, create)
        guard let renames else { return changes }
        let candidates = changes.filter { [.added, .untracked, .deleted].contains($0.status) && renames($0.path) }
        guard candidates.contains(where: { $0.status == .deleted }), candidates.contains(where: { $0.status != .deleted }) else {
            return changes
        }
        func stored(_ c: FileChange) -> ObjectID? { c.status == .deleted ? c.oldBlob : newSideInWorkdir ? nil : c.newBlob }
        let unavailable = Set(fetchMissingObjects(try absentObjects(candidates.compactMap(stored))).keys)
        let paired = Set(candidates.filter { stored($0).map { !unavailable.contains($0) } ?? true }.map(\.path))
        let found = try deltas(paths: paired.sorted(), flags: flags, findRenames: true, hashWorkdir: newSideInWorkdir, create)
        let byPath = Dictionary(found.map { ($0.path, $0) }, uniquingKeysWith: { a, _ in a })
        let sources = Set(found.filter { $0.status == .renamed }.compactMap(\.oldPath))
        return changes.compactMap { change in
            guard paired.contains(change.path) else { return change }
            // A deleted file that became a rename's old side is listed only as the rename.
            return change.status == .deleted ? (sources.contains(change.path) ? nil : change) : byPath[change.path] ?? change
        }
    }

    /// One libgit2 diff as changes: options, pathspec without fnmatch, rename detection.
    private func deltas(paths: [String], flags: UInt32, findRenames: Bool, hashWorkdir: Bool,
                        _ create: (inout OpaquePointer?, UnsafePointer<git_diff_options>) -> Int32) throws -> [FileChange] {
        var opts = git_diff_options()
        try check(git_diff_options_init(&opts, UInt32(GIT_DIFF_OPTIONS_VERSION)), "cannot initialise diff options")
        opts.flags |= flags | GIT_DIFF_INCLUDE_TYPECHANGE.rawValue | GIT_DIFF_DISABLE_PATHSPEC_MATCH.rawValue
        let diff: OpaquePointer = try withStrArray(paths) { pathspec in
            opts.pathspec = pathspec
            var diff: OpaquePointer?
            try check(create(&diff, &opts), "cannot compute diff")
            return diff!
        }
        defer { git_diff_free(diff) }

        if findRenames {
            var find = git_diff_find_options()
            try check(git_diff_find_options_init(&find, UInt32(GIT_DIFF_FIND_OPTIONS_VERSION)), "cannot initialise rename detection")
            find.flags = GIT_DIFF_FIND_RENAMES.rawValue | GIT_DIFF_FIND_FOR_UNTRACKED.rawValue
            try check(git_diff_find_similar(diff, &find), "cannot detect renames")
        }

        return try (0..<git_diff_num_deltas(diff)).map { i in
            let delta = git_diff_get_delta(diff, i)!.pointee
            var change = FileChange(delta)
            if hashWorkdir, change.newBlob == nil, let path = change.newPath,
               delta.new_file.flags & GIT_DIFF_FLAG_VALID_ID.rawValue == 0 {
                // libgit2 does not always hash work-tree files (e.g. untracked ones); do it like `git hash-object`.
                var oid = git_oid()
                try check(git_repository_hashfile(&oid, handle, path, GIT_OBJECT_BLOB, path), "cannot hash '\(path)'")
                change = FileChange(status: change.status, oldPath: change.oldPath, newPath: path, oldBlob: change.oldBlob,
                                    newBlob: ObjectID(oid), oldMode: change.oldMode, newMode: change.newMode,
                                    similarity: change.similarity)
            }
            return change
        }
    }
}

extension FileChange {
    init(_ delta: git_diff_delta) {
        let status: Status
        switch delta.status {
        case GIT_DELTA_ADDED: status = .added
        case GIT_DELTA_DELETED: status = .deleted
        case GIT_DELTA_RENAMED: status = .renamed
        case GIT_DELTA_COPIED: status = .copied
        case GIT_DELTA_TYPECHANGE: status = .typeChanged
        case GIT_DELTA_UNTRACKED: status = .untracked
        case GIT_DELTA_CONFLICTED: status = .conflicted
        default: status = .modified
        }
        let hasOld = status != .added && status != .untracked
        let hasNew = status != .deleted
        self.init(status: status,
                  oldPath: hasOld ? String(libgit2: delta.old_file.path) : nil,
                  newPath: hasNew ? String(libgit2: delta.new_file.path) : nil,
                  oldBlob: hasOld ? withUnsafePointer(to: delta.old_file.id) { ObjectID(nonZero: $0) } : nil,
                  newBlob: hasNew ? withUnsafePointer(to: delta.new_file.id) { ObjectID(nonZero: $0) } : nil,
                  oldMode: hasOld && delta.old_file.mode != 0 ? FileMode(rawValue: UInt32(delta.old_file.mode)) : nil,
                  newMode: hasNew && delta.new_file.mode != 0 ? FileMode(rawValue: UInt32(delta.new_file.mode)) : nil,
                  similarity: status == .renamed || status == .copied ? Int(delta.similarity) : nil)
    }
}

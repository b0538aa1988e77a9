internal import CLibGit2

extension Repository {
    /// The content of `path` in commit-ish `rev` (`git show rev:path`), without any filter (no CRLF conversion).
    public func blob(at rev: String, path: String) throws -> [UInt8] {
        try sync {
            let commit = try resolveCommit(rev)
            guard let id = try blobID(in: commit, path: path) else {
                throw GitError(code: .notFound, operation: "cannot read '\(rev):\(path)'",
                               message: "path '\(path)' does not exist in '\(rev)'")
            }
            return try blobData(id: id)
        }
    }

    /// The blob id of `path` in `commit`, or nil when the path is absent (or is a directory).
    public func blobID(in commit: ObjectID, path: String) throws -> ObjectID? {
        try entry(in: commit, path: path)?.id
    }

    /// The blob id and file mode of `path` in `commit`, or nil when the path is absent (or is a directory).
    public func entry(in commit: ObjectID, path: String) throws -> (id: ObjectID, mode: FileMode)? {
        try sync {
            try withTree(of: commit) { tree in
                try treeEntry(tree!, path: path).flatMap { $0.isBlob ? ($0.id, $0.mode) : nil }
            }
        }
    }

    /// The names in folder `path` of `commit`'s tree ("" for the top), files and folders, in
    /// git's order; empty when there is no such folder.
    public func names(in commit: ObjectID, folder path: String) throws -> [String] {
        try sync {
            try withTree(of: commit) { root in
                var tree = root!
                if !path.isEmpty {
                    guard let folder = try treeEntry(root!, path: path), folder.mode == .tree else { return [] }
                    var oid = folder.id.oid
                    var sub: OpaquePointer?
                    try check(git_tree_lookup(&sub, handle, &oid), "cannot read folder '\(path)'")
                    tree = sub!
                }
                defer { if tree != root { git_tree_free(tree) } }
                return (0..<git_tree_entrycount(tree)).compactMap { String(libgit2: git_tree_entry_name(git_tree_entry_byindex(tree, $0))) }
            }
        }
    }

    /// The regular files of `commit`'s tree (`git ls-tree -r`: no links, no submodules) whose
    /// paths `wanted` accepts, with their blobs, in git's order. Read from the object database
    /// alone: no process, nothing written.
    public func files(in commit: ObjectID, where wanted: (String) -> Bool) throws -> [(path: String, blob: ObjectID)] {
        try sync {
            try withTree(of: commit) { root in
                var out: [(path: String, blob: ObjectID)] = []
                try collectFiles(root!, prefix: "", wanted: wanted, into: &out)
                return out
            }
        }
    }

    private func collectFiles(_ tree: OpaquePointer, prefix: String, wanted: (String) -> Bool,
                              into out: inout [(path: String, blob: ObjectID)]) throws {
        for i in 0..<git_tree_entrycount(tree) {
            let entry = git_tree_entry_byindex(tree, i)
            guard let name = String(libgit2: git_tree_entry_name(entry)) else { continue }
            let path = prefix + name
            let mode = FileMode(rawValue: git_tree_entry_filemode_raw(entry).rawValue)
            if mode == .tree {
                var sub: OpaquePointer?
                try check(git_tree_lookup(&sub, handle, git_tree_entry_id(entry)), "cannot read folder '\(path)'")
                defer { git_tree_free(sub) }
                try collectFiles(sub!, prefix: path + "/", wanted: wanted, into: &out)
            } else if mode == .regular || mode == .executable, wanted(path) {
                out.append((path, ObjectID(git_tree_entry_id(entry).pointee)))
            }
        }
    }

    /// The raw bytes of a blob.
    public func blobData(id: ObjectID) throws -> [UInt8] {
        try sync {
            var oid = id.oid
            var blob: OpaquePointer?
            try check(git_blob_lookup(&blob, handle, &oid), "cannot read blob \(id.short)")
            defer { git_blob_free(blob) }
            let size = Int(git_blob_rawsize(blob))
            guard size > 0, let raw = git_blob_rawcontent(blob) else { return [] }
            return Array(UnsafeRawBufferPointer(start: raw, count: size))
        }
    }

    /// Stores `bytes` as a blob in the object database (`git hash-object -w`), e.g. a merge result to stage.
    public func writeBlob(_ bytes: [UInt8]) throws -> ObjectID {
        try sync {
            var oid = git_oid()
            try bytes.withUnsafeBytes { raw in
                try check(git_blob_create_from_buffer(&oid, handle, raw.baseAddress, raw.count), "cannot write blob")
            }
            return ObjectID(oid)
        }
    }
}

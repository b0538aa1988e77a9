internal import CLibGit2
#if canImport(FoundationEssentials)
import FoundationEssentials  // Date, without Foundation's ICU: keeps the merge driver's start-up fast
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Who made a commit and when.
public struct Signature: Hashable, Sendable {
    public let name: String
    public let email: String
    public let date: Date
    /// The author's time zone as recorded in the commit, in minutes east of UTC.
    public let timeZoneOffsetMinutes: Int
}

/// The metadata of a commit (its content is reached through `blob(at:path:)` and the diff functions).
public struct Commit: Hashable, Sendable, Identifiable {
    public let id: ObjectID
    /// First paragraph of the message, on one line.
    public let summary: String
    public let message: String
    public let author: Signature
    public let committer: Signature
    public let parents: [ObjectID]
}

/// A commit that changed a path: the path's blob before (first parent) and after; nil where it did not exist.
public struct PathChange: Hashable, Sendable {
    public let commit: Commit
    public let oldBlob: ObjectID?
    public let newBlob: ObjectID?
    /// The file's path in the parent, when this commit renamed it (the history goes on there).
    public var renamedFrom: String? = nil
}

extension Repository {
    /// Reads a commit's metadata.
    public func commit(_ id: ObjectID) throws -> Commit {
        try sync {
            let c = try lookupCommit(id)
            defer { git_commit_free(c) }
            return Commit(c)
        }
    }

    /// The commits from `rev` back (newest first, first parents' view) whose version of `path`
    /// differs from their first parent's, like `git log -- path` without history simplification.
    /// Like `git log --follow`, a commit that added the file is checked for a rename (git's
    /// similarity detection, among the commit's files that pass `renameCandidates`); when it is
    /// one, the history goes on under the old path. An unborn `HEAD` has no history, so the
    /// result is empty rather than an error.
    public func log(path: String, from rev: String = "HEAD", limit: Int? = nil, followRenames: Bool = true,
                    renameCandidates: ((String) -> Bool)? = nil) throws -> [PathChange] {
        try sync {
            if rev == "HEAD" && isHeadUnborn { return [] }
            var start = try resolveCommit(rev).oid
            var walk: OpaquePointer?
            try check(git_revwalk_new(&walk, handle), "cannot walk history")
            defer { git_revwalk_free(walk) }
            try check(git_revwalk_sorting(walk, GIT_SORT_TIME.rawValue | GIT_SORT_TOPOLOGICAL.rawValue), "cannot walk history")
            try check(git_revwalk_push(walk, &start), "cannot walk history from '\(rev)'")

            var changes: [PathChange] = []
            var oid = git_oid()
            var current = path
            while changes.count < (limit ?? .max) {
                let rc = git_revwalk_next(&oid, walk)
                if rc == GIT_ITEROVER.rawValue { break }
                try check(rc, "cannot walk history from '\(rev)'")
                let c = try lookupCommit(ObjectID(oid))
                defer { git_commit_free(c) }
                let newBlob = try blobID(commit: c, path: current)
                var oldBlob: ObjectID?
                var renamedFrom: String?
                if git_commit_parentcount(c) > 0 {
                    var parent: OpaquePointer?
                    try check(git_commit_parent(&parent, c, 0), "cannot read parent of \(ObjectID(oid).short)")
                    defer { git_commit_free(parent) }
                    oldBlob = try blobID(commit: parent!, path: current)
                    if followRenames, oldBlob == nil, newBlob != nil,
                       let rename = try diff(from: ObjectID(git_commit_id(parent!).pointee), to: ObjectID(oid),
                                             renameCandidates: renameCandidates)
                           .first(where: { $0.status == .renamed && $0.newPath == current }) {
                        oldBlob = rename.oldBlob
                        renamedFrom = rename.oldPath
                    }
                }
                if oldBlob != newBlob || renamedFrom != nil {
                    changes.append(PathChange(commit: Commit(c), oldBlob: oldBlob, newBlob: newBlob, renamedFrom: renamedFrom))
                }
                if let renamedFrom { current = renamedFrom }
            }
            return changes
        }
    }

    private func blobID(commit: OpaquePointer, path: String) throws -> ObjectID? {
        var tree: OpaquePointer?
        try check(git_commit_tree(&tree, commit), "cannot read tree of commit")
        defer { git_tree_free(tree) }
        return try treeEntry(tree!, path: path).flatMap { $0.isBlob ? $0.id : nil }
    }
}

extension Commit {
    init(_ c: OpaquePointer) {
        id = ObjectID(git_commit_id(c).pointee)
        summary = String(libgit2: git_commit_summary(c)) ?? ""
        message = String(libgit2: git_commit_message(c)) ?? ""
        author = Signature(git_commit_author(c).pointee)
        committer = Signature(git_commit_committer(c).pointee)
        parents = (0..<git_commit_parentcount(c)).map { ObjectID(git_commit_parent_id(c, $0).pointee) }
    }
}

extension Signature {
    init(_ s: git_signature) {
        name = String(libgit2: s.name) ?? ""
        email = String(libgit2: s.email) ?? ""
        date = Date(timeIntervalSince1970: TimeInterval(s.when.time))
        timeZoneOffsetMinutes = Int(s.when.offset)
    }
}

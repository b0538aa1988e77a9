/// A blob that could not be read, even after asking git to fetch it (a partial clone whose
/// remote is gone, say). Callers name the file it was a version of.
public struct MissingBlob: Error, Sendable, Equatable, CustomStringConvertible {
    public let id: ObjectID
    /// Why: libgit2's or git's message.
    public let reason: String

    public var description: String { "blob \(id.short) is missing (\(reason))" }
}

/// The contents of blobs for commands that walk history or a range of commits (`log`,
/// `diff A..B`, `merge-preview`, `review`): blobs a partial clone lacks are fetched by git, all
/// at once, and a blob git cannot get is reported for its file only.
///
/// Contents are not kept: each caller reads a blob once (a file's history keeps the versions it
/// has parsed, `Versions`), so memory stays what the work on hand needs over any length of
/// history. Read from any thread: reads go through the repository's lock.
public final class BlobStore: @unchecked Sendable {
    public let repository: Repository
    /// Blobs that could not be read, and why: asked for again, they are not fetched again.
    private var missing: [ObjectID: MissingBlob] = [:]
    private let lock = RecursiveLock()

    public init(_ repository: Repository) {
        self.repository = repository
    }

    /// Makes sure the object database holds `ids`, asking git to fetch those a partial clone lacks
    /// (in one fetch: cheaper than one per blob). Reads nothing into memory; what git cannot
    /// fetch is remembered as missing.
    public func prefetch(_ ids: some Sequence<ObjectID>) {
        let wanted = Array(Set(ids).subtracting(sync { Set(missing.keys) }))
        guard let absent = try? repository.absentObjects(wanted), !absent.isEmpty else { return }
        let failed = repository.fetchMissingObjects(absent)
        sync { for (id, reason) in failed { missing[id] = MissingBlob(id: id, reason: reason) } }
    }

    /// The content of blob `id` (nil for nil: a side where the file does not exist); a blob
    /// missing from the object database is fetched by git first (see `prefetch`).
    public func bytes(_ id: ObjectID?) throws(MissingBlob) -> [UInt8]? {
        guard let id else { return nil }
        if let known = sync({ missing[id] }) { throw known }
        prefetch([id])
        if let known = sync({ missing[id] }) { throw known }
        do {
            return try repository.blobData(id: id)
        } catch {
            let reason = (error as? GitError).map { $0.message.isEmpty ? $0.description : $0.message } ?? "\(error)"
            let failure = MissingBlob(id: id, reason: reason)
            sync { missing[id] = failure }
            throw failure
        }
    }

    private func sync<T>(_ body: () throws -> T) rethrows -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body()
    }
}

/// A blob that could not be read, even after asking git to fetch it (a partial clone whose
/// remote is gone, say). Callers name the file it was a version of.
public struct MissingBlob: Error, Sendable, Equatable, CustomStringConvertible {
    public let id: ObjectID
    /// Why: libgit2's or git's message.
    public let reason: String

    public var description: String { "blob \(id.short) is missing (\(reason))" }
}

/// The contents of blobs, read once each, for commands that walk history or a range of commits
/// (`log`, `diff A..B`, `merge-preview`, `review`): the versions of a file that consecutive
/// commits share are read once, and blobs a partial clone lacks are fetched by git, all at once.
///
/// Load what a piece of work needs with `load`, then read it with `bytes`, from any thread: after
/// `load`, reading touches no libgit2 object, so the work can run in parallel (`parallelMap`).
public final class BlobStore: @unchecked Sendable {
    public let repository: Repository
    private var blobs: [ObjectID: Result<[UInt8], MissingBlob>] = [:]
    private let lock = RecursiveLock()

    public init(_ repository: Repository) {
        self.repository = repository
    }

    /// Makes sure the object database holds `ids`, asking git to fetch those a partial clone lacks
    /// (in one fetch: cheaper than one per blob). Reads nothing into memory; what git cannot
    /// fetch is remembered as missing.
    public func prefetch(_ ids: some Sequence<ObjectID>) {
        let wanted = Array(Set(ids).subtracting(sync { Set(blobs.keys) }))
        guard let absent = try? repository.absentObjects(wanted), !absent.isEmpty else { return }
        let failed = repository.fetchMissingObjects(absent)
        sync { for (id, reason) in failed { blobs[id] = .failure(MissingBlob(id: id, reason: reason)) } }
    }

    /// Reads the blobs of `ids` not read yet, each once; a blob missing from the object database
    /// is fetched by git first (see `prefetch`). Never fails: a blob that cannot be read is kept
    /// as missing, and `bytes` reports it.
    public func load(_ ids: some Sequence<ObjectID>) {
        let wanted = Array(Set(ids).subtracting(sync { Set(blobs.keys) }))
        guard !wanted.isEmpty else { return }
        prefetch(wanted)
        for id in wanted where sync({ blobs[id] == nil }) {
            let read: Result<[UInt8], MissingBlob>
            do {
                read = .success(try repository.blobData(id: id))
            } catch let error as GitError {
                read = .failure(MissingBlob(id: id, reason: error.message.isEmpty ? error.description : error.message))
            } catch {
                read = .failure(MissingBlob(id: id, reason: "\(error)"))
            }
            sync { blobs[id] = read }
        }
    }

    /// The content of blob `id` (nil for nil: a side where the file does not exist). Reads it now
    /// if `load` did not, which then goes through the repository's lock.
    public func bytes(_ id: ObjectID?) throws(MissingBlob) -> [UInt8]? {
        guard let id else { return nil }
        if let known = sync({ blobs[id] }) { return try known.get() }
        load([id])
        return try sync { blobs[id]! }.get()
    }

    /// Forgets every blob but `ids`, so that a long walk holds only what its next steps need.
    public func keep(only ids: Set<ObjectID>) {
        sync { blobs = blobs.filter { ids.contains($0.key) } }
    }

    private func sync<T>(_ body: () throws -> T) rethrows -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body()
    }
}

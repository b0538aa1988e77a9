import XibGit
import XibKit

/// How the commands that read history (`diff` over commits, `log`, `merge-preview`, `review`)
/// get at the versions of files: the .xib/.storyboard changes of a range, and the work on each
/// change, across cores.
///
///     let store = BlobStore(repository)
///     let changes = try HistoryReading.changes(repository, from: old, to: new)
///     let diffs = HistoryReading.map(changes, store: store, jobs: jobs, blobs: { [$0.oldBlob, $0.newBlob] }) { change, versions in
///         Result { try versions.diff(old: change.oldBlob, new: change.newBlob,
///                                    oldPath: change.oldPath ?? change.path, path: change.path, options: options) }
///     }
///
/// In a partial clone (`git clone --filter=blob:none`) the blobs are fetched by git, all that a
/// call to `map` needs in one fetch; one that git cannot get makes `store.bytes` (and
/// `versions.diff`) throw `MissingBlob` for that item only (`problem(_:path:)` words it), and
/// the rest goes on.
enum HistoryReading {
    /// The .xib and .storyboard files changed between two commits (nil: the empty tree), under
    /// `paths`; renames are looked for among those files only, so other files' blobs, which a
    /// partial clone may lack, are never read.
    static func changes(_ repository: Repository, from old: ObjectID?, to new: ObjectID, paths: [String] = []) throws -> [FileChange] {
        try repository.diff(from: old, to: new, paths: paths, renameCandidates: GitCLI.isInterfaceBuilderFile)
            .filter(touchesInterfaceBuilderFile)
    }

    /// Whether either side of a change is a .xib or .storyboard.
    static func touchesInterfaceBuilderFile(_ change: FileChange) -> Bool {
        [change.oldPath, change.newPath].contains { $0.map(GitCLI.isInterfaceBuilderFile) ?? false }
    }

    /// Runs `body` on every item, on up to `jobs` cores (`parallelMap`; nil: all), and returns
    /// the results in order. Missing blobs are fetched first, for all the items at once; then
    /// each core reads the blobs it needs as it goes.
    ///
    /// Neighbouring items that share a blob (in a file's history, a commit's old version is the
    /// next older commit's new one) go to one core in runs, each with its own `Versions`, so
    /// that such a version is parsed once and read with the one before it. A run is at most an
    /// even share of two per core: its first version is read alone, and two runs a core even
    /// out the cores' times. Items that share nothing (the files of one commit) are runs of
    /// one, which the cores claim as they finish.
    static func map<Item, Output>(_ items: [Item], store: BlobStore, jobs: Int?, blobs: (Item) -> [ObjectID?],
                                  _ body: (Item, Versions) -> Output) -> [Output] {
        let ids = items.map { blobs($0).compactMap { $0 } }
        store.prefetch(ids.joined())
        let cores = jobs ?? System.activeProcessorCount
        let longest = max(1, (items.count + 2 * cores - 1) / (2 * cores))
        var runs: [ArraySlice<Item>] = []
        var start = 0
        for i in items.indices.dropFirst() where i - start == longest || Set(ids[i]).isDisjoint(with: ids[i - 1]) {
            runs.append(items[start..<i])
            start = i
        }
        if !items.isEmpty { runs.append(items[start...]) }
        return parallelMap(runs, jobs: jobs) { run in
            let versions = Versions(store)
            return run.map { body($0, versions) }
        }.flatMap { $0 }
    }

    /// Why a version of `path` cannot be shown, in one line.
    static func problem(_ error: any Error, path: String) -> String {
        switch error {
        case let missing as MissingBlob:
            return "cannot read \(path) (blob \(missing.id.hex)): \(missing.reason)"
        case let parse as XMLParseError:
            return parse.description
        case let usage as GitCLI.UsageError:
            return usage.message
        default:
            return "\(path): \(error)"
        }
    }
}

/// The versions of files one core has parsed for a run of history items (`HistoryReading.map`):
/// the last two, which is what a file's history needs to parse each version once.
final class Versions {
    let store: BlobStore
    private var recent: [(id: ObjectID, version: Result<SemanticDiff.Version, XMLParseError>)] = []

    init(_ store: BlobStore) { self.store = store }

    /// Blob `id` read as a version of `path` (nil for nil: the file does not exist on that side),
    /// taking what it shares with `neighbour`, another version of the file (`SemanticDiff.Version`).
    /// Throws `MissingBlob`, or `XMLParseError` naming `path:line:column`.
    func version(_ id: ObjectID?, path: String, neighbour: SemanticDiff.Version? = nil) throws -> SemanticDiff.Version? {
        guard let id else { return nil }
        if let known = recent.first(where: { $0.id == id }) { return try known.version.get() }
        guard let bytes = try store.bytes(id) else { return nil }
        let version = Result { () throws(XMLParseError) in try SemanticDiff.Version(bytes: bytes, name: path, neighbour: neighbour) }
        recent = [(id, version)] + recent.prefix(1)
        return try version.get()
    }

    /// The semantic diff of a file's two versions, blobs `old` and `new` (nil: the file does not
    /// exist on that side). The old version is read with the new one as its neighbour: in a
    /// file's history, newest first, each version is read with the next newer one.
    func diff(old: ObjectID?, new: ObjectID?, oldPath: String, path: String, options: DiffOptions) throws -> FileDiff {
        let newVersion = try version(new, path: path)
        return Self.compare(old: try version(old, path: oldPath, neighbour: newVersion), new: newVersion, oldPath: oldPath,
                            path: path, options: options)
    }

    /// The semantic diff of two versions read before, named `a/OLD-PATH` and `b/PATH` as git names them.
    static func compare(old: SemanticDiff.Version?, new: SemanticDiff.Version?, oldPath: String, path: String,
                        options: DiffOptions) -> FileDiff {
        SemanticDiff.compare(old: old, new: new, oldName: "a/" + oldPath, newName: "b/" + path, displayName: path, options: options)
    }
}

import XibGit
import XibKit
import XibReport
import XibSource

/// `check`'s code rules on a commit rather than a folder (`review`'s "breaks the app",
/// `merge-preview`'s): the commit's IB files, sources and manifests are read from git's objects
/// into a tree in memory (`FileTree`), which the code indexer and the checker read like a folder.
/// Nothing is written.
enum CodeTree {
    /// The code rules' findings, paths relative to the repository.
    struct Findings {
        var findings: [IntegrityProblem]
        var connectionsChecked: Int
        var sourceFiles: Int
    }

    /// The files of a commit the code rules read, by path, with their blob ids (a file changed
    /// in memory, as the merge's, has none).
    struct Files {
        private(set) var bytes: [String: [UInt8]] = [:]
        private(set) var ids: [String: String] = [:]

        var tree: FileTree { FileTree(files: bytes, ids: ids) }

        /// Puts a file at `path` (nil: removes it); `blob`: its id, when it is a blob's content.
        mutating func put(_ path: String, _ content: [UInt8]?, blob: ObjectID? = nil) {
            bytes[path] = content
            ids[path] = content == nil ? nil : blob?.hex
        }

        /// The files of `commit` (blobs through the store, which fetches what a partial clone
        /// lacks in one go). Regular files only: no links, no submodules.
        init(_ repository: Repository, commit: ObjectID, store: BlobStore) throws {
            let listed = try repository.files(in: commit) { path in reads(path) && !path.split(separator: "/").contains("..") }
            store.prefetch(listed.map(\.blob))
            for file in listed {
                guard let content = try? store.bytes(file.blob) else { continue }
                bytes[file.path] = content
                ids[file.path] = file.blob.hex
            }
        }
    }

    /// What the code rules find in `commit`; nil when it has no Swift or Objective-C source.
    /// `memo`: the source files already read for another commit of the same command.
    static func check(_ repository: Repository, commit: ObjectID, store: BlobStore, configuration: CheckConfiguration,
                      memo: CodeIndexer.Memo) throws -> Findings? {
        check(try Files(repository, commit: commit, store: store).tree, configuration: configuration, memo: memo)
    }

    /// What the code rules find in a tree in memory, or under a folder on disk (`top`); paths
    /// relative to it.
    static func check(_ tree: FileTree, top: String = ".", configuration: CheckConfiguration, memo: CodeIndexer.Memo? = nil) -> Findings? {
        let project = ProjectReader.model(around: [top], tree: tree)
        let code = CodeIndexer.index(folders: [top], project: project, tree: tree, memo: memo)
        guard code.sourceFiles > 0 else { return nil }
        let results = Checker.check(Checker.documents(in: [top], tree: tree), configuration: configuration, code: code,
                                    project: project, tree: tree)
        let prefix = top == "." ? nil : top + "/"
        let findings = results.flatMap(\.findings).filter(\.kind.readsCode).map { f in
            guard let prefix else { return f }
            var f = f
            if f.file.hasPrefix(prefix) { f.file.removeFirst(prefix.count) }
            f.message = f.message.replacing(prefix, with: "")
            return f
        }
        return Findings(findings: findings, connectionsChecked: CodeRules.connectionsChecked(results), sourceFiles: code.sourceFiles)
    }

    /// `check`'s settings for the code rules: the `.xibmerge.yml` found from the working
    /// directory, else the defaults; the other rules off, as only the code rules' findings count.
    static func configuration() -> CheckConfiguration {
        var configuration = CheckConfiguration.find(from: ".").flatMap { try? CheckConfiguration.load(path: $0) } ?? CheckConfiguration()
        for rule in CheckRule.allCases where !rule.readsCode { configuration.disable(rule) }
        return configuration
    }

    /// `review`'s check: the findings at `new` that `old` does not have. Nil when the range
    /// changes no file the code rules read (nothing can break), or the head has no source.
    static func review(_ repository: Repository, old: ObjectID, new: ObjectID) throws -> ReviewReport.CodeCheck? {
        let changes = try repository.diff(from: old, to: new, detectRenames: false)
        guard changes.contains(where: { c in [c.oldPath, c.newPath].contains { $0.map(reads) ?? false } }) else { return nil }
        let configuration = configuration(), store = BlobStore(repository), memo = CodeIndexer.Memo()
        guard let head = try check(repository, commit: new, store: store, configuration: configuration, memo: memo) else { return nil }
        let base = try check(repository, commit: old, store: store, configuration: configuration, memo: memo)?.findings ?? []
        let breaks = CodeRules.introduced(base: base, head: head.findings)
        let already = head.findings.filter { f in !breaks.contains(f) }
        return ReviewReport.CodeCheck(breaks: breaks, alreadyBroken: already,
                                      connectionsChecked: head.connectionsChecked, sourceFiles: head.sourceFiles)
    }

    static func reads(_ path: String) -> Bool {
        CodeIndexer.reads(path.lastIndex(of: "/").map { String(path[path.index(after: $0)...]) } ?? path)
    }
}

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

    /// What the code rules find in `commit`; nil when it has no Swift or Objective-C source.
    static func check(_ repository: Repository, commit: ObjectID, store: BlobStore, configuration: CheckConfiguration) throws -> Findings? {
        check(FileTree(files: try files(repository, commit: commit, store: store)), configuration: configuration)
    }

    /// The files of `commit` the code rules read, by path (blobs through the store, which
    /// fetches what a partial clone lacks in one go). Regular files only: no links, no submodules.
    static func files(_ repository: Repository, commit: ObjectID, store: BlobStore) throws -> [String: [UInt8]] {
        let listed = try repository.files(in: commit) { path in reads(path) && !path.split(separator: "/").contains("..") }
        store.prefetch(listed.map(\.blob))
        var files: [String: [UInt8]] = [:]
        for file in listed { files[file.path] = try? store.bytes(file.blob) }
        return files
    }

    /// What the code rules find in a tree in memory, or under a folder on disk (`top`); paths
    /// relative to it.
    static func check(_ tree: FileTree, top: String = ".", configuration: CheckConfiguration) -> Findings? {
        let code = CodeIndexer.index(folders: [top], tree: tree)
        guard code.sourceFiles > 0 else { return nil }
        let results = Checker.check(Checker.documents(in: [top], tree: tree), configuration: configuration, code: code, tree: tree)
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
        let configuration = configuration()
        let store = BlobStore(repository)
        guard let head = try check(repository, commit: new, store: store, configuration: configuration) else { return nil }
        let base = try check(repository, commit: old, store: store, configuration: configuration)?.findings ?? []
        let breaks = CodeRules.introduced(base: base, head: head.findings)
        let already = head.findings.filter { f in !breaks.contains(f) }
        return ReviewReport.CodeCheck(breaks: breaks, alreadyBroken: already,
                                      connectionsChecked: head.connectionsChecked, sourceFiles: head.sourceFiles)
    }

    static func reads(_ path: String) -> Bool {
        CodeIndexer.reads(path.lastIndex(of: "/").map { String(path[path.index(after: $0)...]) } ?? path)
    }
}

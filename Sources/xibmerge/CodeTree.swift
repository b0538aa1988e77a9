#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import XibGit
import XibKit
import XibReport
import XibSource

/// `check`'s code rules on a commit rather than a folder (`review`'s "breaks the app"): the
/// commit's IB files, sources and manifests are written to a temporary folder, which the code
/// indexer reads like any project, then removed.
enum CodeTree {
    /// The code rules' findings, paths relative to the repository.
    struct Findings {
        var findings: [IntegrityProblem]
        var connectionsChecked: Int
        var sourceFiles: Int
    }

    /// What the code rules find in `commit`; nil when it has no Swift or Objective-C source.
    static func check(_ repository: Repository, commit: ObjectID, store: BlobStore, configuration: CheckConfiguration) throws -> Findings? {
        try inTemporaryFolder { folder in
            try write(repository, commit: commit, store: store, to: folder)
            return check(folder: folder, configuration: configuration)
        }
    }

    /// What the code rules find in the files under `folder`, paths relative to it.
    static func check(folder: String, configuration: CheckConfiguration) -> Findings? {
        let code = CodeIndexer.index(folders: [folder])
        guard code.sourceFiles > 0 else { return nil }
        let results = Checker.check(Checker.documents(in: [folder]), configuration: configuration, code: code)
        let prefix = folder + "/"
        let findings = results.flatMap(\.findings).filter(\.kind.readsCode).map { f in
            var f = f
            if f.file.hasPrefix(prefix) { f.file.removeFirst(prefix.count) }
            f.message = f.message.replacing(prefix, with: "")
            return f
        }
        return Findings(findings: findings, connectionsChecked: CodeRules.connectionsChecked(results), sourceFiles: code.sourceFiles)
    }

    /// `check`'s settings: the `.xibmerge.yml` found from the working directory, else the defaults.
    static func configuration() -> CheckConfiguration {
        guard let file = CheckConfiguration.find(from: "."), let loaded = try? CheckConfiguration.load(path: file) else { return CheckConfiguration() }
        return loaded
    }

    static func inTemporaryFolder<T>(_ body: (String) throws -> T) throws -> T {
        let folder = try temporaryFolder()
        defer { _ = Subprocess.run(["rm", "-rf", folder]) }
        return try body(folder)
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

    /// Writes the files of `commit` the code rules read (`git ls-tree`; blobs through the
    /// store, which fetches what a partial clone lacks in one go).
    static func write(_ repository: Repository, commit: ObjectID, store: BlobStore, to folder: String) throws {
        guard let listing = Subprocess.run(["git", "--git-dir", repository.gitDir, "ls-tree", "-r", "-z", "--full-tree", commit.hex]),
              listing.status == 0 else {
            throw GitCLI.UsageError("cannot list the files of \(commit.short)")
        }
        var files: [(path: String, blob: ObjectID)] = []
        for entry in listing.output.split(separator: 0) {
            // `<mode> blob <id>\t<path>`: regular files only (no links, no submodules).
            guard let tab = entry.firstIndex(of: 9) else { continue }
            let meta = String(decoding: entry[..<tab], as: UTF8.self).split(separator: " ")
            let path = String(decoding: entry[(tab + 1)...], as: UTF8.self)
            guard meta.count == 3, meta[1] == "blob", meta[0].hasPrefix("1006"), reads(path),
                  !path.split(separator: "/").contains(".."), let id = ObjectID(hex: String(meta[2])) else { continue }
            files.append((path, id))
        }
        store.prefetch(files.map(\.blob))
        for file in files {
            guard let bytes = try? store.bytes(file.blob) else { continue }
            try put(bytes, at: folder + "/" + file.path)
        }
    }

    static func put(_ bytes: [UInt8], at path: String) throws {
        makeFolders(above: path)
        try FileIO.writeAtomically(bytes, to: path)
    }

    static func makeFolders(above path: String) {
        var start = path.index(after: path.startIndex)
        while let slash = path[start...].firstIndex(of: "/") {
            _ = mkdir(String(path[..<slash]), 0o755)
            start = path.index(after: slash)
        }
    }

    static func temporaryFolder() throws -> String {
        let base = getenv("TMPDIR").map { String(cString: $0) } ?? "/tmp"
        var template = Array(((base.hasSuffix("/") ? base : base + "/") + "xibmerge-code.XXXXXX").utf8CString)
        let made = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) != nil }
        guard made else { throw GitCLI.UsageError("cannot make a temporary folder in \(base): \(String(cString: strerror(errno)))") }
        return String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}

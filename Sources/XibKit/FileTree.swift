#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The files `check` reads: the disk's, or a set held in memory (a commit's, read from git's
/// objects, so that `review` and `merge-preview` check commits without writing them out).
/// A tree in memory has its top at `.`; its paths are relative (`UI/Main.storyboard`), as
/// `check .` names files on disk.
public struct FileTree: Sendable {
    private struct Memory: Sendable {
        var files: [String: [UInt8]] = [:]
        var ids: [String: String] = [:]
        /// Each folder's names, files and folders ("." the top).
        var folders: [String: [String]] = [".": []]
    }

    private let memory: Memory?

    public static let disk = FileTree(memory: nil)

    /// Whether the files are held in memory (a commit's whole tree), not on disk.
    public var isInMemory: Bool { memory != nil }

    private init(memory: Memory?) {
        self.memory = memory
    }

    /// The files by path (relative, `/`-separated); `ids`: what names each file's content where it
    /// is known (a git blob id), so that work on a file another tree holds too can be reused.
    public init(files: [String: [UInt8]], ids: [String: String] = [:]) {
        var m = Memory()
        m.files = files
        m.ids = ids
        var known: Set<String> = ["."]
        for path in files.keys.sorted() {
            var parent = ".", start = path.startIndex
            while true {
                let slash = path[start...].firstIndex(of: "/")
                let name = String(path[start..<(slash ?? path.endIndex)])
                let full = slash.map { String(path[..<$0]) } ?? path
                if known.insert(full).inserted { m.folders[parent, default: []].append(name) }
                guard let slash else { break }
                if m.folders[full] == nil { m.folders[full] = [] }
                parent = full
                start = path.index(after: slash)
            }
        }
        memory = m
    }

    /// A path as the tree in memory keys it: no `./` in front, `.` for the top.
    private static func key(_ path: String) -> String {
        var p = Substring(path)
        while p.hasPrefix("./") { p = p.dropFirst(2) }
        while p.count > 1 && p.hasSuffix("/") { p = p.dropLast() }
        return p.isEmpty ? "." : String(p)
    }

    /// The file's bytes; one over `limit` bytes is refused (`FileIO.read`).
    public func read(_ path: String, limit: Int = XMLLimits.default.maximumFileSize) throws(XMLParseError) -> [UInt8] {
        guard let memory else { return try FileIO.read(path, limit: limit) }
        guard let bytes = memory.files[Self.key(path)] else {
            throw XMLParseError(kind: .malformed, location: SourceLocation(file: path, line: 0, column: 0, offset: 0),
                                message: memory.folders[Self.key(path)] == nil ? "cannot open file: no such file" : "is a directory")
        }
        guard bytes.count <= limit else {
            throw XMLParseError(kind: .tooLarge, location: SourceLocation(file: path, line: 1, column: 1, offset: 0),
                                message: XMLLimits.fileTooLarge(bytes.count, limit: limit))
        }
        return bytes
    }

    /// What names the content of the file at `path` (a git blob id), when the tree knows it.
    public func contentID(_ path: String) -> String? {
        memory?.ids[Self.key(path)]
    }

    /// The size of a file, nil when there is none.
    public func size(_ path: String) -> Int? {
        guard let memory else { return FileIO.size(path) }
        return memory.files[Self.key(path)]?.count
    }

    /// The names in a folder, files and folders, without `.` and `..`.
    public func entries(of folder: String) -> [String] {
        guard let memory else { return LocalizationCheck.entries(of: folder) }
        return memory.folders[Self.key(folder)] ?? []
    }

    /// Whether `path` is a folder; `followingLinks: false` says no for a link to one (a walk
    /// does not follow links: a cycle would never end). A tree in memory holds no links.
    public func isDirectory(_ path: String, followingLinks: Bool = true) -> Bool {
        guard let memory else {
            var st = stat()
            let found = followingLinks ? stat(path, &st) : lstat(path, &st)
            return found == 0 && (st.st_mode & S_IFMT) == S_IFDIR
        }
        return memory.folders[Self.key(path)] != nil
    }
}

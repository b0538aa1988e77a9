import XibGit
import XibKit
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What the repository subcommands (install, resolve, diff over history, log, merge-preview) share:
/// opening the repository, one-line errors, paths given on the command line, and the three-way
/// merge of index stages or blobs.
enum GitCLI {
    /// Runs a subcommand body; a libgit2 failure (outside a repository, unknown revision, unborn
    /// HEAD, ...) becomes one line on stderr and exit 2.
    static func guarded(_ body: () throws -> Void) throws {
        do {
            try body()
        } catch let error as GitError {
            Console.err("xibmerge: \(error.description)")
            throw Exit.error
        } catch let error as UsageError {
            Console.err("xibmerge: \(error.message)")
            throw Exit.error
        }
    }

    /// A problem with what the user asked for, reported on one line (exit 2).
    struct UsageError: Error {
        var message: String
        init(_ message: String) { self.message = message }
    }

    /// The repository containing the current folder, searching upwards like git.
    static func openRepository() throws -> Repository {
        let cwd = currentDirectory()
        do {
            return try Repository(discoveringFrom: cwd)
        } catch let error as GitError where error.code == .notFound {
            throw UsageError("not a git repository (or any parent folder): \(cwd)")
        }
    }

    static func currentDirectory() -> String {
        guard let cwd = getcwd(nil, 0) else { return "." }
        defer { free(cwd) }
        return String(cString: cwd)
    }

    /// Only these files are merged and diffed here.
    static func isInterfaceBuilderFile(_ path: String) -> Bool {
        let lower = path.lowercased()
        return lower.hasSuffix(".xib") || lower.hasSuffix(".storyboard")
    }

    /// Command-line paths (relative to the current folder, or absolute) as paths in the repository,
    /// the way git reads a pathspec. In a bare repository they are taken as they are.
    static func repositoryPaths(_ arguments: [String], in repository: Repository) throws -> [String] {
        let precompose = (try? repository.config().bool("core.precomposeunicode")) == true
        let spelled: (String) -> String = { precompose ? precomposed($0) : $0 }
        guard let workdir = repository.workdir.map(realPath) else { return arguments.map { spelled(normalized($0)) } }
        let cwd = realPath(currentDirectory())
        return try arguments.map { argument in
            let absolute = resolvingFolders(normalized(argument.hasPrefix("/") ? argument : cwd + "/" + argument))
            if absolute == workdir { return "" }
            guard absolute.hasPrefix(workdir + "/") else {
                throw UsageError("'\(argument)' is outside the repository at \(workdir)")
            }
            return spelled(String(absolute.dropFirst(workdir.count + 1)))
        }
    }

    /// An absolute path with the symlinks of its folders resolved, as the work tree's path is
    /// (`/tmp` and `/var` are links into `/private` on macOS): the deepest folder that exists,
    /// resolved, then the rest as written. The last component stays: a file that is a link is the
    /// repository's link, not what it points to.
    static func resolvingFolders(_ absolute: String) -> String {
        guard var up = absolute.lastIndex(of: "/") else { return absolute }
        while up != absolute.startIndex {
            if let resolved = realpath(String(absolute[..<up]), nil) {
                defer { free(resolved) }
                return String(cString: resolved) + absolute[up...]
            }
            up = absolute[..<up].lastIndex(of: "/")!
        }
        return absolute
    }

    /// A path in Unicode's composed form (NFC), as git reads command-line paths where
    /// `core.precomposeunicode` is set (on macOS, by default since git 1.7.12): a name typed or
    /// completed from a decomposed file name would otherwise match no entry of the index or the
    /// trees, which git fills in composed form. The standard library's NFC, by which `String`
    /// compares: public since Swift 5.0, underscored because it is there for Foundation.
    static func precomposed(_ path: String) -> String {
        String(decoding: path._nfcCodeUnits, as: UTF8.self)
    }

    /// `..` and `.` resolved lexically, repeated and trailing slashes dropped.
    static func normalized(_ path: String) -> String {
        var parts: [Substring] = []
        for part in path.split(separator: "/", omittingEmptySubsequences: true) {
            if part == "." { continue }
            if part == "..", let last = parts.last, last != ".." { parts.removeLast(); continue }
            parts.append(part)
        }
        return (path.hasPrefix("/") ? "/" : "") + parts.joined(separator: "/")
    }

    /// The canonical form of an existing path (symlinks resolved, e.g. /tmp on macOS); unchanged if it does not exist.
    static func realPath(_ path: String) -> String {
        guard let resolved = realpath(path, nil) else { return path }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// The absolute path of the running `xibmerge`, for the merge driver and textconv commands: the path
    /// it was started by (from argv[0] or PATH) when that is the same file, so a symlink such as a package
    /// manager's bin/xibmerge survives upgrades; otherwise the executable's real path.
    static func executablePath() -> String {
        let argv0 = CommandLine.arguments[0]
        var invoked: String?
        if argv0.contains("/") {
            invoked = normalized(argv0.hasPrefix("/") ? argv0 : currentDirectory() + "/" + argv0)
        } else {
            let dirs = (getenv("PATH").map { String(cString: $0) } ?? "").split(separator: ":")
            invoked = dirs.map { "\($0)/\(argv0)" }.first { access($0, X_OK) == 0 }.map(normalized)
        }
        guard let real = ThisProcess.executablePath() else { return invoked.map(realPath) ?? argv0 }
        if let invoked, sameFile(invoked, real) { return invoked }
        return real
    }

    private static func sameFile(_ a: String, _ b: String) -> Bool {
        var sa = stat(), sb = stat()
        return stat(a, &sa) == 0 && stat(b, &sb) == 0 && sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino
    }

    /// Quotes a word for the shell git runs drivers with, only when it needs it.
    static func shellQuoted(_ word: String) -> String {
        let plain = word.unicodeScalars.allSatisfy { c in
            ("a"..."z").contains(c) || ("A"..."Z").contains(c) || ("0"..."9").contains(c) || "/._-+@%=:,".unicodeScalars.contains(c)
        }
        return plain && !word.isEmpty ? word : "'" + word.split(separator: "'", omittingEmptySubsequences: false).joined(separator: "'\\''") + "'"
    }

    /// Three-way merge of one file's versions; without a base (both sides added the file) against the
    /// structural intersection of the two (see `AddAddBase`), as the merge driver does.
    static func merge(base: [UInt8]?, ours: [UInt8], theirs: [UInt8], path: String) -> XibMerger.Outcome {
        XibMerger.merge(baseOrNone: base.map { .init(bytes: $0, name: path + " (base)") }, ours: .init(bytes: ours, name: path),
                        theirs: .init(bytes: theirs, name: path + " (theirs)"))
    }

    static func fileExists(_ path: String) -> Bool { access(path, F_OK) == 0 }

    /// Reads a file of the work tree; nil when it does not exist.
    static func readWorkTreeFile(_ path: String) throws -> [UInt8]? {
        guard fileExists(path) else { return nil }
        do {
            return try FileIO.read(path)
        } catch {
            throw UsageError(error.description)
        }
    }

    /// `2024-03-01 14:05:09 +0100`, in the signature's own time zone (git's `--date=iso`).
    static func isoDate(_ signature: Signature) -> String {
        let offset = signature.timeZoneOffsetMinutes
        var seconds = time_t(signature.date.timeIntervalSince1970) + time_t(offset * 60)
        var parts = tm()
        gmtime_r(&seconds, &parts)
        func two(_ n: Int32) -> String { n < 10 ? "0\(n)" : "\(n)" }
        let zone = (offset < 0 ? "-" : "+") + two(Int32(abs(offset) / 60)) + two(Int32(abs(offset) % 60))
        return "\(parts.tm_year + 1900)-\(two(parts.tm_mon + 1))-\(two(parts.tm_mday)) "
            + "\(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec)) \(zone)"
    }
}

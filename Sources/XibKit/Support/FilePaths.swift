#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Paths compared as text: what a command line names (relative to the working folder) and
/// what an Xcode project names (relative to its groups) meet as absolute, normalised paths.
public enum FilePaths {
    /// `..` and `.` resolved lexically, repeated and trailing slashes dropped (`a/..` is "").
    public static func normalized(_ path: String) -> String {
        var parts: [Substring] = []
        for part in path.split(separator: "/", omittingEmptySubsequences: true) {
            if part == "." { continue }
            if part == "..", let last = parts.last, last != ".." { parts.removeLast(); continue }
            parts.append(part)
        }
        return (path.hasPrefix("/") ? "/" : "") + parts.joined(separator: "/")
    }

    /// The path from `/`, normalised (symbolic links are not resolved).
    public static func absolute(_ path: String) -> String {
        normalized(path.hasPrefix("/") ? path : currentDirectory() + "/" + path)
    }

    public static func currentDirectory() -> String {
        guard let cwd = getcwd(nil, 0) else { return "." }
        defer { free(cwd) }
        return String(cString: cwd)
    }

    /// `a/b/c` → `a/b`; `c` → `.`; `/c` → `/`.
    public static func parent(_ path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// The last component.
    public static func name(_ path: String) -> String {
        path.lastIndex(of: "/").map { String(path[path.index(after: $0)...]) } ?? path
    }

    /// Whether `path` is `folder` or inside it (both absolute and normalised).
    public static func isInside(_ path: String, _ folder: String) -> Bool {
        folder == "/" || path == folder || path.hasPrefix(folder + "/")
    }
}

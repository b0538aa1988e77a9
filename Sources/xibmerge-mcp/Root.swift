import Foundation

/// The folder the server was started in: every path a tool is given must lie inside it, once
/// `..` and symbolic links are followed, so an agent reads and writes nothing else.
struct Root: Sendable {
    /// Its real path (symbolic links resolved).
    let path: String

    init(_ folder: String) throws(ToolError) {
        guard let real = Root.realPath(folder), Root.isDirectory(real) else {
            throw ToolError("\(folder): not a folder")
        }
        path = real
    }

    /// The path to hand to `xibmerge` (which runs in the root): relative to the root, `..` and
    /// `.` taken out; refused when it leads outside the root, also through a symbolic link. A
    /// path that does not exist is allowed (the command says so in its own words) if the
    /// nearest folder above it that exists is inside.
    func confine(_ given: String) throws(ToolError) -> String {
        if given.isEmpty { throw ToolError("an empty path") }
        if given.utf8.contains(0) { throw ToolError("a path with a NUL byte") }
        let absolute = given.hasPrefix("/") ? given : path + "/" + given
        guard let lexical = Root.normalised(absolute) else { throw ToolError("\(given): outside the root \(path)") }
        // What the path really is: its longest existing prefix, real, and the rest as written.
        var existing = lexical, rest: [Substring] = []
        var real = Root.realPath(existing)
        while real == nil, existing != "/" {
            let cut = existing.lastIndex(of: "/")!
            rest.insert(existing[existing.index(after: cut)...], at: 0)
            existing = cut == existing.startIndex ? "/" : String(existing[..<cut])
            real = Root.realPath(existing)
        }
        let resolved = ([real ?? "/"] + rest.map(String.init)).joined(separator: "/")
        guard resolved == path || resolved.hasPrefix(path == "/" ? "/" : path + "/") else {
            throw ToolError("\(given): outside the root \(path); the server reads only files under the folder it was started in")
        }
        // The lexical path inside the root, as `xibmerge` will open it from there; the root's
        // own spelling may differ from its real path (a symbolic link to it).
        let relative: String
        if lexical == path { relative = "." }
        else if lexical.hasPrefix(path + "/") { relative = String(lexical.dropFirst(path.count + 1)) }
        else { relative = lexical }  // an absolute path spelled through a link to the root (/tmp for /private/tmp)
        return relative.hasPrefix("-") ? "./" + relative : relative
    }

    /// `/a/./b/../c` → `/a/c`; nil when `..` climbs above `/`.
    static func normalised(_ absolute: String) -> String? {
        var parts: [Substring] = []
        for part in absolute.split(separator: "/", omittingEmptySubsequences: true) {
            switch part {
            case ".": continue
            case "..": if parts.popLast() == nil { return nil }
            default: parts.append(part)
            }
        }
        return "/" + parts.joined(separator: "/")
    }

    static func realPath(_ p: String) -> String? {
        guard let r = realpath(p, nil) else { return nil }
        defer { free(r) }
        return String(cString: r)
    }

    static func isDirectory(_ p: String) -> Bool {
        var isDir: ObjCBool = false
        return FileManager.default.fileExists(atPath: p, isDirectory: &isDir) && isDir.boolValue
    }
}

/// What a tool answers as an MCP tool error (`isError`), in the CLI's words where it spoke.
struct ToolError: Error, Sendable {
    var message: String
    init(_ message: String) { self.message = message }
}

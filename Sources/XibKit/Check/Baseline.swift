/// The findings a team has already seen, so that only new ones fail (`check --write-baseline
/// FILE`, then `check --baseline FILE`), as SwiftLint's baseline. A finding is known by its
/// rule, its file (from the baseline's folder), its object and its message without line
/// numbers, which an unrelated edit above it moves; as many as the baseline holds of one are
/// left out, and any more are new.
public struct Baseline: Sendable {
    /// The format's version, written in the file.
    public static let version = "1"
    /// The file's keys (`{"version": 1, "findings": [{"rule", "file", "object", "message"}]}`).
    enum Field: String { case version, findings, rule, file, object, message }
    private var counts: [String: Int] = [:]
    /// The folder the file is in: its paths start there.
    private let folder: String

    /// The findings of `results`, as a baseline at `path`.
    public static func write(_ results: [Checker.FileResult], to path: String) -> [UInt8] {
        let folder = FilePaths.parent(path)
        let entries: [JSONValue] = results.flatMap(\.findings).map { f in
            var members = [JSONMember(key: Field.rule.rawValue, value: .string(f.kind.id)),
                           JSONMember(key: Field.file.rawValue, value: .string(relative(f.file, folder)))]
            if let id = f.objectID { members.append(JSONMember(key: Field.object.rawValue, value: .string(id))) }
            members.append(JSONMember(key: Field.message.rawValue, value: .string(f.message)))
            return .object(members)
        }
        return JSONWriter.write(.object([JSONMember(key: Field.version.rawValue, value: .number(version)),
                                         JSONMember(key: Field.findings.rawValue, value: .array(entries))])) + [0x0A]
    }

    public static func load(path: String) throws(XMLParseError) -> Baseline {
        let root = try JSONReader.parse(try FileIO.read(path), name: path)
        guard case .array(let entries)? = root[Field.findings.rawValue] else {
            throw XMLParseError(kind: .malformed, location: SourceLocation(file: path, line: 1, column: 1, offset: 0),
                                message: "not a baseline of `xibmerge check --write-baseline`: no \"findings\" list")
        }
        var baseline = Baseline(folder: FilePaths.parent(path))
        for e in entries {
            let key = identity(rule: e[Field.rule.rawValue]?.string ?? "", file: e[Field.file.rawValue]?.string ?? "",
                               object: e[Field.object.rawValue]?.string, message: e[Field.message.rawValue]?.string ?? "")
            baseline.counts[key, default: 0] += 1
        }
        return baseline
    }

    /// The results without the findings the baseline holds, and how many went.
    public func filtering(_ results: [Checker.FileResult]) -> (results: [Checker.FileResult], count: Int) {
        var left = counts, count = 0
        let out = results.map { r -> Checker.FileResult in
            guard case .checked(let findings) = r.outcome else { return r }
            var copy = r
            copy.outcome = .checked(findings.filter { f in
                let key = Self.identity(rule: f.kind.id, file: Self.relative(f.file, folder), object: f.objectID, message: f.message)
                guard let n = left[key], n > 0 else { return true }
                left[key] = n - 1
                count += 1
                return false
            })
            return copy
        }
        return (out, count)
    }

    static func identity(rule: String, file: String, object: String?, message: String) -> String {
        [rule, file, object ?? "", IntegrityProblem.withoutLineNumbers(withoutFolders(message))].joined(separator: "\u{0}")
    }

    /// A message without the folders of the paths in it, which depend on the folder `check`
    /// ran in (`code/apps/X.xib` there, `apps/X.xib` in `code/`): each word's part up to its
    /// last `/` goes.
    static func withoutFolders(_ message: String) -> String {
        var out: [Character] = [], word = 0
        for c in message {
            if c == "/" {
                out.removeSubrange(word...)
                continue
            }
            out.append(c)
            if c == " " || c == "\"" || c == "'" || c == "(" { word = out.count }
        }
        return String(out)
    }

    /// From `folder` when the file is inside it, else absolute.
    static func relative(_ file: String, _ folder: String) -> String {
        let full = FilePaths.absolute(file), base = FilePaths.absolute(folder)
        guard FilePaths.isInside(full, base), full != base else { return full }
        return String(full.dropFirst(base == "/" ? 1 : base.count + 1))
    }
}

extension IntegrityProblem {
    /// A message without the numbers that say where something is (`File.swift:12`, `at line
    /// 40`): what stays the same when an unrelated edit moves lines.
    public static func withoutLineNumbers(_ message: String) -> String {
        var out = "", skipping = false
        for c in message {
            if skipping && c.isASCII && c.isNumber { continue }
            skipping = c == ":" || (c == " " && out.hasSuffix(" line"))
            out.append(c)
        }
        return out
    }
}

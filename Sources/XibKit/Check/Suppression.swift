/// What a team says `check` is not to report, in `.xibmerge.yml` (IB files cannot carry
/// comments: Xcode drops them), the way SwiftLint's `excluded:` and its baseline work:
///
/// ```yaml
/// check:
///   excluded:                  # paths, from this file's folder: documents not checked
///     - Pods
///     - "**/Legacy/*.xib"
///   ignore:                    # one accepted finding: its rule, file and object, or some of them
///     - rule: missing-outlet
///       file: App/Base.lproj/Main.storyboard
///       object: abc-De-fgh
/// ```
public struct Suppression: Sendable, Equatable {
    /// An entry's keys in `.xibmerge.yml`.
    enum Key: String { case rule, file, object }

    public var rule: CheckRule?
    public var file: Glob?
    /// An object id, as findings name it.
    public var object: String?

    public init(rule: CheckRule? = nil, file: Glob? = nil, object: String? = nil) {
        self.rule = rule
        self.file = file
        self.object = object
    }

    /// `path`: the finding's file relative to the settings file's folder (nil: outside it).
    func matches(_ f: IntegrityProblem, path: String?) -> Bool {
        if let rule, rule != f.kind { return false }
        if let object, object != f.objectID { return false }
        if let file { return path.map(file.matches) ?? false }
        return true
    }
}

extension CheckConfiguration {
    /// `path` from the settings file's folder, or nil when it is not inside it.
    func relative(_ path: String) -> String? {
        let base = FilePaths.absolute(root), full = FilePaths.absolute(path)
        guard FilePaths.isInside(full, base) else { return nil }
        return full == base ? "." : String(full.dropFirst(base == "/" ? 1 : base.count + 1))
    }

    /// Whether `excluded:` leaves the path out.
    public func isExcluded(_ path: String) -> Bool {
        guard !excluded.isEmpty, let relative = relative(path) else { return false }
        return excluded.contains { $0.matches(relative) }
    }

    /// The results without the findings `excluded:` and `ignore:` name, and how many went.
    public func suppressing(_ results: [Checker.FileResult]) -> (results: [Checker.FileResult], count: Int) {
        guard !excluded.isEmpty || !ignored.isEmpty else { return (results, 0) }
        var count = 0
        let out = results.map { r -> Checker.FileResult in
            guard case .checked(let findings) = r.outcome, !findings.isEmpty else { return r }
            var relatives: [String: String?] = [:]
            let kept = findings.filter { f in
                let path = relatives[f.file] ?? relative(f.file)
                relatives[f.file] = path
                let gone = path.map { p in excluded.contains { $0.matches(p) } } == true || ignored.contains { $0.matches(f, path: path) }
                if gone { count += 1 }
                return !gone
            }
            var copy = r
            copy.outcome = .checked(kept)
            return copy
        }
        return (out, count)
    }
}

import XibKit

/// `xibmerge review`: every changed Interface Builder file of a range, with pictures. The
/// model the command fills; rendered as one self-contained HTML page, a Markdown pull-request
/// comment or JSON (schema: doc/review-json.md).
public struct ReviewReport: Sendable {
    public struct Range: Sendable {
        /// As the user named them (`origin/main`, `HEAD`), and the commits.
        public var base: String
        public var head: String
        public var baseCommit: String
        public var headCommit: String

        public init(base: String, head: String, baseCommit: String, headCommit: String) {
            self.base = base
            self.head = head
            self.baseCommit = baseCommit
            self.headCommit = headCommit
        }
    }

    /// A changed file that could not be read (it does not parse, or is a legacy archive).
    public struct Problem: Sendable {
        public var path: String
        public var message: String

        public init(path: String, message: String) {
            self.path = path
            self.message = message
        }
    }

    /// `check`'s code rules on the base and the head commits: the mismatches between IB files
    /// and code that the range creates, whichever half it changed.
    public struct CodeCheck: Sendable {
        /// Findings at the head that the base does not have: what the change breaks.
        public var breaks: [IntegrityProblem]
        /// Findings at the head already at the base.
        public var alreadyBroken: [IntegrityProblem]
        public var connectionsChecked: Int
        public var sourceFiles: Int

        public init(breaks: [IntegrityProblem], alreadyBroken: [IntegrityProblem], connectionsChecked: Int, sourceFiles: Int) {
            self.breaks = breaks
            self.alreadyBroken = alreadyBroken
            self.connectionsChecked = connectionsChecked
            self.sourceFiles = sourceFiles
        }

        /// Findings listed per kind in the HTML and Markdown reports; the rest are counted.
        static let listLimit = 50

        /// `2 new mismatches between IB and code (1 already there); 310 connections compared with 42 source files`.
        var headline: String {
            let n = breaks.count
            var s = n == 0 ? "no new mismatch between IB and code" : "\(n) new mismatch\(n == 1 ? "" : "es") between IB and code"
            if !alreadyBroken.isEmpty { s += " (\(alreadyBroken.count) already there)" }
            return s + "; \(connectionsChecked) connections compared with \(sourceFiles) source files"
        }
    }

    public enum Format: String, Sendable, CaseIterable {
        case html, markdown, json
    }

    public var range: Range?
    public var files: [FileReview]
    public var problems: [Problem]
    /// With `--merge-into`: what merging the head into that revision would do.
    public var mergePreview: MergePreview?
    /// The code rules on both commits (nil: the range changes no IB file or source, or there is no code).
    public var code: CodeCheck?
    /// Where the HTML report will be (an artifact's name): the Markdown points there when it
    /// has to leave something out.
    public var htmlName: String?
    /// Markdown: where the full review is (Markdown, such as a link to the run), named when the
    /// Markdown leaves something out; nil: the HTML report (`htmlName`).
    public var fullReviewAt: String?
    /// Markdown: the longest it may be, in UTF-8 bytes (never fewer than the characters GitHub
    /// counts); GitHub's limit on a comment by default.
    public var markdownLimit = ReviewMarkdownRenderer.limit

    public init(range: Range?, files: [FileReview], problems: [Problem] = [], mergePreview: MergePreview? = nil,
                code: CodeCheck? = nil, htmlName: String? = nil) {
        self.range = range
        self.code = code
        self.files = files
        self.problems = problems
        self.mergePreview = mergePreview
        self.htmlName = htmlName
    }

    public func render(_ format: Format) -> String {
        switch format {
        case .html: return ReviewHTMLRenderer.render(self)
        case .markdown: return ReviewMarkdownRenderer.render(self)
        case .json: return ReviewJSONRenderer.render(self).rendered()
        }
    }

    /// `3 files changed: 2 modified, 1 added`.
    var headline: String {
        let shown = files.filter(\.hasChanges)
        guard !shown.isEmpty else { return "no Interface Builder changes" }
        var byStatus: [(String, Int)] = []
        for f in shown {
            let s = f.oldPath != nil && f.diff.status != .added && f.diff.status != .deleted ? "renamed" : f.diff.status.rawValue
            if let i = byStatus.firstIndex(where: { $0.0 == s }) { byStatus[i].1 += 1 } else { byStatus.append((s, 1)) }
        }
        return "\(shown.count) Interface Builder file\(shown.count == 1 ? "" : "s") changed: "
            + byStatus.map { "\($0.1) \($0.0)" }.joined(separator: ", ")
    }

    static func status(_ f: FileReview) -> String {
        switch f.diff.status {
        case .added: return "new file"
        case .deleted: return "deleted"
        default: return f.oldPath.map { "renamed from \($0)" } ?? "modified"
        }
    }

    /// The merge preview's entry for a file, if it was changed on both sides.
    func mergeFile(_ f: FileReview) -> MergePreview.File? {
        mergePreview?.files.first { $0.path == f.path || $0.basePath == f.path }
    }
}

/// A file's localisation impact in words, for the HTML and Markdown reports.
enum LocalizationWords {
    /// Objects listed per kind; the rest are counted.
    static let listLimit = 25

    /// `3 translations orphaned (de 1, fr 2), 3 missing for new text (de 2, fr 1)` (without the
    /// languages when not `perLanguage`); nil when the change orphans nothing and adds no
    /// untranslated text.
    static func headline(_ l: LocalizationImpact?, perLanguage: Bool = true) -> String? {
        guard let l, l.hasImpact else { return nil }
        func part(_ count: (LocalizationImpact.Language) -> Int, _ what: String) -> String? {
            let total = l.languages.reduce(0) { $0 + count($1) }
            guard total > 0 else { return nil }
            let each = l.languages.filter { count($0) > 0 }.map { "\($0.name) \(count($0))" }.joined(separator: ", ")
            return "\(total) translation\(total == 1 ? "" : "s") \(what)" + (perLanguage ? " (\(each))" : "")
        }
        return [part(\.orphaned, "orphaned"), part(\.untranslated, "missing for new text")].compactMap { $0 }.joined(separator: ", ")
    }

    /// `de, fr`, or `all 30 languages` when a key concerns every language read.
    static func languages(_ k: LocalizationImpact.Key, of l: LocalizationImpact) -> String {
        k.languages.count == l.languages.count && l.languages.count > 2 ? "all \(l.languages.count) languages"
            : k.languages.joined(separator: ", ")
    }

    /// What happened to an object, before its counterpart's id: `re-created as`, `deleted`,
    /// `re-creates`, `new`.
    static func fate(_ o: LocalizationImpact.Object, orphaned: Bool) -> String {
        orphaned ? (o.counterpart == nil ? "deleted" : "re-created as") : (o.counterpart == nil ? "new" : "re-creates")
    }
}

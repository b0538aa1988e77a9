import XibKit

/// What merging two revisions would do to their Interface Builder files, without merging:
/// the model `xibmerge merge-preview` fills, and its text, Markdown and JSON renderings.
public struct MergePreview: Sendable {
    public struct Side: Sendable {
        /// As the user named it (`main`, `origin/feature`, `HEAD~2`).
        public var revision: String
        public var commit: String
        public init(revision: String, commit: String) {
            self.revision = revision
            self.commit = commit
        }
    }

    /// One Interface Builder file changed on both sides.
    public struct File: Sendable {
        public enum Result: Sendable {
            /// Merged (outcome.isClean) or with conflicts left (markers).
            case merged(XibMerger.Outcome)
            /// Deleted on one side and changed on the other, or renamed differently on both: not merged
            /// by content; git stops here whatever the driver.
            case treeConflict(String)
            /// Deleted on both sides, or changed identically: nothing to merge.
            case same
        }

        /// The file's path in the merge result (ours' path when both renamed it differently).
        public var path: String
        /// Its path in the merge base, when it differs (a rename), or nil.
        public var basePath: String?
        /// Added on both sides (no common version).
        public var addedOnBothSides: Bool
        public var result: Result
        /// Whether git without the driver (a line-based merge) would leave it conflicted.
        public var conflictsWithoutDriver: Bool

        public init(path: String, basePath: String?, addedOnBothSides: Bool, result: Result, conflictsWithoutDriver: Bool) {
            self.path = path
            self.basePath = basePath
            self.addedOnBothSides = addedOnBothSides
            self.result = result
            self.conflictsWithoutDriver = conflictsWithoutDriver
        }

        public var isClean: Bool {
            switch result {
            case .merged(let o): return o.isClean
            case .treeConflict: return false
            case .same: return true
            }
        }

        /// The conflicts a person has to decide, one line each (human object paths).
        public var conflictLines: [String] {
            switch result {
            case .same: return []
            case .treeConflict(let why): return [why]
            case .merged(let o):
                if o.isClean { return [] }
                if o.method == .fallback {
                    return ["cannot merge structurally (\(o.fallbackReason ?? "unknown reason")); \(o.markerHunks) conflict hunk(s) by lines"]
                }
                return MergeSummary.distinctLines(o.events.filter { $0.kind == .conflict }, withResolution: false)
            }
        }

        /// `merges cleanly`, `2 conflicts`, ...
        public var verdict: String {
            switch result {
            case .same: return "nothing to merge (same on both sides)"
            case .treeConflict: return "conflict"
            case .merged(let o):
                if o.isClean { return "merges cleanly" + (conflictsWithoutDriver ? " (a plain git merge would conflict)" : "") }
                let n = max(conflictLines.count, 1)
                return "\(n) conflict\(n == 1 ? "" : "s")"
            }
        }
    }

    public var ours: Side
    public var theirs: Side
    /// The merge base commit, nil for unrelated histories.
    public var base: String?
    public var files: [File]
    /// Other (not Interface Builder) files git predicts to leave conflicted.
    public var otherConflicts: [String]
    /// Interface Builder files changed on one side only (they merge trivially).
    public var changedOnOneSide: Int
    /// Mismatches between IB files and code in the merged tree that neither side has (`check`'s
    /// code rules); nil when not compared (no sources).
    public var codeBreaks: [IntegrityProblem]?

    public init(ours: Side, theirs: Side, base: String?, files: [File], otherConflicts: [String], changedOnOneSide: Int) {
        self.ours = ours
        self.theirs = theirs
        self.base = base
        self.files = files
        self.otherConflicts = otherConflicts
        self.changedOnOneSide = changedOnOneSide
    }

    public var isClean: Bool { files.allSatisfy(\.isClean) && otherConflicts.isEmpty }
    public var conflictedFiles: [File] { files.filter { !$0.isClean } }
}

public enum MergePreviewRenderer {
    private static func short(_ id: String) -> String { String(id.prefix(7)) }

    private static func headline(_ p: MergePreview) -> String {
        "merging \(p.theirs.revision) (\(short(p.theirs.commit))) into \(p.ours.revision) (\(short(p.ours.commit)))"
            + (p.base.map { ", merge base \(short($0))" } ?? ", unrelated histories")
    }

    private static func verdict(_ p: MergePreview) -> String {
        if p.isClean { return (p.codeBreaks ?? []).isEmpty ? "everything would merge cleanly" : "everything would merge cleanly, but the result breaks the app" }
        let n = p.conflictedFiles.count + p.otherConflicts.count
        return "conflicts would remain in \(n) file\(n == 1 ? "" : "s")"
    }

    private static func counts(_ p: MergePreview) -> String {
        let clean = p.files.count - p.conflictedFiles.count
        return "\(p.files.count) Interface Builder file\(p.files.count == 1 ? "" : "s") changed on both sides "
            + "(\(clean) clean, \(p.conflictedFiles.count) with conflicts); \(p.changedOnOneSide) changed on one side only"
    }

    private static func name(_ f: MergePreview.File) -> String {
        f.path + (f.basePath.map { " (was \($0))" } ?? "") + (f.addedOnBothSides ? " (added on both sides)" : "")
    }

    public static func text(_ p: MergePreview) -> String {
        var out = "xibmerge merge-preview: \(headline(p))\n\(counts(p))\n"
        if !p.files.isEmpty { out += "\n" }
        for f in p.files {
            out += "\(f.isClean ? "clean   " : "CONFLICT") \(name(f)): \(f.verdict)\n"
            for line in f.conflictLines { out += "    \(line)\n" }
        }
        if !p.otherConflicts.isEmpty {
            out += "\nOther files git would leave conflicted:\n" + p.otherConflicts.map { "CONFLICT \($0)\n" }.joined()
        }
        if let breaks = p.codeBreaks, !breaks.isEmpty {
            out += "\nBreaks the app: \(breakCount(breaks)) that neither side has:\n" + breaks.map { "\($0)\n" }.joined()
        }
        return out + "\nResult: \(verdict(p)).\n"
    }

    public static func markdown(_ p: MergePreview) -> String {
        typealias MD = DiffMarkdownRenderer
        var out = "### xibmerge merge preview: \(p.isClean && (p.codeBreaks ?? []).isEmpty ? "✅" : "⚠️") \(MD.escape(verdict(p)))\n\n"
        out += "\(MD.escape(headline(p)))  \n\(MD.escape(counts(p)))\n"
        if !p.files.isEmpty {
            out += "\n| File | Result |\n| --- | --- |\n"
            for f in p.files { out += "| \(MD.code(name(f)).replacingPipes) | \(MD.escape(f.verdict)) |\n" }
        }
        for f in p.conflictedFiles {
            out += "\n#### \(MD.code(f.path))\n\n" + f.conflictLines.map { "- \(MD.escape($0))\n" }.joined()
        }
        if !p.otherConflicts.isEmpty {
            out += "\n#### Other files git would leave conflicted\n\n" + p.otherConflicts.map { "- \(MD.code($0))\n" }.joined()
        }
        if let breaks = p.codeBreaks, !breaks.isEmpty {
            out += "\n#### ⚠️ Breaks the app: \(breakCount(breaks)) that neither side has\n\n"
            out += breaks.map { "- \(MD.code($0.kind.id)) \(MD.code("\($0.file):\($0.line):\($0.column ?? 1)")) \(MD.escape($0.text))\n" }.joined()
        }
        return out
    }

    /// `2 mismatches between IB and code`.
    static func breakCount(_ breaks: [IntegrityProblem]) -> String {
        "\(breaks.count) mismatch\(breaks.count == 1 ? "" : "es") between IB and code"
    }

    public static func json(_ p: MergePreview) -> JSON {
        func side(_ s: MergePreview.Side) -> JSON { .object([("revision", .string(s.revision)), ("commit", .string(s.commit))]) }
        return .object([
            ("version", .int(JSON.schemaVersion)),
            ("clean", .bool(p.isClean)),
            ("ours", side(p.ours)),
            ("theirs", side(p.theirs)),
            ("base", .optional(p.base)),
            ("files", .array(p.files.map { f in
                var merge: JSON = .null
                var reason: String?
                switch f.result {
                case .merged(let o): merge = MergeSummary.json(o, path: f.path)
                case .treeConflict(let why): reason = why
                case .same: break
                }
                return .object([
                    ("path", .string(f.path)),
                    ("basePath", .optional(f.basePath)),
                    ("addedOnBothSides", .bool(f.addedOnBothSides)),
                    ("clean", .bool(f.isClean)),
                    ("conflicts", .array(f.conflictLines.map { .string($0) })),
                    ("treeConflict", .optional(reason)),
                    ("conflictsWithoutDriver", .bool(f.conflictsWithoutDriver)),
                    ("merge", merge),
                ])
            })),
            ("otherConflicts", .array(p.otherConflicts.map { .string($0) })),
            ("changedOnOneSide", .int(p.changedOnOneSide)),
            ("codeBreaks", p.codeBreaks.map { .array($0.map(CheckJSONRenderer.problem)) } ?? .null),
        ])
    }
}

private extension String {
    /// A pipe ends a Markdown table cell even inside a code span.
    var replacingPipes: String { split(separator: "|", omittingEmptySubsequences: false).joined(separator: "\\|") }
}

import XibKit

/// What `xibmerge resolve --format json` (and `--list`) did, file by file: the lines it would
/// print, gathered into one document for tools (the MCP server's `conflicts` and `resolve`).
public struct ResolveReport: Sendable {
    public struct File: Sendable {
        /// The path in the repository.
        public var path: String
        /// The merge with the answers given (nil: the file was not merged, e.g. deleted on one side).
        public var outcome: XibMerger.Outcome?
        public var written = false
        public var staged = false
        /// What the text output says about the file besides the merge summary.
        public var messages: [String] = []

        public init(path: String) { self.path = path }
    }

    public var files: [File] = []
    /// Lines not about one conflicted file (a path with no conflict, the merged work tree's code check).
    public var messages: [String] = []

    public init() {}

    public func json() -> JSON {
        .object([
            ("version", .int(JSON.schemaVersion)),
            ("files", .array(files.map { f in
                .object([
                    ("path", .string(f.path)),
                    ("resolved", .bool(f.outcome?.isClean ?? false)),
                    ("written", .bool(f.written)),
                    ("staged", .bool(f.staged)),
                    ("messages", .array(f.messages.map { .string($0) })),
                    ("merge", f.outcome.map { MergeSummary.json($0, path: f.path) } ?? .null),
                ])
            })),
            ("messages", .array(messages.map { .string($0) })),
        ])
    }
}

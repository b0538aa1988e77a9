import XibKit

/// The project's JSON (`version`): per file, its status and findings (`kind` is the rule id).
public enum CheckJSONRenderer {
    public static func render(_ results: [CheckReport.FileResult]) -> JSON {
        .object([
            ("version", .int(JSON.schemaVersion)),
            ("files", .array(results.map(file))),
        ])
    }

    /// One finding (also `review`'s "breaks the app" entries).
    static func problem(_ f: IntegrityProblem) -> JSON {
        .object([
            ("kind", .string(f.kind.id)),
            ("severity", .string(f.severity.rawValue)),
            ("file", .string(f.file)),
            ("line", .int(f.line)),
            ("column", .optional(f.column)),
            ("path", .optional(f.path)),
            ("id", .optional(f.objectID)),
            ("message", .string(f.message)),
        ])
    }

    private static func file(_ r: CheckReport.FileResult) -> JSON {
        switch r.outcome {
        case .checked(let findings):
            return .object([
                ("file", .string(r.file)),
                ("status", .string(findings.isEmpty ? "ok" : "problems")),
                ("problems", .array(findings.map(problem))),
            ])
        case .unsupported(let e):
            return .object([
                ("file", .string(r.file)),
                ("status", .string("error")),
                ("error", .object([
                    ("kind", .string(e.kind.rawValue)),
                    ("line", .int(e.location.line)),
                    ("column", .int(e.location.column)),
                    ("message", .string(e.message)),
                ])),
            ])
        }
    }
}

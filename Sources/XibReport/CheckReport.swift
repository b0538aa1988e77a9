import XibKit

/// Renders `xibmerge check` results.
public enum CheckReport {
    public struct FileResult: Sendable {
        public var file: String
        public var outcome: IntegrityCheck.Outcome
        public init(file: String, outcome: IntegrityCheck.Outcome) {
            self.file = file
            self.outcome = outcome
        }
    }

    public static func text(_ results: [FileResult]) -> String {
        var out = ""
        for r in results {
            switch r.outcome {
            case .checked(let problems):
                for p in problems { out += p.description + "\n" }
            case .unsupported(let error):
                out += error.description + "\n"
            }
        }
        return out
    }

    public static func json(_ results: [FileResult]) -> JSON {
        .object([
            ("version", .int(JSON.schemaVersion)),
            ("files", .array(results.map { r in
                switch r.outcome {
                case .checked(let problems):
                    return .object([
                        ("file", .string(r.file)),
                        ("status", .string(problems.isEmpty ? "ok" : "problems")),
                        ("problems", .array(problems.map { p in
                            .object([
                                ("kind", .string(p.kind.rawValue)),
                                ("line", .int(p.line)),
                                ("column", .optional(p.column)),
                                ("path", .optional(p.path)),
                                ("id", .optional(p.objectID)),
                                ("message", .string(p.message)),
                            ])
                        })),
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
            })),
        ])
    }
}

import XibKit

/// reviewdog's Diagnostic JSON lines (`rdjsonl`): one diagnostic a line, for
/// `reviewdog -f=rdjsonl`.
public enum CheckRDJSONRenderer {
    public static func render(_ results: [CheckReport.FileResult]) -> String {
        var out = ""
        func diagnostic(_ message: String, file: String, line: Int, column: Int?, severity: Severity, rule: String?) {
            var range: [(String, JSON)] = [("line", .int(max(line, 1)))]
            if let column { range.append(("column", .int(column))) }
            var fields: [(String, JSON)] = [
                ("message", .string(message)),
                ("location", .object([("path", .string(file)), ("range", .object([("start", .object(range))]))])),
                ("severity", .string(severity == .error ? "ERROR" : "WARNING")),
                ("source", .object([("name", .string("xibmerge"))])),
            ]
            if let rule { fields.append(("code", .object([("value", .string(rule))]))) }
            out += JSON.object(fields).rendered(pretty: false) + "\n"
        }
        for r in results {
            switch r.outcome {
            case .checked(let findings):
                for f in findings { diagnostic(f.text, file: f.file, line: f.line, column: f.column, severity: f.severity, rule: f.kind.id) }
            case .unsupported(let e):
                diagnostic(e.message, file: e.location.file, line: e.location.line, column: e.location.column, severity: .error, rule: nil)
            }
        }
        return out
    }
}

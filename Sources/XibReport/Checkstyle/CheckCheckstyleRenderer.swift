import XibKit

/// Checkstyle XML: a `<file>` per file checked or holding findings, an `<error>` per finding
/// (`source` is `xibmerge.RULE`).
public enum CheckCheckstyleRenderer {
    public static func render(_ results: [CheckReport.FileResult]) -> String {
        // Findings grouped by the file they are in (a document's .strings files come after it).
        var order: [String] = []
        var errors: [String: [String]] = [:]
        func add(_ file: String, _ line: String) {
            if errors[file] == nil { order.append(file) }
            errors[file, default: []].append(line)
        }
        for r in results {
            if errors[r.file] == nil { order.append(r.file); errors[r.file] = [] }
            switch r.outcome {
            case .checked(let findings):
                for f in findings {
                    add(f.file, element(line: f.line, column: f.column, severity: f.severity, message: f.text, source: "xibmerge." + f.kind.id))
                }
            case .unsupported(let e):
                add(r.file, element(line: e.location.line, column: e.location.column, severity: .error, message: e.message, source: "xibmerge"))
            }
        }
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<checkstyle version=\"4.3\">\n"
        for file in order {
            let lines = errors[file]!
            out += "    <file name=\"\(XMLEscaping.escapeForeignText(file))\"" + (lines.isEmpty ? "/>\n" : ">\n")
            guard !lines.isEmpty else { continue }
            for l in lines { out += "        " + l + "\n" }
            out += "    </file>\n"
        }
        return out + "</checkstyle>\n"
    }

    private static func element(line: Int, column: Int?, severity: Severity, message: String, source: String) -> String {
        "<error line=\"\(line)\"" + (column.map { " column=\"\($0)\"" } ?? "")
            + " severity=\"\(severity.rawValue)\" message=\"\(XMLEscaping.escapeForeignText(message))\" source=\"\(XMLEscaping.escapeForeignText(source))\"/>"
    }
}

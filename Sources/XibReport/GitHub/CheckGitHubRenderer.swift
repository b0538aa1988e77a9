import XibKit

/// GitHub Actions workflow commands: `::error file=…,line=…,col=…,title=…::message`, which
/// GitHub shows as annotations on the pull request's diff. GitHub shows at most 10 error and
/// 10 warning annotations per step, so the findings past those are printed as plain log
/// lines (the text format) and one notice says how many.
public enum CheckGitHubRenderer {
    public static let annotationsPerStep = 10

    public static func render(_ results: [CheckReport.FileResult]) -> String {
        var out = "", rest = ""
        var shown: [Severity: Int] = [:], hidden: [Severity: Int] = [:]
        func emit(_ severity: Severity, file: String, line: Int, column: Int?, title: String, message: String, plain: String) {
            guard shown[severity, default: 0] < annotationsPerStep else {
                hidden[severity, default: 0] += 1
                rest += plain + "\n"
                return
            }
            shown[severity, default: 0] += 1
            var properties = "file=\(property(file))"
            if line > 0 { properties += ",line=\(line)" + (column.map { ",col=\($0)" } ?? "") }
            out += "::\(severity.rawValue) \(properties),title=\(property(title))::\(data(message))\n"
        }
        for r in results {
            switch r.outcome {
            case .checked(let findings):
                for f in findings {
                    emit(f.severity, file: f.file, line: f.line, column: f.column, title: "xibmerge \(f.kind.id)",
                         message: f.text, plain: f.description)
                }
            case .unsupported(let e):
                emit(.error, file: e.location.file, line: e.location.line, column: e.location.column, title: "xibmerge",
                     message: e.message, plain: e.description)
            }
        }
        let errors = hidden[.error, default: 0], warnings = hidden[.warning, default: 0]
        if errors + warnings > 0 {
            out += rest
            out += "::notice title=xibmerge check::\(errors) more error(s) and \(warnings) more warning(s) than GitHub annotates in one step (\(annotationsPerStep) of each) are listed in the log above\n"
        }
        return out
    }

    /// A command's message: `%`, CR and LF escaped.
    static func data(_ s: String) -> String {
        s.replacingAll([("%", "%25"), ("\r", "%0D"), ("\n", "%0A")])
    }

    /// A property value: also `:` and `,`, which end properties.
    static func property(_ s: String) -> String {
        data(s).replacingAll([(":", "%3A"), (",", "%2C")])
    }
}

extension String {
    /// Replaces single characters by strings, in one pass.
    func replacingAll(_ pairs: [(Character, String)]) -> String {
        guard contains(where: { c in pairs.contains { $0.0 == c } }) else { return self }
        var out = ""
        for c in self {
            if let r = pairs.first(where: { $0.0 == c }) { out += r.1 } else { out.append(c) }
        }
        return out
    }
}

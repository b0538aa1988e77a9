import XibKit

/// `path:line:column: error: message [rule]`, one finding a line; files that could not be
/// checked in the compiler's form too (`path:line:column: error: message`).
public enum CheckTextRenderer {
    public static func render(_ results: [CheckReport.FileResult]) -> String {
        var out = ""
        for r in results {
            switch r.outcome {
            case .checked(let findings): for f in findings { out += f.description + "\n" }
            case .unsupported(let error): out += error.description + "\n"
            }
        }
        return out
    }
}

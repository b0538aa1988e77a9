import XibKit

/// Renders `xibmerge check` results, in one of the formats CI systems and editors read. Each
/// format has its own renderer beside this file.
public enum CheckReport {
    public typealias FileResult = Checker.FileResult

    public enum Format: String, Sendable, CaseIterable {
        /// Xcode's `path:line:column: error: message [rule]`: a Run Script build phase shows it.
        case text
        /// The project's JSON, with `version`.
        case json
        /// GitHub Actions workflow commands (annotations on the pull request's diff).
        case github
        /// SARIF 2.1.0, for GitHub code scanning and other SARIF readers.
        case sarif
        /// Checkstyle XML (reviewdog, Jenkins, many CI dashboards).
        case checkstyle
        /// reviewdog's Diagnostic JSON lines.
        case rdjsonl
    }

    /// `toolVersion`: the version of xibmerge, for the formats that name the tool.
    public static func render(_ results: [FileResult], as format: Format, toolVersion: String) -> String {
        switch format {
        case .text: CheckTextRenderer.render(results)
        case .json: CheckJSONRenderer.render(results).rendered()
        case .github: CheckGitHubRenderer.render(results)
        case .sarif: CheckSARIFRenderer.render(results, toolVersion: toolVersion).rendered()
        case .checkstyle: CheckCheckstyleRenderer.render(results)
        case .rdjsonl: CheckRDJSONRenderer.render(results)
        }
    }

    /// Every finding, in the order of the results.
    static func findings(_ results: [FileResult]) -> [IntegrityProblem] { results.flatMap(\.findings) }

    /// The files that could not be checked, with the reason.
    static func failures(_ results: [FileResult]) -> [XMLParseError] {
        results.compactMap { if case .unsupported(let e) = $0.outcome { return e }; return nil }
    }
}

import XibKit
import XibReport
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// How `diff` and `log` show changes: the options the two commands share.
enum DiffDisplayOptions {
    static let specs: [ArgumentSpec] = [
        .option(.format, of: OutputFormat.self, help: "Output format.", default: "text"),
        .flag(.includeNoise, help: "Show Xcode's noise (toolsVersion, plug-in and capability versions, <device>, canvasLocation, misplaced) instead of counting it."),
        .flag(.layout, help: "Show each changed frame instead of counting them."),
        .option(.color, of: ColorChoice.self, help: "Colour text output (auto: on a terminal or git's pager, unless NO_COLOR is set).", default: "auto"),
    ]

    enum ColorChoice: String, ArgumentValue, CaseIterable {
        case auto, always, never
    }

    /// The choices parsed, as a plain value.
    static func settings(_ parsed: ParsedArguments) throws -> DiffDisplay {
        DiffDisplay(format: try parsed.value(.format) ?? .text, includeNoise: parsed.flag(.includeNoise),
                    layout: parsed.flag(.layout), color: try parsed.value(.color) ?? .auto)
    }
}

/// How changes are shown, as `DiffDisplayOptions` parsed them (or their defaults).
struct DiffDisplay {
    var format: OutputFormat = .text
    var includeNoise = false
    var layout = false
    var color: DiffDisplayOptions.ColorChoice = .auto

    var diffOptions: DiffOptions { DiffOptions(includeNoise: includeNoise, layout: layout) }

    var reportFormat: DiffReport.Format {
        switch format {
        case .text: return .text
        case .markdown: return .markdown
        case .json: return .json
        }
    }

    /// `underGit`: stdout is git's pager (external-diff mode), so colour as git itself would.
    func style(underGit: Bool = false) -> DiffReport.Style {
        DiffReport.Style(color: useColor(underGit: underGit), compactJSON: underGit)
    }

    private func useColor(underGit: Bool) -> Bool {
        switch color {
        case .always: return true
        case .never: return false
        case .auto:
            if let v = getenv("NO_COLOR"), v.pointee != 0 { return false }
            if Console.stdoutIsTerminal { return true }
            return underGit && getenv("GIT_PAGER_IN_USE").map { String(cString: $0) } == "true"
        }
    }
}

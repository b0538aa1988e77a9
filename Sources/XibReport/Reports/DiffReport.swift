import XibKit

/// The one entry point for showing diffs, shared by the file-pair form, git's external-diff
/// form and the history forms: compute with `SemanticDiff.files`, render with `render`.
public enum DiffReport {
    public enum Format: String, Sendable, CaseIterable {
        case text, markdown, json
    }

    public struct Style: Sendable {
        /// ANSI colours in text output.
        public var color: Bool
        /// JSON on one line (one document per line when several are printed in a row, as in git mode).
        public var compactJSON: Bool

        public init(color: Bool = false, compactJSON: Bool = false) {
            self.color = color
            self.compactJSON = compactJSON
        }
    }

    /// Text and Markdown are empty when nothing is shown; JSON is always a document.
    public static func render(_ files: [FileDiff], format: Format, style: Style = Style()) -> String {
        switch format {
        case .text: return DiffTextRenderer(color: style.color).render(files)
        case .markdown: return DiffMarkdownRenderer.render(files)
        case .json:
            let json = DiffJSONRenderer.render(files)
            return style.compactJSON ? json.rendered(pretty: false) + "\n" : json.rendered()
        }
    }

    /// Computes and renders one file pair (`nil` bytes: the file does not exist on that side).
    public static func diff(oldBytes: [UInt8]?, newBytes: [UInt8]?, oldName: String, newName: String,
                            displayName: String? = nil, options: DiffOptions, format: Format,
                            style: Style = Style()) throws(XMLParseError) -> (FileDiff, String) {
        let file = try SemanticDiff.files(oldBytes: oldBytes, newBytes: newBytes, oldName: oldName, newName: newName,
                                          displayName: displayName, options: options)
        return (file, render([file], format: format, style: style))
    }
}

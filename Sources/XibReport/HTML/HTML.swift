import XibKit

/// HTML's escaping, for text and attribute values of the HTML reports and the HTML inside
/// Markdown: XML's, which HTML reads alike (`& < > "`, and line breaks and tabs as character
/// references, so that an attribute value keeps them).
enum HTML {
    static func escape(_ s: String) -> String { XMLEscaping.escapeAttribute(s) }
}

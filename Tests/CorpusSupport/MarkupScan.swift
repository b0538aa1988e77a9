import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// Reads an SVG or XHTML-style HTML report with Foundation's XML parser, which also says whether
/// it is well-formed: the `data-id`s of its elements (how many times each) and how many elements
/// carry each class (`div.pair`, `figure.side`).
public final class MarkupScan: NSObject, XMLParserDelegate {
    public private(set) var idCounts: [String: Int] = [:]
    public private(set) var classes: [String: Int] = [:]
    public private(set) var error: String?
    /// Only the `data-id`s of these elements (nil: of any).
    private let idElements: Set<String>?

    public var ids: Set<String> { Set(idCounts.keys) }

    public init(_ text: String, idsOf elements: Set<String>? = nil) {
        idElements = elements
        super.init()
        let parser = XMLParser(data: Data(text.utf8))
        parser.delegate = self
        if !parser.parse() { error = parser.parserError.map { "\($0)" } ?? "parse failed" }
    }

    public func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                       attributes: [String: String]) {
        if let id = attributes["data-id"], idElements?.contains(name) ?? true { idCounts[id, default: 0] += 1 }
        for c in (attributes["class"] ?? "").split(separator: " ") { classes[name + "." + c, default: 0] += 1 }
    }
}

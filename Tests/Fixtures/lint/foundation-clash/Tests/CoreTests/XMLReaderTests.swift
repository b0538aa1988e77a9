// Tests/XibKitTests/XMLReaderTests.swift before issue 36: on macOS, Foundation's XMLDocument and
// XMLElement classes make these names ambiguous.
import CorpusSupport
import Foundation
import Testing
import Core

@Suite struct XMLReaderTests {
    static func parse(_ text: String, name: String = "t.xib") throws(XMLParseError) -> XMLDocument {
        try XMLReader.parse(Array(text.utf8), name: name)
    }

    static func written(_ doc: XMLDocument) -> String { String(decoding: XMLWriter.write(doc), as: UTF8.self) }

    static func objects(_ document: Core.XMLDocument) -> [XMLElement] { [] }

    // Qualified, as it is now: not ambiguous.
    static func children(_ element: Core.XMLElement) -> [Core.XMLNode] { element.children }
}

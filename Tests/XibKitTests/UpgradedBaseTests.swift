import Testing
@testable import XibKit

/// `UpgradedBase.rootName`: the root element's name read from a file's first bytes, which
/// decides whether a legacy base is merged against what both upgraded sides share.
struct UpgradedBaseTests {
    static func name(_ text: String) -> String? { UpgradedBase.rootName(Array(text.utf8)) }

    @Test("the root's name comes after the declaration, comments, processing instructions and a DTD")
    func skipsMarkup() {
        #expect(Self.name("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<document type=\"x\">") == "document")
        #expect(Self.name("<?xml version=\"1.0\"?>\n<archive type=\"com.apple.InterfaceBuilder3.CocoaTouch.XIB\" version=\"8.00\">") == "archive")
        #expect(Self.name("<!DOCTYPE x>\n<?pi a?><document/>") == "document")
    }

    @Test("markup inside a comment or processing instruction is not the root")
    func commentHoldingMarkup() {
        #expect(Self.name("<?xml version=\"1.0\"?>\n<!-- was <document> before --><archive version=\"8.00\">") == "archive")
        #expect(Self.name("<?xml version=\"1.0\"?><?note <document> ?><archive>") == "archive")
        #expect(Self.name("<!-- <document> never closed") == nil)
        #expect(Self.name("no markup at all") == nil)
    }
}

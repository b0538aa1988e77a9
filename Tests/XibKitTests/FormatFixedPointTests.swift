import Testing
import XibKit

/// `format` twice is `format` once: the Xcode form reads back as itself. Found by the reader's
/// fuzz target (`Scripts/fuzz reader`): the indentation unit was taken from the first line break
/// after the root's start tag, whatever that line held, so a root whose content starts with
/// text took a nested line's indentation, and each `format` indented deeper; and a declaration
/// with a tab or a line break after `<?xml` was not seen as one, so a second was put before it.
@Suite struct FormatFixedPointTests {
    static func format(_ text: String) throws -> String {
        String(decoding: XMLWriter.write(try XMLReader.parse(Array(text.utf8), name: "a.xib").formatted()), as: UTF8.self)
    }

    @Test(arguments: [
        "<a>* <b>\n        <c/></b></a>\n",                        // text first: four spaces
        "<a>\n\t<b>\n\t\t<c/>\n\t</b>\n</a>\n",                    // tabs
        "<a><b>\n            <c/></b></a>\n",                      // the first child does not start a line
        "<a\n    x=\"1\">\n  <b>\n    <c/>\n  </b>\n</a>\n",        // a start tag over two lines
        "<?xml\r\r version=\"1.0\"?>\n<a/>\n",                    // white space in the declaration other than a space
        "<?xml\tversion=\"1.0\"?><a/>",
    ])
    func formatIsAFixedPoint(_ text: String) throws {
        let once = try Self.format(text)
        #expect(try Self.format(once) == once)
    }

    @Test func theUnitIsTheIndentationOfTheRootsFirstChild() throws {
        #expect(try XMLReader.parse(Array("<a>\n\t<b>\n\t\t<c/>\n\t</b>\n</a>".utf8), name: "a").indentUnit == "\t")
        #expect(try XMLReader.parse(Array("<a\n    x=\"1\">\n  <b/>\n</a>".utf8), name: "a").indentUnit == "  ")
        #expect(try XMLReader.parse(Array("<a>* <b>\n        <c/></b></a>".utf8), name: "a").indentUnit == "    ")
        #expect(try XMLReader.parse(Array("<a/>".utf8), name: "a").indentUnit == "    ")
    }
}

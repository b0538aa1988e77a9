import Foundation
import Testing
@testable import XibKit

/// The `.strings` reader: what Xcode and genstrings write, in every encoding Xcode uses, and
/// errors that name file:line:column.
@Suite struct StringsFileTests {
    static let sample = #"""
    /* Class = "UILabel"; text = "Title"; ObjectID = "abc-De-fgh"; */
    "abc-De-fgh.text" = "Title";

    // A line comment, and a value with every escape.
    "Xy1-ab-CDE.normalTitle" = "Say \"hi\"\n\ttab \\ back\U00E9\u00e8 \101 /* not a comment */";
    bare.key = bare_value;
    "same";   /* a key alone: its value is the key */
    "emoji" = "\UD83D\UDE00";
    """#

    @Test func entriesWithEscapesAndComments() throws {
        let file = try StringsFile(bytes: Array(Self.sample.utf8), name: "fr.lproj/Main.strings")
        #expect(file.encoding == .utf8)
        #expect(file.entries.map(\.key) == ["abc-De-fgh.text", "Xy1-ab-CDE.normalTitle", "bare.key", "same", "emoji"])
        #expect(file.entries[0].value == "Title")
        #expect(file.entries[1].value == "Say \"hi\"\n\ttab \\ backéè A /* not a comment */")
        #expect(file.entries[2].value == "bare_value")
        #expect(file.entries[3].value == "same")
        #expect(file.entries[4].value == "😀")
        #expect(file.entries.map(\.line) == [2, 5, 6, 7, 8])
        #expect(file.entries.map(\.column) == [1, 1, 1, 1, 1])
        #expect(file.entries[1].objectKey == StringsFile.ObjectKey(objectID: "Xy1-ab-CDE", property: "normalTitle"))
        #expect(StringsFile.ObjectKey("tHQ-sR-zn4.headerCell.title")?.property == "headerCell.title")
        #expect(StringsFile.ObjectKey("no-separator") == nil)
        #expect(StringsFile.ObjectKey(".text") == nil)
    }

    /// Xcode writes .strings in UTF-16 too, little- or big-endian, with a byte-order mark or without.
    @Test(arguments: [(true, true), (true, false), (false, true), (false, false)])
    func utf16(littleEndian: Bool, mark: Bool) throws {
        var units = Array(Self.sample.utf16)
        if mark { units.insert(0xFEFF, at: 0) }
        let bytes = units.flatMap { u -> [UInt8] in
            littleEndian ? [UInt8(u & 0xFF), UInt8(u >> 8)] : [UInt8(u >> 8), UInt8(u & 0xFF)]
        }
        let file = try StringsFile(bytes: bytes, name: "de.lproj/Main.strings")
        #expect(file.encoding == (littleEndian ? .utf16LittleEndian : .utf16BigEndian))
        let utf8 = try StringsFile(bytes: Array(Self.sample.utf8), name: "x")
        #expect(file.entries == utf8.entries)
    }

    @Test func utf8ByteOrderMarkAndBraces() throws {
        let file = try StringsFile(bytes: [0xEF, 0xBB, 0xBF] + Array("{\n  \"a.b\" = \"c\";\n}\n".utf8), name: "x.strings")
        #expect(file.entries == [StringsFile.Entry(key: "a.b", value: "c", line: 2, column: 3, rawValue: "\"c\"", span: 4..<16)])
        #expect(try StringsFile(bytes: [], name: "empty.strings").entries.isEmpty)
    }

    @Test(arguments: [
        ("\"a\" = \"b\"\n\"c\" = \"d\";", 2, 1, "expected `;` after the value"),
        ("\"a\" = \"b;\n", 1, 7, "a string opened here is never closed"),
        ("/* open\n\"a\" = \"b\";", 1, 1, "a comment opened here is never closed (`*/`)"),
        ("\"a\" = ;", 1, 7, "expected a value, found `;`"),
        ("\"a\" = \"\\UD800\";", 1, 8, "an unpaired surrogate escape"),
        ("\n\n  \"a\" = \"b\" = \"c\";", 3, 13, "expected `;` after the value"),
    ])
    func errorsNameLineAndColumn(text: String, line: Int, column: Int, message: String) {
        expectParseError(at: "fr.lproj/Main.strings", line, column, message) {
            _ = try StringsFile(bytes: Array(text.utf8), name: "fr.lproj/Main.strings")
        }
    }

    @Test func invalidEncodingAndPropertyLists() {
        #expect(throws: XMLParseError.self) { try StringsFile(bytes: Array("\"a\" = \"".utf8) + [0xC3, 0x28] + Array("\";".utf8), name: "x") }
        #expect(throws: XMLParseError.self) { try StringsFile(bytes: Array("bplist00".utf8), name: "x") }
        #expect(throws: XMLParseError.self) { try StringsFile(bytes: Array("<?xml version=\"1.0\"?><plist/>".utf8), name: "x") }
    }
}

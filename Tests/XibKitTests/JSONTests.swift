import Testing
@testable import XibKit

/// The String Catalog JSON reader and writer: strict, with file:line:column errors, and
/// Xcode's layout written back exactly.
@Suite struct JSONTests {
    static let catalog = """
    {
      "sourceLanguage" : "en",
      "strings" : {
        "abc-De-fgh.title" : {
          "comment" : "Class = \\"NSMenuItem\\"; title = \\"Quit \\\\\\"Ä\\\\\\"\\"; ObjectID = \\"abc-De-fgh\\";",
          "extractionState" : "extracted_with_value",
          "localizations" : {
            "fr" : {
              "variations" : {
                "plural" : {
                  "one" : {
                    "stringUnit" : {
                      "state" : "translated",
                      "value" : "Élément\\n\\t/"
                    }
                  }
                }
              }
            }
          },
          "shouldTranslate" : false
        },
        "empty" : {

        }
      },
      "version" : "1.0"
    }
    """

    @Test func readsAndWritesXcodesLayoutBack() throws {
        let bytes = Array(Self.catalog.utf8)
        let value = try JSONReader.parse(bytes, name: "Main.xcstrings")
        #expect(JSONWriter.write(value) == bytes)
        let c = try StringCatalog(root: value, name: "Main.xcstrings")
        #expect(c.entries.map(\.key) == ["abc-De-fgh.title", "empty"])
        #expect(c.entries.map(\.line) == [4, 23])
        #expect(c.entries[0].column == 5)
        #expect(c.entries[0].comment == "Class = \"NSMenuItem\"; title = \"Quit \\\"Ä\\\"\"; ObjectID = \"abc-De-fgh\";")
        #expect(c.entries[0].languages.map(\.name) == ["fr"])
        #expect(c.entries[0].state(of: "fr") == "translated")
        #expect(LocalizableString.recordedText(in: c.entries[0].comment!, property: "title") == "Quit \"Ä\"")
    }

    @Test(arguments: [
        ("{\"a\" : 1,}", 1, 10, "expected a key in quotes"),
        ("{\n  \"a\" : tru\n}", 2, 9, "expected `true`"),
        ("[1 2]", 1, 4, "expected `,` or `]`"),
        ("{\"a\" : \"x\ny\"}", 1, 10, "a control character in a string (write it as an escape)"),
        ("{\"é\" : \"\\q\"}", 1, 9, "an unknown escape `\\q`"),
        ("{\"a\" : \"\\ud800\"}", 1, 15, "an unpaired surrogate escape"),
        ("01", 1, 1, "a number with a leading zero"),
        ("{} {}", 1, 4, "text after the JSON value"),
        ("{\"a\" : \"open", 1, 8, "a string opened here is never closed"),
        ("", 1, 1, "the file ends where a value was expected"),
    ])
    func errorsNameLineAndColumn(text: String, line: Int, column: Int, message: String) {
        #expect(throws: XMLParseError.self) { try JSONReader.parse(Array(text.utf8), name: "x.xcstrings") }
        do {
            _ = try JSONReader.parse(Array(text.utf8), name: "x.xcstrings")
        } catch {
            #expect(error.location.line == line)
            #expect(error.location.column == column)
            #expect(error.message == message)
        }
    }

    @Test func deepNestingIsRefusedNotACrash() {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        #expect(throws: XMLParseError.self) { try JSONReader.parse(Array(deep.utf8), name: "deep.json") }
    }

    @Test func notACatalogIsRefused() throws {
        #expect(throws: XMLParseError.self) { try StringCatalog(bytes: Array("{\"version\" : \"1.0\"}".utf8), name: "x.xcstrings") }
    }

    @Test func standardOrder() {
        let keys = ["19.title", "9os-ks-jzh.title", "5RA-iE-L8a.title", "5.title", "fSa-V2-D11.title", "JlJ-Fc-tes.title",
                    "M42-Kl-i11.title", "M5e-Tg-MlQ.title", "Regular Expression", "Regular expression", "Delete…", "delete.button"]
        #expect(keys.sorted(by: StandardOrder.areInIncreasingOrder) == [
            "5.title", "5RA-iE-L8a.title", "9os-ks-jzh.title", "19.title", "Delete…", "delete.button", "fSa-V2-D11.title",
            "JlJ-Fc-tes.title", "M5e-Tg-MlQ.title", "M42-Kl-i11.title", "Regular expression", "Regular Expression",
        ])
    }
}

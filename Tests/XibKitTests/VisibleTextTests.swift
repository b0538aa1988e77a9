import Testing
@testable import XibKit

/// What a reader cannot see is shown by its code point, in values and names alike; what a reader
/// sees (letters, emoji built with joiners, line breaks as `\n`) is left as it is. The real case,
/// a menu item's Delete key, is the diff fixture `menu-delete-key`.
struct VisibleTextTests {
    @Test("controls, format and private-use characters by code point; joiners, emoji and text kept")
    func hidden() {
        let shown: [(String, String)] = [
            ("\u{7F}", "<U+007F>"),  // Delete: NSDeleteCharacter, a ⌘⌫ key equivalent
            ("\u{8}", "<U+0008>"), ("\u{0}", "<U+0000>"), ("\u{1B}[31m", "<U+001B>[31m"),
            ("\u{85}", "<U+0085>"), ("\u{9B}", "<U+009B>"),  // C1: NEL, CSI
            ("ab\u{202E}cd", "ab<U+202E>cd"), ("\u{200B}", "<U+200B>"), ("\u{FEFF}", "<U+FEFF>"), ("soft\u{AD}hyphen", "soft<U+00AD>hyphen"),
            ("\u{2028}", "<U+2028>"),
            ("\u{F702}", "<U+F702>"),  // NSLeftArrowFunctionKey, as real key equivalents hold it
            ("\u{F0000}", "<U+F0000>"),
        ]
        for (text, expected) in shown { #expect(VisibleText.escaped(text) == expected, "\(expected)") }
        for kept in ["Log in", "Größe ⌘", "👨‍👩‍👧", "🏴󠁧󠁢󠁳󠁣󠁴󠁿", "می‌خواهم", "a\tb\nc\r"] {
            #expect(VisibleText.escaped(kept) == kept)
        }
    }

    @Test("values and names show them so; JSON's text keeps the character")
    func valuesAndNames() throws {
        #expect(DiffValue(text: "\u{7F}", isText: true).display == "\"<U+007F>\"")
        #expect(DiffValue(text: "a\nb\u{F703}").display == "a\\nb<U+F703>")
        #expect(DiffValue(text: "\u{7F}").text == "\u{7F}")
        // A name: a button whose title holds a right-to-left override (which would reorder
        // what follows it on the reader's screen) and a private-use icon-font glyph.
        let xml = "<document type=\"com.apple.InterfaceBuilder3.CocoaTouch.XIB\"><objects>"
            + "<button id=\"abc-de-fgh\"><state key=\"normal\" title=\"\u{202E}Pay\u{F007}\"/></button></objects></document>"
        let graph = IBGraph(try IBDocument(bytes: Array(xml.utf8), name: "Button.xib"))
        let button = graph.nodes.indices.first { graph.nodes[$0].objectID == "abc-de-fgh" }!
        #expect(graph.displayName(button) == "Button \"<U+202E>Pay<U+F007>\"")
    }
}

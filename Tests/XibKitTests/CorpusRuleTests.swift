import CorpusSupport
import Testing

/// The rule that tells Xcode-written files from hand-edited ones (`Corpus.isXcodeWritten`).
@Suite struct CorpusRuleTests {
    static func written(_ text: String) -> Bool { Corpus.isXcodeWritten(Array(text.utf8)) }

    @Test func xcodesOwnFormIsXcodeWritten() {
        #expect(Self.written("<?xml version=\"1.0\"?>\n<document>\n    <objects>\n        <label text=\"a\"/>\n    </objects>\n</document>\n"))
    }

    @Test func blankLinesInsideTextAreTheTextsOwn() {
        #expect(Self.written("<document>\n    <string key=\"text\">one\n\ntwo</string>\n</document>\n"))
        #expect(Self.written("<document>\n    <string key=\"text\">one\n\n    <two></string>\n</document>\n"))
    }

    @Test func blankLineBetweenElementsIsAHandEdit() {
        #expect(!Self.written("<document>\n    <a/>\n\n    <b/>\n</document>\n"))
        #expect(!Self.written("<document>\n    <a/>\n    \n    <b/>\n</document>\n"))
        #expect(Corpus.handEditedReason(Array("<d>\n    <a/>\n\n    <b/>\n</d>\n".utf8)) == "line 3: a blank line between elements")
    }

    @Test func tabsAndOddIndentationAreHandEdits() {
        #expect(!Self.written("<document>\n\t<a/>\n</document>\n"))
        #expect(!Self.written("<document>\n   <!--Scene-->\n</document>\n"))
    }

    /// Lists the corpus files the rule leaves out, and why (the test log keeps them).
    @Test(.enabled(if: Corpus.isAvailable, Corpus.skipped))
    func corpusFilesLeftOut() throws {
        let left = try Corpus.handEditedFiles()
        for (url, reason) in left {
            print("hand-edited: \(url.deletingLastPathComponent().lastPathComponent)/\(url.lastPathComponent): \(reason)")
        }
        let all = try Corpus.documentFiles().count + Corpus.documentScenarioFiles().count
        #expect(left.count * 10 < all, "the rule leaves out \(left.count) of \(all) files: too many to be hand edits")
    }
}

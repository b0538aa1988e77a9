import CorpusSupport
import Foundation
import MergeLaws
import Testing
import XibKit

@Suite struct XMLReaderTests {
    // MARK: - Helpers

    static func parse(_ text: String, name: String = "t.xib") throws(XMLParseError) -> XibKit.XMLDocument {
        try XMLReader.parse(Array(text.utf8), name: name)
    }

    /// The error the reader reports for `bytes`, or nil when it accepts them.
    static func error(_ bytes: [UInt8], name: String = "t.xib") -> XMLParseError? {
        do {
            _ = try XMLReader.parse(bytes, name: name)
            return nil
        } catch {
            return error
        }
    }

    static func error(_ text: String) -> XMLParseError? { error(Array(text.utf8)) }

    static func written(_ doc: XibKit.XMLDocument) -> String { String(decoding: XMLWriter.write(doc), as: UTF8.self) }

    static let declaration = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"

    // MARK: - Corpus round trips

    /// Every document-format file, unchanged, is written back byte for byte as parsed (copied
    /// spans); every one Xcode wrote (`Corpus.isXcodeWritten`) also when fully regenerated in
    /// Xcode's form.
    @Test(.enabled(if: Corpus.isAvailable, Corpus.skipped))
    func corpusFilesRoundTripByteForByte() throws {
        let urls = try Corpus.documentFiles().map(\.url) + Corpus.documentScenarioFiles()
        #expect(urls.count >= Corpus.minimumFiles)
        let failures = try XMLReaderTests.roundTripFailures(urls)
        #expect(failures.count == 0, "files not written back byte for byte: \(failures.joined(separator: "\n"))")
    }

    static func roundTripFailures(_ urls: [URL]) throws -> [String] {
        var failures: [String] = []
        for url in urls {
            let bytes = try Corpus.bytes(url)
            let name = url.deletingLastPathComponent().lastPathComponent + "/" + url.lastPathComponent
            let doc: XibKit.XMLDocument
            do {
                doc = try XMLReader.parse(bytes, name: name)
            } catch {
                failures.append("\(name): refused: \(error)")
                continue
            }
            if XMLWriter.write(doc) != bytes {
                failures.append("\(name): write(parse(x)) != x (first difference at byte \(firstDifference(XMLWriter.write(doc), bytes)))")
            }
            let formatted = XMLWriter.write(doc.formatted(emptyPairs: IBRules.textElements))
            if formatted != bytes && Corpus.isXcodeWritten(bytes) {
                failures.append("\(name): write(parse(x).formatted()) != x (first difference at byte \(firstDifference(formatted, bytes)))")
            }
        }
        return failures
    }

    static func firstDifference(_ a: [UInt8], _ b: [UInt8]) -> Int {
        zip(a, b).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(a.count, b.count)
    }

    // MARK: - Corpus refusals

    /// A child slot holds an element, text or a boxed comment in 24 bytes (a comment inline made
    /// every slot of every children array 40); the comment, boxed, still reads and is written
    /// back where it stood, its leading white space kept, when its parent is rewritten.
    @Test func aCommentIsBoxedAndKeptWhereItStood() throws {
        #expect(MemoryLayout<XibKit.XMLNode>.stride == 24)
        let text = Self.declaration + "<document>\n    <scenes>\n        <!--Main Scene-->\n        <scene sceneID=\"a\"/>\n    </scenes>\n</document>\n"
        var doc = try Self.parse(text)
        var scenes = doc.root.elements[0]
        #expect(scenes.children.compactMap { if case .comment(let c) = $0 { c.text } else { nil } } == ["Main Scene"])
        scenes.children.append(.element(XibKit.XMLElement(name: "scene", attributes: [XMLAttribute(name: "sceneID", value: "b")])))
        doc.root.children = [.element(scenes)]
        #expect(Self.written(doc) == Self.declaration + "<document>\n    <scenes>\n        <!--Main Scene-->\n        <scene sceneID=\"a\"/>\n        <scene sceneID=\"b\"/>\n    </scenes>\n</document>\n")
    }

    @Test func junkBeforeTheDeclarationIsRefused() throws {
        let e = try #require(XMLReaderTests.error(try Corpus.bytes(Fixtures.url("real/junk-before-declaration.xib")), name: "j.xib"))
        #expect(e.kind == .malformed)
        #expect((e.location.line, e.location.column) == (1, 1))
        #expect(e.message.contains("before the XML declaration"), "\(e.message)")
    }

    /// The fixture always; every corpus file noted as having committed markers when the corpus is there.
    @Test func committedConflictMarkersAreReportedAtTheFirstMarker() throws {
        var rows = [(file: "committed-conflict-markers.xib", url: Fixtures.url("real/committed-conflict-markers.xib"))]
        if Corpus.isAvailable {
            rows += try Corpus.fileRows().filter { $0.notes.contains("committed-conflict-markers") }.map { ($0.file, $0.url) }
        }
        for row in rows {
            let bytes = try Corpus.bytes(row.url)
            // The first line that starts with a marker, found independently of the reader.
            let lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
            let firstMarker = try #require(lines.firstIndex { line in
                ["<<<<<<<", "|||||||", "=======", ">>>>>>>"].contains { line.hasPrefix($0) }
            }) + 1
            let e = try #require(XMLReaderTests.error(bytes, name: row.file), "\(row.file) accepted")
            #expect(e.kind == .conflictMarkers, "\(row.file): \(e)")
            #expect(e.location.line == firstMarker, "\(row.file): \(e)")
            #expect(e.location.column == 1)
            #expect(e.message.contains("conflict markers"))
        }
    }

    // MARK: - Refusals, with where

    // MARK: - Checking written bytes

    /// A merge's result is checked by reading back only what the writer wrote anew: the
    /// elements it copied whole are skipped, and an error anywhere else is still found.
    @Test func checkWellFormedSkipsCopiedElementsOnly() throws {
        let text = Self.declaration + """
            <document>
                <objects>
                    <view id="a"><rect key="frame" x="0" y="0"/></view>
                    <view id="b" hidden="NO"/>
                    <view id="c"><subviews><label id="d" text="x &amp; y"/></subviews></view>
                </objects>
            </document>

            """
        var doc = try Self.parse(text)
        // Edit view b: document, objects and b are written anew, a and c are copied.
        guard case .element(var objects) = doc.root.children[0], case .element(var b) = objects.children[1] else {
            Issue.record("unexpected tree"); return
        }
        b[attribute: "hidden"] = "YES"
        objects.children[1] = .element(b)
        doc.root.children[0] = .element(objects)
        let (bytes, copies) = XMLWriter.writeRecordingCopies(doc)
        #expect(bytes == XMLWriter.write(doc))
        let copied = copies.map { String(decoding: bytes[$0], as: UTF8.self) }
        #expect(copied == [#"<view id="a"><rect key="frame" x="0" y="0"/></view>"#,
                           #"<view id="c"><subviews><label id="d" text="x &amp; y"/></subviews></view>"#])
        try XMLReader.checkWellFormed(bytes, name: "merged", skipping: copies)
        // Broken where it was written anew: found, with or without the copies.
        let text2 = String(decoding: bytes, as: UTF8.self).replacingOccurrences(of: #"hidden="YES"/>"#, with: #"hidden="YES">"#)
        for skipping in [copies, []] {
            let broken = Array(text2.utf8)
            #expect(throws: XMLParseError.self) { try XMLReader.checkWellFormed(broken, name: "merged", skipping: skipping) }
        }
        // A character XML forbids, where it was written anew: found, with or without the copies
        // (whose characters are not checked again).
        let control = Array(String(decoding: bytes, as: UTF8.self).replacingOccurrences(of: #"hidden="YES""#, with: "hidden=\"Y\u{01}S\"").utf8)
        #expect(control.count == bytes.count)
        for skipping in [copies, []] {
            #expect(throws: XMLParseError.self) { try XMLReader.checkWellFormed(control, name: "merged", skipping: skipping) }
        }
        // A range that is not a whole element where the reader stands is read, not skipped.
        let misplaced = copies.map { ($0.lowerBound + 1)..<$0.upperBound } + copies.map { $0.lowerBound..<($0.upperBound - 1) }
        let broken = Array(String(decoding: bytes, as: UTF8.self).replacingOccurrences(of: "x &amp; y", with: "x & y").utf8)
        #expect(throws: XMLParseError.self) {
            try XMLReader.checkWellFormed(broken, name: "merged", skipping: misplaced.sorted { $0.lowerBound < $1.lowerBound })
        }
    }

    /// The law behind skipping copies: on the bundled merge fixtures' bases and a large real
    /// file, every seventh element edited (so the writer copies whole elements around what it
    /// writes anew), the check of the written bytes fails exactly where reading them fails,
    /// for a byte changed anywhere the writer wrote anew.
    @Test func checkWellFormedAgreesWithReadingWhereWrittenAnew() throws {
        let merges = try FileManager.default.contentsOfDirectory(at: Fixtures.url("merge"), includingPropertiesForKeys: nil)
        let files = merges.flatMap { folder in
            ((try? FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)) ?? [])
                .filter { $0.deletingPathExtension().lastPathComponent == "base" }
        } + [Fixtures.url("real/large-prefs-window.xib")]
        #expect(files.count > 30)
        var count = 0, mutated = 0
        func edit(_ e: inout XibKit.XMLElement) {
            count += 1
            if count % 7 == 0 { e[attribute: "edited"] = "\(count)" }
            for i in e.children.indices {
                guard case .element(var child) = e.children[i] else { continue }
                edit(&child)
                e.children[i] = .element(child)
            }
        }
        var generator = SplitMix(seed: 38)
        for url in files.sorted(by: { $0.path < $1.path }) {
            var doc = try XMLReader.parse(try Corpus.bytes(url), name: url.lastPathComponent)
            edit(&doc.root)
            let (bytes, copies) = XMLWriter.writeRecordingCopies(doc)
            #expect(!copies.isEmpty, "\(url.lastPathComponent)")
            try XMLReader.checkWellFormed(bytes, name: "merged", skipping: copies)
            // Written anew: what no copied element holds.
            var anew = [Bool](repeating: true, count: bytes.count)
            for r in copies { for i in r { anew[i] = false } }
            let positions = anew.indices.filter { anew[$0] }
            for _ in 0..<12 {
                var broken = bytes
                let at = positions[Int(generator.next() % UInt64(positions.count))]
                broken[at] = [0x3C, 0x3E, 0x2F, 0x22, 0x26, 0x01, 0x20, 0x61][Int(generator.next() % 8)]
                guard broken != bytes else { continue }
                mutated += 1
                let read = (try? XMLReader.parse(broken, name: "merged")) != nil
                let checked = (try? XMLReader.checkWellFormed(broken, name: "merged", skipping: copies)) != nil
                #expect(read == checked, "\(url.lastPathComponent): byte \(at) made \(broken[at])")
            }
        }
        #expect(mutated > 300)
    }

    @Test func mismatchedTagIsReportedAtTheEndTag() throws {
        let text = Self.declaration + "<document>\n    <objects>\n        <view id=\"é1\"></views>\n    </objects>\n</document>\n"
        let e = try #require(Self.error(text))
        #expect(e.kind == .malformed)
        // Line 4; the column counts characters, so 'é' (two bytes) counts once.
        #expect((e.location.line, e.location.column) == (4, 23))
        #expect(e.message == "end tag </views> does not match start tag <view> opened at line 4, column 9")
        #expect(e.description == "t.xib:4:23: error: end tag </views> does not match start tag <view> opened at line 4, column 9")
    }

    @Test func unclosedTagAtTheEndOfTheFile() throws {
        let text = Self.declaration + "<document>\n    <objects>\n        <view/>\n"
        let e = try #require(Self.error(text))
        #expect(e.kind == .malformed)
        #expect((e.location.line, e.location.column) == (5, 1))
        #expect(e.message.contains("unexpected end of file"))
        #expect(e.message.contains("<objects> opened at line 3, column 5"))

        let cut = try #require(Self.error(Self.declaration + "<document>\n    <view id=\"a"))
        #expect(cut.message.contains("end of file"))
        #expect(cut.location.line == 3)
    }

    @Test func duplicateAttribute() throws {
        let e = try #require(Self.error(Self.declaration + "<document>\n    <view id=\"a\" key=\"b\" id=\"c\"/>\n</document>\n"))
        #expect(e.kind == .malformed)
        #expect((e.location.line, e.location.column) == (3, 26))
        #expect(e.message == "duplicate attribute 'id' in <view>")
    }

    @Test func undefinedEntity() throws {
        let e = try #require(Self.error(Self.declaration + "<document>\n    <string key=\"text\">a &nbsp; b</string>\n</document>\n"))
        #expect(e.kind == .malformed)
        #expect((e.location.line, e.location.column) == (3, 26))
        #expect(e.message.contains("undefined entity '&nbsp;'"))

        let inAttribute = try #require(Self.error("<a b=\"&foo;\"/>"))
        #expect(inAttribute.location.column == 7)
        let bare = try #require(Self.error("<a>fish & chips</a>"))
        #expect(bare.message.contains("write '&amp;'"))
        #expect(Self.error("<a>&lt;&gt;&amp;&quot;&apos;</a>") == nil)
    }

    @Test func badCharacterReference() throws {
        for (ref, column) in [("&#0;", 4), ("&#x0;", 4), ("&#xD800;", 4), ("&#xFFFE;", 4), ("&#x110000;", 4), ("&#1a;", 4), ("&#;", 4), ("&#X41;", 4)] {
            let e = try #require(Self.error("<a>\(ref)</a>"), "\(ref) accepted")
            #expect(e.kind == .malformed)
            #expect(e.location.column == column)
            #expect(e.message.contains("character reference"), "\(ref): \(e.message)")
        }
        #expect(Self.error("<a b=\"&#10;&#x9;&#x10FFFF;\">&#65;&#x41;</a>") == nil)
    }

    @Test func documentTypeDeclarationsAreRefused() throws {
        let e = try #require(Self.error(Self.declaration + "<!DOCTYPE document [<!ENTITY e \"boom\">]>\n<document>&e;</document>\n"))
        #expect(e.kind == .dtd)
        #expect((e.location.line, e.location.column) == (2, 1))
        #expect(e.message.contains("DTD"))
        let late = try #require(Self.error("<a>\n<!DOCTYPE a>\n</a>"))
        #expect(late.kind == .dtd)
    }

    @Test func emptyDocument() throws {
        let e = try #require(Self.error([UInt8]()))
        #expect(e.kind == .malformed)
        #expect((e.location.line, e.location.column) == (1, 1))
        #expect(e.message == "the file is empty")
        let blank = try #require(Self.error(Self.declaration + "\n"))
        #expect(blank.message == "the file has no root element")
    }

    @Test func otherRefusals() throws {
        // Text before the root, after the root, a second root, an unsupported encoding.
        #expect(Self.error("hello<a/>")?.kind == .malformed)
        #expect(Self.error("<a/>x")?.message == "extra content after the end of the root element")
        #expect(Self.error("<a/><b/>")?.kind == .malformed)
        #expect(Self.error("<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?><a/>")?.kind == .unsupportedEncoding)
        #expect(Self.error(" <?xml version=\"1.0\"?><a/>")?.kind == .malformed)
        #expect(Self.error("<a>]]></a>")?.kind == .malformed)
        #expect(Self.error("<a><!-- a -- b --></a>")?.kind == .malformed)
        #expect(Self.error([0x3C, 0x61, 0x3E, 0xFF, 0x3C, 0x2F, 0x61, 0x3E])?.message == "invalid UTF-8 byte sequence")
        #expect(Self.error([0x3C, 0x61, 0x3E, 0x01, 0x3C, 0x2F, 0x61, 0x3E])?.kind == .malformed)
        #expect(Self.error(Array("bplist00".utf8))?.kind == .unsupportedFormat)
        #expect(Self.error([0xFF, 0xFE, 0x3C, 0x00])?.kind == .unsupportedEncoding)
    }

    // MARK: - libxml2's edges (found by the differential test)

    @Test func nestingDepthFollowsLibxml2() throws {
        func nested(_ depth: Int) -> String { String(repeating: "<a>", count: depth) + String(repeating: "</a>", count: depth) }
        #expect(Self.error(nested(XMLReader.maximumDepth)) == nil)
        let e = try #require(Self.error(nested(XMLReader.maximumDepth + 1)))
        #expect(e.kind == .tooLarge)
        #expect(e.location.column == 3 * XMLReader.maximumDepth + 1)
        #expect(e.message.contains("nested too deeply"))
        #expect(Self.error(String(repeating: "<a>", count: 257) + "<b/>" + String(repeating: "</a>", count: 257)) != nil)
    }

    @Test func namesThatAreNotNamespaceWellFormed() throws {
        // libxml2 reports these as namespace errors but accepts them (exit status 0).
        for ok in ["<a:b/>", "<a b:c=\"1\"/>", "<a:/>", "<:a/>", "<a::b></a::b>", "<a:b:c></a:b:c>", "<a:b:></a:b:>",
                   "<a:1b></a:1b>", "<a x:y:z=\"1\" y:z=\"2\"/>", "<a:b:c:-d/>", "<a:-b/>"] {
            #expect(Self.error(ok) == nil, "\(ok) refused")
        }
        // ...except `prefix:local:rest` where rest does not start like a name.
        for (bad, column) in [("<a:b:1c/>", 6), ("<a:b:-c></a:b:-c>", 6), ("<r x:y:.z=\"1\"/>", 8), ("<a:b:\u{B7}/>", 6)] {
            let e = try #require(Self.error(bad), "\(bad) accepted")
            #expect(e.location.column == column, "\(bad): \(e)")
            #expect(e.message.contains("after a second ':'"))
        }
    }

    @Test func declarationEdgesFollowLibxml2() throws {
        #expect(Self.error("<?xml version=\"1.\"?><a/>") == nil)
        #expect(Self.error("<?xml version=\"1.1\"?><a/>") == nil)
        #expect(Self.error("<?xml version=\"2.0\"?><a/>") != nil)
        #expect(Self.error("<?xml version=\"1.0\" encoding=\"UTF-8\"standalone=\"no\"?><a/>") == nil)
        #expect(Self.error("<?xml version=\"1.0\"standalone=\"no\"?><a/>") != nil)
        #expect(Self.error("<?xml version=\"1.0\"encoding=\"UTF-8\"?><a/>") != nil)
        #expect(Self.error("<?xml version=\"1.0\" standalone=\"yes\" encoding=\"UTF-8\"?><a/>") != nil)
        #expect(Self.error("<?xml version = '1.0' encoding = 'utf8' standalone = 'no' ?><a/>") == nil)
    }

    @Test func conflictMarkerLinesThatAreWellFormedText() throws {
        // A line of seven '>' is character data: a well-formed file is accepted as it is...
        #expect(Self.error("<a>\n>>>>>>> theirs\n</a>") == nil)
        // ...and a broken one is reported as a conflict, at its first marker line.
        let e = try #require(Self.error("<a>\n<<<<<<< HEAD\n<b/>\n=======\n<c/>\n>>>>>>> theirs\n</a>"))
        #expect(e.kind == .conflictMarkers)
        #expect((e.location.line, e.location.column) == (2, 1))
    }

    // MARK: - Start tags read before

    /// Start tags alike share one attribute list (the reader's `AttributeListCache`): a tag
    /// repeating another's attributes reads the same whatever ends it, with a `>` inside a
    /// value, and a broken tag after a good one with the same start is refused as any other.
    @Test func startTagsReadBeforeReadTheSame() throws {
        let doc = try XMLReaderTests.parse(XMLReaderTests.declaration + """
            <r><a x="1" y="p>q"/><b x="1" y="p>q">t</b><c x="1" y="p>q" ></c><d x="1" y="p>q"/><e x="1" y="p"/><f x="1" y="p"></f></r>
            """)
        let elements = doc.root.children.compactMap { if case .element(let e) = $0 { return e } else { return nil } }
        #expect(elements.map(\.name) == ["a", "b", "c", "d", "e", "f"])
        for e in elements { #expect(e[attribute: "x"] == "1") }
        #expect(elements.map { $0[attribute: "y"] } == ["p>q", "p>q", "p>q", "p>q", "p", "p"])
        #expect(elements.map(\.text) == ["", "t", "", "", "", ""])
        #expect(XMLReaderTests.written(doc).hasSuffix(#"<e x="1" y="p"/><f x="1" y="p"></f></r>"#))
        // Bytes a good tag ended with, but broken after: refused where reading anew refuses.
        let broken = XMLReaderTests.declaration + #"<r><a x="1"/><b x="1"/ y="2"></b></r>"#
        let e = try #require(XMLReaderTests.error(broken))
        #expect(e.message.contains("expected '>' after '/'"), "\(e.message)")
        let again = XMLReaderTests.declaration + #"<r><a x="1"/><b x="1" x="1"/></r>"#
        #expect(XMLReaderTests.error(again)?.message.contains("duplicate attribute 'x'") == true)
    }

    // MARK: - Lossless writing

    @Test func byteOrderMarkIsKept() throws {
        let bytes: [UInt8] = [0xEF, 0xBB, 0xBF] + Array((Self.declaration + "<document>\n    <a/>\n</document>\n").utf8)
        let doc = try XMLReader.parse(bytes, name: "bom.xib")
        #expect(XMLWriter.write(doc) == bytes)
        #expect(XMLWriter.write(doc.formatted()) == bytes)
        var changed = doc
        changed.root[attribute: "k"] = "v"
        #expect(Array(XMLWriter.write(changed).prefix(3)) == [0xEF, 0xBB, 0xBF])
    }

    @Test func crlfIsKept() throws {
        let text = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\r\n<document>\r\n    <objects>\r\n        <a x=\"1\"/>\r\n    </objects>\r\n</document>\r\n"
        let doc = try Self.parse(text)
        #expect(Self.written(doc) == text)
        #expect(doc.newline == "\r\n")
        // A rewritten element uses the file's line ending too.
        var changed = doc
        var objects = try #require(changed.root.children.compactMap(\.element).first)
        objects.children.append(.element(XibKit.XMLElement(name: "b")))
        changed.root.children = [.element(objects)]
        #expect(Self.written(changed) == text.replacingOccurrences(of: "<a x=\"1\"/>\r\n", with: "<a x=\"1\"/>\r\n        <b/>\r\n"))
    }

    @Test func modifiedAttributeIsWrittenWithXcodeEscaping() throws {
        let text = Self.declaration + """
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0">
                <objects>
                    <label text="old" id="x1" userLabel='single'/>
                    <label text="a &amp; b" id="x2"/>
                </objects>
            </document>

            """
        var doc = try Self.parse(text)
        var objects = try #require(doc.root.children.compactMap(\.element).first)
        var labels = objects.children.compactMap(\.element)
        labels[0][attribute: "text"] = "Tom & Jerry <3 > \"quotes\"\nline 2"
        objects.children = labels.map { .element($0) }
        doc.root.children = [.element(objects)]
        let expected = text.replacingOccurrences(
            of: "text=\"old\"",
            with: "text=\"Tom &amp; Jerry &lt;3 &gt; &quot;quotes&quot;&#10;line 2\"")
        #expect(Self.written(doc) == expected)
        // The value reads back as it was set.
        let reread = try Self.parse(Self.written(doc))
        #expect(reread.root.elements[0].elements[0][attribute: "text"] == "Tom & Jerry <3 > \"quotes\"\nline 2")
        #expect(reread.root.elements[0].elements[1][attribute: "text"] == "a & b")
    }

    @Test func newChildElementIsIndentedAndSelfClosing() throws {
        let text = Self.declaration + """
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0">
                <objects>
                    <view id="v1">
                        <subviews>
                            <label id="l1"/>
                        </subviews>
                    </view>
                </objects>
            </document>

            """
        var doc = try Self.parse(text)
        var objects = doc.root.elements[0]
        var view = objects.elements[0]
        var subviews = view.elements[0]
        subviews.children.append(.element(XibKit.XMLElement(name: "button", attributes: [XMLAttribute(name: "id", value: "b1")])))
        var color = XibKit.XMLElement(name: "color", attributes: [XMLAttribute(name: "key", value: "textColor")])
        color.children = []
        subviews.children.append(.element(XibKit.XMLElement(name: "label", attributes: [XMLAttribute(name: "id", value: "l2")],
                                                     children: [.element(color)])))
        view.children = [.element(subviews)]
        objects.children = [.element(view)]
        doc.root.children = [.element(objects)]
        let expected = text.replacingOccurrences(of: "                <label id=\"l1\"/>\n", with: """
                            <label id="l1"/>
                            <button id="b1"/>
                            <label id="l2">
                                <color key="textColor"/>
                            </label>

            """)
        #expect(Self.written(doc) == expected)
        #expect(Self.written(doc.formatted()) == expected)
    }

    @Test func unchangedHandWrittenFileIsCopiedVerbatim() throws {
        // Odd but well-formed spellings survive a round trip untouched.
        let text = "<?xml version='1.0'?>\n<!-- c -->\n<?pi data?>\n<a  b = 'x&#10;y'\tc=\"&lt;&gt;\" ><![CDATA[ <raw> ]]>t&amp;t<b/><c></c></a ><!-- end -->\n"
        let doc = try Self.parse(text)
        #expect(Self.written(doc) == text)
    }
}

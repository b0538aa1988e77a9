import CorpusSupport
import Foundation
import Testing
import XibKit

/// The reader on hostile shapes (`HostileInputs`): each is read, or refused with the limit's
/// message, in linear time. Smaller than `Scripts/hostile-inputs`' full sizes, with the limits
/// lowered where a limit is the answer; sizes at which quadratic work would take many minutes, so
/// the time limit catches it. The limit counts wall time while every other suite runs beside
/// these on two cores: one minute failed a trivial test on a loaded machine, so three.
@Suite(.timeLimit(.minutes(3))) struct XMLLimitsTests {
    static func read(_ bytes: [UInt8], _ limits: XMLLimits = .default) -> Result<XibKit.XMLDocument, XMLParseError> {
        do { return .success(try XMLReader.parse(bytes, name: "hostile.xib", limits: limits)) } catch { return .failure(error) }
    }

    static func refusal(_ bytes: [UInt8], _ limits: XMLLimits = .default) throws -> XMLParseError {
        switch read(bytes, limits) {
        case .success: throw TestFailure("the reader accepted a file over a limit")
        case .failure(let error): return error
        }
    }

    struct TestFailure: Error, CustomStringConvertible {
        var description: String
        init(_ description: String) { self.description = description }
    }

    static func objects(_ document: XibKit.XMLDocument) -> [XibKit.XMLElement] {
        document.root.elements.first { $0.name == "objects" }?.elements ?? []
    }

    @Test func tooManyAttributesAreRefusedAtTheFirstOneOverTheLimit() throws {
        let bytes = HostileInputs.attributes(1_000_000)
        let e = try Self.refusal(bytes)
        #expect(e.kind == .tooLarge)
        #expect(e.message == "<view> has too many attributes (more than 256)")
        // The 257th attribute: `id` and a0 ... a254 come first.
        let at = try #require(bytes.firstRange(of: Array(" a255=".utf8))).lowerBound + 1
        #expect(e.location.offset == at)
        #expect(e.description.hasPrefix("hostile.xib:4:"))
    }

    /// With the limit raised, many attributes read in linear time: duplicates are found with a
    /// set past 32 attributes (one by one, 200,000 attributes took minutes).
    @Test func manyAttributesReadInLinearTimeWhenAllowed() throws {
        let limits = XMLLimits(maximumAttributes: 300_000)
        let document = try Self.read(HostileInputs.attributes(200_000), limits).get()
        #expect(Self.objects(document).first?.attributes.count == 200_001)
        var duplicated = HostileInputs.attributes(200_000)
        let close = try #require(duplicated.firstRange(of: Array("/>\n    </objects>".utf8))).lowerBound
        duplicated.insert(contentsOf: Array(" a150000=\"2\"".utf8), at: close)
        let e = try Self.refusal(duplicated, limits)
        #expect(e.kind == .malformed)
        #expect(e.message == "duplicate attribute 'a150000' in <view>")
        #expect(e.location.offset == close + 1)
    }

    @Test func siblingsWithOneIDAreReadOrRefusedByCount() throws {
        let document = try Self.read(HostileInputs.siblingsWithOneID(100_000)).get()
        #expect(Self.objects(document).count == 100_000)
        // document, objects and 49,998 views are allowed.
        let e = try Self.refusal(HostileInputs.siblingsWithOneID(100_000), XMLLimits(maximumElements: 50_000))
        #expect(e.kind == .tooLarge)
        #expect(e.message == "the file has too many elements (more than 50,000, comments and processing instructions included)")
        #expect(e.location.line == 4 + 49_998)
        #expect(e.location.column == 9)
    }

    @Test func commentsCountAsElements() throws {
        let comments = HostileInputs.siblingsWithOneID(0) // header and footer only
        var bytes = Array(comments[..<comments.firstRange(of: Array("    </objects>".utf8))!.lowerBound])
        bytes += Array(String(repeating: "<!---->", count: 1_000).utf8) + Array("</objects></document>".utf8)
        #expect(throws: Never.self) { try Self.read(bytes, XMLLimits(maximumElements: 1_002)).get() }
        let e = try Self.refusal(bytes, XMLLimits(maximumElements: 1_001))
        #expect(e.kind == .tooLarge)
    }

    @Test func duplicateIDsAreRead() throws {
        let document = try Self.read(HostileInputs.duplicateIDs(100_000)).get()
        #expect(Self.objects(document).count == 200_000)
    }

    @Test func deepNestingIsRefusedAtTheDepthLimit() throws {
        let bytes = HostileInputs.nesting(100_000)
        let e = try Self.refusal(bytes)
        #expect(e.kind == .tooLarge)
        #expect(e.message == "elements are nested too deeply (more than 257 levels)")
        // document and objects, then 255 views.
        let at = try #require(bytes.firstRange(of: Array("<view id=\"n255\">".utf8))).lowerBound
        #expect(e.location.offset == at)
    }

    @Test func longValuesAreRefusedOverTheLimit() throws {
        let e = try Self.refusal(HostileInputs.longValue(10_000_001))
        #expect(e.kind == .tooLarge)
        #expect(e.message == "the value of attribute 'text' is too long (10,000,001 bytes; the limit is 10,000,000)")
        #expect((e.location.line, e.location.column) == (4, 38))
        let limits = XMLLimits(maximumValueLength: 1_000)
        let label = try #require(Self.objects(try Self.read(HostileInputs.longValue(1_000), limits).get()).first)
        #expect(label[attribute: "text"]?.utf8.count == 1_000)
        #expect(try Self.refusal(HostileInputs.longValue(1_001), limits).kind == .tooLarge)
    }

    @Test func longTextCommentsAndInstructionsAreRefusedOverTheLimit() throws {
        let limits = XMLLimits(maximumValueLength: 100)
        let cases: [(make: (String) -> String, message: String)] = [
            ({ "<a>\($0)</a>" }, "text is too long (101 bytes; the limit is 100)"),
            ({ "<a><!--\($0)--></a>" }, "a comment is too long (101 bytes; the limit is 100)"),
            ({ "<!--\($0)--><a/>" }, "a comment is too long (101 bytes; the limit is 100)"),
            ({ "<a><![CDATA[\($0)]]></a>" }, "a CDATA section is too long (101 bytes; the limit is 100)"),
            ({ "<a/><?pi \($0.dropFirst(3))?>" }, "a processing instruction is too long (101 bytes; the limit is 100)"),
        ]
        for (make, message) in cases {
            let e = try Self.refusal(Array(make(String(repeating: "x", count: 101)).utf8), limits)
            #expect(e.kind == .tooLarge && e.message == message, "\(make("…")): \(e)")
            #expect((try? Self.read(Array(make(String(repeating: "x", count: 100)).utf8), limits).get()) != nil, "\(make("…"))")
        }
    }

    /// White space between children of mixed content becomes text nodes in one pass (inserted
    /// one by one, 300,000 children took minutes).
    @Test func childrenOfDistinctTagsAreKeyedAndDiffedInLinearTime() throws {
        let count = 50_000
        let bytes = HostileInputs.distinctTags(count)
        let graph = IBGraph(try IBDocument(bytes: bytes, name: "hostile.xib"))
        for i in [0, 15, 16, 17, count - 1] {
            #expect(graph.byKey["#abc-de-fgh/t\(i)[0]"] != nil, "t\(i) keyed as the first of its tag")
        }
        let changed = Array(String(decoding: bytes, as: UTF8.self)
            .replacingOccurrences(of: "<t49998/>", with: "<t49998 a=\"1\"/>").utf8)
        let diff = try SemanticDiff.files(oldBytes: bytes, newBytes: changed, oldName: "a.xib", newName: "b.xib")
        let names = diff.groups.flatMap(\.changes).flatMap(\.attributes).map(\.name)
        #expect(Set(names) == ["t49998 a", "t49998"])  // an attribute now, no longer a bare presence
    }

    @Test func mixedContentWithManyChildrenIsRead() throws {
        let bytes = HostileInputs.mixedContent(300_000)
        let document = try Self.read(bytes).get()
        let string = try #require(Self.objects(document).first)
        #expect(string.children.count == 600_001)
        #expect(XMLWriter.write(document) == bytes)
    }

    @Test func filesOverTheSizeLimitAreRefusedUnread() throws {
        let bytes = HostileInputs.longValue(2 << 20)
        let e = try Self.refusal(bytes, XMLLimits(maximumFileSize: 1 << 20))
        #expect(e.kind == .tooLarge)
        #expect(e.message == "file is too large (\(bytes.count.formatted(.number.locale(Locale(identifier: "en_US")))) bytes; the limit is 1 MiB)")
        #expect((e.location.line, e.location.column) == (1, 1))
    }
}

/// The largest value of each limited quantity over every file of the corpus that reads (single
/// files and every scenario's versions, legacy archives included: the reader reads them before
/// they are refused as such), and the law the defaults keep: each is at least ten times the
/// corpus's largest (the depth, libxml2's, nine), as libxml2's defaults are far above real
/// documents.
@Suite struct XMLLimitsCorpusTests {
    struct Maxima: CustomStringConvertible {
        var fileSize = 0, depth = 0, attributes = 0, attributeValue = 0, text = 0, nodes = 0
        var files = 0

        var description: String {
            "\(files) files: file size \(fileSize) bytes, depth \(depth), attributes on one element \(attributes), "
                + "attribute value \(attributeValue) bytes, text/comment/CDATA/instruction \(text) bytes, "
                + "elements/comments/instructions/CDATA in one file \(nodes)"
        }

        mutating func add(_ document: XibKit.XMLDocument) {
            files += 1
            fileSize = max(fileSize, document.source.bytes.count)
            var count = 0
            walk(document.root, depth: 1, &count)
            nodes = max(nodes, count)
        }

        private mutating func walk(_ e: XibKit.XMLElement, depth: Int, _ count: inout Int) {
            count += 1
            self.depth = max(self.depth, depth)
            attributes = max(attributes, e.attributes.count)
            for a in e.attributes { attributeValue = max(attributeValue, XMLEscaping.escapeAttribute(a.value).utf8.count) }
            for child in e.children {
                switch child {
                case .element(let c): walk(c, depth: depth + 1, &count)
                case .text(let t): text = max(text, t.raw.utf8.count)
                case .comment(let c): count += 1; text = max(text, c.text.utf8.count)
                case .cdata(let s): count += 1; text = max(text, s.utf8.count)
                case .processingInstruction(let s): count += 1; text = max(text, s.utf8.count)
                }
            }
        }
    }

    @Test(.enabled(if: Corpus.isAvailable, Corpus.skipped))
    func defaultsAreAtLeastTenTimesTheCorpusMaxima() throws {
        var maxima = Maxima()
        var refused = 0
        let files = FileManager.default.enumerator(at: Corpus.root, includingPropertiesForKeys: [.isRegularFileKey])!
            .compactMap { $0 as? URL }
            .filter { ["xib", "storyboard"].contains($0.pathExtension) && (try? $0.resourceValues(forKeys: [.isRegularFileKey]))?.isRegularFile == true }
        for url in files {
            guard let document = try? XMLReader.parse(try Corpus.bytes(url), name: url.lastPathComponent) else {
                refused += 1
                continue
            }
            maxima.add(document)
        }
        print("XMLLimits: corpus maxima over \(maxima); \(refused) files refused (committed conflict markers)")
        #expect(refused * 100 < files.count)
        #expect(maxima.files >= Corpus.minimumFiles)
        let limits = XMLLimits.default
        #expect(limits.maximumFileSize >= 10 * maxima.fileSize)
        #expect(limits.maximumDepth >= 9 * maxima.depth, "libxml2's 257 levels")
        #expect(limits.maximumAttributes >= 10 * maxima.attributes)
        #expect(limits.maximumValueLength >= 10 * max(maxima.attributeValue, maxima.text))
        #expect(limits.maximumElements >= 10 * maxima.nodes)
    }
}

/// The commands on hostile shapes the reader accepts, beyond the reader (`Scripts/hostile-inputs`
/// at full size).
@Suite struct HostileMergeTests {
    /// Theirs with ids used twice: the check of the structural result named the duplicate's
    /// column from ours' bytes, at an offset in theirs', and trapped (found by
    /// `Scripts/hostile-inputs`: the crash fallback wrote a line merge instead).
    @Test func theirsWithDuplicateIDsMergesWithoutCrashing() {
        let outcome = XibMerger.merge(base: .init(bytes: HostileInputs.smallBase, name: "base.xib"),
                                      ours: .init(bytes: HostileInputs.smallOurs, name: "ours.xib"),
                                      theirs: .init(bytes: HostileInputs.duplicateIDs(3), name: "theirs.xib"))
        #expect(!outcome.isClean)
        #expect(outcome.method == .fallback)
    }
}

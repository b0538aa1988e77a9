import CorpusSupport
import Foundation
import Testing
@testable import XibKit

/// Reading a version with `UnchangedElements` (taking base's subtrees where the bytes are
/// base's) must give the tree that reading it whole gives: the same elements, attributes, text
/// and comments, the same origins as far as bytes and depth go, written back to the same bytes.
@Suite struct UnchangedElementsTests {
    static var available: Bool { Corpus.isAvailable }

    /// The first difference between two trees, or nil: everything the merge and the writer
    /// look at, origins compared by their bytes (a taken subtree's spans are in base's bytes).
    static func difference(_ a: XibKit.XMLElement, _ b: XibKit.XMLElement, _ path: String = "") -> String? {
        let here = "\(path)/\(a.name)"
        guard a.name == b.name else { return "\(here): name \(b.name)" }
        guard a.attributes.count == b.attributes.count,
              zip(a.attributes, b.attributes).allSatisfy({ $0.name == $1.name && $0.value == $1.value && $0.raw == $1.raw && $0.singleQuoted == $1.singleQuoted })
        else { return "\(here): attributes" }
        guard a.writtenAsEmptyPair == b.writtenAsEmptyPair else { return "\(here): writtenAsEmptyPair" }
        switch (a.origin, b.origin) {
        case (nil, nil): break
        case let (x?, y?):
            guard x.hasSameBytes(as: y), x.depth == y.depth, x.selfClosing == y.selfClosing,
                  x.startTagEnd - x.span.lowerBound == y.startTagEnd - y.span.lowerBound,
                  x.attributesPristine == y.attributesPristine, x.childrenPristine == y.childrenPristine
            else { return "\(here): origin" }
        default: return "\(here): origin present on one side only"
        }
        guard a.children.count == b.children.count else { return "\(here): \(a.children.count) vs \(b.children.count) children" }
        for (k, (x, y)) in zip(a.children, b.children).enumerated() {
            switch (x, y) {
            case (.element(let ex), .element(let ey)):
                if let d = difference(ex, ey, here) { return d }
            case (.text(let tx), .text(let ty)) where tx == ty: continue
            case (.comment(let cx), .comment(let cy)) where cx == cy && cx.leadingSpace == cy.leadingSpace: continue
            case (.cdata(let cx), .cdata(let cy)) where cx == cy: continue
            case (.processingInstruction(let px), .processingInstruction(let py)) where px == py: continue
            default: return "\(here): child \(k)"
            }
        }
        return nil
    }

    /// Elements of `e`'s subtree, and how many of them come from `source`.
    static func count(_ e: XibKit.XMLElement, from source: XMLSource) -> (all: Int, taken: Int) {
        var all = 0, taken = 0
        func walk(_ e: XibKit.XMLElement) {
            all += 1
            if e.origin?.source === source { taken += 1 }
            for case .element(let c) in e.children { walk(c) }
        }
        walk(e)
        return (all, taken)
    }

    /// Reads `side` whole and with what it shares with `base` (`runs`, or the line diff's),
    /// and returns the difference between the two, if any, and the elements taken from base.
    static func compare(base: [UInt8], side: [UInt8], runs: [LineDiff.SharedRun]? = nil) throws -> (String?, taken: Int, all: Int) {
        let baseDoc = try XMLReader.parse(base, name: "base")
        let unchanged = UnchangedElements(base: BaseElements(baseDoc), runs: runs ?? LineDiff.sharedRuns(base: base, other: side))
        let whole = try XMLReader.parse(side, name: "side")
        let stitched = try XMLReader.parse(XMLSource(name: "side", bytes: side), unchanged: unchanged)
        let counts = count(stitched.root, from: baseDoc.source)
        if let d = difference(whole.root, stitched.root) { return (d, counts.taken, counts.all) }
        if XMLWriter.write(whole) != XMLWriter.write(stitched) { return ("written bytes differ", counts.taken, counts.all) }
        return (nil, counts.taken, counts.all)
    }

    @Test("every version in the corpus reads the same with base's unchanged elements as whole",
          .enabled(if: available, "the shared corpus is not available; skipping"))
    func corpusVersionsReadTheSame() throws {
        var taken = 0, all = 0, versions = 0
        for scenario in Corpus.documentScenarios() {
            guard let baseURL = scenario.files["base"] else { continue }
            let base = try Corpus.bytes(baseURL)
            for side in ["ours", "theirs"] {
                guard let url = scenario.files[side] else { continue }
                let (difference, t, a) = try Self.compare(base: base, side: try Corpus.bytes(url))
                #expect(difference == nil, "\(scenario.testDescription) \(side): \(difference ?? "")")
                taken += t; all += a; versions += 1
            }
        }
        // Most of a version is unchanged: most of its elements come from base (81% here: 131,000 of 163,000 in 372 versions).
        #expect(versions >= Corpus.minimumScenarios && taken * 10 > all * 7, "\(taken) of \(all) elements taken from base in \(versions) versions")
    }

    @Test("wrong runs cost time only: the bytes are compared before a subtree is taken",
          .enabled(if: available, "the shared corpus is not available; skipping"))
    func wrongRunsNeverGiveAWrongTree() throws {
        let scenario = try #require(Corpus.documentScenarios().first { $0.files["base"] != nil && $0.files["ours"] != nil })
        let base = try Corpus.bytes(try #require(scenario.files["base"]))
        let ours = try Corpus.bytes(try #require(scenario.files["ours"]))
        let right = LineDiff.sharedRuns(base: base, other: ours)
        let wrong: [[LineDiff.SharedRun]] = [
            // The whole file claimed unchanged.
            [LineDiff.SharedRun(start: 0, baseStart: 0, count: max(base.count, ours.count))],
            // Every run off by a few bytes, either way.
            right.map { LineDiff.SharedRun(start: $0.start, baseStart: $0.baseStart + 7, count: $0.count) },
            right.map { LineDiff.SharedRun(start: $0.start + 3, baseStart: max(0, $0.baseStart - 5), count: $0.count) },
        ]
        for runs in wrong {
            let (difference, _, _) = try Self.compare(base: base, side: ours, runs: runs)
            #expect(difference == nil, "\(difference ?? "")")
        }
    }

    /// Lines the diff finds unchanged may still read differently: inside a comment a side
    /// opened, or one level deeper than in base. Neither may be taken from base.
    @Test func unchangedLinesInAnotherContextAreReadAgain() throws {
        let base = """
            <?xml version="1.0" encoding="UTF-8"?>
            <document>
                <objects>
                    <view id="a"><rect key="frame" x="0" y="0"/></view>
                    <view id="b"/>
            <view id="c"/>
                </objects>
            </document>

            """
        let commentedOut = base.replacingOccurrences(of: "        <view id=\"a\">", with: "<!--\n        <view id=\"a\">")
            .replacingOccurrences(of: "        <view id=\"b\"/>\n", with: "        <view id=\"b\"/>\n-->\n")
        let deeper = base.replacingOccurrences(of: "<view id=\"c\"/>\n", with: "<group>\n<view id=\"c\"/>\n</group>\n")
        // Taken: view c when a and b are commented out; a (with its rect) and b when c is deeper.
        for (side, expected) in [(commentedOut, 1), (deeper, 3)] {
            let (difference, taken, _) = try Self.compare(base: Array(base.utf8), side: Array(side.utf8))
            #expect(difference == nil, "\(difference ?? "")")
            #expect(taken == expected, "only elements in the same context are taken (\(taken))")
        }
        // And what is unchanged in the same context is taken.
        let edited = base.replacingOccurrences(of: "<view id=\"b\"/>", with: "<view id=\"b\" hidden=\"YES\"/>")
        let (difference, taken, _) = try Self.compare(base: Array(base.utf8), side: Array(edited.utf8))
        #expect(difference == nil && taken == 3, "\(difference ?? "") taken \(taken)")
    }

    /// A version read with base's elements is held to the element limit as if read whole: a
    /// history could otherwise grow a version past the limit a few elements at a time.
    @Test func takenSubtreesCountAgainstTheElementLimit() throws {
        let base = HostileInputs.duplicateIDs(300)
        let side = Array(String(decoding: base, as: UTF8.self)
            .replacingOccurrences(of: "id=\"d299\"/>", with: "id=\"d299\" hidden=\"YES\"/>").utf8)
        let baseDocument = try XMLReader.parse(base, name: "base.xib")
        let unchanged = UnchangedElements(base: BaseElements(baseDocument), runs: LineDiff.sharedRuns(base: base, other: side))
        let limits = XMLLimits(maximumElements: 500)
        #expect(throws: XMLParseError.self) { try XMLReader.parse(side, name: "side.xib", limits: limits) }
        do {
            _ = try XMLReader.parse(XMLSource(name: "side.xib", bytes: side), unchanged: unchanged, limits: limits)
            Issue.record("the side was read past the element limit with base's elements")
        } catch {
            #expect(error.description.contains("too many elements"), "\(error.description)")
        }
        let roomy = XMLLimits(maximumElements: 602)
        #expect(throws: Never.self) { try XMLReader.parse(XMLSource(name: "side.xib", bytes: side), unchanged: unchanged, limits: roomy) }
    }

    /// Taking base's subtrees never skips the character check of what the version changed.
    @Test func charactersOutsideBaseLinesAreStillChecked() throws {
        let base = HostileInputs.duplicateIDs(50)
        let side = Array(String(decoding: base, as: UTF8.self)
            .replacingOccurrences(of: "id=\"d20\"/>", with: "id=\"d20\" userLabel=\"a\u{01}b\"/>").utf8)
        let unchanged = UnchangedElements(base: BaseElements(try XMLReader.parse(base, name: "base.xib")),
                                          runs: LineDiff.sharedRuns(base: base, other: side))
        do {
            _ = try XMLReader.parse(XMLSource(name: "side.xib", bytes: side), unchanged: unchanged)
            Issue.record("a control character in a changed line was accepted")
        } catch {
            #expect(error.description.contains("U+0001"), "\(error.description)")
        }
    }

    /// A run that claims a same-length edit as base's (every element where base has it) is
    /// refused by comparing its bytes: the edited element is read, not taken from base.
    @Test func sameLengthEditsUnderAWrongRunAreRead() throws {
        let base = HostileInputs.duplicateIDs(50)
        let side = Array(String(decoding: base, as: UTF8.self).replacingOccurrences(of: "id=\"d20\"/>", with: "id=\"d2X\"/>").utf8)
        #expect(side.count == base.count && side != base)
        let (difference, _, _) = try Self.compare(base: base, side: side, runs: [LineDiff.SharedRun(start: 0, baseStart: 0, count: base.count)])
        #expect(difference == nil, "\(difference ?? "")")
    }

    /// Lines shared with base skip the character check only when they are base's bytes: runs
    /// that claim more (here, the whole file) change nothing.
    @Test func sharedRunsThatAreNotBaseBytesAreStillChecked() throws {
        let base = HostileInputs.duplicateIDs(50)
        let side = Array(String(decoding: base, as: UTF8.self)
            .replacingOccurrences(of: "id=\"d20\"/>", with: "id=\"d2\u{01}\"/>").utf8)
        // The same length, ending a line: only the comparison of the bytes can refuse the run.
        #expect(side.count == base.count && base.last == 0x0A)
        let lie = [LineDiff.SharedRun(start: 0, baseStart: 0, count: base.count)]
        let unchanged = UnchangedElements(base: BaseElements(try XMLReader.parse(base, name: "base.xib")), runs: lie)
        do {
            _ = try XMLReader.parse(XMLSource(name: "side.xib", bytes: side), unchanged: unchanged)
            Issue.record("a control character in lines the runs called base's was accepted")
        } catch {
            #expect(error.description.contains("U+0001"), "\(error.description)")
        }
    }
}

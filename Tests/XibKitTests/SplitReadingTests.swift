import CorpusSupport
import Foundation
import Testing
@testable import XibKit

/// Reading a file on two threads (`SplitReading`) must give exactly what reading it in one
/// pass gives: the same tree, origins included, or the same error, wherever the split point
/// falls (a guess the first thread checks) and whether or not the second part was read.
@Suite struct SplitReadingTests {
    /// The tree, or the error's words, read in one pass.
    static func readInOnePass(_ bytes: [UInt8]) -> Result<XMLDocument, XMLParseError> {
        Result { () throws(XMLParseError) -> XMLDocument in try XMLReader.parse(bytes, name: "file.xib") }
    }

    /// Read on two threads' terms, the second part read first (so that it is there to join)
    /// unless `readSecondPart` is false. Also says whether the reader used it.
    static func readSplit(_ bytes: [UInt8], at point: XMLReader.SplitPoint?, readSecondPart: Bool = true)
        -> (Result<XMLDocument, XMLParseError>, joined: Bool) {
        let source = XMLSource(name: "file.xib", bytes: bytes)
        let split = point.map { SplitReading(source, at: $0) } ?? SplitReading(source)
        if readSecondPart { split?.readSecondPart() }
        let read = Result { () throws(XMLParseError) -> XMLDocument in try XMLReader.parse(source, split: split) }
        return (read, split?.wasJoined ?? false)
    }

    /// The first difference between two readings, or nil.
    static func difference(_ a: Result<XMLDocument, XMLParseError>, _ b: Result<XMLDocument, XMLParseError>) -> String? {
        switch (a, b) {
        case let (.success(x), .success(y)):
            guard x.prolog == y.prolog, x.epilog == y.epilog, x.newline == y.newline, x.indentUnit == y.indentUnit else {
                return "prolog, epilog, newline or indentation"
            }
            return UnchangedElementsTests.difference(x.root, y.root)
        case let (.failure(x), .failure(y)):
            return x.description == y.description && x.kind == y.kind ? nil : "error \(y) instead of \(x)"
        case let (.success, .failure(y)):
            return "refused: \(y)"
        case let (.failure(x), .success):
            return "accepted, where one pass says: \(x)"
        }
    }

    /// Split points at the start of some lines: the depth their indentation says, and one off.
    static func linePoints(_ bytes: [UInt8], count: Int) -> [XMLReader.SplitPoint] {
        var starts: [(Int, Int)] = []
        var i = 0
        while let nl = bytes[i...].firstIndex(of: 0x0A) {
            var j = nl + 1
            while j < bytes.count && bytes[j] == 0x20 { j += 1 }
            if j < bytes.count && bytes[j] == 0x3C { starts.append((j, (j - nl - 1) / 4)) }
            i = nl + 1
        }
        guard !starts.isEmpty else { return [] }
        let step = max(1, starts.count / count)
        return stride(from: step / 2, to: starts.count, by: step).flatMap { k -> [XMLReader.SplitPoint] in
            let (start, depth) = starts[k]
            return [.init(start: start, depth: depth), .init(start: start, depth: depth + 1), .init(start: start, depth: max(0, depth - 1))]
        }
    }

    @Test(.enabled(if: Corpus.isAvailable, Corpus.skipped))
    func everyCorpusFileReadsTheSameOnTwoThreads() throws {
        var joinedAtTheChosenPoint = 0, large = 0
        for row in try Corpus.documentFiles() {
            let bytes = try Corpus.bytes(row.url)
            let whole = SplitReadingTests.readInOnePass(bytes)
            if bytes.count >= XMLReader.SplitPoint.minimumSize {
                large += 1
                let (read, joined) = SplitReadingTests.readSplit(bytes, at: nil)
                #expect(SplitReadingTests.difference(whole, read) == nil, "\(row.file), at the chosen point: \(SplitReadingTests.difference(whole, read) ?? "")")
                if joined { joinedAtTheChosenPoint += 1 }
                // Never started: read alone, the same.
                let (alone, joinedAlone) = SplitReadingTests.readSplit(bytes, at: nil, readSecondPart: false)
                #expect(!joinedAlone)
                #expect(SplitReadingTests.difference(whole, alone) == nil, "\(row.file), second part not read")
            }
            for point in SplitReadingTests.linePoints(bytes, count: 4) {
                let (read, _) = SplitReadingTests.readSplit(bytes, at: point)
                if let d = SplitReadingTests.difference(whole, read) {
                    Issue.record("\(row.file), split at \(point.start) depth \(point.depth): \(d)")
                }
            }
        }
        try #require(large >= 8, "expected at least 8 corpus files of 64 KB or more")
        // The point is chosen well: the second part is used for every file of the corpus.
        #expect(joinedAtTheChosenPoint == large)
    }

    /// Every offset of a small document that has a bit of everything, at depths 0 to 5: only
    /// a point where content starts, at its true depth, is joined, and the tree is the same.
    @Test func everySplitPointOfASmallDocument() throws {
        let text = """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0">
            <!-- a comment with <view id="x"> inside -->
            <objects>
                <placeholder placeholderIdentifier="IBFilesOwner" id="-1" userLabel="File's Owner"/>
                <view contentMode="scaleToFill" id="i5M-Pr-FkT">
                    <rect key="frame" x="0.0" y="0.0" width="414" height="896"/>
                    <subviews>
                        <label text="a &lt; b &amp; &#x263A;" id="abc-De-fgh"><![CDATA[ <not a tag> ]]></label>
                        <textView id="tv1-aa-bbb">Some <b>mixed</b> text
                            over lines</textView>
                        <button id="btn-11-abc" title='single "quoted"'/>
                        <string key="text"></string>
                    </subviews>
                    <?pi body?>
                </view>
            </objects>
        </document>

        """
        let bytes = Array(text.utf8)
        let whole = SplitReadingTests.readInOnePass(bytes)
        guard case .success = whole else { Issue.record("the document must read: \(whole)"); return }
        var joins = 0
        for start in 0..<bytes.count {
            for depth in 0...5 {
                let (read, joined) = SplitReadingTests.readSplit(bytes, at: .init(start: start, depth: depth))
                if joined { joins += 1 }
                if let d = SplitReadingTests.difference(whole, read) {
                    Issue.record("split at \(start) depth \(depth): \(d)")
                    return
                }
            }
        }
        #expect(joins > 20, "the second part should be joined wherever content starts at its depth")
    }

    /// Malformed variants of small corpus files (the differential test's mutations), split at
    /// several lines: the same tree or the same error as one pass, first character errors included.
    @Test(.enabled(if: Corpus.isAvailable, Corpus.skipped))
    func errorsAreThoseOfAReadingInOnePass() throws {
        let rows = try Corpus.documentFiles().filter { $0.bytes < 20_000 }.sorted { ($0.bytes, $0.file) < ($1.bytes, $1.file) }.prefix(6)
        try #require(rows.count == 6)
        let originals = try rows.map { try Corpus.bytes($0.url) }
        var rng = XMLSplitMix64(seed: 0x5B11_7_0)
        var refused = 0, compared = 0
        for round in 0..<12 {
            for kind in XMLMutation.allCases {
                let original = originals[(round + kind.hashValueStable) % originals.count]
                let variant = kind.apply(to: original, file: "v", rng: &rng)
                let whole = SplitReadingTests.readInOnePass(variant.bytes)
                if case .failure = whole { refused += 1 }
                for point in SplitReadingTests.linePoints(variant.bytes, count: 3) {
                    compared += 1
                    let (read, _) = SplitReadingTests.readSplit(variant.bytes, at: point)
                    if let d = SplitReadingTests.difference(whole, read) {
                        Issue.record("\(variant.summary), split at \(point.start) depth \(point.depth): \(d)")
                    }
                }
            }
        }
        #expect(refused > 100 && compared > 1000, "refused \(refused), compared \(compared)")
    }

    /// An invalid character after the split point, and a structural error before it: one pass
    /// checks every character first, so the character is reported, whichever thread finds it.
    @Test func aCharacterErrorAfterTheSplitComesBeforeAnEarlierStructuralError() throws {
        let head = "<document>\n    <a>\n        <b></c>\n    </a>\n"
        let tail = "    <d>\u{1}</d>\n</document>\n"
        let bytes = Array((head + tail).utf8)
        let whole = SplitReadingTests.readInOnePass(bytes)
        guard case .failure(let error) = whole else { Issue.record("must be refused"); return }
        #expect(error.message.contains("U+0001"))
        let start = head.utf8.count + 4
        for read in [true, false] {
            let (split, _) = SplitReadingTests.readSplit(bytes, at: .init(start: start, depth: 1), readSecondPart: read)
            #expect(SplitReadingTests.difference(whole, split) == nil)
        }
    }
}

import Foundation
import Testing
import XibKit

/// A merge keeps ours' line endings, as git does (issue 18: with theirs in CR LF, the result
/// mixed CR LF and LF). Laws on every merge fixture: theirs (or base) in the other convention
/// changes nothing in the result; ours in CR LF gives the LF result in CR LF.
@Suite struct LineEndingMergeTests {
    static func crlf(_ bytes: [UInt8]) -> [UInt8] { LineEndings.converted(bytes, to: .crlf) }

    static func merge(_ c: MergeFixtureTests.Case, base: ([UInt8]) -> [UInt8] = { $0 }, ours: ([UInt8]) -> [UInt8] = { $0 },
                      theirs: ([UInt8]) -> [UInt8] = { $0 }) throws -> XibMerger.Outcome {
        var (b, o, t) = (try c.input("base"), try c.input("ours"), try c.input("theirs"))
        b.bytes = base(b.bytes)
        o.bytes = ours(o.bytes)
        t.bytes = theirs(t.bytes)
        return XibMerger.merge(base: b, ours: o, theirs: t)
    }

    @Test func casesArePresent() {
        #expect(MergeFixtureTests.cases.count >= 15, "expected the merge fixtures in \(MergeFixtureTests.root.path)")
    }

    @Test(arguments: MergeFixtureTests.cases)
    func theirsOrBaseInCRLFChangeNothing(_ c: MergeFixtureTests.Case) throws {
        let plain = try Self.merge(c)
        for outcome in [try Self.merge(c, theirs: Self.crlf), try Self.merge(c, base: Self.crlf, theirs: Self.crlf)] {
            #expect(!outcome.bytes.contains(0x0D), "a CR in the result (\(outcome.method))")
            #expect(outcome.bytes == plain.bytes)
            #expect(outcome.isClean == plain.isClean && outcome.method == plain.method)
        }
    }

    @Test(arguments: MergeFixtureTests.cases)
    func oursInCRLFGivesTheResultInCRLF(_ c: MergeFixtureTests.Case) throws {
        let plain = try Self.merge(c)
        let outcome = try Self.merge(c, ours: Self.crlf)
        #expect(LineEndings.style(of: outcome.bytes) == .crlf, "\(outcome.method)")
        #expect(outcome.bytes == Self.crlf(plain.bytes))
        #expect(outcome.isClean == plain.isClean && outcome.method == plain.method)
    }

    @Test func conversionKeepsLoneCarriageReturnsAndNeedsNoCopy() {
        let mixed = Array("a\r\nb\nc\rd".utf8)
        #expect(LineEndings.style(of: mixed) == nil)
        #expect(LineEndings.converted(mixed, to: .lf) == Array("a\nb\nc\rd".utf8))
        #expect(LineEndings.converted(mixed, to: .crlf) == Array("a\r\nb\r\nc\rd".utf8))
        #expect(LineEndings.style(of: Array("a\nb\n".utf8)) == .lf)
        #expect(LineEndings.style(of: Array("a\r\nb\r\n".utf8)) == .crlf)
        #expect(LineEndings.style(of: Array("no break".utf8)) == nil)
    }
}

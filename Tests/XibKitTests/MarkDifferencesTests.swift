import Testing
import MergeLaws
@testable import XibKit

/// `LineMerge.markDifferences` grows the marked file inside ours' rendering, filling it from its
/// end: every hunk must land where the lines it replaces were, whatever the hunks' places
/// (first line, last line, a last line without its newline) and the array's spare room.
@Suite struct MarkDifferencesTests {
    private static let styles: [LineMerge.Markers.Style] = [.merge, .diff3, .zdiff3]

    /// Lines from a small alphabet (so that lines repeat, as `</view>` does), each ending in a
    /// newline, with a side's edits: lines replaced, inserted and deleted anywhere, the ends too.
    private static func edited(_ lines: [String], _ rng: inout XMLSplitMix64) -> [String] {
        var out = lines
        for _ in 0..<rng.below(5) {
            let at = rng.below(out.count + 1)
            switch rng.below(3) {
            case 0 where at < out.count: out[at] = line(&rng)
            case 1 where at < out.count: out.remove(at: at)
            default: out.insert(line(&rng), at: at)
            }
        }
        return out
    }

    private static func line(_ rng: inout XMLSplitMix64) -> String {
        ["<view>\n", "</view>\n", "<rect key=\"frame\"/>\n", "<color/>\n", "<label text=\"\(rng.below(6))\"/>\n"][rng.below(5)]
    }

    private static func bytes(_ lines: [String]) -> [UInt8] { Array(lines.joined().utf8) }

    @Test func eitherSideOfEveryHunkGivesThatSideBack() {
        var rng = XMLSplitMix64(seed: 59)
        var marked = 0
        for _ in 0..<400 {
            let base = (0..<(1 + rng.below(40))).map { _ in Self.line(&rng) }
            let ours = Self.bytes(Self.edited(base, &rng)), theirs = Self.bytes(Self.edited(base, &rng))
            for style in Self.styles {
                let result = LineMerge.markDifferences(ours: ours, theirs: theirs, base: Self.bytes(base),
                                                       markers: LineMerge.Markers(style: style))
                #expect(ConflictHunks.resolve(result.bytes, takingOurs: true) == ours)
                #expect(ConflictHunks.resolve(result.bytes, takingOurs: false) == theirs)
                let opened = String(decoding: result.bytes, as: UTF8.self).split(separator: "\n").filter { $0.hasPrefix("<<<<<<<") }.count
                #expect(result.conflicts == opened)
                if ours == theirs { #expect(result.bytes == ours && result.conflicts == 0) }
                marked += result.conflicts > 0 ? 1 : 0
            }
        }
        // The generated cases do conflict (a property over unmarked files would assert little).
        #expect(marked > 600)
    }

    @Test func aHunkAtEitherEndLandsInPlace() {
        let cases: [(ours: String, theirs: String, marked: String)] = [
            ("x\nsame\n", "y\nsame\n", "<<<<<<< ours\nx\n=======\ny\n>>>>>>> theirs\nsame\n"),
            ("same\nx\n", "same\ny\n", "same\n<<<<<<< ours\nx\n=======\ny\n>>>>>>> theirs\n"),
            // A last line without its newline: the markers still stand on lines of their own.
            ("a\nb", "a\nc", "a\n<<<<<<< ours\nb\n=======\nc\n>>>>>>> theirs\n"),
            ("a\n", "a\nadded\n", "a\n<<<<<<< ours\n=======\nadded\n>>>>>>> theirs\n"),
        ]
        for c in cases {
            let result = LineMerge.markDifferences(ours: Array(c.ours.utf8), theirs: Array(c.theirs.utf8))
            #expect(String(decoding: result.bytes, as: UTF8.self) == c.marked)
            #expect(result.conflicts == 1)
        }
    }

    @Test func theResultDoesNotDependOnOursSpareRoom() {
        let ours = Array("one\ntwo\nthree\nfour\n".utf8), theirs = Array("one\n2\nthree\n4\nfive\n".utf8)
        var roomy = ours
        roomy.reserveCapacity(4_096)
        let tight = LineMerge.markDifferences(ours: ours, theirs: theirs)
        let spare = LineMerge.markDifferences(ours: roomy, theirs: theirs)
        #expect(tight.bytes == spare.bytes && tight.conflicts == 2)
        #expect(ConflictHunks.resolve(spare.bytes, takingOurs: false) == theirs)
    }
}

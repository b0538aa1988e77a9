import Testing
@testable import XibKit

/// `LineDiff.match` aligns two sequences of line ids: monotone, matching only equal ids; its
/// aligners under the patience step as long as a longest common subsequence (below Myers' cost
/// bound). Checked against the textbook table on generated pairs of every shape the merge meets,
/// lopsided ones included (a short range against a long one: the table's case), from fixed seeds.
@Suite struct LineDiffTests {
    /// The length of a longest common subsequence, by the full table.
    static func lcsLength(_ a: [Int], _ b: [Int]) -> Int {
        var row = [Int](repeating: 0, count: b.count + 1)
        for x in a {
            var diagonal = 0
            for j in b.indices {
                let above = row[j + 1]
                row[j + 1] = x == b[j] ? diagonal + 1 : max(row[j + 1], row[j])
                diagonal = above
            }
        }
        return row[b.count]
    }

    /// A sequence over `alphabet` ids (few ids: many repeats, as `</view>` lines repeat).
    static func sequence(_ count: Int, alphabet: Int, _ rng: inout XMLSplitMix64) -> [Int] {
        (0..<count).map { _ in rng.below(alphabet) }
    }

    static let shapes: [(n: Int, m: Int, alphabet: Int)] = [
        (0, 5, 3), (5, 0, 3), (1, 1, 1), (3, 200, 4), (200, 3, 4), (22, 1_429, 40), (692, 8, 30),
        (40, 40, 3), (120, 90, 6), (300, 310, 50), (1, 500, 2), (64, 64, 64),
    ]

    /// A map's matched pairs, after checking it is monotone and matches only equal ids.
    static func matched(_ map: [Int], _ a: [Int], _ b: [Int]) -> Int {
        #expect(map.count == a.count)
        var last = -1, matched = 0
        for (i, j) in map.enumerated() where j >= 0 {
            #expect(j > last, "not monotone at \(i)")
            #expect(a[i] == b[j], "matched unequal ids at \(i)")
            last = j
            matched += 1
        }
        return matched
    }

    /// The two aligners under the patience step (Myers, and the table for lopsided ranges) each
    /// find a longest common subsequence; `match` (patience anchors first, as git's patience
    /// diff: not always the longest) a valid alignment.
    @Test(arguments: shapes.indices)
    func alignersFindALongestCommonSubsequence(_ shape: Int) {
        var rng = XMLSplitMix64(seed: UInt64(0x11AE_D1FF + shape))
        let (n, m, alphabet) = Self.shapes[shape]
        for _ in 0..<20 {
            let a = Self.sequence(n, alphabet: alphabet, &rng), b = Self.sequence(m, alphabet: alphabet, &rng)
            let longest = Self.lcsLength(a, b)
            a.withUnsafeBufferPointer { pa in
                b.withUnsafeBufferPointer { pb in
                    var byTable = [Int](repeating: -1, count: n), byMyers = byTable
                    LineDiff.table(pa, 0, n, pb, 0, m, &byTable)
                    LineDiff.myers(pa, 0, n, pb, 0, m, &byMyers)
                    #expect(Self.matched(byTable, a, b) == longest, "table, shape \(n)×\(m)")
                    #expect(Self.matched(byMyers, a, b) == longest, "Myers, shape \(n)×\(m)")
                }
            }
            #expect(Self.matched(LineDiff.match(a, b), a, b) <= longest)
            #expect(Self.matched(LineDiff.match(a, b, alignment: .cheapest), a, b) <= longest)
        }
    }

    /// Myers' alignment is the textbook one, among the longest: which of them it picks decides
    /// which lines a conflict hunk holds (as git's diff would place them), so a faster search
    /// must pick the same. The reference keeps every frontier whole, in plain arrays.
    @Test(arguments: shapes.indices)
    func myersPicksTheTextbookAlignment(_ shape: Int) {
        var rng = XMLSplitMix64(seed: UInt64(0x3E15_0000 + shape))
        let (n, m, alphabet) = Self.shapes[shape]
        for _ in 0..<20 {
            let a = Self.sequence(n, alphabet: alphabet, &rng), b = Self.sequence(m, alphabet: alphabet, &rng)
            var byMyers = [Int](repeating: -1, count: n)
            a.withUnsafeBufferPointer { pa in
                b.withUnsafeBufferPointer { pb in _ = LineDiff.myers(pa, 0, n, pb, 0, m, &byMyers, maxD: n + m) }
            }
            #expect(byMyers == Self.textbookMyers(a, b), "shape \(n)×\(m)")
        }
    }

    /// Myers on the lines both ranges have (`myersOnMatchable`, as git's diff searches) picks
    /// the alignment Myers picks on the whole ranges: the lines it sets aside, which the other
    /// range lacks, change how many steps the search takes, not where it ends.
    @Test(arguments: shapes.indices)
    func myersOnLinesBothHavePicksTheWholeRangesAlignment(_ shape: Int) {
        var rng = XMLSplitMix64(seed: UInt64(0x5E7A_0000 + shape))
        let (n, m, alphabet) = Self.shapes[shape]
        for round in 0..<20 {
            // Ids past the alphabet are on one side only (a block's lines the other lacks): in
            // none of the lines, then in about one in 2, 3, 4 and 5.
            let gap = round % 5
            func line(_ side: Int) -> Int {
                gap > 0 && rng.below(gap + 1) == 0 ? alphabet + 2 * rng.below(50) + side : rng.below(alphabet)
            }
            let a = (0..<n).map { _ in line(0) }, b = (0..<m).map { _ in line(1) }
            var map = [Int](repeating: -1, count: n)
            var scratch = LineDiff.Scratch(idCount: alphabet + 100)
            let found = a.withUnsafeBufferPointer { pa in
                b.withUnsafeBufferPointer { pb in LineDiff.myersOnMatchable(pa, 0, n, pb, 0, m, &map, &scratch) }
            }
            #expect(found, "shape \(n)×\(m): the search gave up")
            #expect(map == Self.textbookMyers(a, b), "shape \(n)×\(m), one-sided lines 1 in \(gap + 1)")
            #expect(!scratch.countA.contains { $0 != 0 } && !scratch.countB.contains { $0 != 0 }, "counters left set")
        }
    }

    /// Myers' greedy search, each step's frontier kept whole, then walked back from the end.
    static func textbookMyers(_ a: [Int], _ b: [Int]) -> [Int] {
        let n = a.count, m = b.count, offset = n + m + 1
        var v = [Int](repeating: 0, count: 2 * (n + m) + 3), frontiers: [[Int]] = []
        var found = 0
        search: for d in 0...(n + m) {
            frontiers.append(v)
            for k in stride(from: -d, through: d, by: 2) {
                var x = k == -d || (k != d && v[offset + k - 1] < v[offset + k + 1]) ? v[offset + k + 1] : v[offset + k - 1] + 1
                var y = x - k
                while x < n && y < m && a[x] == b[y] { x += 1; y += 1 }
                v[offset + k] = x
                if x >= n && y >= m { found = d; break search }
            }
        }
        var map = [Int](repeating: -1, count: n)
        var x = n, y = m
        for d in stride(from: found, to: 0, by: -1) {
            let f = frontiers[d], k = x - y
            let prevK = k == -d || (k != d && f[offset + k - 1] < f[offset + k + 1]) ? k + 1 : k - 1
            let prevX = f[offset + prevK], prevY = prevX - prevK
            while x > prevX && y > prevY { x -= 1; y -= 1; map[x] = y }
            (x, y) = (prevX, prevY)
        }
        while x > 0 && y > 0 { x -= 1; y -= 1; map[x] = y }
        return map
    }

    /// The cheap alignment (for the bytes two versions share) is valid, and a longest one where
    /// finding it is cheap: small ranges, and ranges that differ in a few lines.
    @Test func cheapAlignmentIsLongestWhereThatIsCheap() {
        var rng = XMLSplitMix64(seed: 0xC4EA_9E57)
        for (n, m) in [(110, 798), (429, 381), (798, 110), (30, 35), (60, 64)] {
            let a = Self.sequence(n, alphabet: 4, &rng), b = Self.sequence(m, alphabet: 4, &rng)
            let matched = Self.matched(LineDiff.match(a, b, alignment: .cheapest), a, b)
            if n * m <= 4_096 { #expect(matched == Self.lcsLength(a, b), "\(n)×\(m)") } else { #expect(matched <= Self.lcsLength(a, b)) }
        }
        // A few lines changed in a block with no line unique to both: Myers finds all the rest.
        let a = Self.sequence(600, alphabet: 4, &rng)
        var b = a
        for _ in 0..<8 { b[rng.below(b.count)] = 5 }
        b.insert(contentsOf: [5, 5, 5], at: 300)
        #expect(Self.matched(LineDiff.match(a, b, alignment: .cheapest), a, b) == Self.lcsLength(a, b))
    }

    /// Ids that never repeat (every line unique): patience anchors settle everything.
    @Test func uniqueLinesAlignByPatience() {
        let a = Array(0..<1_000), b = Array(0..<300) + Array(700..<1_000) + Array(300..<700)
        let map = LineDiff.match(a, b)
        #expect(map.filter { $0 >= 0 }.count == Self.lcsLength(a, b))
    }

    /// `Lines` holds where lines end, not the lines: each read back is the bytes it covers, with
    /// its line ending (LF or CRLF), a last line without one, none in empty bytes; the lines of
    /// part of an array keep the array's offsets; equal lines intern to one id, across versions.
    @Test func linesAreTheBytesBetweenLineEndsAndInternByContent() {
        let text = Array("<a>\r\n  <b/>\n\n  <b/>\n</a>".utf8)
        let lines = LineDiff.lines(text)
        #expect(lines.map { String(decoding: $0, as: UTF8.self) } == ["<a>\r\n", "  <b/>\n", "\n", "  <b/>\n", "</a>"])
        #expect(lines.flatMap { $0 } == text)
        #expect(LineDiff.lines([]).isEmpty)
        #expect(LineDiff.lines(Array("\n".utf8)).map(\.count) == [1])
        let middle = LineDiff.Lines(text, 5..<20)
        #expect(middle.map { String(decoding: $0, as: UTF8.self) } == ["  <b/>\n", "\n", "  <b/>\n"])
        #expect(middle.range(0) == 5..<12 && middle[2].startIndex == 13)
        let other = LineDiff.lines(Array("  <b/>\n<c/>\n".utf8))
        let ids = LineDiff.intern([lines, other])
        #expect(ids[0][1] == ids[0][3] && ids[1][0] == ids[0][1])
        #expect(Set(ids[0] + ids[1]).count == 5)
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Line-level diffing: patience anchors (lines unique on both sides), Myers between them.
/// Used to find the bytes each side shares with base, for the line-based fallback, and to
/// place conflict markers around the fewest lines.
public enum LineDiff {
    /// Bytes two versions share: `count` bytes at `start` in one are those at `baseStart` in
    /// the other (base).
    public struct SharedRun: Sendable, Equatable {
        public var start: Int
        public var baseStart: Int
        public var count: Int
    }

    /// The runs of matched lines (`map`: for each line of base, its match in the other
    /// version, as `match` gives it) as byte runs. Lines keep their endings, so consecutive
    /// matched lines are one run of bytes on both sides.
    public static func sharedRuns(_ map: [Int], base: Slice<Lines>, other: Lines) -> [SharedRun] {
        var runs: [SharedRun] = []
        var k = 0
        while k < map.count {
            guard map[k] >= 0 else { k += 1; continue }
            let first = k
            while k + 1 < map.count && map[k + 1] == map[k] + 1 { k += 1 }
            let baseStart = base.base.range(base.startIndex + first).lowerBound
            runs.append(SharedRun(start: other.range(map[first]).lowerBound, baseStart: baseStart,
                                  count: base.base.range(base.startIndex + k).upperBound - baseStart))
            k += 1
        }
        return runs
    }

    /// The byte runs `other` shares with `base`, by a line diff of the two. Two versions of a
    /// file mostly differ in a few places: the lines before the first difference and after the
    /// last are found by comparing bytes, and only those between are diffed.
    public static func sharedRuns(base: [UInt8], other: [UInt8]) -> [SharedRun] {
        sharedRuns(base: base, others: [other])[0]
    }

    /// `sharedRuns(base:other:)` of each of two versions. Where the parts of base they differ
    /// in overlap (the two sides of a heavy merge each changed things all over the file),
    /// base's lines are split and interned once for both: a quarter of the interning.
    public static func sharedRuns(base: [UInt8], others: [[UInt8]]) -> [[SharedRun]] {
        let ends = others.map { commonEnds(base, $0) }
        // Where each differs from base, in base's bytes.
        let middles = ends.map { $0.head..<(base.count - $0.tail) }
        guard middles.count == 1 || (middles.count == 2 && middles[0].overlaps(middles[1])) else {
            return others.map { sharedRuns(base: base, other: $0) }
        }
        // Lines of the middles in place (a copy of each was twice the file, at a diff's peak).
        let b = Lines(base, middles.map(\.lowerBound).min()!..<middles.map(\.upperBound).max()!)
        let o = zip(others, ends).map { other, end in Lines(other, end.head..<(other.count - end.tail)) }
        let ids = intern([b] + o)
        return middles.indices.map { k in
            let middle = middles[k]
            // The middles begin and end at lines' starts: whole lines of `b`.
            let first = b.partitionPoint { $0.startIndex < middle.lowerBound }, last = b.partitionPoint { $0.startIndex < middle.upperBound }
            var runs = middle.lowerBound > 0 ? [SharedRun(start: 0, baseStart: 0, count: middle.lowerBound)] : []
            runs += sharedRuns(match(Array(ids[0][first..<last]), ids[k + 1], alignment: .cheapest), base: b[first..<last], other: o[k])
            let tail = base.count - middle.upperBound
            if tail > 0 { runs.append(SharedRun(start: others[k].count - tail, baseStart: middle.upperBound, count: tail)) }
            return runs
        }
    }

    /// The lengths of the whole lines `a` and `b` begin with and end with alike, not overlapping.
    static func commonEnds(_ a: [UInt8], _ b: [UInt8]) -> (head: Int, tail: Int) {
        a.withUnsafeBufferPointer { p in
            b.withUnsafeBufferPointer { q in
                let n = min(p.count, q.count)
                guard n > 0 else { return (0, 0) }
                // memcmp a block at a time, then bytes within the block that differs.
                func sameLength(_ x: UnsafePointer<UInt8>, _ y: UnsafePointer<UInt8>, stride: Int, limit: Int) -> Int {
                    var k = 0
                    while k + 4096 <= limit, memcmp(stride > 0 ? x + k : x - k - 4095, stride > 0 ? y + k : y - k - 4095, 4096) == 0 { k += 4096 }
                    while k < limit, x[stride * k] == y[stride * k] { k += 1 }
                    return k
                }
                var head = sameLength(p.baseAddress!, q.baseAddress!, stride: 1, limit: n)
                if head < p.count || head < q.count { while head > 0 && p[head - 1] != 0x0A { head -= 1 } }
                var tail = sameLength(p.baseAddress! + p.count - 1, q.baseAddress! + q.count - 1, stride: -1, limit: n - head)
                // Whole lines: the tail starts where the head ends or just after a line's end
                // in both (or at the start of `b`, when it is all tail: no byte before it to read).
                while tail > 0 && p.count - tail != head && !(p[p.count - tail - 1] == 0x0A && (q.count == tail || q[q.count - tail - 1] == 0x0A)) {
                    tail -= 1
                }
                return (head, tail)
            }
        }
    }

    /// Splits bytes into lines, each keeping its line ending.
    public static func lines(_ bytes: [UInt8]) -> Lines { Lines(bytes, 0..<bytes.count) }

    /// Interns lines of several sequences into shared dense integer ids (0, 1, 2 ...), so
    /// comparisons are cheap. An open-addressing table over a word-at-a-time hash: Swift's
    /// Dictionary with a byte-by-byte Hasher would be most of the line merge's time.
    public static func intern(_ sequences: [Lines]) -> [[Int]] {
        let total = sequences.reduce(0) { $0 + $1.count }
        var capacity = 16
        while capacity < total * 2 { capacity <<= 1 }
        let mask = capacity - 1
        var slots = [Int32](repeating: -1, count: capacity)
        var representatives: [(hash: UInt64, line: UnsafeRawBufferPointer)] = []
        representatives.reserveCapacity(total / 2)
        return sequences.map { lines in
            // The bytes' storage outlives this call (the caller holds the arrays): representatives
            // point into it.
            lines.bytes.withUnsafeBytes { bytes in
                (0..<lines.count).map { k -> Int in
                    let range = lines.range(k)
                    let line = UnsafeRawBufferPointer(rebasing: bytes[range])
                    let h = FastHash.of(line)
                    var i = Int(truncatingIfNeeded: h) & mask
                    while true {
                        let id = Int(slots[i])
                        if id < 0 {
                            slots[i] = Int32(representatives.count)
                            representatives.append((h, line))
                            return representatives.count - 1
                        }
                        let r = representatives[id]
                        if r.hash == h && r.line.count == line.count
                            && (line.count == 0 || memcmp(r.line.baseAddress!, line.baseAddress!, line.count) == 0) {
                            return id
                        }
                        i = (i + 1) & mask
                    }
                }
            }
        }
    }

    /// A text's lines, each keeping its line ending, as where each ends: 8 bytes a line, where
    /// an `ArraySlice` of each was 32 and a reference to retain (a heavy merge splits five
    /// versions of its file, and the arrays, fresh memory each, were a tenth of its page faults).
    /// A line is made when read.
    public struct Lines: RandomAccessCollection, Sendable {
        public let bytes: [UInt8]
        /// Where line 0 begins, and where each line ends (after its line ending).
        private let start: Int
        private let ends: [Int]

        /// The lines of `bytes[range]`, in place: their indices are the array's.
        init(_ bytes: [UInt8], _ range: Range<Int>) {
            self.bytes = bytes
            start = range.lowerBound
            var ends: [Int] = []
            ends.reserveCapacity(range.count / 40)
            bytes.withUnsafeBytes { p in
                guard let base = p.baseAddress else { return }
                var at = range.lowerBound
                // memchr scans many bytes per step; a byte loop was a third of the line merge.
                while at < range.upperBound, let hit = memchr(base + at, 0x0A, range.upperBound - at) {
                    at = base.distance(to: UnsafeRawPointer(hit)) + 1
                    ends.append(at)
                }
                if at < range.upperBound { ends.append(range.upperBound) }
            }
            self.ends = ends
        }

        public var startIndex: Int { 0 }
        public var endIndex: Int { ends.count }
        /// Where line `i` is in `bytes`.
        public func range(_ i: Int) -> Range<Int> { (i == 0 ? start : ends[i - 1])..<ends[i] }
        public subscript(i: Int) -> ArraySlice<UInt8> { bytes[range(i)] }
    }

    /// Which of the alignments of a range the aligners may give.
    public enum Alignment: Sendable {
        /// git's, where its diff would find one (Myers between patience anchors): which lines a
        /// conflict hunk holds, and how many hunks git would count.
        case git
        /// A cheap one, not always the longest: for the bytes two versions share, where what is
        /// not found shared is only read again (`align`).
        case cheapest
    }

    /// For each element of `a`, the index of the element of `b` it is matched with, or -1.
    /// The matching is monotone (a longest-common-subsequence style alignment).
    /// Ids are dense non-negative integers, as `intern` and the other callers make them.
    public static func match(_ a: [Int], _ b: [Int], alignment: Alignment = .git) -> [Int] {
        var map = [Int](repeating: -1, count: a.count)
        let idCount = max(a.max() ?? -1, b.max() ?? -1) + 1
        var scratch = Scratch(idCount: idCount)
        a.withUnsafeBufferPointer { pa in
            b.withUnsafeBufferPointer { pb in
                align(pa, 0, a.count, pb, 0, b.count, &map, &scratch, alignment)
            }
        }
        return map
    }

    /// Per-id counters for the patience step and for the lines Myers may match, indexed by
    /// line id and reset after each use.
    struct Scratch {
        var countA: [Int32], countB: [Int32], posB: [Int]
        init(idCount: Int) {
            countA = [Int32](repeating: 0, count: idCount)
            countB = [Int32](repeating: 0, count: idCount)
            posB = [Int](repeating: 0, count: idCount)
        }
    }

    private static func align(_ a: UnsafeBufferPointer<Int>, _ a0: Int, _ a1: Int,
                              _ b: UnsafeBufferPointer<Int>, _ b0: Int, _ b1: Int, _ map: inout [Int],
                              _ scratch: inout Scratch, _ alignment: Alignment) {
        var a0 = a0, b0 = b0, a1 = a1, b1 = b1
        while a0 < a1 && b0 < b1 && a[a0] == b[b0] { map[a0] = b0; a0 += 1; b0 += 1 }
        while a0 < a1 && b0 < b1 && a[a1 - 1] == b[b1 - 1] { map[a1 - 1] = b1 - 1; a1 -= 1; b1 -= 1 }
        if a0 == a1 || b0 == b1 { return }
        // Patience: lines occurring exactly once in each range, aligned by a longest increasing run.
        var pairs: [(Int, Int)] = []
        for i in a0..<a1 { scratch.countA[a[i]] += 1 }
        for j in b0..<b1 { scratch.countB[b[j]] += 1; scratch.posB[b[j]] = j }
        for i in a0..<a1 where scratch.countA[a[i]] == 1 && scratch.countB[a[i]] == 1 { pairs.append((i, scratch.posB[a[i]])) }
        for i in a0..<a1 { scratch.countA[a[i]] = 0 }
        for j in b0..<b1 { scratch.countB[b[j]] = 0 }
        // (`pairs` increase in their first coordinate.)
        let anchors = longestIncreasing(pairs.map(\.1)).map { pairs[$0] }
        if anchors.isEmpty {
            let n = a1 - a0, m = b1 - b0
            // Myers costs at least (n + m)·|n − m| steps and a trace of as many frontier entries:
            // for a few lines against over a thousand (a block moved away: 22 lines against
            // 1,429 in a heavy merge) that was megabytes of page faults; the table costs n·m.
            // For git's alignments the table runs only there: where both are cheap Myers stays,
            // and with it git's choice among alignments of the same length (which lines a
            // conflict hunk holds).
            // For the bytes two versions share (`cheapest`), a range with no line unique to both
            // is a block rewritten: Myers for √(n·m)/8 steps (on the lines both ranges have), the
            // table on tiny ranges, and else nothing shared there. Reading those lines again
            // costs less than finding what they share: 110 lines rewritten as 798 cost 45M
            // instructions by Myers, and reading them no more than before. (At √(n·m)/2 steps,
            // 2–3% of a heavy mac-mouse-fix merge went to blocks it then gave up on; a few
            // changed lines of 600 take a few dozen.)
            switch alignment {
            case .git where n * m <= 1 << 20 && abs(n - m) > 1_024:
                table(a, a0, a1, b, b0, b1, &map)
            case .git:
                myersOnMatchable(a, a0, a1, b, b0, b1, &map, &scratch)
            case .cheapest:
                if !myersOnMatchable(a, a0, a1, b, b0, b1, &map, &scratch, maxD: Int(Double(n * m).squareRoot()) / 8) && n * m <= 4_096 {
                    table(a, a0, a1, b, b0, b1, &map)
                }
            }
            return
        }
        var pa = a0, pb = b0
        for (i, j) in anchors {
            align(a, pa, i, b, pb, j, &map, &scratch, alignment)
            map[i] = j
            pa = i + 1
            pb = j + 1
        }
        align(a, pa, a1, b, pb, b1, &map, &scratch, alignment)
    }

    /// Myers on the lines of each range that occur in the other, as git's diff searches
    /// (xdiff sets the others aside before its search): a line the other range lacks is an
    /// insertion or a deletion in every alignment, and in a block rewritten (a scene one
    /// rendering keeps and the other drops, its ids on no line of the other) those are most of
    /// the lines, which Myers' steps grow with. The alignment is the one Myers finds on the
    /// whole ranges (`LineDiffTests`), in fewer steps: up to 8.4% of a heavy merge went to them.
    @discardableResult
    static func myersOnMatchable(_ a: UnsafeBufferPointer<Int>, _ a0: Int, _ a1: Int,
                                 _ b: UnsafeBufferPointer<Int>, _ b0: Int, _ b1: Int,
                                 _ map: inout [Int], _ scratch: inout Scratch, maxD: Int = 2_000) -> Bool {
        for j in b0..<b1 { scratch.countB[b[j]] = 1 }
        var keptA: [Int] = [], idsA: [Int] = []
        for i in a0..<a1 where scratch.countB[a[i]] != 0 {
            keptA.append(i)
            idsA.append(a[i])
            scratch.countA[a[i]] = 1
        }
        var keptB: [Int] = [], idsB: [Int] = []
        for j in b0..<b1 where scratch.countA[b[j]] != 0 {
            keptB.append(j)
            idsB.append(b[j])
        }
        for i in a0..<a1 { scratch.countA[a[i]] = 0 }
        for j in b0..<b1 { scratch.countB[b[j]] = 0 }
        if keptA.count == a1 - a0 && keptB.count == b1 - b0 { return myers(a, a0, a1, b, b0, b1, &map, maxD: maxD) }
        guard !keptA.isEmpty else { return true }
        var matched = [Int](repeating: -1, count: keptA.count)
        let found = idsA.withUnsafeBufferPointer { pa in
            idsB.withUnsafeBufferPointer { pb in myers(pa, 0, pa.count, pb, 0, pb.count, &matched, maxD: maxD) }
        }
        for (k, j) in matched.enumerated() where j >= 0 { map[keptA[k]] = keptB[j] }
        return found
    }

    /// A longest common subsequence by the classic table of suffix lengths (n·m cells): for
    /// ranges where one side is short, where Myers' D is nearly the longer side.
    static func table(_ a: UnsafeBufferPointer<Int>, _ a0: Int, _ a1: Int,
                              _ b: UnsafeBufferPointer<Int>, _ b0: Int, _ b1: Int, _ map: inout [Int]) {
        let n = a1 - a0, m = b1 - b0, width = m + 1
        // lengths[i * width + j]: the LCS of a[a0 + i ..< a1] and b[b0 + j ..< b1] (at most
        // min(n, m) ≤ 1,024 here, so UInt16 holds it).
        var lengths = [UInt16](repeating: 0, count: (n + 1) * width)
        lengths.withUnsafeMutableBufferPointer { l in
            for i in stride(from: n - 1, through: 0, by: -1) {
                for j in stride(from: m - 1, through: 0, by: -1) {
                    l[i * width + j] = a[a0 + i] == b[b0 + j]
                        ? l[(i + 1) * width + j + 1] + 1
                        : max(l[(i + 1) * width + j], l[i * width + j + 1])
                }
            }
        }
        var i = 0, j = 0
        while i < n && j < m {
            if a[a0 + i] == b[b0 + j] {
                map[a0 + i] = b0 + j; i += 1; j += 1
            } else if lengths[(i + 1) * width + j] >= lengths[i * width + j + 1] {
                i += 1
            } else {
                j += 1
            }
        }
    }

    /// Myers' O(ND) shortest edit script; gives up (no matches, false) past `maxD` steps so a
    /// pathological pair of files cannot take quadratic time and memory.
    @discardableResult
    static func myers(_ a: UnsafeBufferPointer<Int>, _ a0: Int, _ a1: Int,
                      _ b: UnsafeBufferPointer<Int>, _ b0: Int, _ b1: Int, _ map: inout [Int], maxD: Int = 2_000) -> Bool {
        let n = a1 - a0, m = b1 - b0
        let maxD = min(n + m, maxD)
        let offset = maxD + 1
        // The furthest x on each diagonal, in 32 bits as the trace keeps it: each step's frontier
        // is then saved as one copy of a run of it (saved one entry at a time, and read through
        // the array's checks, it was twice the search).
        var v = [Int32](repeating: 0, count: 2 * maxD + 3)
        // The frontier before each step d, only on the diagonals a path can take (k = x − y in
        // −m...n, and one either side), one buffer for all: the backtrack reads nothing else.
        func saved(_ d: Int) -> ClosedRange<Int> { max(-d - 1, -m - 1)...min(d + 1, n + 1) }
        var trace: [Int32] = [], starts: [Int] = []
        var found = -1
        v.withUnsafeMutableBufferPointer { buffer in
            // Diagonal k at `v[k]`, and wrapping arithmetic in the loop (its indices stay within
            // 2·maxD + 3 of the base): the offsets and overflow checks were much of each step.
            let v = buffer.baseAddress! + offset
            outer: for d in 0...maxD {
                starts.append(trace.count)
                let s = saved(d)
                trace.append(contentsOf: UnsafeBufferPointer(start: v + s.lowerBound, count: s.count))
                var k = -d
                while k <= d {
                    var x: Int
                    if k == -d || (k != d && v[k &- 1] < v[k &+ 1]) {
                        x = Int(v[k &+ 1])
                    } else {
                        x = Int(v[k &- 1]) &+ 1
                    }
                    var y = x &- k
                    while x < n && y < m && a[a0 &+ x] == b[b0 &+ y] { x &+= 1; y &+= 1 }
                    v[k] = Int32(truncatingIfNeeded: x)
                    if x >= n && y >= m { found = d; break outer }
                    k &+= 2
                }
            }
        }
        guard found >= 0 else { return false }
        // Backtrack through the saved frontiers.
        var x = n, y = m
        var d = found
        while d > 0 {
            let start = starts[d], low = saved(d).lowerBound
            func vAt(_ k: Int) -> Int { Int(trace[start + k - low]) }
            let k = x - y
            let prevK: Int
            if k == -d || (k != d && vAt(k - 1) < vAt(k + 1)) { prevK = k + 1 } else { prevK = k - 1 }
            let prevX = vAt(prevK)
            let prevY = prevX - prevK
            while x > prevX && y > prevY {
                x -= 1; y -= 1
                map[a0 + x] = b0 + y
            }
            x = prevX
            y = prevY
            d -= 1
        }
        while x > 0 && y > 0 {
            x -= 1; y -= 1
            map[a0 + x] = b0 + y
        }
        return true
    }
}

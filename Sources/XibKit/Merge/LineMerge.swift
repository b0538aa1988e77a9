#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A line-based three-way merge (diff3, as `git merge-file` does it): the fallback that never
/// loses data when structure cannot help.
public enum LineMerge {
    public struct Result: Sendable {
        public var bytes: [UInt8]
        public var conflicts: Int
    }

    /// How conflicts are marked, as git's `merge.conflictStyle` and marker size say.
    public struct Markers: Sendable, Equatable {
        public enum Style: String, Sendable, CaseIterable {
            /// `<<<<<<< ours`, `=======`, `>>>>>>> theirs`, around the fewest lines.
            case merge
            /// Also what base had there, after `||||||| base`; ours and theirs whole.
            case diff3
            /// diff3, with the lines ours and theirs share at the ends moved out of the hunk.
            case zdiff3
        }

        public var style: Style
        /// The length of each marker (git's `%L`, the `conflict-marker-size` attribute).
        public var size: Int
        public var ours = "ours", base = "base", theirs = "theirs"

        public init(style: Style = .merge, size: Int = 7) {
            self.style = style
            self.size = size
        }

        var showsBase: Bool { style != .merge }
        /// Trims the lines both sides share at the ends of a hunk (git's "zealous" refinement).
        var trims: Bool { style != .diff3 }
    }

    public static func merge(base: [UInt8], ours: [UInt8], theirs: [UInt8], markers: Markers = Markers()) -> Result {
        let B = LineDiff.lines(base), O = LineDiff.lines(ours), T = LineDiff.lines(theirs)
        let ids = LineDiff.intern([B, O, T])
        let walk = Diff3.chunks(base: ids[0], ours: ids[1], theirs: ids[2])
        var out: [UInt8] = []
        out.reserveCapacity(max(ours.count, theirs.count) + 1024)
        let newline = detectNewline(ours)
        var conflicts = 0
        for chunk in walk.chunks {
            switch chunk.kind {
            case .stable: for k in chunk.base { out.append(contentsOf: B[k]) }
            case .theirs: for k in chunk.theirs { out.append(contentsOf: T[k]) }
            case .ours: for k in chunk.ours { out.append(contentsOf: O[k]) }
            case .both:
                conflicts += emitConflict(ours: Array(O[chunk.ours]), oursIDs: Array(ids[1][chunk.ours]),
                                          theirs: Array(T[chunk.theirs]), theirsIDs: Array(ids[2][chunk.theirs]),
                                          base: markers.showsBase ? B[chunk.base] : nil, markers: markers,
                                          newline: newline, into: &out)
            }
        }
        return Result(bytes: out, conflicts: conflicts)
    }

    /// The bytes ours and theirs each share with base, by line: what reading them may take
    /// from base's tree (`UnchangedElements`).
    public static func sharedWithBase(base: [UInt8], ours: [UInt8], theirs: [UInt8]) -> (ours: [LineDiff.SharedRun], theirs: [LineDiff.SharedRun]) {
        let runs = LineDiff.sharedRuns(base: base, others: [ours, theirs])
        return (runs[0], runs[1])
    }

    /// Marks where two full renderings differ (a structural merge rendered once preferring
    /// ours and once preferring theirs): markers surround only the lines that differ. With a
    /// style that shows base, a hunk's base part is what `base` (the rendering that prefers
    /// base) has between the nearest lines before and after the hunk that ours' shares with it.
    public static func markDifferences(ours: consuming [UInt8], theirs: [UInt8], base: [UInt8] = [], markers: Markers = Markers()) -> Result {
        let hunks = differences(ours: ours, theirs: theirs, base: base, markers: markers)
        // Each hunk replaces ours' lines with at least as many bytes: ours' array is grown and
        // filled from its end, each stretch between hunks moved once. A heavy merge's marked
        // file is most of a megabyte: a fresh array for it was 6% of the merge's page faults.
        var bytes = consume ours
        let end = hunks.reduce(bytes.count) { $0 + $1.replacement.count - $1.range.count }
        var source = bytes.count
        bytes.append(contentsOf: repeatElement(0, count: end - bytes.count))
        bytes.withUnsafeMutableBufferPointer { p in
            var target = end
            for hunk in hunks.reversed() {
                let stretch = source - hunk.range.upperBound
                target -= stretch
                memmove(p.baseAddress! + target, p.baseAddress! + hunk.range.upperBound, stretch)
                target -= hunk.replacement.count
                hunk.replacement.withUnsafeBufferPointer { (p.baseAddress! + target).update(from: $0.baseAddress!, count: $0.count) }
                source = hunk.range.lowerBound
            }
        }
        return Result(bytes: bytes, conflicts: hunks.reduce(0) { $0 + $1.conflicts })
    }

    /// A run of ours' lines that theirs lacks or has otherwise (`range`, in ours' bytes), and
    /// what the marked file has in its place (`conflicts`: 1 if markers, 0 if the run trimmed away).
    private struct Hunk {
        let range: Range<Int>
        let replacement: [UInt8]
        let conflicts: Int
    }

    /// Where two renderings differ, in ours' order.
    private static func differences(ours: [UInt8], theirs: [UInt8], base: [UInt8], markers: Markers) -> [Hunk] {
        // The lines before the first difference and after the last are the same bytes in both:
        // found by comparing bytes, where the diff would match them line by line (it sets them
        // aside first). Base's lines are matched against all of ours'.
        let same = markers.showsBase ? (head: 0, tail: 0) : LineDiff.commonEnds(ours, theirs)
        let O = LineDiff.Lines(ours, same.head..<(ours.count - same.tail))
        let T = LineDiff.Lines(theirs, same.head..<(theirs.count - same.tail))
        let B = LineDiff.lines(markers.showsBase ? base : [])
        let ids = LineDiff.intern([O, T, B])
        let map = LineDiff.match(ids[0], ids[1])
        let inBase = markers.showsBase ? LineDiff.match(ids[0], ids[2]) : []
        let newline = detectNewline(ours)
        var hunks: [Hunk] = []
        var io = 0, it = 0
        while io < O.count || it < T.count {
            if io < O.count && map[io] == it {
                while io < O.count && map[io] == it { io += 1; it += 1 }
                continue
            }
            var io2 = io
            while io2 < O.count && map[io2] < 0 { io2 += 1 }
            let it2 = io2 < O.count ? map[io2] : T.count
            var baseLines: Slice<LineDiff.Lines>?
            if markers.showsBase {
                // The base lines between the shared lines around the hunk (scanned per hunk:
                // hunks are few, and the scans stop at the first shared line).
                var before = io - 1
                while before >= 0 && inBase[before] < 0 { before -= 1 }
                var after = io2
                while after < O.count && inBase[after] < 0 { after += 1 }
                let from = before >= 0 ? inBase[before] + 1 : 0
                baseLines = B[from..<max(from, after < O.count ? inBase[after] : B.count)]
            }
            // Ours' lines here, in its bytes: from the hunk's first line (or where the lines
            // after the common head begin, for an insertion) to its last.
            let start = io < O.count ? O.range(io).lowerBound : ours.count - same.tail
            let range = start..<(io2 > io ? O.range(io2 - 1).upperBound : start)
            // Written after the byte before it, as a marked file has it (a hunk's markers begin
            // on a line of their own).
            var replacement: [UInt8] = start > 0 ? [ours[start - 1]] : []
            let conflicts = emitConflict(ours: Array(O[io..<io2]), oursIDs: Array(ids[0][io..<io2]),
                                         theirs: Array(T[it..<it2]), theirsIDs: Array(ids[1][it..<it2]),
                                         base: baseLines, markers: markers, newline: newline, into: &replacement)
            if start > 0 { replacement.removeFirst() }
            hunks.append(Hunk(range: range, replacement: replacement, conflicts: conflicts))
            io = io2; it = it2
        }
        return hunks
    }

    /// Writes a conflict hunk, after trimming the lines both sides share at its ends (git's
    /// "zealous" refinement) unless the style is diff3; with `base` (a style that shows it),
    /// the base part too. Returns 1 if a hunk remained.
    private static func emitConflict(ours: [ArraySlice<UInt8>], oursIDs: [Int], theirs: [ArraySlice<UInt8>], theirsIDs: [Int],
                                     base: Slice<LineDiff.Lines>?, markers: Markers, newline: [UInt8],
                                     into out: inout [UInt8]) -> Int {
        var lo = 0
        var hiO = oursIDs.count, hiT = theirsIDs.count
        if markers.trims {
            while lo < oursIDs.count && lo < theirsIDs.count && oursIDs[lo] == theirsIDs[lo] { lo += 1 }
            while hiO > lo && hiT > lo && oursIDs[hiO - 1] == theirsIDs[hiT - 1] { hiO -= 1; hiT -= 1 }
        } else if oursIDs == theirsIDs {
            lo = oursIDs.count
            hiO = lo
            hiT = lo
        }
        for k in 0..<lo { out.append(contentsOf: ours[k]) }
        if hiO > lo || hiT > lo {
            func line(_ c: Character, _ label: String?) {
                out.append(contentsOf: Array(String(repeating: c, count: markers.size).utf8))
                if let label { out.append(0x20); out.append(contentsOf: Array(label.utf8)) }
                out.append(contentsOf: newline)
            }
            func terminate() { if let last = out.last, last != 0x0A { out.append(contentsOf: newline) } }
            terminate()
            line("<", markers.ours)
            for k in lo..<hiO { out.append(contentsOf: ours[k]) }
            terminate()
            if let base {
                line("|", markers.base)
                for l in base { out.append(contentsOf: l) }
                terminate()
            }
            line("=", nil)
            for k in lo..<hiT { out.append(contentsOf: theirs[k]) }
            terminate()
            line(">", markers.theirs)
        }
        for k in hiO..<ours.count { out.append(contentsOf: ours[k]) }
        return hiO > lo || hiT > lo ? 1 : 0
    }

    static func detectNewline(_ bytes: [UInt8]) -> [UInt8] {
        if let i = bytes.firstIndex(of: 0x0A), i > 0, bytes[i - 1] == 0x0D { return [0x0D, 0x0A] }
        return [0x0A]
    }
}

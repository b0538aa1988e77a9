/// A line-based three-way merge (diff3, as `git merge-file` does it), used as the fast path
/// when it is clean and as the fallback that never loses data when structure cannot help.
public enum LineMerge {
    public struct Result: Sendable {
        public var bytes: [UInt8]
        public var conflicts: Int
        /// The bytes ours and theirs share with base (from `merge`): what reading them may
        /// take from base's tree (`UnchangedElements`).
        public var oursSharedWithBase: [LineDiff.SharedRun] = []
        public var theirsSharedWithBase: [LineDiff.SharedRun] = []
    }

    public struct Labels: Sendable {
        public var ours = "ours"
        public var theirs = "theirs"
        public init(ours: String = "ours", theirs: String = "theirs") {
            self.ours = ours
            self.theirs = theirs
        }
    }

    public static func merge(base: [UInt8], ours: [UInt8], theirs: [UInt8], labels: Labels = Labels()) -> Result {
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
                                          labels: labels, newline: newline, into: &out)
            }
        }
        return Result(bytes: out, conflicts: conflicts,
                      oursSharedWithBase: LineDiff.sharedRuns(walk.baseToOurs, base: B, other: O),
                      theirsSharedWithBase: LineDiff.sharedRuns(walk.baseToTheirs, base: B, other: T))
    }

    /// Marks where two full renderings differ (a structural merge rendered once preferring
    /// ours and once preferring theirs): markers surround only the lines that differ.
    public static func markDifferences(ours: [UInt8], theirs: [UInt8], labels: Labels = Labels()) -> Result {
        let O = LineDiff.lines(ours), T = LineDiff.lines(theirs)
        let ids = LineDiff.intern([O, T])
        let map = LineDiff.match(ids[0], ids[1])
        let newline = detectNewline(ours)
        var out: [UInt8] = []
        out.reserveCapacity(ours.count + 1024)
        var conflicts = 0
        var io = 0, it = 0
        while io < O.count || it < T.count {
            if io < O.count && map[io] == it {
                out.append(contentsOf: O[io]); io += 1; it += 1
                continue
            }
            var io2 = io
            while io2 < O.count && map[io2] < 0 { io2 += 1 }
            let it2 = io2 < O.count ? map[io2] : T.count
            conflicts += emitConflict(ours: Array(O[io..<io2]), oursIDs: Array(ids[0][io..<io2]),
                                      theirs: Array(T[it..<it2]), theirsIDs: Array(ids[1][it..<it2]),
                                      labels: labels, newline: newline, into: &out)
            io = io2; it = it2
        }
        return Result(bytes: out, conflicts: conflicts)
    }

    /// Writes a conflict hunk after trimming the lines both sides share at its ends
    /// (git's "zealous" refinement); returns 1 if a hunk remained.
    private static func emitConflict(ours: [ArraySlice<UInt8>], oursIDs: [Int], theirs: [ArraySlice<UInt8>], theirsIDs: [Int],
                                     labels: Labels, newline: [UInt8], into out: inout [UInt8]) -> Int {
        var lo = 0
        while lo < oursIDs.count && lo < theirsIDs.count && oursIDs[lo] == theirsIDs[lo] { lo += 1 }
        var hiO = oursIDs.count, hiT = theirsIDs.count
        while hiO > lo && hiT > lo && oursIDs[hiO - 1] == theirsIDs[hiT - 1] { hiO -= 1; hiT -= 1 }
        for k in 0..<lo { out.append(contentsOf: ours[k]) }
        if hiO > lo || hiT > lo {
            func line(_ s: String) { out.append(contentsOf: Array(s.utf8)); out.append(contentsOf: newline) }
            func terminate() { if let last = out.last, last != 0x0A { out.append(contentsOf: newline) } }
            terminate()
            line("<<<<<<< " + labels.ours)
            for k in lo..<hiO { out.append(contentsOf: ours[k]) }
            terminate()
            line("=======")
            for k in lo..<hiT { out.append(contentsOf: theirs[k]) }
            terminate()
            line(">>>>>>> " + labels.theirs)
        }
        for k in hiO..<ours.count { out.append(contentsOf: ours[k]) }
        return hiO > lo || hiT > lo ? 1 : 0
    }

    static func detectNewline(_ bytes: [UInt8]) -> [UInt8] {
        if let i = bytes.firstIndex(of: 0x0A), i > 0, bytes[i - 1] == 0x0D { return [0x0D, 0x0A] }
        return [0x0A]
    }
}

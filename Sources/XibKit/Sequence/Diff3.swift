/// The diff3 walk, the one every three-way merge of a sequence goes through: lines
/// (`LineMerge`), a container's children by key (`SequenceMerge`) and lists of anonymous values
/// (the tree merge's value lists). Elements are dense integer ids (equal elements, equal ids);
/// base is aligned with each side (`LineDiff.match`), and the three sequences are cut into
/// stretches that all three share and stretches in between, each sorted by who changed it.
enum Diff3 {
    struct Chunk {
        enum Kind {
            /// The three agree (as many elements in each).
            case stable
            /// Ours left this stretch as in base: theirs' version of it stands.
            case theirs
            /// Theirs left it as in base, or both changed it alike: ours' version stands.
            case ours
            /// Both changed it, differently.
            case both
        }

        var kind: Kind
        var base: Range<Int>
        var ours: Range<Int>
        var theirs: Range<Int>
    }

    struct Result {
        var chunks: [Chunk]
        /// For each base element, its match in ours / theirs, or -1 (`LineDiff.match`).
        var baseToOurs: [Int]
        var baseToTheirs: [Int]
    }

    static func chunks(base b: [Int], ours o: [Int], theirs t: [Int]) -> Result {
        let bo = LineDiff.match(b, o), bt = LineDiff.match(b, t)
        var chunks: [Chunk] = []
        var ib = 0, io = 0, it = 0
        while ib < b.count || io < o.count || it < t.count {
            // A stable run: base, ours and theirs advance together.
            var n = 0
            while ib + n < b.count && bo[ib + n] == io + n && bt[ib + n] == it + n { n += 1 }
            if n > 0 {
                chunks.append(Chunk(kind: .stable, base: ib..<ib + n, ours: io..<io + n, theirs: it..<it + n))
                ib += n; io += n; it += n
                continue
            }
            // The next base element matched on both sides ends this unstable stretch.
            var nb = ib
            while nb < b.count && (bo[nb] < 0 || bt[nb] < 0) { nb += 1 }
            let no = nb < b.count ? bo[nb] : o.count
            let nt = nb < b.count ? bt[nb] : t.count
            let bChunk = b[ib..<nb], oChunk = o[io..<no], tChunk = t[it..<nt]
            let kind: Chunk.Kind
            if oChunk.elementsEqual(bChunk) { kind = .theirs }
            else if tChunk.elementsEqual(bChunk) || oChunk.elementsEqual(tChunk) { kind = .ours }
            else { kind = .both }
            chunks.append(Chunk(kind: kind, base: ib..<nb, ours: io..<no, theirs: it..<nt))
            ib = nb; io = no; it = nt
        }
        return Result(chunks: chunks, baseToOurs: bo, baseToTheirs: bt)
    }

    /// Where both sides inserted at one place, whether ours' go first: the side whose
    /// elements sort first, so that the result does not depend on which side is ours.
    static func oursFirst(_ ours: ArraySlice<String>, _ theirs: ArraySlice<String>) -> Bool {
        !theirs.lexicographicallyPrecedes(ours)
    }

    /// The walk over sequences of strings (keys, written values), numbered first.
    static func chunks(base: [String], ours: [String], theirs: [String]) -> Result {
        // On `KeyIndex`: a `Dictionary` hashed every key with SipHash, 1.5% of a rebuild of a
        // merge where both sides made many changes.
        var table = KeyIndex(minimumCapacity: max(base.count, ours.count, theirs.count))
        func ids(_ s: [String]) -> [Int] {
            s.map { k in
                if let i = table.insert(k, table.count) { return i }
                return table.count - 1
            }
        }
        let b = ids(base), o = ids(ours), t = ids(theirs)
        return chunks(base: b, ours: o, theirs: t)
    }
}

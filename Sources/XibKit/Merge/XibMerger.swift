/// The three-way merge of one Interface Builder file, end to end:
/// trivial cases, then a line-based merge when it is clean and sound, then the structural
/// merge; and, when the inputs cannot be read as Interface Builder documents, a line-based
/// merge with conflict markers so that nothing is ever lost.
public enum XibMerger {
    public struct Options: Sendable {
        public enum ConflictStyle: String, Sendable, CaseIterable {
            /// Merge everything possible and mark the remaining conflicts in the file.
            case markers
            /// Resolve every remaining conflict with our side (or theirs).
            case ours, theirs
        }

        public var conflictStyle: ConflictStyle = .markers
        /// Treat frames changed differently on both sides as a conflict.
        public var strictLayout = false
        /// Accept a clean line-based merge when its result passes `check`.
        public var lineFastPath = true
        /// Given the merged bytes as soon as they are written, while the merge still checks
        /// them (on another thread): for writing them ahead to where the result goes. They are
        /// the result only if `Outcome.bytes` is the same.
        public var writeAhead: (@Sendable ([UInt8]) -> Void)?

        public init() {}
    }

    public struct Input: Sendable {
        public var bytes: [UInt8]
        public var name: String
        public init(bytes: [UInt8], name: String) {
            self.bytes = bytes
            self.name = name
        }
    }

    public struct Outcome: Sendable {
        public enum Method: String, Sendable {
            /// One side equals base, or both sides are equal.
            case trivial
            /// The line-based merge was clean and its result passes `check`.
            case lines
            /// Merged on the object graph.
            case structural
            /// The inputs could not be merged structurally: line-based merge with markers.
            case fallback
        }

        public var bytes: [UInt8]
        public var method: Method
        /// Conflicts that remain in `bytes` (as markers), or that a conflict style resolved.
        public var conflicts: Int
        public var markerHunks: Int
        public var events: [MergeEvent]
        public var fromOurs = MergeContributions()
        public var fromTheirs = MergeContributions()
        /// Why the structural merge was not used, for the fallback.
        public var fallbackReason: String?
        public var conflictStyle: Options.ConflictStyle

        /// Clean: the result holds no conflict markers and the merge may be committed.
        public var isClean: Bool {
            switch method {
            case .trivial, .lines: return true
            case .fallback: return false
            case .structural: return markerHunks == 0
            }
        }
    }

    public static func merge(base: Input, ours: Input, theirs: Input, options: Options = Options()) -> Outcome {
        func trivial(_ bytes: [UInt8]) -> Outcome {
            Outcome(bytes: bytes, method: .trivial, conflicts: 0, markerHunks: 0, events: [], conflictStyle: options.conflictStyle)
        }
        if ours.bytes == theirs.bytes || base.bytes == theirs.bytes { return trivial(ours.bytes) }
        if base.bytes == ours.bytes { return trivial(theirs.bytes) }

        // Two tasks share the work, whichever comes to a piece first doing it (`SharedWork`),
        // so that neither depends on when the other's thread starts. One reads base while the
        // other reads a large base's second half (see `SplitReading`), then makes the line
        // merge while the first builds base's graph. Then ours and theirs are read, each taking
        // from base's tree every element the line diff found unchanged and reading only the
        // rest (`UnchangedElements`), and their graphs take base's graph of the subtrees they
        // took from base (`GraphReuse`).
        let inputs = [base, ours, theirs]
        let lineMerge = SharedWork { LineMerge.merge(base: base.bytes, ours: ours.bytes, theirs: theirs.bytes) }
        @Sendable func needsGraphs() -> Bool { !(options.lineFastPath && lineMerge.get().conflicts == 0) }
        @Sendable func runs(_ side: Int) -> [LineDiff.SharedRun] {
            side == 1 ? lineMerge.get().oursSharedWithBase : lineMerge.get().theirsSharedWithBase
        }
        /// The side sharing more bytes with base first: the one more to gain from base's tree.
        @Sendable func sides() -> [Int] {
            runs(2).reduce(0) { $0 + $1.count } >= runs(1).reduce(0) { $0 + $1.count } ? [2, 1] : [1, 2]
        }
        typealias Read = Result<IBDocument, XMLParseError>
        let baseSource = XMLSource(name: base.name, bytes: base.bytes)
        let baseSplit = SplitReading(baseSource)
        let baseRead = SharedWork { () -> (Read, BaseElements?) in
            let read = Read { () throws(XMLParseError) -> IBDocument in
                try IBDocument(xml: XMLReader.parse(baseSource, split: baseSplit))
            }
            return (read, (try? read.get()).map { BaseElements($0.xml) })
        }
        let baseGraph = SharedWork { () -> (IBGraph, GraphReuse?)? in
            guard let doc = try? baseRead.get().0.get() else { return nil }
            let g = IBGraph(doc)
            return (g, GraphReuse(g))
        }
        let sideRead = [1, 2].map { i in
            SharedWork { () -> Read in
                let unchanged = baseRead.get().1.map { UnchangedElements(base: $0, runs: runs(i)) }
                return Read { () throws(XMLParseError) -> IBDocument in
                    try IBDocument(bytes: inputs[i].bytes, name: inputs[i].name, unchanged: unchanged)
                }
            }
        }
        let sideGraph = [1, 2].map { i in
            SharedWork { () -> IBGraph? in
                guard let doc = try? sideRead[i - 1].get().get() else { return nil }
                return IBGraph(xml: doc.xml, reusing: baseGraph.get()?.1)
            }
        }
        _ = parallelPair { task in
            if task == 0 {
                ProcessHeap.reserveForThisThread(toRead: base.bytes.count)
                _ = baseRead.get()
                lineMerge.offer()
                // Base's graph, unless a clean line merge makes it needless; built ahead while
                // the other task is still making the line merge (a merge whose lines conflict
                // needs it, and it needs nothing else).
                if !lineMerge.isDone || needsGraphs() { _ = baseGraph.get() }
                for i in sides() {
                    if needsGraphs() { _ = sideGraph[i - 1].get() } else { _ = sideRead[i - 1].get() }
                }
            } else {
                ProcessHeap.reserveForThisThread(toRead: base.bytes.count + (ours.bytes.count + theirs.bytes.count) / 4)
                baseSplit?.readSecondPart()
                lineMerge.offer()
                baseRead.offer()
                for i in sides().reversed() { sideRead[i - 1].offer() }
                if needsGraphs() { for i in sides().reversed() { sideGraph[i - 1].offer() } }
            }
        }
        let lines = lineMerge.get()
        func fallback(_ reason: String) -> Outcome {
            Outcome(bytes: lines.bytes, method: .fallback, conflicts: max(lines.conflicts, 1), markerHunks: lines.conflicts,
                    events: [], fallbackReason: reason, conflictStyle: options.conflictStyle)
        }
        let parsed: [Read] = [baseRead.get().0, sideRead[0].get(), sideRead[1].get()]
        // Every tree and graph made here is freed off this thread once the merge returns.
        defer { releaseInBackground((parsed, baseRead, sideRead, baseGraph, sideGraph)) }
        for case .failure(let error) in parsed { return fallback(error.description) }
        if options.lineFastPath && lines.conflicts == 0, isSound(lines.bytes) {
            return Outcome(bytes: lines.bytes, method: .lines, conflicts: 0, markerHunks: 0, events: [], conflictStyle: options.conflictStyle)
        }
        // Built above when the line merge had conflicts; otherwise here and now, its result not being sound.
        guard let (g0, reuse) = baseGraph.get(), let g1 = sideGraph[0].get(), let g2 = sideGraph[1].get() else {
            preconditionFailure("the three versions were read, so their graphs are built")
        }
        return structural([g0, g1, g2], reusing: reuse, options: options, fallback: fallback)
    }

    /// Whether written bytes read back as XML and hold no conflict marker (`copies`: elements
    /// the writer copied from a file read, which need not be read again).
    private static func wellFormed(_ bytes: [UInt8], copies: [Range<Int>]) -> Bool {
        guard (try? XMLReader.checkWellFormed(bytes, name: "merged", skipping: copies)) != nil else { return false }
        return IntegrityCheck.conflictMarkerLines(bytes).isEmpty
    }

    /// The two halves of finishing a merge (see `structural`).
    private enum MergedHalf: Sendable {
        /// With the paths of the tree merge's events.
        case written([UInt8], wellFormed: Bool, paths: [(event: Int, path: String)])
        case cascaded(XMLDocument, changed: Bool, sound: Bool?)
    }

    /// Parses and passes the integrity check.
    static func isSound(_ bytes: [UInt8]) -> Bool {
        guard let doc = try? IBDocument(bytes: bytes, name: "merged") else { return false }
        return IntegrityCheck.problems(in: doc).isEmpty
    }

    /// `reuse`: base's graph indexed, for the graphs of the merged document.
    private static func structural(_ graphs: [IBGraph], reusing reuse: GraphReuse?, options: Options,
                                   fallback: (String) -> Outcome) -> Outcome {
        defer { releaseInBackground(graphs) }
        let B = graphs[0]
        let collisions = IDCollisions.resolve(base: B, ours: graphs[1], theirs: graphs[2])
        let O = collisions.ours, T = collisions.theirs
        var treeOptions = TreeMerge.Options()
        treeOptions.strictLayout = options.strictLayout
        treeOptions.reuse = reuse
        let oursFirst = TreeMerge(base: B, ours: O, theirs: T, prefer: options.conflictStyle == .theirs ? .theirs : .ours, options: treeOptions)
        let tree = oursFirst.mergeTree()
        let pendingPaths = oursFirst.takePendingPaths()
        // Sound: the bytes read back as XML and hold no conflict marker, and the merged graph
        // has no other integrity problem (its source is ours' bytes: markers are looked for in
        // the written ones, where theirs' text may have brought one). The calling thread runs
        // the cascade, whose graph of the result the integrity check uses, and which is mostly
        // the longer half; the worker, woken again after the tree merge and so starting later
        // (0.2-0.4 ms here), writes the tree, reads back what it wrote anew (the elements it
        // copied whole were read already), writes the file ahead and names the events. The
        // cascade seldom removes anything, and only then is the result written and checked again.
        let merger = Unshared(oursFirst)
        let halves = parallelPair { i -> MergedHalf in
            if i == 0 {
                var doc = tree
                let changed = merger.value.cascade(&doc)
                let sound = merger.value.resultGraph.map { IntegrityCheck.problems(in: $0).allSatisfy { $0.kind == .conflictMarkers } }
                return .cascaded(doc, changed: changed, sound: sound)
            }
            let (bytes, copies) = XMLWriter.writeRecordingCopies(tree)
            let ok = wellFormed(bytes, copies: copies)
            // Mostly the result: its file is written while the cascade runs.
            if ok, let writeAhead = options.writeAhead { writeAhead(bytes) }
            return .written(bytes, wellFormed: ok, paths: TreeMerge.paths(for: pendingPaths))
        }
        guard case .cascaded(let merged, let cascadeChanged, let graphSound) = halves[0],
              case .written(var written, var writtenWellFormed, let paths) = halves[1] else { preconditionFailure("two halves") }
        // (The cascade's own events, seldom any, are named here.)
        oursFirst.setPaths(paths + TreeMerge.paths(for: oursFirst.takePendingPaths()))
        defer { releaseInBackground((collisions, oursFirst, tree, merged)) }
        if cascadeChanged {
            let copies: [Range<Int>]
            (written, copies) = XMLWriter.writeRecordingCopies(merged)
            writtenWellFormed = wellFormed(written, copies: copies)
        }
        let events = collisions.events + oursFirst.events
        let conflicts = events.filter { $0.kind == .conflict }.count
        var outcome = Outcome(bytes: written, method: .structural, conflicts: conflicts, markerHunks: 0,
                              events: events, fromOurs: oursFirst.fromOurs, fromTheirs: oursFirst.fromTheirs,
                              conflictStyle: options.conflictStyle)
        let sound = writtenWellFormed && (graphSound ?? isSound(written))
        guard sound else {
            return fallback("the structural merge did not produce a sound file; merged by lines instead")
        }
        if conflicts > 0 && options.conflictStyle == .markers {
            let theirsFirst = TreeMerge(base: B, ours: O, theirs: T, prefer: .theirs, options: treeOptions)
            let other = XMLWriter.write(theirsFirst.mergedDocument())
            let marked = LineMerge.markDifferences(ours: outcome.bytes, theirs: other)
            guard marked.conflicts > 0 else {
                return fallback("conflicts were found but could not be marked in the file; merged by lines instead")
            }
            outcome.bytes = marked.bytes
            outcome.markerHunks = marked.conflicts
            for i in outcome.events.indices where outcome.events[i].kind == .conflict {
                outcome.events[i].resolution = "marked in the file"
            }
        }
        return outcome
    }
}

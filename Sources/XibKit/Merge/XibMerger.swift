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

    /// `lines`: the line-based merge of the same inputs, when the caller already made it.
    public static func merge(base: Input, ours: Input, theirs: Input, options: Options = Options(),
                             lines precomputed: LineMerge.Result? = nil) -> Outcome {
        func trivial(_ bytes: [UInt8]) -> Outcome {
            Outcome(bytes: bytes, method: .trivial, conflicts: 0, markerHunks: 0, events: [], conflictStyle: options.conflictStyle)
        }
        if ours.bytes == theirs.bytes || base.bytes == theirs.bytes { return trivial(ours.bytes) }
        if base.bytes == ours.bytes { return trivial(theirs.bytes) }

        let lines = precomputed ?? LineMerge.merge(base: base.bytes, ours: ours.bytes, theirs: theirs.bytes)
        func fallback(_ reason: String) -> Outcome {
            Outcome(bytes: lines.bytes, method: .fallback, conflicts: max(lines.conflicts, 1), markerHunks: lines.conflicts,
                    events: [], fallbackReason: reason, conflictStyle: options.conflictStyle)
        }
        // Base first, then ours and theirs, each taking from base's tree every element the line
        // diff found unchanged and reading only the rest (`UnchangedElements`). Two tasks: one
        // reads base, then the side that shares more bytes with it; the other reads the other
        // side, from base if base is read by the time the task starts, else whole. (A worker
        // that starts at once does not wait for base; here, one often started a millisecond
        // late, by when taking from base was the quicker.)
        let inputs = [base, ours, theirs]
        let shared = [lines.oursSharedWithBase, lines.theirsSharedWithBase]
        let first = shared[1].reduce(0) { $0 + $1.count } >= shared[0].reduce(0) { $0 + $1.count } ? 2 : 1
        let baseElements = Handoff<BaseElements>()
        @Sendable func read(_ i: Int, from elements: BaseElements?) -> Result<IBDocument, XMLParseError> {
            let unchanged = elements.map { UnchangedElements(base: $0, runs: shared[i - 1]) }
            return Result { () throws(XMLParseError) -> IBDocument in
                try IBDocument(bytes: inputs[i].bytes, name: inputs[i].name, unchanged: unchanged)
            }
        }
        let parsed = parallelMap(2) { task -> [(Int, Result<IBDocument, XMLParseError>)] in
            if task == 1 {
                let other = 3 - first
                let elements = baseElements.value
                ProcessHeap.reserveForThisThread(toRead: inputs[other].bytes.count / (elements == nil ? 1 : 4))
                return [(other, read(other, from: elements))]
            }
            ProcessHeap.reserveForThisThread(toRead: base.bytes.count + inputs[first].bytes.count / 4)
            let b = read(0, from: nil)
            let elements = (try? b.get()).map { BaseElements($0.xml) }
            baseElements.value = elements
            return [(0, b), (first, read(first, from: elements))]
        }.joined().sorted { $0.0 < $1.0 }.map(\.1)
        // `parsed` holds every tree read here: freed off this thread once the merge returns.
        defer { releaseInBackground(parsed) }
        let documents: (IBDocument, IBDocument, IBDocument)
        do {
            documents = (try parsed[0].get(), try parsed[1].get(), try parsed[2].get())
        } catch {
            return fallback(error.description)
        }
        if options.lineFastPath && lines.conflicts == 0, isSound(lines.bytes) {
            return Outcome(bytes: lines.bytes, method: .lines, conflicts: 0, markerHunks: 0, events: [], conflictStyle: options.conflictStyle)
        }
        return structural(documents.0, documents.1, documents.2, options: options, fallback: fallback)
    }

    /// Whether written bytes read back as XML and hold no conflict marker (`copies`: elements
    /// the writer copied from a file read, which need not be read again).
    private static func wellFormed(_ bytes: [UInt8], copies: [Range<Int>]) -> Bool {
        guard (try? XMLReader.checkWellFormed(bytes, name: "merged", skipping: copies)) != nil else { return false }
        return IntegrityCheck.conflictMarkerLines(bytes).isEmpty
    }

    /// The two halves of finishing a merge (see `structural`).
    private enum MergedHalf: Sendable {
        case written([UInt8], wellFormed: Bool)
        case cascaded(XMLDocument, changed: Bool, sound: Bool?)
    }

    /// Parses and passes the integrity check.
    static func isSound(_ bytes: [UInt8]) -> Bool {
        guard let doc = try? IBDocument(bytes: bytes, name: "merged") else { return false }
        return IntegrityCheck.problems(in: doc).isEmpty
    }

    private static func structural(_ base: IBDocument, _ ours: IBDocument, _ theirs: IBDocument, options: Options,
                                   fallback: (String) -> Outcome) -> Outcome {
        let documents = [base, ours, theirs]
        let graphs = parallelMap(3) { IBGraph(documents[$0]) }
        defer { releaseInBackground(graphs) }
        let B = graphs[0]
        let collisions = IDCollisions.resolve(base: B, ours: graphs[1], theirs: graphs[2])
        let O = collisions.ours, T = collisions.theirs
        var treeOptions = TreeMerge.Options()
        treeOptions.strictLayout = options.strictLayout
        let oursFirst = TreeMerge(base: B, ours: O, theirs: T, prefer: options.conflictStyle == .theirs ? .theirs : .ours, options: treeOptions)
        let tree = oursFirst.mergeTree()
        // Sound: the bytes read back as XML and hold no conflict marker, and the merged graph
        // has no other integrity problem (its source is ours' bytes: markers are looked for in
        // the written ones, where theirs' text may have brought one). One core writes the tree
        // and reads back what it wrote anew (the elements it copied whole were read already)
        // while the other runs the cascade, whose graph of the result the integrity check uses;
        // the cascade seldom removes anything, and only then is the result written and checked
        // again.
        let merger = Unshared(oursFirst)
        let halves = parallelMap(2) { i -> MergedHalf in
            if i == 0 {
                let (bytes, copies) = XMLWriter.writeRecordingCopies(tree)
                return .written(bytes, wellFormed: wellFormed(bytes, copies: copies))
            }
            var doc = tree
            let changed = merger.value.cascade(&doc)
            let sound = merger.value.resultGraph.map { IntegrityCheck.problems(in: $0).allSatisfy { $0.kind == .conflictMarkers } }
            return .cascaded(doc, changed: changed, sound: sound)
        }
        guard case .written(var written, var writtenWellFormed) = halves[0],
              case .cascaded(let merged, let cascadeChanged, let graphSound) = halves[1] else { preconditionFailure("two halves") }
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
            let other = XMLWriter.write(theirsFirst.run())
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

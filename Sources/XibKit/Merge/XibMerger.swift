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

    public static func merge(base: Input, ours: Input, theirs: Input, options: Options = Options()) -> Outcome {
        // Ours' line endings, as git keeps them: base and theirs are read in ours' convention.
        var base = base, theirs = theirs
        (base.bytes, theirs.bytes) = LineEndings.likeOurs(ours.bytes, base: base.bytes, theirs: theirs.bytes)
        func trivial(_ bytes: [UInt8]) -> Outcome {
            Outcome(bytes: bytes, method: .trivial, conflicts: 0, markerHunks: 0, events: [], conflictStyle: options.conflictStyle)
        }
        if ours.bytes == theirs.bytes || base.bytes == theirs.bytes { return trivial(ours.bytes) }
        if base.bytes == ours.bytes { return trivial(theirs.bytes) }

        let lines = LineMerge.merge(base: base.bytes, ours: ours.bytes, theirs: theirs.bytes)
        func fallback(_ reason: String) -> Outcome {
            Outcome(bytes: lines.bytes, method: .fallback, conflicts: max(lines.conflicts, 1), markerHunks: lines.conflicts,
                    events: [], fallbackReason: reason, conflictStyle: options.conflictStyle)
        }
        // Ours and theirs take from base's tree every element the line diff found unchanged,
        // reading only the rest (`UnchangedElements`).
        let docs: [IBDocument]
        do {
            let b = try IBDocument(bytes: base.bytes, name: base.name)
            let elements = BaseElements(b.xml)
            docs = [b,
                    try IBDocument(bytes: ours.bytes, name: ours.name,
                                   unchanged: UnchangedElements(base: elements, runs: lines.oursSharedWithBase)),
                    try IBDocument(bytes: theirs.bytes, name: theirs.name,
                                   unchanged: UnchangedElements(base: elements, runs: lines.theirsSharedWithBase))]
        } catch {
            return fallback(error.description)
        }
        if options.lineFastPath && lines.conflicts == 0, isSound(lines.bytes) {
            return Outcome(bytes: lines.bytes, method: .lines, conflicts: 0, markerHunks: 0, events: [], conflictStyle: options.conflictStyle)
        }
        return structural(docs.map { IBGraph($0) }, options: options, fallback: fallback)
    }

    /// Whether written bytes read back as XML and hold no conflict marker (`copies`: elements
    /// the writer copied from a file read, which need not be read again).
    private static func wellFormed(_ bytes: [UInt8], copies: [Range<Int>]) -> Bool {
        guard (try? XMLReader.checkWellFormed(bytes, name: "merged", skipping: copies)) != nil else { return false }
        return IntegrityCheck.conflictMarkerLines(bytes).isEmpty
    }

    /// Parses and passes the integrity check.
    static func isSound(_ bytes: [UInt8]) -> Bool {
        guard let doc = try? IBDocument(bytes: bytes, name: "merged") else { return false }
        return IntegrityCheck.problems(in: doc).isEmpty
    }

    private static func structural(_ graphs: [IBGraph], options: Options,
                                   fallback: (String) -> Outcome) -> Outcome {
        let B = graphs[0]
        let collisions = IDCollisions.resolve(base: B, ours: graphs[1], theirs: graphs[2])
        let O = collisions.ours, T = collisions.theirs
        var treeOptions = TreeMerge.Options()
        treeOptions.strictLayout = options.strictLayout
        let oursFirst = TreeMerge(base: B, ours: O, theirs: T, prefer: options.conflictStyle == .theirs ? .theirs : .ours, options: treeOptions)
        // Sound: the bytes read back as XML and hold no conflict marker, and the merged graph
        // has no other integrity problem (its source is ours' bytes: markers are looked for in
        // the written ones, where theirs' text may have brought one). The cascade leaves the
        // graph of the result, which the integrity check uses.
        var merged = oursFirst.mergeTree()
        oursFirst.cascade(&merged)
        let outside = OutsideRoot(B, O, T)
        outside.apply(to: &merged, prefer: options.conflictStyle == .theirs ? .theirs : .ours)
        let graphSound = oursFirst.resultGraph.map { IntegrityCheck.problems(in: $0).allSatisfy { $0.kind == .conflictMarkers } }
        let (written, copies) = XMLWriter.writeRecordingCopies(merged)
        let events = collisions.events + oursFirst.events + outside.conflicts(in: B)
        let conflicts = events.filter { $0.kind == .conflict }.count
        var outcome = Outcome(bytes: written, method: .structural, conflicts: conflicts, markerHunks: 0,
                              events: events, fromOurs: oursFirst.fromOurs, fromTheirs: oursFirst.fromTheirs,
                              conflictStyle: options.conflictStyle)
        let sound = wellFormed(written, copies: copies) && (graphSound ?? isSound(written))
        guard sound else {
            return fallback("the structural merge did not produce a sound file; merged by lines instead")
        }
        if conflicts > 0 && options.conflictStyle == .markers {
            let theirsFirst = TreeMerge(base: B, ours: O, theirs: T, prefer: .theirs, options: treeOptions)
            var theirsDocument = theirsFirst.mergedDocument()
            outside.apply(to: &theirsDocument, prefer: .theirs)
            let other = XMLWriter.write(theirsDocument)
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

/// The three-way merge of one Interface Builder file, end to end: one side unchanged gives the
/// other side's bytes; anything else is merged on the object graph; and, when the inputs cannot
/// be read as Interface Builder documents, a line-based merge with conflict markers so that
/// nothing is ever lost.
///
/// There is no line-based shortcut for clean merges: a clean line merge that reads back and
/// passes `check` can still lose a change (a view one side moved and the other deleted comes
/// back; an edit lands on the other side's copy of a subtree), and the structural merge is
/// fast enough on its own (doc/performance.md).
public enum XibMerger {
    public struct Options: Sendable {
        public enum ConflictStyle: String, Sendable, CaseIterable {
            /// Merge everything possible and mark the remaining conflicts in the file (in the
            /// style `markerStyleWhenNeeded` gives, if set).
            case markers
            /// The same, with what base had there in each marked place (git's diff3 and zdiff3).
            case diff3, zdiff3
            /// Resolve every remaining conflict with our side (or theirs).
            case ours, theirs
        }

        public var conflictStyle: ConflictStyle = .markers
        /// The length of each conflict marker (git's `%L`).
        public var markerSize = 7
        /// With `.markers`, asked once, and only when the result gets markers: their style
        /// (git's `merge.conflictStyle`, which costs a process start to read).
        public var markerStyleWhenNeeded: (@Sendable () -> LineMerge.Markers.Style)?
        /// A person's decisions, by `MergeConflict.key`: applied instead of marking (or of
        /// `ours`/`theirs`) where the conflict offers that choice.
        public var choices: [String: ConflictChoice] = [:]
        /// Treat frames changed differently on both sides as a conflict.
        public var strictLayout = false
        /// For an object deleted on one side, how many of the other side's changes in it (and
        /// how many of those referring to it) to put in words (at least one), its own change
        /// always among them; the rest are counted (`MergeConflict.unworded`). nil: all.
        /// Wording every change was up to 11% of a heavy merge whose summary shows three.
        public var wordedChanges: Int?

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
            /// Merged on the object graph.
            case structural
            /// The inputs could not be merged structurally: merged by lines, with markers where
            /// lines conflict (`fallbackReason` says why).
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
        /// The style the conflicts were resolved or marked in (for `.markers`, the style asked for).
        public var conflictStyle: Options.ConflictStyle

        /// Clean: the result holds no conflict markers and the merge may be committed (what exit
        /// 0 tells git). A line merge without conflicts is clean too: git then finds no markers
        /// in a file it was told is conflicted.
        public var isClean: Bool { markerHunks == 0 }
    }

    public static func merge(base: Input, ours: Input, theirs: Input, options: Options = Options()) -> Outcome {
        // Ours' line endings, as git keeps them: base and theirs are read in ours' convention.
        var base = base, theirs = theirs
        (base.bytes, theirs.bytes) = LineEndings.likeOurs(ours.bytes, base: base.bytes, theirs: theirs.bytes)
        // One side unchanged: the other side's bytes, always (a merge changes only what a side
        // changed), which is also their line merge. Merged cleanly if they read back and are
        // sound as a merged result is (`shortcutProblem`); else merged by lines, which is clean
        // unless the side itself holds conflict markers.
        func taken(_ side: Input, _ version: String) -> Outcome {
            guard let problem = shortcutProblem(side) else {
                return Outcome(bytes: side.bytes, method: .trivial, conflicts: 0, markerHunks: 0, events: [], conflictStyle: options.conflictStyle)
            }
            // Its own marker lines, if any: a hunk per `<<<<<<<`, at least one for a stray line.
            let markers = ConflictMarkers.find(in: side.bytes)
            let hunks = markers.isEmpty ? 0 : max(markers.filter { $0.character == 0x3C }.count, 1)
            return Outcome(bytes: side.bytes, method: .fallback, conflicts: hunks, markerHunks: hunks, events: [],
                           fallbackReason: "\(version) version: \(problem); taken as it is", conflictStyle: options.conflictStyle)
        }
        switch ThreeWay(Three(base: base.bytes, ours: ours.bytes, theirs: theirs.bytes)) {
        case .conflict: break
        case .theirs: return taken(theirs, "their")
        case .unchanged, .ours, .alike: return taken(ours, "our")
        }
        if UpgradedBase.applies(base: base.bytes, ours: ours.bytes, theirs: theirs.bytes) {
            return UpgradedBase.merge(ours: ours, theirs: theirs, options: options)
        }

        let shared = LineMerge.sharedWithBase(base: base.bytes, ours: ours.bytes, theirs: theirs.bytes)
        let markers = MarkerChoice(options)
        func fallback(_ reason: String) -> Outcome {
            let lines = LineMerge.merge(base: base.bytes, ours: ours.bytes, theirs: theirs.bytes)
            var bytes = lines.bytes
            if lines.conflicts > 0, markers.format != LineMerge.Markers() {
                bytes = LineMerge.merge(base: base.bytes, ours: ours.bytes, theirs: theirs.bytes, markers: markers.format).bytes
            }
            return Outcome(bytes: bytes, method: .fallback, conflicts: lines.conflicts, markerHunks: lines.conflicts,
                           events: [], fallbackReason: reason, conflictStyle: lines.conflicts > 0 ? markers.style : options.conflictStyle)
        }
        // Ours and theirs take from base's tree every element the line diff found unchanged,
        // reading only the rest (`UnchangedElements`).
        // The error says which version failed: inside git, all three carry the path's name.
        func read(_ input: Input, _ version: String, _ unchanged: UnchangedElements?) throws(XMLParseError) -> IBDocument {
            do { return try IBDocument(bytes: input.bytes, name: input.name, unchanged: unchanged) } catch {
                var labelled = error
                labelled.message = "\(version) version: \(error.message)"
                throw labelled
            }
        }
        let documents: Three<IBDocument>
        do {
            let baseDocument = try read(base, "base", nil)
            let elements = BaseElements(baseDocument.xml)
            documents = Three(base: baseDocument, ours: try read(ours, "our", UnchangedElements(base: elements, runs: shared.ours)),
                              theirs: try read(theirs, "their", UnchangedElements(base: elements, runs: shared.theirs)))
        } catch {
            return fallback(error.description)
        }
        return structural(graphs(documents), options: options, markers: markers, fallback: fallback)
    }

    /// The graphs of base, ours and theirs; ours and theirs hold base's key strings where
    /// theirs are equal, one copy of most keys, and copy base's nodes for the subtrees they
    /// took whole from base (`IBDocument.taken`).
    private static func graphs(_ documents: Three<IBDocument>) -> Three<IBGraph> {
        let base = IBGraph(documents.base)
        return Three(base: base, ours: IBGraph(xml: documents.ours.xml, sharingKeysWith: base, copying: documents.ours.taken),
                     theirs: IBGraph(xml: documents.theirs.xml, sharingKeysWith: base, copying: documents.theirs.taken))
    }

    /// The conflict markers' format, looked up (once) only when markers are written.
    final class MarkerChoice {
        private let options: Options
        private var looked: LineMerge.Markers.Style?

        init(_ options: Options) { self.options = options }

        var format: LineMerge.Markers {
            switch options.conflictStyle {
            case .diff3: return LineMerge.Markers(style: .diff3, size: options.markerSize)
            case .zdiff3: return LineMerge.Markers(style: .zdiff3, size: options.markerSize)
            default:
                if looked == nil { looked = options.markerStyleWhenNeeded?() ?? .merge }
                return LineMerge.Markers(style: looked!, size: options.markerSize)
            }
        }

        /// The style the markers were written in, as an option names it.
        var style: Options.ConflictStyle {
            switch format.style {
            case .merge: return .markers
            case .diff3: return .diff3
            case .zdiff3: return .zdiff3
            }
        }
    }

    /// Whether written bytes read back as XML and hold no conflict marker (`copies`: elements
    /// the writer copied from a file read, which need not be read again).
    private static func wellFormed(_ bytes: [UInt8], copies: [Range<Int>]) -> Bool {
        guard (try? XMLReader.checkWellFormed(bytes, name: "merged", skipping: copies)) != nil else { return false }
        return IntegrityCheck.conflictMarkerLines(bytes).isEmpty
    }

    /// Why a side taken whole cannot be called merged, or nil: it must read as an Interface
    /// Builder document, without conflict markers and without duplicate ids (which the
    /// structural merge could not merge either). A reference to a missing object is the side's
    /// own and is taken as it is, as the structural merge keeps it (`TreeMerge.cascade`).
    private static func shortcutProblem(_ side: Input) -> String? {
        let doc: IBDocument
        do { doc = try IBDocument(bytes: side.bytes, name: side.name) } catch { return error.description }
        if let line = IntegrityCheck.conflictMarkerLines(side.bytes).first { return "\(side.name):\(line): a conflict marker" }
        return IBGraph.IDsAndReferences(doc.xml).hasDuplicateIDs ? "a duplicate id" : nil
    }

    /// Parses and passes the integrity check.
    static func isSound(_ bytes: [UInt8]) -> Bool {
        guard let doc = try? IBDocument(bytes: bytes, name: "merged") else { return false }
        return IntegrityCheck.problems(in: doc).isEmpty
    }

    /// What the structural merge decided, as documents to write. The graphs it was decided on
    /// are gone by the time these are written: with the written bytes beside them they were
    /// the peak of a large merge.
    private struct Merged {
        /// The result: each conflict resolved as chosen, else toward the side preferred (ours,
        /// or theirs with `--conflict-style theirs`).
        let result: XMLDocument
        /// Whether the result's graph passed the integrity check (nil: it was not built).
        let graphSound: Bool?
        let events: [MergeEvent]
        let fromOurs: MergeContributions
        let fromTheirs: MergeContributions
        /// With conflicts to mark: the merge taking theirs in each, and (for the styles that
        /// show it) the merge taking base.
        let preferringTheirs: XMLDocument?
        let preferringBase: XMLDocument?
        /// Room for each rendering's bytes: the three versions' together. A rendering holds what
        /// both sides added (each is written over ours' file), and the marked file grows in the
        /// first rendering's buffer by the lines theirs' has otherwise: with room for ours' file
        /// and a quarter, a heavy merge's renderings outgrew theirs, and the copies' new pages
        /// were 2–14% of its page faults (doc/performance.md, stop 68).
        let room: Int
    }

    private static func structural(_ graphs: consuming Three<IBGraph>, options: Options, markers: MarkerChoice,
                                   fallback: (String) -> Outcome) -> Outcome {
        let merged = mergeGraphs(consume graphs, options: options, markers: markers)
        return write(merged, options: options, markers: markers, fallback: fallback)
    }

    /// The stages, in order: one object's ids in a keyed slot made one, ids both sides gave to
    /// different objects renamed, the safe area conversion carried to the other side, then the
    /// tree merge's own stages (`TreeMerge.run`, once per rendering), and the conflicts put in
    /// the diff's words.
    private static func mergeGraphs(_ read: Three<IBGraph>, options: Options, markers: MarkerChoice) -> Merged {
        let slots = SlotIdentity.resolve(read)
        let collisions = IDCollisions.resolve(slots.graphs)
        let migration = SafeAreaMigration.apply(collisions.graphs)
        let graphs = migration.graphs
        var treeOptions = TreeMerge.Options()
        treeOptions.strictLayout = options.strictLayout
        treeOptions.choices = options.choices
        let merge = TreeMerge(graphs, prefer: options.conflictStyle == .theirs ? .theirs : .ours, options: treeOptions)
        // Sound: the bytes read back as XML and hold no conflict marker, and the merged graph
        // has no other integrity problem (its source is ours' bytes: markers are looked for in
        // the written ones, where theirs' text may have brought one). The cascade checks the
        // ids and references of the result.
        let tree = merge.run()
        var events = slots.events + collisions.events + migration.events + tree.log.events + merge.outsideRoot.conflicts(in: graphs.base)
        // Each conflict once, however many of its parts a stage met.
        var keys: Set<String> = []
        events.removeAll { e in e.conflict.map { !keys.insert($0.key).inserted } ?? false }
        if events.contains(where: { $0.kind == .conflict }) {
            var words = ConflictWords(graphs, limit: options.wordedChanges)
            words.describe(&events)
        }
        // With conflicts to mark: the merge once more taking theirs in each, and (for the styles
        // that show what base had in each marked place) once taking base.
        var preferringTheirs: XMLDocument?, preferringBase: XMLDocument?
        let unanswered = events.contains { $0.kind == .conflict && $0.conflict?.chosen == nil }
        if unanswered && options.conflictStyle != .ours && options.conflictStyle != .theirs {
            preferringTheirs = merge.preferring(.theirs).run().document
            if markers.format.showsBase { preferringBase = merge.preferring(.base).run().document }
        }
        let room = read.base.document.source.bytes.count + read.ours.document.source.bytes.count
            + read.theirs.document.source.bytes.count
        return Merged(result: tree.document, graphSound: tree.sound, events: events, fromOurs: tree.log.fromOurs,
                      fromTheirs: tree.log.fromTheirs, preferringTheirs: preferringTheirs, preferringBase: preferringBase,
                      room: room)
    }

    private static func write(_ merged: consuming Merged, options: Options, markers: MarkerChoice,
                              fallback: (String) -> Outcome) -> Outcome {
        let (written, copies) = XMLWriter.writeRecordingCopies(merged.result, room: merged.room)
        let sound = wellFormed(written, copies: copies) && (merged.graphSound ?? isSound(written))
        guard sound else {
            return fallback("the structural merge did not produce a sound file; merged by lines instead")
        }
        let events = merged.events
        let conflicts = events.filter { $0.kind == .conflict }.count
        var outcome = Outcome(bytes: consume written, method: .structural, conflicts: conflicts, markerHunks: 0,
                              events: events, fromOurs: merged.fromOurs, fromTheirs: merged.fromTheirs,
                              conflictStyle: options.conflictStyle)
        for i in outcome.events.indices {
            if let chosen = outcome.events[i].conflict?.chosen { outcome.events[i].resolution = "took \(chosen.rawValue) (chosen)" }
        }
        if let preferringTheirs = merged.preferringTheirs {
            let other = XMLWriter.write(preferringTheirs, room: merged.room)
            let base = merged.preferringBase.map { XMLWriter.write($0, room: merged.room) } ?? []
            // Ours' rendering handed over whole, so that the marked file grows in its memory.
            var rendering: [UInt8] = []
            swap(&rendering, &outcome.bytes)
            let marked = LineMerge.markDifferences(ours: consume rendering, theirs: other, base: base, markers: markers.format)
            outcome.bytes = marked.bytes
            guard marked.conflicts > 0 else {
                // Every conflict's choices write the same file: nothing for a person to choose.
                for i in outcome.events.indices where outcome.events[i].kind == .conflict && outcome.events[i].conflict?.chosen == nil {
                    outcome.events[i].kind = .noise
                    outcome.events[i].resolution = "either choice writes the same file"
                }
                outcome.conflicts = outcome.events.filter { $0.kind == .conflict }.count
                return outcome
            }
            outcome.markerHunks = marked.conflicts
            outcome.conflictStyle = markers.style
            for i in outcome.events.indices where outcome.events[i].kind == .conflict && outcome.events[i].conflict?.chosen == nil {
                outcome.events[i].resolution = "marked in the file"
            }
        }
        return outcome
    }
}

/// `tidy`: a version of a file with Xcode's no-op rewrites put back to an older version's
/// (HEAD's) values, every real change kept.
///
/// One walk over the new version beside the old one (`TidyWalk`), children matched by their
/// identity as the graph keys them. Per element, the profile's noise attributes take the old
/// value and everything else stays new; noise elements (`<device>`, `canvasLocation`) and the
/// document's dependencies are the old version's; cached resources too, unless what they cache
/// changed. An element that ends up equal to its old counterpart *is* the old one, so the
/// writer copies its bytes: unchanged parts are HEAD's byte for byte, changed ones written
/// as Xcode writes them.
public enum Tidy {
    public struct Options: Sendable, Equatable {
        /// Also put back frames that moved by less than a point, where nothing else about the
        /// view or its constraints changed (a Retina display's half-point shifts).
        public var frames: Bool
        /// Names of resources (images, named colours) whose source changed too: their cache
        /// entries (`<resources>`) keep the new values.
        public var changedResources: Set<String>

        public init(frames: Bool = false, changedResources: Set<String> = []) {
            self.frames = frames
            self.changedResources = changedResources
        }
    }

    /// One kind of value that went back, and how many times.
    public struct Revert: Sendable, Equatable {
        public var what: String
        public var count: Int
    }

    public struct Result: Sendable {
        /// The tidied file: the old version's bytes exactly when the file differed from it only
        /// in noise, the new version's exactly when nothing went back.
        public var bytes: [UInt8]
        /// What went back, in the order first met.
        public var reverted: [Revert]
        /// Whether the file differed from the old version only in noise.
        public var noiseOnly: Bool

        public var changed: Bool { !reverted.isEmpty }

        /// `toolsVersion, plugIn version, 3 frames`.
        public var summary: String {
            reverted.map { $0.count == 1 ? $0.what : "\($0.what) ×\($0.count)" }.joined(separator: ", ")
        }
    }

    /// Tidies `work` against `head`. Throws for a side that does not read (malformed XML,
    /// conflict markers, not a document), naming `file:line:column`: such a file is left alone.
    public static func file(head: [UInt8], work: [UInt8], headName: String, workName: String,
                            options: Options = Options()) throws(XMLParseError) -> Result {
        guard head != work else { return Result(bytes: work, reverted: [], noiseOnly: false) }
        let old = try IBDocument(bytes: head, name: headName).xml
        // The new version takes the old one's elements where the two share bytes: equal
        // subtrees are then found equal at once, and are the old one's when written.
        let runs = LineDiff.sharedRuns(base: head, other: work)
        let new = try IBDocument(bytes: work, name: workName,
                                 unchanged: UnchangedElements(base: BaseElements(old), runs: runs)).xml
        var objects = FrameShifts.Objects()
        objects.collect(old.root, holder: nil)
        let frames = options.frames ? FrameShifts.views(head: objects, work: new.root) : []
        var walk = TidyWalk(options: options, objects: objects.byID, frames: frames, realChange: false)
        let all = walk.element(new.root, old.root, depth: 0)
        if all.isSameParsedElement(as: old.root) {
            // Equal values in other bytes: white space, the XML declaration, the end of the file.
            let reverted = walk.reverted.isEmpty ? [Revert(what: "white space", count: 1)] : walk.reverted
            return Result(bytes: head, reverted: reverted, noiseOnly: true)
        }
        guard !walk.reverted.isEmpty else { return Result(bytes: work, reverted: [], noiseOnly: false) }
        // A real change: the capabilities it added or removed stay, since they follow what the
        // document uses (a named colour, the safe area).
        walk = TidyWalk(options: options, objects: objects.byID, frames: frames, realChange: true)
        let kept = walk.element(new.root, old.root, depth: 0)
        guard !walk.reverted.isEmpty else { return Result(bytes: work, reverted: [], noiseOnly: false) }
        var out = new
        out.root = kept
        return Result(bytes: XMLWriter.write(out), reverted: walk.reverted, noiseOnly: false)
    }
}

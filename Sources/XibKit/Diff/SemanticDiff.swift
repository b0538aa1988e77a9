/// Computes what changed between two versions of a document, on the ID-keyed graph:
/// objects are matched by `IBGraph.Node.key` (`#id`, `#scene:ID`, or a path of keys for
/// items without ids), never by position in the text.
public enum SemanticDiff {
    /// Parses and compares two versions of one file (files on disk, or blobs from git).
    /// `nil` bytes mean the file does not exist on that side (added or deleted).
    /// Throws for input that does not parse, naming `file:line:column`.
    public static func files(oldBytes: [UInt8]?, newBytes: [UInt8]?, oldName: String, newName: String,
                             displayName: String? = nil, options: DiffOptions = DiffOptions()) throws(XMLParseError) -> FileDiff {
        let (oldXML, newXML, runs) = try read(oldBytes, oldName, newBytes, newName)
        // The new version holds the old one's key strings where its own are equal.
        let old = oldXML.map { DiffObjects(IBGraph(xml: $0)) }
        let taken = oldXML.map { (xml) -> @Sendable (XMLElement, Int) -> Int? in
            { e, _ in offset(of: e, takenFrom: xml.source, runs: runs) }
        }
        let new = newXML.map { DiffObjects(IBGraph(xml: $0, sharingKeysWith: old?.graph), takenOffset: taken) }
        return compare(old: old, new: new, oldName: oldBytes == nil ? nil : oldName,
                       newName: newBytes == nil ? nil : newName, displayName: displayName ?? (newBytes == nil ? oldName : newName),
                       options: options, skipIdenticalSubtrees: true)
    }

    /// The two versions' trees, the new one read with the old one's elements where the two
    /// share bytes (`UnchangedElements`, as `Version` reads a file's history): the trees share
    /// their storage, which was a third of a large diff's peak memory. With the byte runs the
    /// two share, which place the elements taken in the new version's bytes.
    private static func read(_ oldBytes: [UInt8]?, _ oldName: String, _ newBytes: [UInt8]?,
                             _ newName: String) throws(XMLParseError) -> (XMLDocument?, XMLDocument?, [LineDiff.SharedRun]) {
        guard let oldBytes, let newBytes else {
            return (try oldBytes.map { (b) throws(XMLParseError) in try IBDocument(bytes: b, name: oldName).xml },
                    try newBytes.map { (b) throws(XMLParseError) in try IBDocument(bytes: b, name: newName).xml }, [])
        }
        // The shared runs first: their line tables are gone before either tree is made.
        let runs = LineDiff.sharedRuns(base: oldBytes, other: newBytes)
        let old = try IBDocument(bytes: oldBytes, name: oldName).xml
        let new = try IBDocument(bytes: newBytes, name: newName, unchanged: UnchangedElements(base: BaseElements(old), runs: runs)).xml
        return (old, new, runs)
    }

    /// Where an element the new version took from the old one (`source`) is in the new one's
    /// bytes: a taken subtree lies in one shared run, at the same distance from its start.
    private static func offset(of e: XMLElement, takenFrom source: XMLSource, runs: [LineDiff.SharedRun]) -> Int? {
        guard let origin = e.origin, origin.source === source else { return nil }
        let at = origin.span.lowerBound
        // The last run starting at or before `at` (runs are in the order of both versions).
        let next = runs.partitionPoint { $0.baseStart <= at }
        guard next > 0, at < runs[next - 1].baseStart + runs[next - 1].count else { return nil }
        return runs[next - 1].start + (at - runs[next - 1].baseStart)
    }

    /// Compares two parsed documents; `nil` for a side where the file does not exist.
    public static func compare(old: IBDocument?, new: IBDocument?, oldName: String? = nil, newName: String? = nil,
                               displayName: String = "", options: DiffOptions = DiffOptions()) -> FileDiff {
        compare(old: old, new: new, oldName: oldName, newName: newName, displayName: displayName, options: options,
                skipIdenticalSubtrees: true)
    }

    /// `skipIdenticalSubtrees: false` compares every object even where the bytes are equal
    /// (for tests of the comparison itself).
    static func compare(old: IBDocument?, new: IBDocument?, oldName: String?, newName: String?, displayName: String,
                        options: DiffOptions, skipIdenticalSubtrees: Bool) -> FileDiff {
        compare(old: old.map { DiffObjects(IBGraph($0)) }, new: new.map { DiffObjects(IBGraph($0)) }, oldName: oldName,
                newName: newName, displayName: displayName, options: options, skipIdenticalSubtrees: skipIdenticalSubtrees)
    }

    static func compare(old: DiffObjects?, new: DiffObjects?, oldName: String?, newName: String?, displayName: String,
                        options: DiffOptions, skipIdenticalSubtrees: Bool) -> FileDiff {
        var run = DiffComparison(old: old, new: new, options: options, skipIdenticalSubtrees: skipIdenticalSubtrees)
        run.run()
        let status: FileDiff.Status
        if old == nil && new == nil { status = .unchanged } else if old == nil { status = .added } else if new == nil { status = .deleted } else {
            status = run.listed.isEmpty && run.framesChanged == 0 ? .unchanged : .modified
        }
        let reference = (new ?? old).flatMap { try? IBDocument(xml: $0.graph.document) }
        return FileDiff(oldName: oldName, newName: newName, displayName: displayName, status: status,
                        documentKind: reference?.kind ?? .xib, platform: reference?.platform ?? .unknown,
                        options: options, groups: run.groups(), framesChanged: run.framesChanged,
                        noiseHidden: run.noiseHidden, noiseNames: run.noiseNames)
    }
}

extension SemanticDiff {
    /// One version of a file, read into what a comparison needs: reading is most of a diff's
    /// work. A file's history compares most versions twice (with the version before and the
    /// one after), so it reads each once and keeps it for both (`compare(old:new:…)`).
    public final class Version: @unchecked Sendable {
        /// Never changed once read: any thread may compare it.
        let objects: DiffObjects
        /// What reading a neighbouring version may take from this one.
        let elements: BaseElements

        /// The version's object graph (and through it its document), for other work on the
        /// same version, such as drawing it, without reading it again.
        public var graph: IBGraph { objects.graph }

        /// Throws for input that does not parse, naming `name:line:column`.
        ///
        /// `neighbour`: a version of the same file read before (the one just newer or older in
        /// its history), whose elements this one takes where the two share the bytes
        /// (`UnchangedElements`, as a merge reads ours and theirs with base). Two versions of a
        /// file share almost all their bytes: reading is then mostly comparing bytes, the two
        /// trees share their storage, and comparing them finds the shared subtrees equal at
        /// once; its graph holds the neighbour's key strings where its own are equal. The
        /// comparison's result, line numbers included, is the one without it.
        public init(bytes: [UInt8], name: String, neighbour: Version? = nil) throws(XMLParseError) {
            let unchanged = neighbour.map {
                UnchangedElements(base: $0.elements, runs: LineDiff.sharedRuns(base: $0.elements.source.bytes, other: bytes))
            }
            let document = try IBDocument(bytes: bytes, name: name, unchanged: unchanged)
            let elements = unchanged.map { BaseElements(document, readWith: $0) } ?? BaseElements(document.xml)
            self.elements = elements
            objects = DiffObjects(IBGraph(xml: document.xml, sharingKeysWith: neighbour?.graph, copying: document.taken),
                                  takenOffset: { [elements] e, n in elements.offset(of: e, at: n) })
        }
    }

    /// Compares two versions read before; nil for a side where the file does not exist.
    public static func compare(old: Version?, new: Version?, oldName: String, newName: String, displayName: String,
                               options: DiffOptions = DiffOptions()) -> FileDiff {
        compare(old: old?.objects, new: new?.objects, oldName: old == nil ? nil : oldName, newName: new == nil ? nil : newName,
                displayName: displayName, options: options, skipIdenticalSubtrees: true)
    }
}

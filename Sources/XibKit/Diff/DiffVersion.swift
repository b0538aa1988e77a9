extension SemanticDiff {
    /// One version of a file, read into what a comparison needs: reading is most of a diff's
    /// work. A file's history compares most versions twice (with the version before and the
    /// one after), so it reads each once and keeps it for both (`compare(old:new:…)`).
    public final class Version: @unchecked Sendable {
        /// Never changed once read: any thread may compare it.
        let objects: DiffObjects

        /// The version's object graph (and through it its document), for other work on the
        /// same version, such as drawing it, without reading it again.
        public var graph: IBGraph { objects.graph }

        /// Throws for input that does not parse, naming `name:line:column`.
        public init(bytes: [UInt8], name: String) throws(XMLParseError) {
            objects = DiffObjects(IBGraph(try IBDocument(bytes: bytes, name: name)))
        }
    }

    /// Compares two versions read before; nil for a side where the file does not exist.
    public static func compare(old: Version?, new: Version?, oldName: String, newName: String, displayName: String,
                               options: DiffOptions = DiffOptions()) -> FileDiff {
        compare(old: old?.objects, new: new?.objects, oldName: old == nil ? nil : oldName, newName: new == nil ? nil : newName,
                displayName: displayName, options: options, skipIdenticalSubtrees: true)
    }
}

/// An Interface Builder document (Xcode 5+ `<document>` format): the lossless XML tree
/// plus what kind of file it is.
public struct IBDocument: Sendable {
    public var xml: XMLDocument
    /// The subtrees the reader took whole from the version it was read with (`unchanged`), in
    /// document order: where a graph of this document copies that version's graph.
    private(set) var taken: [BaseElements.Taken] = []

    public enum Kind: String, Sendable { case xib, storyboard }
    public enum Platform: String, Sendable { case iOS, macOS, tvOS, watchOS, unknown }

    public var kind: Kind {
        (xml.root[attribute: IBRules.typeAttribute] ?? "").contains(IBRules.storyboardTypeWord) ? .storyboard : .xib
    }

    public var platform: Platform { Self.platform(of: xml.root) }

    /// The platform a document's root element (`<document targetRuntime=…>`) says.
    public static func platform(of root: XMLElement) -> Platform {
        let runtime = root[attribute: IBRules.targetRuntimeAttribute] ?? ""
        return IBRules.targetRuntimePlatforms.first { ($0.anyCase ? runtime.lowercased() : runtime).hasPrefix($0.prefix) }?.platform ?? .unknown
    }

    public init(xml: XMLDocument) throws(XMLParseError) {
        let root = xml.root
        let at = xml.source.location(of: root.offset ?? 0)
        if root.name == IBRules.legacyArchiveRoot {
            throw XMLParseError(kind: .unsupportedFormat, location: at,
                                message: "unsupported format: legacy Interface Builder 3 archive (Xcode 3/4); open and save it in Xcode 5 or later")
        }
        guard root.name == IBRules.documentRoot else {
            throw XMLParseError(kind: .unsupportedFormat, location: at,
                                message: "unsupported format: the root element is <\(root.name)>, not an Interface Builder <document>")
        }
        self.xml = xml
    }

    public init(bytes: [UInt8], name: String, unchanged: UnchangedElements? = nil) throws(XMLParseError) {
        let read = try XMLReader.read(XMLSource(name: name, bytes: bytes), unchanged: unchanged)
        try self.init(xml: read.document)
        taken = read.taken
    }

    /// Reads and parses a file; every failure is an `XMLParseError` naming the file.
    public static func load(path: String) throws(XMLParseError) -> IBDocument {
        try IBDocument(bytes: try FileIO.read(path), name: path)
    }

    public func serialized() -> [UInt8] { XMLWriter.write(xml) }
}

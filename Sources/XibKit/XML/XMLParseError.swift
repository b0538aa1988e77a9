/// Why a file could not be read, with where.
public struct XMLParseError: Error, Sendable, CustomStringConvertible {
    public enum Kind: String, Sendable {
        case malformed
        case conflictMarkers = "conflict-markers"
        case unsupportedFormat = "unsupported-format"
        case unsupportedEncoding = "unsupported-encoding"
        case dtd
        case tooLarge = "too-large"
    }

    public var kind: Kind
    public var location: SourceLocation
    public var message: String

    public var description: String { "\(location): error: \(message)" }

    init(_ kind: Kind, in source: XMLSource, at offset: Int, _ message: String) {
        self.init(kind: kind, location: source.location(of: offset), message: message)
    }

    init(kind: Kind, location: SourceLocation, message: String) {
        self.kind = kind
        self.location = location
        self.message = message
    }

    /// The error to report for a file that failed with this one: git conflict markers are
    /// reported as such, not as the XML error they cause. Looked for only once the file has
    /// failed: a line of seven '>' or '|' is well-formed character data, and a well-formed file
    /// is accepted as it is.
    func reportingConflictMarkers(in source: XMLSource) -> XMLParseError {
        switch kind {
        case .tooLarge, .unsupportedFormat: return self
        default: break
        }
        guard let marker = ConflictMarkers.find(in: source.bytes).first(where: { !$0.isSeparator }) else { return self }
        let text = String(repeating: Character(Unicode.Scalar(marker.character)), count: 7)
        return XMLParseError(.conflictMarkers, in: source, at: marker.offset,
                             "the file contains git conflict markers (\(text)); resolve the conflict first, e.g. with `xibmerge resolve`")
    }
}

extension XMLReader {
    /// Checks that bytes read as XML, skipping `copies`: ranges that are whole elements copied
    /// byte for byte from a file that was read (`XMLWriter.writeRecordingCopies`). An element
    /// read well-formed is well-formed wherever content may stand, so only what was written
    /// anew is read: the check of a merge's result, whose tree is not needed.
    public static func checkWellFormed(_ bytes: [UInt8], name: String, skipping copies: [Range<Int>],
                                       limits: XMLLimits = .default) throws(XMLParseError) {
        let source = XMLSource(name: name, bytes: bytes)
        _ = try bytes.withUnsafeBufferPointer { (p) throws(XMLParseError) -> XMLDocument in
            var reader = XMLReader(source: source, bytes: p, limits: limits, unchanged: nil, copies: copies)
            return try reader.read()
        }
    }
}

/// The reader's walk through the copied ranges `checkWellFormed` skips, in order.
struct CopiedElementCursor {
    private let ranges: [Range<Int>]
    private var next = 0

    init(_ ranges: [Range<Int>]) {
        self.ranges = ranges
    }

    /// The offset after the copied element that starts at `offset`, or nil when none does.
    mutating func skip(at offset: Int, _ p: UnsafeBufferPointer<UInt8>) -> Int? {
        while next < ranges.count && ranges[next].lowerBound < offset { next += 1 }
        guard next < ranges.count else { return nil }
        let r = ranges[next]
        guard r.lowerBound == offset, r.upperBound <= p.count, p[r.upperBound - 1] == 0x3E else { return nil }
        return r.upperBound
    }
}

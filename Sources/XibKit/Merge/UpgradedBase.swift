/// Both branches upgraded a legacy Interface Builder 3 archive (`<archive>`, Xcode 3/4) to the
/// document format (`<document>`, Xcode 5+). Base then shares nothing with either side: the ids,
/// the element names and the layout of the file all changed, and a line merge against it makes
/// the whole file one conflict. What both sides have in common is the upgraded file, so ours and
/// theirs are merged against their structural intersection, as when both added the file
/// (`AddAddBase`): what one side has alone is its change, taken; what both have differently is a
/// conflict.
enum UpgradedBase {
    /// Whether base is a legacy archive and ours and theirs are both documents.
    static func applies(base: [UInt8], ours: [UInt8], theirs: [UInt8]) -> Bool {
        rootName(base) == IBRules.legacyArchiveRoot && rootName(ours) == IBRules.documentRoot && rootName(theirs) == IBRules.documentRoot
    }

    /// The merge against the two sides' common part, with an event saying so.
    static func merge(ours: XibMerger.Input, theirs: XibMerger.Input, options: XibMerger.Options) -> XibMerger.Outcome {
        var outcome = AddAddBase.merge(ours: ours, theirs: theirs, options: options)
        guard outcome.method != .fallback else { return outcome }
        let event = MergeEvent(kind: .migrated, path: "Document", objectID: nil,
                               subject: "base is a legacy Interface Builder 3 archive; both sides upgraded it to the document format",
                               ours: nil, theirs: nil, resolution: "merged against what ours and theirs have in common")
        outcome.events.insert(event, at: 0)
        return outcome
    }

    /// The name of the first element, read from the start of the file without parsing it: after
    /// the XML declaration, comments, processing instructions and a document type, each skipped
    /// to its end (a comment may hold `<document>`). Nil when none starts in the first 4 KB.
    static func rootName(_ bytes: [UInt8]) -> String? {
        let limit = min(bytes.count, 4096)
        var i = 0
        while i < limit {
            guard bytes[i] == UInt8(ascii: "<") else { i += 1; continue }
            if let end = endOfMarkup(bytes, at: i) { i = end; continue }
            var j = i + 1
            while j < bytes.count, !" \t\r\n/>".utf8.contains(bytes[j]) { j += 1 }
            return j > i + 1 ? String(decoding: bytes[(i + 1)..<j], as: UTF8.self) : nil
        }
        return nil
    }

    /// Past the comment, processing instruction or declaration starting at `i`; nil when the
    /// markup there is an element (or unterminated: then `bytes.count`).
    private static func endOfMarkup(_ bytes: [UInt8], at i: Int) -> Int? {
        func starts(_ s: String) -> Bool { bytes[i...].starts(with: s.utf8) }
        let close: String
        if starts("<!--") { close = "-->" } else if starts("<?") { close = "?>" } else if starts("<!") { close = ">" } else { return nil }
        var k = i + 2
        while k < bytes.count {
            if bytes[k...].starts(with: close.utf8) { return k + close.utf8.count }
            k += 1
        }
        return bytes.count
    }
}

/// Where the reader refuses a file as larger than any Interface Builder file, so that no input
/// makes it, or the stages after it, do unbounded work or take unbounded memory. Each default is
/// far above the largest value in the shared corpus of real files (1,408 files, measured by
/// `XMLLimitsCorpusTests`), as libxml2's defaults are far above what documents need; a refusal is
/// an error naming `file:line:column`, and the merge driver then merges by lines.
public struct XMLLimits: Sendable, Equatable {
    /// Bytes in one file (the corpus's largest: 1.0 MiB).
    public var maximumFileSize = 256 << 20
    /// Elements nested in one another, the root being level 1 (the corpus's deepest: 27):
    /// libxml2's limit without `XML_PARSE_HUGE`, so that a file the reader accepts is one
    /// Xcode's parser accepts too.
    public var maximumDepth = 257
    /// Attributes on one element (the corpus's most: 18).
    public var maximumAttributes = 256
    /// Bytes in one attribute value, text run, comment, CDATA section or processing
    /// instruction (the corpus's longest: 127 for an attribute value, 8,182 for a text):
    /// libxml2's `XML_MAX_TEXT_LENGTH`.
    public var maximumValueLength = 10_000_000
    /// Elements, comments, processing instructions and CDATA sections in one file (the
    /// corpus's most: 9,983 elements; a 20 MB storyboard has about 200,000).
    public var maximumElements = 1_000_000

    public static let `default` = XMLLimits()

    /// These limits within what the tree can hold, whatever a caller raised them to: an
    /// element's origin keeps offsets in 32 bits and its depth in 16 (`XMLOrigin`).
    var withinTreeStorage: XMLLimits {
        var limits = self
        limits.maximumFileSize = min(maximumFileSize, Int(UInt32.max))
        limits.maximumDepth = min(maximumDepth, Int(UInt16.max))
        return limits
    }

    /// The message for a file of `size` bytes over `limit`.
    static func fileTooLarge(_ size: Int, limit: Int) -> String {
        "file is too large (\(show(size)) bytes; the limit is \(limit >> 20) MiB)"
    }

    /// A count as messages show it: `10,000,000`.
    public static func show(_ n: Int) -> String {
        var digits = Array(String(n))
        var i = digits.count - 3
        while i > 0 {
            digits.insert(",", at: i)
            i -= 3
        }
        return String(digits)
    }

    public init() {}

    public init(maximumFileSize: Int = XMLLimits.default.maximumFileSize, maximumDepth: Int = XMLLimits.default.maximumDepth,
                maximumAttributes: Int = XMLLimits.default.maximumAttributes,
                maximumValueLength: Int = XMLLimits.default.maximumValueLength,
                maximumElements: Int = XMLLimits.default.maximumElements) {
        self.maximumFileSize = maximumFileSize
        self.maximumDepth = maximumDepth
        self.maximumAttributes = maximumAttributes
        self.maximumValueLength = maximumValueLength
        self.maximumElements = maximumElements
    }
}

/// A finding of a rule of `check` (`CheckRuleRegistry`): what makes Xcode refuse a file or
/// crash at run time, what hand merges leave behind, what Xcode flagged, translations and code
/// that no longer match the document.
public struct IntegrityProblem: Sendable, Equatable, CustomStringConvertible {
    public typealias Kind = CheckRule

    public var kind: Kind
    public var severity: Severity
    /// The file the finding is in: the document, or one of its `.strings` files.
    public var file: String
    public var line: Int
    public var column: Int?
    /// The human path of the object concerned, when there is one.
    public var path: String?
    public var objectID: String?
    public var message: String

    public init(kind: Kind, file: String, line: Int, column: Int?, path: String? = nil,
                objectID: String? = nil, message: String) {
        self.kind = kind
        self.severity = kind.defaultSeverity
        self.file = file
        self.line = line
        self.column = column
        self.path = path
        self.objectID = objectID
        self.message = message
    }

    /// The message with the object's path before it.
    public var text: String { path.map { "\($0): \(message)" } ?? message }

    /// Xcode's form, so that a Run Script build phase shows it in the issue navigator:
    /// `file:line:column: error: message [rule]`.
    public var description: String {
        "\(line > 0 ? "\(file):\(line):\(column ?? 1)" : file): \(severity.rawValue): \(text) [\(kind.id)]"
    }
}

public enum IntegrityCheck {
    /// Problems in an already parsed document.
    public static func problems(in document: IBDocument) -> [IntegrityProblem] {
        problems(in: IBGraph(document))
    }

    /// The integrity rules (`Rules/` with category `integrity`), whatever the configuration.
    /// `ignoringMissing`: ids whose absence is not reported (the merge's check of its result
    /// passes over references the inputs already left dangling).
    public static func problems(in graph: IBGraph, ignoringMissing ignored: Set<String> = []) -> [IntegrityProblem] {
        var scan = DocumentScan(graph, ignoringMissing: ignored)
        var out = scan.run(rules, enabled: { _ in true })
        sort(&out)
        return out
    }

    static let rules = CheckRule.allCases.filter { $0.category == .integrity }

    /// In file order, then by rule. Numbers first: a file with 500,000 duplicate ids spent
    /// most of its check copying strings into the tuples compared. Sorted as positions, then
    /// moved once: sorting the findings themselves copied each (a dozen fields) at every step.
    static func sort(_ findings: inout [IntegrityProblem]) {
        let order = findings.withUnsafeBufferPointer { p in
            p.indices.sorted { i, j in
                if p[i].file != p[j].file { return p[i].file < p[j].file }  // one string, shared: equal at once
                if p[i].line != p[j].line { return p[i].line < p[j].line }
                if p[i].column != p[j].column { return (p[i].column ?? 0) < (p[j].column ?? 0) }
                if p[i].kind != p[j].kind { return p[i].kind.rawValue < p[j].kind.rawValue }
                return p[i].message < p[j].message
            }
        }
        findings = order.map { findings[$0] }
    }

    /// Whether the document has a duplicate id or a dangling reference (the problems of its
    /// graph that `problems` would list, conflict markers aside), without wording any: the
    /// merge's check of its result.
    /// `ignoringMissing`: targets whose references may dangle; `ignoringReferences`: references
    /// that may, as `attribute target`.
    static func hasGraphProblems(_ scan: IBGraph.IDsAndReferences, ignoringMissing ignored: Set<String> = [],
                                 ignoringReferences: Set<String> = []) -> Bool {
        if scan.hasDuplicateIDs { return true }
        return scan.references.contains {
            scan.ids[$0.target] == nil && !IBRules.toleratedDanglingReferences.contains($0.attribute) && !ignored.contains($0.target)
                && (ignoringReferences.isEmpty || !ignoringReferences.contains($0.attribute + " " + $0.target))
        }
    }

    /// The outcome of checking raw bytes: problems, or a reason the file cannot be checked at all.
    public enum Outcome: Sendable {
        case checked([IntegrityProblem])
        /// Unreadable or in a format this tool does not handle (legacy archive, binary nib, ...).
        case unsupported(XMLParseError)
    }

    public static func check(bytes: [UInt8], name: String) -> Outcome {
        do {
            return .checked(problems(in: try IBDocument(bytes: bytes, name: name)))
        } catch {
            return outcome(of: error, bytes: bytes, name: name)
        }
    }

    /// What a failure to read a document as one means: a finding, or a file `check` cannot check.
    static func outcome(of error: XMLParseError, bytes: [UInt8], name: String) -> Outcome {
        switch error.kind {
        case .malformed, .dtd:
            return .checked([IntegrityProblem(kind: .malformed, file: name, line: error.location.line,
                                              column: error.location.column, message: error.message)])
        case .conflictMarkers:
            return .checked(CheckRule.conflictMarkerFindings(file: name, bytes: bytes))
        case .unsupportedFormat, .unsupportedEncoding, .tooLarge:
            return .unsupported(error)
        }
    }

    /// 1-based lines that start with a git conflict marker.
    public static func conflictMarkerLines(_ bytes: [UInt8]) -> [Int] {
        ConflictMarkers.find(in: bytes).map(\.line)
    }
}

/// Lines and columns of a graph's elements, for findings: built on the first look-up (most
/// documents checked have no finding).
struct NodeLocations {
    let graph: IBGraph
    private var index: LineIndex?
    /// For each 4 KiB block, the characters between its line's start and the block's start: a
    /// column costs at most a block's scan, also on a file written on one line.
    private var blockColumns: [Int] = []
    private static let block = 4096

    init(_ graph: IBGraph) { self.graph = graph }

    mutating func line(of n: Int) -> Int {
        if index == nil { index = graph.document.source.lineIndex() }
        return graph.line(of: n, using: index) ?? 0
    }

    /// 1-based, in characters, of the element's `<`.
    mutating func column(of n: Int) -> Int {
        guard let offset = graph.offset(of: n) else { return 1 }
        let bytes = graph.document.source.bytes
        if blockColumns.isEmpty {
            var characters = 0
            for i in bytes.indices {
                if i % Self.block == 0 { blockColumns.append(characters) }
                characters = bytes[i] == 0x0A ? 0 : characters + (bytes[i] & 0xC0 != 0x80 ? 1 : 0)
            }
        }
        let blockStart = offset - offset % Self.block
        var start = offset
        while start > blockStart && bytes[start - 1] != 0x0A { start -= 1 }
        let before = start == blockStart && offset < bytes.count ? blockColumns[offset / Self.block] : 0
        return 1 + before + bytes[start..<offset].reduce(0) { $1 & 0xC0 != 0x80 ? $0 + 1 : $0 }
    }
}

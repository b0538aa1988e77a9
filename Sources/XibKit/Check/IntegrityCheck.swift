/// What makes Xcode refuse a file or crash at run time, and what hand merges leave behind:
/// unparseable XML, conflict markers, duplicate object ids, references to missing objects.
public struct IntegrityProblem: Sendable, Equatable, CustomStringConvertible {
    public enum Kind: String, Sendable {
        case malformed
        case conflictMarkers = "conflict-markers"
        case duplicateID = "duplicate-id"
        case danglingReference = "dangling-reference"
    }

    public var kind: Kind
    public var file: String
    public var line: Int
    public var column: Int?
    /// The human path of the object concerned, when there is one.
    public var path: String?
    public var objectID: String?
    public var message: String

    public var description: String {
        var s = "\(file):\(line)"
        if let column { s += ":\(column)" }
        s += ": \(kind.rawValue): "
        if let path { s += "\(path): " }
        return s + message
    }
}

public enum IntegrityCheck {
    /// Problems in an already parsed document.
    public static func problems(in document: IBDocument) -> [IntegrityProblem] {
        problems(in: IBGraph(document))
    }

    public static func problems(in graph: IBGraph) -> [IntegrityProblem] {
        let file = graph.document.source.name
        // Line numbers only for problems found: most documents checked have none.
        var lineIndex: LineIndex?
        func line(of n: Int) -> Int {
            if lineIndex == nil { lineIndex = graph.document.source.lineIndex() }
            return graph.line(of: n, using: lineIndex) ?? 0
        }
        var out: [IntegrityProblem] = []
        for (id, nodes) in graph.duplicateIDs {
            for n in nodes.dropFirst() {
                let firstLine = line(of: nodes[0])
                out.append(IntegrityProblem(kind: .duplicateID, file: file, line: line(of: n),
                                            column: nil, path: graph.displayPath(n), objectID: id,
                                            message: "duplicate object id '\(id)' (also used at line \(firstLine) by \(graph.displayPath(nodes[0])))"))
            }
        }
        for r in graph.references where graph.objectIndex[r.target] == nil && !IBRules.toleratedDanglingReferences.contains(r.attribute) {
            let node = graph.nodes[r.node]
            let owner = graph.owningObject(r.node)
            let what: String
            switch (node.tag, r.attribute) {
            case ("outlet", _), ("outletCollection", _):
                what = "outlet '\(node.element[attribute: "property"] ?? "?")' points at a missing object '\(r.target)'"
            case ("action", _):
                what = "action '\(node.element[attribute: "selector"] ?? "?")' points at a missing object '\(r.target)'"
            case ("segue", _):
                what = "segue points at a missing object '\(r.target)'"
            case ("constraint", _):
                what = "constraint \(r.attribute) points at a missing object '\(r.target)'"
            default:
                what = "<\(node.tag)> \(r.attribute) points at a missing object '\(r.target)'"
            }
            out.append(IntegrityProblem(kind: .danglingReference, file: file, line: line(of: r.node),
                                        column: nil, path: graph.displayPath(owner), objectID: node.objectID, message: what))
        }
        // A lone `>>>>>>>` or `=======` line left by a half-resolved conflict is well-formed
        // XML (it is text), so the reader accepts it: it is still a broken file.
        for line in conflictMarkerLines(graph.document.source.bytes) {
            out.append(IntegrityProblem(kind: .conflictMarkers, file: file, line: line, column: 1,
                                        message: "git conflict marker; resolve the conflict first (e.g. `xibmerge resolve`)"))
        }
        out.sort { ($0.line, $0.kind.rawValue, $0.message) < ($1.line, $1.kind.rawValue, $1.message) }
        return out
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
            switch error.kind {
            case .malformed, .dtd:
                return .checked([IntegrityProblem(kind: .malformed, file: name, line: error.location.line,
                                                  column: error.location.column, message: error.message)])
            case .conflictMarkers:
                return .checked(conflictMarkerLines(bytes).map {
                    IntegrityProblem(kind: .conflictMarkers, file: name, line: $0, column: 1,
                                     message: "git conflict marker; resolve the conflict first (e.g. `xibmerge resolve`)")
                })
            case .unsupportedFormat, .unsupportedEncoding, .tooLarge:
                return .unsupported(error)
            }
        }
    }

    /// 1-based lines that start with a git conflict marker.
    public static func conflictMarkerLines(_ bytes: [UInt8]) -> [Int] {
        ConflictMarkers.find(in: bytes).map(\.line)
    }
}

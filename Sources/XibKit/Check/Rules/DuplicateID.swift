extension CheckRule {
    public static let duplicateID = CheckRule(
        id: "duplicate-id", severity: .error, category: .integrity,
        summary: "Two objects share one object id.",
        help: "Object ids must be unique in a document: Xcode refuses or silently corrupts the file, and .strings keys become ambiguous. Usually left by a hand merge that kept both sides of an addition; give one object a new id.",
        finds: "two objects with one id",
        finder: .document(duplicateIDs))

    private static func duplicateIDs(_ scan: inout DocumentScan) -> [IntegrityProblem] {
        let graph = scan.graph
        var out: [IntegrityProblem] = []
        for (id, nodes) in graph.duplicateIDs {
            for n in nodes.dropFirst() {
                let firstLine = scan.locations.line(of: nodes[0])
                out.append(IntegrityProblem(kind: .duplicateID, file: scan.file, line: scan.locations.line(of: n),
                                            column: scan.locations.column(of: n), path: graph.displayPath(n), objectID: id,
                                            message: "duplicate object id '\(id)' (also used at line \(firstLine) by \(graph.displayPath(nodes[0])))"))
            }
        }
        return out
    }
}

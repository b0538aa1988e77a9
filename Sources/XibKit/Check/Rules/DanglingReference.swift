extension CheckRule {
    public static let danglingReference = CheckRule(
        id: "dangling-reference", severity: .error, category: .integrity,
        summary: "A reference points at an object id that does not exist.",
        help: "An outlet, action, segue, constraint item or other reference names an id no object has: the app crashes or the connection is lost at run time. Usually the object was deleted on one branch and referenced on the other.",
        finds: "an outlet, action, segue, constraint item, `initialViewController`, … naming an id no object has",
        finder: .document(danglingReferences))

    private static func danglingReferences(_ scan: inout DocumentScan) -> [IntegrityProblem] {
        let graph = scan.graph
        var out: [IntegrityProblem] = []
        for r in graph.references where graph.objectIndex[r.target] == nil && !IBRules.toleratedDanglingReferences.contains(r.attribute)
            && !scan.ignoringMissing.contains(r.target) {
            let node = graph.nodes[r.node]
            let owner = graph.owningObject(r.node)
            let what: String
            let entry = IBRules.referringElement(node.tag)
            switch entry?.kind {
            case let kind? where kind == .outlet || kind == .action:
                let name = entry?.nameAttribute.flatMap { node.element[attribute: $0] } ?? "?"
                what = "\(kind.rawValue) '\(name)' points at a missing object '\(r.target)'"
            case .segue?:
                what = "segue points at a missing object '\(r.target)'"
            case .constraint?:
                what = "constraint \(r.attribute) points at a missing object '\(r.target)'"
            default:
                what = "<\(node.tag)> \(r.attribute) points at a missing object '\(r.target)'"
            }
            out.append(IntegrityProblem(kind: .danglingReference, file: scan.file, line: scan.locations.line(of: r.node),
                                        column: scan.locations.column(of: r.node), path: graph.displayPath(owner),
                                        objectID: node.objectID, message: what))
        }
        return out
    }
}

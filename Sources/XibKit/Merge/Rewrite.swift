/// A version with some elements' attributes replaced before the merge (ids unified or renamed,
/// constraints converted to the safe area), read again so that the merge sees ordinary parsed
/// elements, with its graph.
enum Rewrite {
    /// Nodes of a version, each with the attributes it gets.
    typealias Edits = [(node: Int, attributes: [XMLAttribute])]

    /// Base, as a side's rewrite is read with: its elements, taken where the rewritten bytes
    /// are the same, and its graph, whose nodes the side's new graph copies there.
    struct ReadWith {
        let graph: IBGraph
        let elements: BaseElements

        init(_ base: IBGraph) {
            graph = base
            elements = BaseElements(base.document)
        }
    }

    /// `g` with the attributes of each edited node replaced. `readWith`: base, for a side: the
    /// rewritten bytes are read as the side's own were (`UnchangedElements`), so only the
    /// elements that differ from base are read again, and the graph copies base's nodes for
    /// the rest, as the side's first graph did; read and built whole, a rewrite cost as much as
    /// the rest of an ordinary merge. Base itself is read whole, as a merge always reads it.
    static func graph(_ g: IBGraph, setting edits: Edits, readWith base: ReadWith?) -> IBGraph {
        var doc = g.document
        for (n, attributes) in edits {
            TreeEdit.modify(&doc.root, at: g.treePath(of: n)[...]) { $0.attributes = attributes }
        }
        let bytes = XMLWriter.write(doc)
        let unchanged = base.map { UnchangedElements(base: $0.elements, runs: LineDiff.sharedRuns(base: $0.elements.source.bytes, other: bytes)) }
        guard let read = try? XMLReader.read(XMLSource(name: g.document.source.name, bytes: bytes), unchanged: unchanged) else {
            return IBGraph(xml: doc)
        }
        return IBGraph(xml: read.document, sharingKeysWith: base?.graph, copying: read.taken)
    }
}

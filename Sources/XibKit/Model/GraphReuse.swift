/// A graph indexed so that the graph of another version of the file, or of the merge result,
/// can take whole subtrees from it (`IBGraph(xml:reusing:)`): most of ours' and theirs'
/// elements are base's own (`UnchangedElements`), and so are most of the merged document's.
public final class GraphReuse: Sendable {
    let graph: IBGraph
    /// The bytes the graph's elements were read from: an element of another tree is one of
    /// this graph's when it is still pristine from these bytes, at one of these offsets.
    private let source: XMLSource
    /// Each node's start offset, increasing (nodes are in document order).
    private let starts: [Int]
    /// One past each node's last descendant: a subtree is a run of nodes.
    let ends: [Int]
    /// For each node (and one past the last), the index of its first reference in
    /// `graph.references`, which are in node order.
    let firstReference: [Int]

    /// Nil when the graph cannot be reused: some key was made unique (its subtree's keys
    /// would not be those a walk of another version finds), or some element is not pristine
    /// from the document's own bytes (a graph of a merged or edited tree).
    public init?(_ g: IBGraph) {
        guard !g.hasDuplicateKeys else { return nil }
        let source = g.document.source
        var starts: [Int] = []
        starts.reserveCapacity(g.nodes.count)
        for node in g.nodes {
            guard let o = node.element.origin, o.isPristine, o.source === source,
                  starts.last.map({ $0 < o.span.lowerBound }) ?? true else { return nil }
            starts.append(o.span.lowerBound)
        }
        var ends = [Int](repeating: 0, count: g.nodes.count)
        for i in g.nodes.indices.reversed() {
            ends[i] = g.nodes[i].children.last.map { ends[$0] } ?? i + 1
        }
        var firstReference = [Int](repeating: g.references.count, count: g.nodes.count + 1)
        var k = g.references.count
        for i in g.nodes.indices.reversed() {
            while k > 0 && g.references[k - 1].node >= i { k -= 1 }
            firstReference[i] = k
        }
        self.graph = g
        self.source = source
        self.starts = starts
        self.ends = ends
        self.firstReference = firstReference
    }

    /// The node whose element `e` is: `e` is pristine from this graph's bytes and starts where
    /// the node's element starts, so it is that element, unchanged, subtree and all.
    func node(for e: XMLElement) -> Int? {
        guard let o = e.origin, o.source === source, o.isPristine else { return nil }
        let start = o.span.lowerBound
        var lo = 0, hi = starts.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if starts[mid] < start { lo = mid + 1 } else { hi = mid }
        }
        guard lo < starts.count, starts[lo] == start,
              graph.nodes[lo].element.origin?.span.count == o.span.count else { return nil }
        return lo
    }
}

import XibKit

/// A storyboard's flow graph (scenes and segues of both versions) as SVG for HTML and as a
/// Mermaid flowchart for Markdown (GitHub draws it in comments). Added scenes and segues are
/// green, removed ones red and dashed, changed scenes amber; the initial scene has an arrow in.
public enum FlowGraphRenderer {
    /// Large storyboards show only what changed and its neighbours.
    static let focusLimit = 40

    /// The scenes and segues to draw: all, or past `focusLimit` scenes, the changed ones and
    /// the scenes at their ends.
    static func focused(_ flow: FlowDiff) -> (nodes: [(node: FlowGraph.Node, status: FlowDiff.Status)], edges: [(edge: FlowGraph.Edge, status: FlowDiff.Status)], omitted: Int) {
        guard flow.nodes.count > focusLimit else { return (flow.nodes, flow.edges, 0) }
        var keep = Set(flow.nodes.filter { $0.status != .unchanged || $0.node.isInitial }.map(\.node.id))
        for e in flow.edges where e.status != .unchanged { keep.insert(e.edge.from); keep.insert(e.edge.to) }
        let nodes = flow.nodes.filter { keep.contains($0.node.id) }
        let edges = flow.edges.filter { keep.contains($0.edge.from) && keep.contains($0.edge.to) }
        return (nodes, edges, flow.nodes.count - nodes.count)
    }

    /// Columns by distance from the initial scene (then from scenes nothing leads to), rows in
    /// order of discovery. O(scenes + segues).
    static func layers(_ nodes: [FlowGraph.Node], _ edges: [FlowGraph.Edge]) -> [String: (column: Int, row: Int)] {
        var out: [String: (column: Int, row: Int)] = [:]
        var next: [String: [String]] = [:], incoming = Set<String>()
        for e in edges where e.from != e.to {
            next[e.from, default: []].append(e.to)
            incoming.insert(e.to)
        }
        let roots = nodes.filter(\.isInitial) + nodes.filter { !$0.isInitial && !incoming.contains($0.id) } + nodes
        var rows: [Int] = []
        for root in roots where out[root.id] == nil {
            var queue = [(root.id, 0)], head = 0
            out[root.id] = (0, 0)
            while head < queue.count {
                let (id, column) = queue[head]
                head += 1
                if rows.count <= column { rows.append(0) }
                out[id] = (column, rows[column])
                rows[column] += 1
                for t in next[id] ?? [] where out[t] == nil {
                    out[t] = (column + 1, 0)
                    queue.append((t, column + 1))
                }
            }
        }
        return out
    }

    static let nodeWidth = 190.0, nodeHeight = 40.0, gapX = 130.0, gapY = 22.0

    public static func svg(_ flow: FlowDiff) -> String {
        let (nodes, edges, omitted) = focused(flow)
        let place = layers(nodes.map(\.node), edges.map(\.edge))
        func origin(_ id: String) -> (x: Double, y: Double)? {
            place[id].map { (24 + Double($0.column) * (nodeWidth + gapX), 8 + Double($0.row) * (nodeHeight + gapY)) }
        }
        let width = 24 + Double((place.values.map(\.column).max() ?? 0) + 1) * (nodeWidth + gapX)
        let height = 16 + Double((place.values.map(\.row).max() ?? 0) + 1) * (nodeHeight + gapY)
        let n = WireframeSVG.n
        var out = "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"flow\" viewBox=\"0 0 \(n(width)) \(n(height))\" width=\"\(n(width))\" height=\"\(n(height))\" role=\"img\" aria-label=\"storyboard flow\">"
        out += "<defs><marker id=\"arrow\" viewBox=\"0 0 10 10\" refX=\"9\" refY=\"5\" markerWidth=\"7\" markerHeight=\"7\" orient=\"auto-start-reverse\"><path d=\"M0 0L10 5L0 10z\" class=\"head\"/></marker></defs>"
        for (e, status) in edges {
            guard let a = origin(e.from), let b = origin(e.to) else { continue }
            let (x1, y1) = (a.x + nodeWidth, a.y + nodeHeight / 2), (x2, y2) = (b.x, b.y + nodeHeight / 2)
            let bend = max(40, abs(x2 - x1) / 2)
            let cls = "edge e-\(status.rawValue)" + (e.kind == "relationship" || e.kind == "embed" ? " rel" : "")
            out += "<g class=\"\(cls)\" data-id=\"\(WireframeSVG.xml(e.id))\"><title>\(WireframeSVG.xml("segue \(e.kind) \(e.label) (\(e.id)): \(status.rawValue)"))</title>"
            out += "<path d=\"M\(n(x1)) \(n(y1))C\(n(x1 + bend)) \(n(y1)) \(n(x2 - bend)) \(n(y2)) \(n(x2)) \(n(y2))\" marker-end=\"url(#arrow)\"/>"
            out += "<text x=\"\(n((x1 + x2) / 2))\" y=\"\(n((y1 + y2) / 2 - 4))\" text-anchor=\"middle\">\(WireframeSVG.xml(String(e.label.prefix(24))))</text></g>"
        }
        for (node, status) in nodes {
            guard let o = origin(node.id) else { continue }
            out += "<g class=\"node n-\(status.rawValue)\(node.isInitial ? " initial" : "")\" data-id=\"\(WireframeSVG.xml(node.id))\"><title>\(WireframeSVG.xml("\(node.title) (\(node.id)): \(status.rawValue)"))</title>"
            out += "<rect x=\"\(n(o.x))\" y=\"\(n(o.y))\" width=\"\(n(nodeWidth))\" height=\"\(n(nodeHeight))\" rx=\"8\"/>"
            if node.isInitial { out += "<path class=\"start\" d=\"M\(n(o.x - 20)) \(n(o.y + nodeHeight / 2))L\(n(o.x - 2)) \(n(o.y + nodeHeight / 2))\" marker-end=\"url(#arrow)\"/>" }
            let label = node.storyboardName.map { "→ \($0).storyboard" } ?? node.title
            out += WireframeSVGContent.text(label, in: Wireframe.Rect(x: o.x + 4, y: o.y, width: nodeWidth - 8, height: nodeHeight), size: 12, anchor: .middle, cls: "label", maxLines: 2)
            out += "</g>"
        }
        if omitted > 0 {
            out += "<text class=\"omitted\" x=\"24\" y=\"\(n(height - 2))\">\(omitted) unchanged scenes not shown</text>"
        }
        return out + "</svg>"
    }

    public static let stylesheet = """
    svg.flow{font-family:-apple-system,"Helvetica Neue",Helvetica,Arial,sans-serif;max-width:100%;height:auto}
    .flow .node rect{fill:#f6f8fa;stroke:#8c959f;stroke-width:1.2}
    .flow .n-added rect{fill:#dafbe1;stroke:#1a7f37;stroke-width:2.5}.flow .n-removed rect{fill:#ffebe9;stroke:#cf222e;stroke-width:2.5;stroke-dasharray:6 4}
    .flow .n-modified rect{fill:#fff8c5;stroke:#bf8700;stroke-width:2.5}
    .flow .label{fill:#1f2328;font-size:12px}.flow .edge text{font-size:10px;fill:#59636e}
    .flow .edge path{fill:none;stroke:#57606a;stroke-width:1.4}.flow .rel path{stroke-dasharray:2 3}
    .flow .e-added path{stroke:#1a7f37;stroke-width:2.5}.flow .e-removed path{stroke:#cf222e;stroke-width:2.5;stroke-dasharray:6 4}
    .flow .e-modified path{stroke:#bf8700;stroke-width:2.5}.flow .head{fill:#57606a}.flow .start{stroke:#0969da;stroke-width:2}
    .flow .omitted{font-size:11px;fill:#59636e}
    """

    /// A Mermaid flowchart: scene nodes `n0`, `n1`... (scene ids are not valid Mermaid ids),
    /// segues as arrows with their label, classes for added, removed and changed.
    public static func mermaid(_ flow: FlowDiff) -> String {
        let (nodes, edges, omitted) = focused(flow)
        var index: [String: String] = [:]
        var out = "```mermaid\nflowchart LR\n"
        for (i, (node, _)) in nodes.enumerated() {
            index[node.id] = "n\(i)"
            let label = node.storyboardName.map { "→ \($0).storyboard" } ?? node.title
            out += "  n\(i)[\"\(mermaidText(label))\"]\n"
        }
        if let initial = nodes.first(where: { $0.node.isInitial }), let id = index[initial.node.id] {
            out += "  start((start)) --> \(id)\n"
        }
        var linkStyles: [String] = []
        var link = nodes.contains(where: { $0.node.isInitial }) ? 1 : 0
        for (e, status) in edges {
            guard let a = index[e.from], let b = index[e.to] else { continue }
            let arrow = status == .removed || e.kind == "relationship" ? "-.->" : "-->"
            out += "  \(a) \(arrow)|\"\(mermaidText(e.label))\"| \(b)\n"
            switch status {
            case .added: linkStyles.append("  linkStyle \(link) stroke:#1a7f37,stroke-width:3px")
            case .removed: linkStyles.append("  linkStyle \(link) stroke:#cf222e,stroke-width:3px")
            case .modified: linkStyles.append("  linkStyle \(link) stroke:#bf8700,stroke-width:3px")
            case .unchanged: break
            }
            link += 1
        }
        out += "  classDef added fill:#dafbe1,stroke:#1a7f37,stroke-width:3px\n"
        out += "  classDef removed fill:#ffebe9,stroke:#cf222e,stroke-width:3px,stroke-dasharray:5 5\n"
        out += "  classDef modified fill:#fff8c5,stroke:#bf8700,stroke-width:3px\n"
        for status in [FlowDiff.Status.added, .removed, .modified] {
            let ids = nodes.filter { $0.status == status }.compactMap { index[$0.node.id] }
            if !ids.isEmpty { out += "  class \(ids.joined(separator: ",")) \(status.rawValue)\n" }
        }
        out += linkStyles.map { $0 + "\n" }.joined()
        out += "```\n"
        if omitted > 0 { out += "_\(omitted) unchanged scenes not shown._\n" }
        return out
    }

    /// Text inside a quoted Mermaid label: quotes and markup as entity codes.
    static func mermaidText(_ s: String) -> String {
        var out = ""
        for ch in s {
            switch ch {
            case "\"": out += "#quot;"
            case "<": out += "#lt;"
            case ">": out += "#gt;"
            case "#": out += "#35;"
            case "\n", "\r": out += " "
            case "`": out += "#96;"
            default: out.append(ch)
            }
        }
        return out
    }
}

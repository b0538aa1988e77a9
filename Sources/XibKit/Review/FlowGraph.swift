/// A storyboard's flow: its scenes as nodes, its segues as edges between the scenes of their
/// source and destination, the initial scene marked. Names are the diff's (`IBGraph.displayName`
/// of the scene).
public struct FlowGraph: Sendable {
    public struct Node: Sendable, Equatable {
        /// The scene id.
        public var id: String
        public var title: String
        public var isInitial: Bool
        /// Another storyboard, for a storyboard reference (`viewControllerPlaceholder`).
        public var storyboardName: String?
    }

    public struct Edge: Sendable, Equatable {
        /// The segue id.
        public var id: String
        /// Scene ids.
        public var from: String
        public var to: String
        /// `show`, `presentation`, `relationship`, `embed`, `unwind`...
        public var kind: String
        public var identifier: String?
        /// A relationship segue's relationship (`rootViewController`, `viewControllers`).
        public var relationship: String?

        public var label: String { identifier ?? relationship ?? kind }
    }

    public var nodes: [Node]
    public var edges: [Edge]

    public init(nodes: [Node], edges: [Edge]) {
        self.nodes = nodes
        self.edges = edges
    }

    public init(_ graph: IBGraph) {
        let initial = graph.nodes[0].element[attribute: IBRules.initialViewControllerAttribute]
        var nodes: [Node] = []
        var edges: [Edge] = []
        for scene in graph.nodes.indices where graph.nodes[scene].tag == IBRules.sceneTag {
            guard let id = graph.nodes[scene].element[attribute: IBRules.sceneIDAttribute] else { continue }
            let objects = graph.children(of: scene).filter { graph.nodes[$0].tag == IBRules.objectsContainer }.flatMap { graph.children(of: $0) }
            let isInitial = objects.contains { initial != nil && graph.nodes[$0].objectID == initial }
            let reference = objects.lazy.compactMap { graph.nodes[$0].element[attribute: IBRules.storyboardReferenceAttribute] }.first
            nodes.append(Node(id: id, title: graph.displayName(scene), isInitial: isInitial, storyboardName: reference))
            for n in scene..<graph.subtreeEnd(of: scene) where graph.nodes[n].tag == IBRules.segueTag {
                let e = graph.nodes[n].element
                // A `<segue reference>` (inferred metrics) is not a segue of its own.
                guard let segueID = graph.nodes[n].objectID, e[attribute: IBRules.segueReference] == nil,
                      let destination = e[attribute: IBRules.segueDestination], let target = graph.node(forObjectID: destination),
                      let toScene = graph.scene(of: target), let to = graph.nodes[toScene].element[attribute: IBRules.sceneIDAttribute] else { continue }
                edges.append(Edge(id: segueID, from: id, to: to, kind: e[attribute: IBRules.segueKind] ?? IBRules.segueTag,
                                  identifier: IBRules.referringElement(IBRules.segueTag)?.nameAttribute.flatMap { e[attribute: $0] }.flatMap { $0.isEmpty ? nil : $0 },
                                  relationship: e[attribute: IBRules.segueRelationship]))
            }
        }
        self.init(nodes: nodes, edges: edges)
    }
}

/// Two versions of a flow graph in one: every scene and segue of either, with what happened to it.
public struct FlowDiff: Sendable {
    public enum Status: String, Sendable { case unchanged, added, removed, modified }

    public var nodes: [(node: FlowGraph.Node, status: Status)]
    public var edges: [(edge: FlowGraph.Edge, status: Status)]

    /// `changedScenes`: scenes the diff lists changes in (shown as modified).
    public init(old: FlowGraph?, new: FlowGraph?, changedScenes: Set<String> = []) {
        let oldNodes = old?.nodes ?? [], newNodes = new?.nodes ?? []
        let oldByID = Dictionary(oldNodes.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        let newIDs = Set(newNodes.map(\.id))
        var nodes: [(node: FlowGraph.Node, status: Status)] = newNodes.map { n in
            guard let o = oldByID[n.id] else { return (n, .added) }
            return (n, o != n || changedScenes.contains(n.id) ? .modified : .unchanged)
        }
        // Removed scenes where they stood: after the scene that preceded them in the old version.
        for (i, o) in oldNodes.enumerated() where !newIDs.contains(o.id) {
            let before = oldNodes[..<i].last { newIDs.contains($0.id) }?.id
            let at = before.flatMap { b in nodes.firstIndex { $0.node.id == b } }.map { $0 + 1 } ?? 0
            nodes.insert((o, .removed), at: min(at, nodes.count))
        }
        self.nodes = nodes
        let oldEdges = Dictionary((old?.edges ?? []).map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        let newEdgeIDs = Set((new?.edges ?? []).map(\.id))
        edges = (new?.edges ?? []).map { e in
            guard let o = oldEdges[e.id] else { return (e, .added) }
            return (e, o == e ? .unchanged : .modified)
        }
        edges += (old?.edges ?? []).filter { !newEdgeIDs.contains($0.id) }.map { ($0, .removed) }
    }

    public var hasChanges: Bool {
        nodes.contains { $0.status != .unchanged } || edges.contains { $0.status != .unchanged }
    }
}

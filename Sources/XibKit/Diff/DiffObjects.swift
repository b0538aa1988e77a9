/// Which elements of a document a person sees as objects, and how each reads.
///
/// Objects ("entities") are the elements with an object id, the scenes, the document itself,
/// and the items of the document's own sets (`<resources>`, `<dependencies>`). Every other
/// element is either a container of objects (`<subviews>`, `<connections>`: it contains an
/// object) or a value of the nearest object above it (`<rect key="frame">`,
/// `<state key="normal">`): values are shown as attributes of that object.
final class DiffObjects {
    let graph: IBGraph
    /// Per graph node.
    let isEntity: [Bool]
    let containsEntity: [Bool]
    /// The nearest entity strictly above each node (-1 for the root).
    let parentEntity: NodeNumbers
    /// One past the last node of each node's subtree (nodes are in pre-order).
    let subtreeEnd: NodeNumbers
    /// The nearest scene at or above each node (-1: none), and the highest entity at or above
    /// it below the document (0: none): what `groupRoot` looks for, found once per node.
    private let sceneAbove: NodeNumbers
    private let topEntity: NodeNumbers
    /// Names and paths computed so far, by node (a few of the nodes: an array of them would
    /// cost 32 bytes a node).
    private var names: [Int: String] = [:]
    private var paths: [Int: String] = [:]
    /// Where a node's element (the node's number given) is in the document's bytes, for a
    /// document read with another version's elements (`UnchangedElements`), whose origins
    /// are that version's.
    private let takenOffset: (@Sendable (XMLElement, Int) -> Int?)?

    init(_ graph: IBGraph, takenOffset: (@Sendable (XMLElement, Int) -> Int?)? = nil) {
        self.graph = graph
        self.takenOffset = takenOffset
        let nodes = graph.nodes
        let n = nodes.count
        // Built in locals, stored once: each access to a class's stored array is a run-time
        // exclusivity check (a visible cost at 11,000 accesses).
        var isEntity = [Bool](repeating: false, count: n)
        var containsEntity = [Bool](repeating: false, count: n)
        var parentEntity = NodeNumbers(repeating: -1, count: n)
        var subtreeEnd = NodeNumbers(repeating: 0, count: n)
        var sceneAbove = NodeNumbers(repeating: -1, count: n)
        var topEntity = NodeNumbers(repeating: 0, count: n)
        // Nodes are in pre-order: a parent's index is below its children's.
        for i in 0..<n {
            let p = nodes[i].parent
            if p < 0 {
                isEntity[i] = true
                continue
            }
            parentEntity[i] = isEntity[p] ? p : parentEntity[p]
            let isScene = nodes[i].tag == IBRules.sceneTag
            if nodes[i].isObject || isScene {
                isEntity[i] = true
            } else if nodes[p].parent == 0, IBRules.isSet(nodes[p].tag) {
                isEntity[i] = true  // <resources>/<image name=...>, <dependencies>/<capability ...>
            }
            sceneAbove[i] = isScene ? i : sceneAbove[p]
            topEntity[i] = topEntity[p] > 0 ? topEntity[p] : (isEntity[i] ? i : 0)
        }
        for i in stride(from: n - 1, through: 0, by: -1) {
            subtreeEnd[i] = graph.children(of: i).last.map { subtreeEnd[$0] } ?? i + 1
            if i > 0, isEntity[i] || containsEntity[i] { containsEntity[nodes[i].parent] = true }
        }
        self.isEntity = isEntity
        self.containsEntity = containsEntity
        self.parentEntity = parentEntity
        self.subtreeEnd = subtreeEnd
        self.sceneAbove = sceneAbove
        self.topEntity = topEntity
    }

    var entities: [Int] { graph.nodes.indices.filter { isEntity[$0] } }

    /// Byte offset of node `i`'s `<` in the document's bytes (nil if unknown).
    func offset(of i: Int) -> Int? {
        graph.offset(of: i) ?? takenOffset?(graph.nodes[i].element, i)
    }

    /// Entity children of an entity, including those inside its containers, in document order.
    func entityChildren(of e: Int) -> [Int] {
        var out: [Int] = []
        func walk(_ i: Int) {
            for c in graph.children(of: i) {
                if isEntity[c] { out.append(c) } else if containsEntity[c] { walk(c) }
            }
        }
        walk(e)
        return out
    }

    // MARK: - Names

    /// How an object reads on its own: a constraint as its equation, a connection as what it
    /// connects, anything else by its display name (`Button "Log in"`, `Image "logo"`).
    func summary(_ i: Int) -> String {
        let e = graph.nodes[i].element  // (not the whole node: copying one retains all of it)
        guard let r = IBRules.referringElement(e.name), let kind = r.kind else { return displayName(i) }
        let name = r.nameAttribute.flatMap { e[attribute: $0] } ?? "?"
        let target = e.firstAttribute(of: r.targetAttributes)
        switch kind {
        case .constraint:
            return r.noun + " " + ConstraintEquation.format(e) { id in
                guard let id else { return holderName(i) }
                return self.name(ofID: id)
            }
        case .outlet:
            return "\(r.noun) \(name) → \(self.name(ofID: target))"
        case .action:
            var s = "\(r.noun) \(name) ← \(holderName(i))"
            if let event = r.detailAttribute.flatMap({ e[attribute: $0] }) { s += " (\(event))" }
            if let target, !isOwner(target, of: i) {
                s += " → " + self.name(ofID: target)
            }
            return s
        case .segue:
            guard e[attribute: IBRules.segueReference] == nil else { return displayName(i) }
            var s = r.noun + " " + (e[attribute: IBRules.segueKind] ?? "")
            if let relationship = e[attribute: IBRules.segueRelationship] { s += " " + relationship }
            if let id = r.nameAttribute.flatMap({ e[attribute: $0] }) { s += " \"\(id)\"" }
            return s + " → " + sceneName(ofID: target)
        }
    }

    /// The name of the object with this id, for references (`Label "Title"`, `Safe Area`).
    func name(ofID id: String?) -> String {
        guard let id else { return "?" }
        guard let n = graph.node(forObjectID: id) else { return id }
        return graph.nodes[n].tag == IBRules.constraintTag ? summary(n) : displayName(n)
    }

    /// A segue's destination: the scene of the view controller it points at.
    func sceneName(ofID id: String?) -> String {
        guard let id, let n = graph.node(forObjectID: id) else { return id ?? "?" }
        if let s = graph.scene(of: n), graph.sceneMainObject(s) == n { return displayName(s) }
        return displayName(n)
    }

    /// The view that holds a constraint, or the object whose connection this is.
    func holderName(_ i: Int) -> String {
        let h = parentEntity[i]
        return h >= 0 ? displayName(h) : "?"
    }

    /// Whether `id` is the natural target of an action: the scene's view controller or File's Owner.
    private func isOwner(_ id: String, of i: Int) -> Bool {
        guard let t = graph.node(forObjectID: id) else { return false }
        let target = graph.nodes[t].element
        if target[attribute: IBRules.placeholderIdentifierAttribute] == IBRules.filesOwner.identifier
            || target[attribute: IBRules.userLabelAttribute] == IBRules.filesOwner.label { return true }
        if let s = graph.scene(of: i), graph.sceneMainObject(s) == t { return true }
        return false
    }

    /// The human path of an entity: its ancestors' path (as `IBGraph.displayPath` names them),
    /// then its summary.
    func path(_ i: Int) -> String { path(i, summary: summary(i)) }

    /// `path(i)` for a caller that already has the summary (a constraint's takes some work).
    func path(_ i: Int, summary: String) -> String {
        let above = ancestorPath(i)
        return above.isEmpty ? summary : DiffObjects.join(above, summary)
    }

    /// `IBGraph.displayPath` without the node's own name (memoised: paths share their prefixes).
    func ancestorPath(_ i: Int) -> String {
        let p = graph.nodes[i].parent
        return p > 0 ? pathThrough(p) : ""
    }

    /// The path of the ancestors up to and including `n`, as they appear above a descendant:
    /// scenes and objects by name, except a scene's own view controller.
    private func pathThrough(_ n: Int) -> String {
        if let known = paths[n] { return known }
        let node = graph.nodes[n]
        let above = node.parent > 0 ? pathThrough(node.parent) : ""
        var own: String? = nil
        if node.tag == IBRules.sceneTag {
            own = displayName(n)
        } else if node.isObject, !(graph.nodes[node.parent].tag == IBRules.objectsContainer && isSceneMainObject(n)) {
            own = displayName(n)
        }
        let path = own.map { above.isEmpty ? $0 : DiffObjects.join(above, $0) } ?? above
        paths[n] = path
        return path
    }

    /// `a > b` in one allocation (`a + " > " + b` made two).
    private static func join(_ a: String, _ b: String) -> String {
        var s = ""
        s.reserveCapacity(a.utf8.count + 3 + b.utf8.count)
        s += a
        s += " > "
        s += b
        return s
    }

    private func isSceneMainObject(_ n: Int) -> Bool {
        graph.scene(of: n).flatMap(graph.sceneMainObject) == n
    }

    /// `IBGraph.displayName`, memoised.
    func displayName(_ i: Int) -> String {
        if let known = names[i] { return known }
        let name = graph.displayName(i)
        names[i] = name
        return name
    }

    /// The id shown for an entity: its object id, or a scene's id.
    func shownID(_ i: Int) -> String? { graph.shownID(i) }

    // MARK: - Groups

    /// The entity a change is grouped under: its scene, its top-level object (xibs), the
    /// resources, or the document (document attributes, dependencies).
    func groupRoot(_ i: Int) -> Int {
        if sceneAbove[i] >= 0 { return sceneAbove[i] }
        let top = topEntity[i] > 0 ? topEntity[i] : i
        let parent = graph.nodes[top].parent
        if top > 0, parent > 0, graph.nodes[parent].tag == IBRules.objectsContainer { return top }
        return top == 0 ? 0 : (parent > 0 && graph.nodes[parent].tag == IBRules.resourcesContainer ? parent : 0)
    }

    func groupKind(_ root: Int) -> ChangeGroup.Kind {
        switch graph.nodes[root].tag {
        case IBRules.sceneTag: return .scene
        case IBRules.resourcesContainer: return .resources
        case IBRules.documentRoot: return .document
        default: return .object
        }
    }

    func groupTitle(_ root: Int) -> String {
        switch graph.nodes[root].tag {
        case IBRules.resourcesContainer: return "Resources"
        case IBRules.documentRoot: return "Document"
        default: return displayName(root)
        }
    }

    /// The path of an entity's parent within its group (empty directly under the group).
    func location(_ i: Int, groupTitle: String) -> String {
        // An action's line already names the control it comes from: place it where the control is.
        let above = ancestorPath(IBRules.referringElement(graph.nodes[i].tag)?.kind == .action && parentEntity[i] > 0 ? parentEntity[i] : i)
        if above == groupTitle { return "" }
        if above.hasPrefix(groupTitle + " > ") { return String(decoding: above.utf8.dropFirst(groupTitle.utf8.count + 3), as: UTF8.self) }
        return above
    }

    // MARK: - Categories

    /// What sort of object an entity is, for summaries ("2 views added, 1 outlet removed").
    func category(_ i: Int) -> String {
        let p = graph.nodes[i].parent
        return DiffCategory.of(tag: graph.nodes[i].tag, container: p >= 0 ? graph.nodes[p].tag : "")
    }
}

/// A number per graph node (a node, a depth), in 32 bits: node numbers are far below 2^31
/// (`XMLLimits.maximumElements`), and a diff holds several such tables for each version.
struct NodeNumbers {
    private var storage: [Int32]

    init(repeating value: Int, count: Int) { storage = [Int32](repeating: Int32(value), count: count) }

    subscript(i: Int) -> Int {
        get { Int(storage[i]) }
        set { storage[i] = Int32(newValue) }
    }
}

/// Which controllers of a storyboard Xcode draws with a navigation bar or a tab bar: those a
/// navigation controller shows (its root, unless it hides its bar, and what is pushed from
/// them), and those a tab bar controller holds (directly or through a navigation controller).
/// Xcode infers a controller's bars from these relationships; a bare `<navigationItem>` does
/// not make a bar.
struct ControllerStacks: Sendable {
    /// Object ids of controllers under a shown navigation bar, and of those in a tab bar controller.
    var navigated: Set<String> = []
    var tabbed: Set<String> = []
    /// Controllers pushed onto a shown navigation bar (not its root), each with the controller
    /// it was pushed from: their bar has a back button.
    var pushedFrom: [String: String] = [:]

    init(_ graph: IBGraph) {
        var edges: [(source: String, destination: String, kind: String, relationship: String?)] = []
        var tags: [String: String] = [:]
        var barHidden: Set<String> = []
        // Tags first (a string compare): most nodes are neither controllers nor segues.
        for i in graph.nodes.indices {
            let tag = graph.nodes[i].tag
            if IBRules.navigationControllers.contains(tag) || IBRules.tabBarControllers.contains(tag), let id = graph.nodes[i].objectID {
                tags[id] = tag
                if graph.nodes[i].element[attribute: IBRules.navigationBarHiddenAttribute] == IBRules.yes { barHidden.insert(id) }
            }
            guard tag == IBRules.segueTag, let d = graph.nodes[i].element[attribute: IBRules.segueDestination], let source = controller(of: i, graph) else { continue }
            let e = graph.nodes[i].element
            edges.append((source, d, e[attribute: IBRules.segueKind] ?? "", e[attribute: IBRules.segueRelationship]))
        }
        var navigationOf: [String: String] = [:]  // root controller → its navigation controller
        for e in edges where e.kind == IBRules.relationshipSegueKind {
            guard let tag = tags[e.source] else { continue }
            if IBRules.navigationControllers.contains(tag), e.relationship == IBRules.navigationRootRelationship {
                navigationOf[e.destination] = e.source
                if !barHidden.contains(e.source) { navigated.insert(e.destination) }
            } else if IBRules.tabBarControllers.contains(tag), e.relationship == IBRules.tabBarChildRelationship {
                tabbed.insert(e.destination)
            }
        }
        for (root, nav) in navigationOf where tabbed.contains(nav) { tabbed.insert(root) }
        // What is pushed from a controller is in its stack, with its bars.
        var changed = true
        while changed {
            changed = false
            for e in edges where IBRules.pushSegueKinds.contains(e.kind) {
                if navigated.contains(e.source), navigated.insert(e.destination).inserted {
                    changed = true
                    if navigationOf[e.destination] == nil { pushedFrom[e.destination] = e.source }
                }
                if tabbed.contains(e.source), tabbed.insert(e.destination).inserted { changed = true }
            }
        }
    }

    /// The controller a segue leaves from: the scene's controller, or the nearest object holding it.
    private func controller(of segue: Int, _ graph: IBGraph) -> String? {
        var n = graph.nodes[segue].parent
        while n > 0 {
            if graph.nodes[n].element[attribute: IBRules.sceneMemberIDAttribute] == IBRules.sceneControllerMemberID, let id = graph.nodes[n].objectID { return id }
            n = graph.nodes[n].parent
        }
        return nil
    }
}

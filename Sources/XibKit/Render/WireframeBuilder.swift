/// Builds a `Wireframe` from the object graph. What is a view, where it sits, what it shows and
/// which coordinate system it uses come from `IBRules` (the drawing section); names and paths
/// from `IBGraph`, as the diff names objects.
///
/// Coordinates: each frame is in its superview's coordinates. On iOS, tvOS and watchOS, and in
/// the macOS views listed as flipped, y counts from the top; in other macOS views from the
/// bottom. A macOS window's content view fills its `contentRect`, below a drawn title bar.
public enum WireframeBuilder {
    /// The most elements one picture draws: ten times the elements of the corpus's largest file
    /// (9,983), and about twenty times its largest drawing (544 shapes). A file of 100,000 top-level
    /// views would make a 104 MB SVG, a picture nobody can look at; the canvases past the
    /// budget are counted instead (`Wireframe.omitted`), to be drawn by naming them (`only`).
    public static let elementBudget = 100_000

    /// Every scene (storyboards) or top-level view or window (xibs), built in parallel, in
    /// document order until `budget` elements (nil: all, for canvases a person named).
    /// `only`: scene ids, object ids or titles (`Login Scene` or `Login`) to keep.
    /// `reveal`: object ids a reader must see (a review's changes): a tab holding one is drawn
    /// as the selected tab.
    public static func build(_ graph: IBGraph, only: [String]? = nil, reveal: Set<String> = [], jobs: Int? = nil,
                             budget: Int? = elementBudget) -> Wireframe {
        let document = try? IBDocument(xml: graph.document)
        let kind = document?.kind ?? .xib
        let platform = document?.platform ?? .unknown
        var roots = canvasRoots(graph, kind: kind)
        if let only {
            roots = roots.filter { r in only.contains { matches(graph, r, $0) } }
        }
        var spent = 0
        let fitting = roots.prefix { r in
            spent += graph.subtreeEnd(of: r) - r
            return budget.map { spent <= $0 } ?? true
        }
        let left = roots.count - fitting.count
        let firstLeft = left > 0 ? "\(graph.displayName(roots[fitting.count])) (\(canvasID(graph, roots[fitting.count])))" : nil
        roots = Array(fitting)
        let dark = isDark(graph, platform: platform)
        let colors = WireframeColors(graph, dark: dark)
        let screen = screenSize(graph, platform: platform)
        let initial = graph.nodes[0].element[attribute: IBRules.initialViewControllerAttribute]
        let stacks = kind == .storyboard ? ControllerStacks(graph) : nil
        let canvases = parallelMap(roots, jobs: jobs) { root -> Wireframe.Canvas in
            var canvas = CanvasBuilder(graph: graph, platform: platform, colors: colors, screen: screen)
            canvas.stacks = stacks
            canvas.reveal = reveal
            var built = canvas.build(root, initial: initial)
            built.dark = dark
            return built
        }
        var wireframe = Wireframe(documentKind: kind, platform: platform, canvases: canvases)
        wireframe.omitted = left
        wireframe.firstOmitted = firstLeft
        return wireframe
    }

    /// The nodes `build` may draw, in document order: what `only` chooses from.
    public static func canvasRoots(_ graph: IBGraph) -> [Int] {
        canvasRoots(graph, kind: (try? IBDocument(xml: graph.document))?.kind ?? .xib)
    }

    /// A canvas's id: the scene's id, or the top-level object's.
    public static func canvasID(_ graph: IBGraph, _ root: Int) -> String {
        graph.nodes[root].tag == IBRules.sceneTag
            ? graph.nodes[root].element[attribute: IBRules.sceneIDAttribute] ?? "" : graph.nodes[root].objectID ?? ""
    }

    /// Scenes of a storyboard; the top-level objects of a xib that are views, windows or hold a view.
    static func canvasRoots(_ graph: IBGraph, kind: IBDocument.Kind) -> [Int] {
        let top = graph.children(of: 0)
        if kind == .storyboard {
            return top.filter { graph.nodes[$0].tag == IBRules.scenesContainer }.flatMap { graph.children(of: $0).filter { graph.nodes[$0].tag == IBRules.sceneTag } }
        }
        guard let objects = top.first(where: { graph.nodes[$0].tag == IBRules.objectsContainer }) else { return [] }
        let probe = CanvasBuilder(graph: graph, platform: .unknown, colors: WireframeColors(graph), screen: (0, 0))
        return graph.children(of: objects).filter { o in
            probe.isTopLevelView(o) || probe.isWindow(o) || probe.keyedChild(o, IBRules.rootViewKey) != nil
                || (graph.nodes[o].tag == IBRules.menuTag && probe.mainMenu(under: o) == o)
                || (o..<graph.subtreeEnd(of: o)).contains { graph.nodes[$0].isObject && probe.frame($0) != nil }
        }
    }

    /// Whether a canvas root (a scene or top-level object node) is the one named: its id, or its
    /// title (`Login Scene` or `Login`).
    public static func matches(_ graph: IBGraph, _ root: Int, _ wanted: String) -> Bool {
        let e = graph.nodes[root].element
        if e[attribute: IBRules.sceneIDAttribute] == wanted || graph.nodes[root].objectID == wanted { return true }
        let title = graph.displayName(root)
        return title == wanted || (title.hasSuffix(" Scene") && String(title.dropLast(6)) == wanted)
    }

    /// Whether the document is drawn in the dark appearance: its device says so, or its
    /// platform's screens are dark.
    static func isDark(_ graph: IBGraph, platform: IBDocument.Platform) -> Bool {
        if IBRules.darkPlatforms.contains(platform.rawValue) { return true }
        let device = graph.children(of: 0).first { graph.nodes[$0].tag == IBRules.device.tag }
        return device.map { graph.nodes[$0].element[attribute: IBRules.appearanceAttribute] == IBRules.darkAppearance } ?? false
    }

    /// The screen the document is designed for (`<device id>`), else an iPhone's; macOS: a
    /// default window content size.
    static func screenSize(_ graph: IBGraph, platform: IBDocument.Platform) -> (width: Double, height: Double) {
        if platform == .macOS { return IBRules.defaultWindowContentSize }
        let device = IBRules.device
        for c in graph.children(of: 0) where graph.nodes[c].tag == device.tag {
            if let id = graph.nodes[c].element[attribute: IBRules.objectIDAttribute], let size = IBRules.deviceSizes[id] {
                return graph.nodes[c].element[attribute: device.orientation] == device.landscape ? (size.height, size.width) : size
            }
        }
        return IBRules.deviceSizes[IBRules.defaultDevices[platform.rawValue] ?? IBRules.defaultDevice]!
    }
}

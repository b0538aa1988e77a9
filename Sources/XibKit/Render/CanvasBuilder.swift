/// Builds one canvas: a scene, or a top-level object of a xib. The scene's main object (a view
/// controller's view, a window controller's window, a controller without a view of its own)
/// comes first; views lying loose in the scene follow to its right.
struct CanvasBuilder {
    let graph: IBGraph
    let platform: IBDocument.Platform
    /// Colours in the appearance of the view being drawn (a macOS view may set its own).
    var colors: WireframeColors
    let screen: (width: Double, height: Double)
    /// Which controllers a navigation or tab bar controller shows (storyboards; nil: a xib).
    var stacks: ControllerStacks?
    /// Object ids to show even where Xcode would not: the tab holding one is drawn as the
    /// selected tab (a review's changed objects).
    var reveal: Set<String> = []
    var shapes: [Wireframe.Shape] = []
    /// Where the next root goes (roots are laid out left to right).
    var nextX = 0.0
    private static let rootGap = 40.0

    init(graph: IBGraph, platform: IBDocument.Platform, colors: WireframeColors, screen: (width: Double, height: Double)) {
        self.graph = graph
        self.platform = platform
        self.colors = colors
        self.screen = screen
    }

    mutating func build(_ root: Int, initial: String?) -> Wireframe.Canvas {
        let isScene = graph.nodes[root].tag == IBRules.sceneTag
        var main: Int? = root
        if isScene {
            let objects = graph.children(of: root).filter { graph.nodes[$0].tag == IBRules.objectsContainer }.flatMap { graph.children(of: $0) }
            main = objects.first { graph.nodes[$0].element[attribute: IBRules.sceneMemberIDAttribute] == IBRules.sceneControllerMemberID } ?? objects.first
            if let m = main { drawMain(m) }
            for o in objects where o != main && (isTopLevelView(o) || isWindow(o)) { drawRoot(o) }
        } else {
            drawMain(root)
        }
        drawLooseViews(in: root)
        if shapes.isEmpty, platform == .macOS, let menu = mainMenu(under: root) { drawMenuBar(menu) }
        if shapes.isEmpty { drawEmpty(main ?? root) }
        // The roots' frames: a view lying outside its superview (a hidden scroller at -100) is cut,
        // unless a reader must see it (a review's change below a table's end grows the canvas).
        let bounds = shapes.filter { $0.depth == 0 || ($0.id.map(reveal.contains) ?? false) }.map(\.frame).reduce(shapes[0].frame) { $0.union($1) }
        let id = WireframeBuilder.canvasID(graph, root)
        let isInitial = main.map { m in initial != nil && graph.nodes[m].objectID == initial } ?? false
        return Wireframe.Canvas(id: id, title: graph.displayName(root), node: root, isScene: isScene, isInitial: isInitial,
                                bounds: bounds, shapes: shapes)
    }

    /// A scene's main object or a xib's top-level object: its view, its window, or (a
    /// controller without a view) a screen with its bars.
    private mutating func drawMain(_ m: Int) {
        if let view = IBRules.controllerViewKeys.compactMap({ keyedChild(m, $0) }).first {
            let start = shapes.count
            drawRoot(view)
            let end = shapes.count
            if platform == .macOS, start < end { drawTabToolbar(m, over: shapes[start].frame) }
            if platform != .macOS, start < end {
                let inset = drawSimulatedBars(m, over: shapes[start].frame)
                if inset > 0 { insetScrollViews(start..<end, below: shapes[start].frame.y + inset) }
            }
        } else if let window = keyedChild(m, IBRules.windowKeys.window) {
            let start = shapes.count
            drawRoot(window)
            // A window controller's content comes from another scene: name it in the empty content view.
            let related = relationships(m).map { "\($0.relationship) → \($0.name)" }
            let contentViews = shapes[start...].filter { $0.kind != .bar }
            if !related.isEmpty, contentViews.count == 2, let last = shapes.indices.last, shapes[last].sketch == nil {
                shapes[last].text = related.joined(separator: "\n")
            } else if !related.isEmpty, contentViews.count == 1 {
                shapes[start].items = related
            }
        } else if isTopLevelView(m) || isWindow(m) {
            drawRoot(m)
        } else if IBRules.watchControllers.contains(graph.nodes[m].tag) {
            // A watch screen: the device's, with the controller's items stacked inside it.
            let start = shapes.count
            placeWatch(m, at: Wireframe.Rect(x: nextX, y: 0, width: screen.width, height: screen.height), depth: 0, hidden: false)
            // Xcode grows a watch scene to hold its items (the screen scrolls).
            let bottom = shapes[start...].filter { !$0.hidden }.map(\.frame.maxY).max() ?? 0
            if bottom > shapes[start].frame.maxY { shapes[start].frame.height = bottom + Self.watchSpacing }
            nextX += screen.width + CanvasBuilder.rootGap
        } else if isController(m) {
            drawController(m)
        }
    }

    /// A table or collection view whose top lies under a top bar scrolls its content below the
    /// bar (its content inset is adjusted at run time), as Xcode draws it: the root view, or
    /// one inside it.
    private mutating func insetScrollViews(_ range: Range<Int>, below top: Double) {
        var i = range.lowerBound
        var overflow = Set<Int>()  // repeated rows pushed past the view's end
        while i < range.upperBound {
            var end = i + 1
            while end < range.upperBound, shapes[end].depth > shapes[i].depth { end += 1 }
            if IBRules.insetBelowBars.contains(shapes[i].tag), shapes[i].frame.y < top {
                let dy = top - shapes[i].frame.y
                for k in i + 1..<end {
                    shapes[k].frame = shapes[k].frame.offsetBy(dx: 0, dy: dy)
                    if shapes[k].kind == .repeated, shapes[k].frame.maxY > shapes[i].frame.maxY + 0.5 { overflow.insert(k) }
                }
                i = end
            } else {
                i += 1
            }
        }
        if !overflow.isEmpty { shapes = shapes.enumerated().filter { !overflow.contains($0.offset) }.map(\.element) }
    }

    /// A top-level view or window at the next free place on the canvas.
    mutating func drawRoot(_ v: Int) {
        let x = nextX
        if isWindow(v) {
            drawWindow(v, at: x)
        } else {
            let f = frame(v)
            let size = f.map { ($0.width, $0.height) } ?? screen
            let rect = Wireframe.Rect(x: x, y: 0, width: size.0, height: size.1)
            place(v, at: rect, framed: f != nil, depth: 0, hidden: false, under: nil)
        }
        nextX = (shapes.map(\.frame.maxX).max() ?? x) + CanvasBuilder.rootGap
    }

    /// A macOS window: its frame with a title bar (its title unless hidden), its toolbar, and
    /// its content view filling `contentRect`.
    private mutating func drawWindow(_ w: Int, at x: Double) {
        let e = graph.nodes[w].element
        let content = rectChild(w, key: IBRules.windowContentRectKey)
        let size = content.map { ($0.width, $0.height) } ?? screen
        let toolbar = keyedChild(w, IBRules.windowKeys.toolbar)
        let bar = IBRules.windowTitleBarHeight + (toolbar == nil ? 0 : IBRules.windowToolbarHeight)
        let outer = Wireframe.Rect(x: x, y: 0, width: size.0, height: size.1 + bar)
        let background = colors.background(of: e) ?? IBRules.namedColors[IBRules.windowBackgroundColorName].flatMap(WireframeColors.hex)
        var window = shape(w, kind: content == nil ? .noFrame : .view, frame: outer, depth: 0, hidden: false,
                           background: background, under: nil, text: e[attribute: IBRules.titleAttribute])
        if e[attribute: IBRules.titleVisibilityAttribute] == IBRules.hiddenTitleVisibility { window.text = nil }
        shapes.append(window)
        if let toolbar {
            let r = Wireframe.Rect(x: x, y: IBRules.windowTitleBarHeight, width: size.0, height: IBRules.windowToolbarHeight)
            var s = shape(toolbar, kind: .bar, frame: r, depth: 1, hidden: false, background: nil, under: nil, text: nil)
            s.sketch = .bar
            layOutBar(&s, leading: barEntries(toolbarItems(toolbar)))
            shapes.append(s)
        }
        let area = Wireframe.Rect(x: x, y: bar, width: size.0, height: size.1)
        if let view = keyedChild(w, IBRules.windowKeys.contentView) {
            // A window's content view fills its content area, whether or not the file says so.
            place(view, at: area, framed: true, depth: 1, hidden: false, under: background)
        }
    }

    /// Draws view `v` at `rect` and, inside it, the views it holds.
    mutating func place(_ v: Int, at rect: Wireframe.Rect, framed: Bool, depth: Int, hidden: Bool, under: Wireframe.Color?) {
        let e = graph.nodes[v].element
        let isHidden = hidden || e[attribute: IBRules.hiddenAttribute] == IBRules.yes
        // A view in an appearance of its own (`appearanceType="darkAqua"`): it and what it holds
        // take that appearance's colours, on its window background.
        let appearance = e[attribute: IBRules.appearanceTypeAttribute].map { IBRules.darkAppearanceTypes.contains($0) }
        let outer = colors
        defer { colors = outer }
        if let dark = appearance { colors = colors.appearance(dark: dark) }
        // Views UIKit draws opaque without a colour in the file (a table cell) hide what lies under them.
        let background = colors.background(of: e)
            ?? IBRules.defaultBackgrounds[platform.rawValue]?[e.name].flatMap { colors.named($0) }
            ?? (appearance != nil && appearance != outer.dark ? colors.named(IBRules.windowBackgroundColorName) : nil)
        let shown = background.flatMap { $0.alpha >= 0.5 ? $0 : nil } ?? under
        shapes.append(shape(v, kind: framed ? .view : .noFrame, frame: rect, depth: depth, hidden: isHidden,
                            background: background, under: shown, text: nil))
        decorate(v, shape: shapes.count - 1)
        let flipped = platform != .macOS || IBRules.flippedViews.contains(e.name)
        let inset = documentInset(v)
        var cursor = rect.y + 4  // where the next view without a frame goes
        let firstChild = shapes.count
        for child in childViews(v) {
            if let f = frame(child.node) ?? frameInset(child.node, in: rect) {
                let x = rect.x + child.dx + f.x
                let y = flipped ? rect.y + child.dy + inset + f.y : rect.y + rect.height - child.dy - f.y - f.height
                place(child.node, at: Wireframe.Rect(x: x, y: y, width: f.width, height: f.height), framed: true,
                      depth: depth + 1, hidden: isHidden || child.hidden, under: shown)
            } else {
                let height = framelessHeight(child.node)
                let r = Wireframe.Rect(x: rect.x + 4, y: cursor, width: max(rect.width - 8, 60), height: height)
                cursor += height + 4
                place(child.node, at: r, framed: false, depth: depth + 1, hidden: isHidden || child.hidden, under: shown)
            }
        }
        if IBRules.tableHeaderTags.contains(e.name) { drawColumnHeaders(v, in: rect, depth: depth + 1, hidden: isHidden) }
        if e.name == IBRules.matrixTag { drawMatrixCells(v, in: rect, depth: depth + 1, hidden: isHidden, under: shown) }
        repeatPrototypes(of: v, in: rect, from: firstChild, depth: depth + 1)
    }

    /// Views with a frame that nothing above drew (a menu item's view, a toolbar item's, a view
    /// held by an object that is not a view): each drawn as a root of its own, so that every
    /// view with a frame is on the canvas once.
    private mutating func drawLooseViews(in root: Int) {
        var drawn = Set(shapes.map(\.node))
        for n in root..<graph.subtreeEnd(of: root) where graph.nodes[n].isObject && !drawn.contains(n) && frame(n) != nil {
            let start = shapes.count
            drawRoot(n)
            for s in shapes[start...] { drawn.insert(s.node) }
        }
    }

    /// A view without a frame: a line for itself, and room for the views inside it.
    private func framelessHeight(_ v: Int) -> Double {
        let inside = childViews(v).map { frame($0.node)?.height ?? framelessHeight($0.node) }
        return inside.isEmpty ? 22 : 26 + inside.reduce(0) { $0 + $1 + 4 }
    }

    /// A scene or object with nothing to draw: a card with its name.
    private mutating func drawEmpty(_ n: Int) {
        let rect = Wireframe.Rect(x: nextX, y: 0, width: 240, height: 72)
        shapes.append(shape(n, kind: .empty, frame: rect, depth: 0, hidden: false, background: nil, under: nil, text: nil))
    }
}

// MARK: - What is a view, and where

extension CanvasBuilder {
    /// The views drawn inside view `v`, in order (back to front), with the offset their frames
    /// need: a macOS table's prototype cell views one row below the other.
    func childViews(_ v: Int) -> [(node: Int, dx: Double, dy: Double, hidden: Bool)] {
        var out: [(node: Int, dx: Double, dy: Double, hidden: Bool)] = []
        let spacing = sizeChild(v, key: IBRules.intercellSpacingKey)
        func walk(_ i: Int, dx: Double, hidden: Bool) {
            var rowY = 0.0
            // A tab view shows one tab: its initial item's, else the first.
            let shown: Int? = IBRules.oneShownContainers[graph.nodes[i].tag].map { _ in selectedTab(i) ?? -1 }
            for c in graph.children(of: i) {
                let hidden = hidden || (shown != nil && c != shown)
                if isView(c) {
                    out.append((c, dx, rowY, hidden))
                    if graph.nodes[i].tag == IBRules.tableCellViews.container { rowY += (frame(c)?.height ?? 0) + (spacing?.height ?? 0) }
                } else if graph.nodes[c].tag == IBRules.tableCellViews.column {
                    // A cell view's frame is in the table's coordinates: it already holds its column's offset.
                    walk(c, dx: 0, hidden: hidden)
                } else if !graph.nodes[c].isObject || !isController(c) {
                    walk(c, dx: dx, hidden: hidden)
                }
            }
        }
        walk(v, dx: 0, hidden: false)
        return out
    }

    /// The tab a tab view shows (`items`: its `tabViewItems`): the one holding an object to
    /// reveal, else its initial item, else the first.
    func selectedTab(_ items: Int) -> Int? {
        let tabs = graph.children(of: items)
        if !reveal.isEmpty, let t = tabs.first(where: { t in
            (t..<graph.subtreeEnd(of: t)).contains { graph.nodes[$0].objectID.map(reveal.contains) ?? false }
        }) { return t }
        let wanted = IBRules.oneShownContainers[graph.nodes[items].tag].flatMap { graph.nodes[graph.nodes[items].parent].element[attribute: $0] }
        return tabs.first { wanted != nil && graph.nodes[$0].objectID == wanted } ?? tabs.first
    }

    /// Whether node `c` is a view of the view it is found in: an object with a frame, under a
    /// view key, or in a view container (`IBRules`).
    func isView(_ c: Int) -> Bool {
        let node = graph.nodes[c]
        guard node.isObject else { return false }
        if frame(c) != nil { return true }
        if let key = node.element[attribute: IBRules.keyAttribute], IBRules.viewKeys.contains(key) { return true }
        let p = node.parent
        guard p > 0 else { return false }
        let holder = graph.nodes[graph.nodes[p].parent].tag
        let container = graph.nodes[p].tag
        return IBRules.viewContainers.contains { $0.container == container && ($0.holder == nil || $0.holder == holder) }
    }

    /// A top-level object that is a view: one with a frame, or of a view type (`IBRules.viewTags`).
    func isTopLevelView(_ o: Int) -> Bool {
        frame(o) != nil || (IBRules.viewTags.contains(graph.nodes[o].tag) && rectChild(o, key: IBRules.windowContentRectKey) == nil)
    }

    /// A macOS window (it has a content rect) or a window without one (`IBRules.sketches`).
    func isWindow(_ o: Int) -> Bool {
        rectChild(o, key: IBRules.windowContentRectKey) != nil || IBRules.sketches[graph.nodes[o].tag] == .window
    }

    /// A view controller, window controller or other controller: it holds views but is not one.
    func isController(_ o: Int) -> Bool {
        let tag = graph.nodes[o].tag
        return tag.hasSuffix(IBRules.controllerTagSuffix) || IBRules.watchControllers.contains(tag)
    }

    func keyedChild(_ n: Int, _ key: String) -> Int? {
        graph.children(of: n).first { graph.nodes[$0].isObject && graph.nodes[$0].element[attribute: IBRules.keyAttribute] == key }
    }

    func frame(_ n: Int) -> Wireframe.Rect? { rectChild(n, key: IBRules.frameKey) }

    func rectChild(_ n: Int, key: String) -> Wireframe.Rect? {
        for case .element(let c) in graph.nodes[n].element.children where c.name == IBRules.geometry.rect && c[attribute: IBRules.keyAttribute] == key {
            guard let w = c[attribute: IBRules.geometry.width].flatMap(Double.init), let h = c[attribute: IBRules.geometry.height].flatMap(Double.init) else { return nil }
            let x = c[attribute: IBRules.geometry.x].flatMap(Double.init) ?? 0, y = c[attribute: IBRules.geometry.y].flatMap(Double.init) ?? 0
            return Wireframe.Rect(x: x, y: y, width: w, height: h)
        }
        return nil
    }

    func sizeChild(_ n: Int, key: String) -> (width: Double, height: Double)? {
        for case .element(let c) in graph.nodes[n].element.children where c.name == IBRules.geometry.size && c[attribute: IBRules.keyAttribute] == key {
            return (c[attribute: IBRules.geometry.width].flatMap(Double.init) ?? 0, c[attribute: IBRules.geometry.height].flatMap(Double.init) ?? 0)
        }
        return nil
    }
}

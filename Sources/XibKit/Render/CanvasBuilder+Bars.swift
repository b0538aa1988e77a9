/// Bars around a view controller's view, controllers without a view of their own, and the
/// rows and items a table or collection view repeats from its prototypes.
extension CanvasBuilder {
    /// The navigation bar, toolbar and tab bar a view controller shows around `root`, from
    /// the items it has (`IBRules.simulatedBars`), unless its metrics say there is none.
    /// Returns how far the top bar reaches into the view (0 without one).
    @discardableResult
    mutating func drawSimulatedBars(_ controller: Int, over root: Wireframe.Rect) -> Double {
        let off = Set(graph.children(of: controller).compactMap { c -> String? in
            let e = graph.nodes[c].element
            return e.name == IBRules.nilTag ? e[attribute: IBRules.keyAttribute] : nil
        })
        var bottom = root.maxY, top = 0.0
        for rule in IBRules.simulatedBars.reversed() where !off.contains(rule.metricsKey) && showsBar(controller, rule.item) {
            guard let item = keyedChild(controller, rule.item)
                    ?? graph.children(of: controller).first(where: { graph.nodes[$0].tag == rule.item }) else { continue }
            let height = IBRules.barHeight(IBRules.barOfItem[rule.item] ?? "", platform: platform.rawValue)
            let statusBar = platform == .iOS && !off.contains(IBRules.statusBarMetricsKey) ? IBRules.statusBarHeight(screenHeight: root.height) : 0
            let atTop = rule.edge == .top || (rule.item == IBRules.tabBarItemKey && IBRules.topTabBarPlatforms.contains(platform.rawValue))
            let y = atTop ? root.y + (top > 0 ? top : statusBar) : bottom - height
            if atTop { top = y + height - root.y } else { bottom = y }
            let rect = Wireframe.Rect(x: root.x, y: y, width: root.width, height: height)
            let e = graph.nodes[item].element
            var bar = shape(item, kind: .bar, frame: rect, depth: 1, hidden: false, background: nil, under: nil,
                            text: rule.item == IBRules.navigationItemKey
                                ? e[attribute: IBRules.titleAttribute] ?? graph.nodes[controller].element[attribute: IBRules.titleAttribute] : nil)
            bar.sketch = .bar
            if rule.item == IBRules.navigationItemKey {
                layOutNavigationBar(&bar, item: item, backTitle: backTitle(controller))
            } else if rule.item == IBRules.tabBarItemKey {
                bar.items = [itemText(e) ?? IBRules.untitledTabItem]
                if atTop { layOutBar(&bar, leading: [BarEntry(title: bar.items[0])], centred: true) }
            } else {
                layOutBar(&bar, leading: barEntries(Array(graph.children(of: item))))
            }
            shapes.append(bar)
        }
        return top
    }

    /// Whether Xcode draws the bar of `item` (`navigationItem`, `toolbarItems`, `tabBarItem`)
    /// around the controller's view: metrics set explicitly, or (storyboards) a navigation or
    /// tab bar controller showing the controller. A bare item makes no bar.
    func showsBar(_ controller: Int, _ item: String) -> Bool {
        let explicit = IBRules.explicitBarMetrics[item]
        if graph.children(of: controller).contains(where: { graph.nodes[$0].tag == explicit }) { return true }
        guard let stacks, let id = graph.nodes[controller].objectID else { return false }
        return item == IBRules.tabBarItemKey ? stacks.tabbed.contains(id) : stacks.navigated.contains(id)
    }

    /// A controller without a view (navigation, tab bar, split view controllers): a screen
    /// naming what it holds (its relationship segues), with its bars.
    mutating func drawController(_ m: Int) {
        let related = relationships(m)
        // The size of the screens it holds (a file laid out for another device than it names), else the device's.
        let size = related.compactMap { r in IBRules.controllerViewKeys.compactMap { keyedChild(r.node, $0) }.first.flatMap { frame($0) } }.first
        let rect = Wireframe.Rect(x: nextX, y: 0, width: size?.width ?? screen.width, height: size?.height ?? screen.height)
        let text = related.map { "\($0.relationship) → \($0.name)" }.joined(separator: "\n")
        shapes.append(shape(m, kind: .empty, frame: rect, depth: 0, hidden: false, background: nil, under: nil,
                            text: text.isEmpty ? nil : text))
        let e = graph.nodes[m].element
        let rootTitle = related.first { $0.relationship == IBRules.navigationRootRelationship }
            .flatMap { keyedChild($0.node, IBRules.navigationItemKey) }.flatMap { graph.nodes[$0].element[attribute: IBRules.titleAttribute] }
        let tabTitles = related.filter { $0.relationship == IBRules.tabBarChildRelationship }
            .map { keyedChild($0.node, IBRules.tabBarItemKey).flatMap { itemText(graph.nodes[$0].element) } ?? $0.name }
        var bottom = rect.maxY
        for bar in IBRules.containerBars {
            guard let b = keyedChild(m, bar.key) else { continue }
            let setting = bar.hiddenAttribute.flatMap { e[attribute: $0] }
            let hidden = bar.hiddenAttribute != nil && (bar.hiddenByDefault ? setting != IBRules.no : setting == IBRules.yes)
            let f = frame(b)
            let height = f?.height ?? IBRules.barHeight(bar.key, platform: platform.rawValue)
            let atTop = bar.atTop || (bar.showsTabs && IBRules.topTabBarPlatforms.contains(platform.rawValue))
            let y = atTop ? rect.y + (bar.atTop ? IBRules.statusBarHeight(screenHeight: rect.height) : 0) : bottom - height
            if !atTop, !hidden { bottom = y }
            // Xcode draws the bar across the screen: the frame's origin and width are what an older layout left.
            let r = Wireframe.Rect(x: rect.x, y: y, width: rect.width, height: height)
            var s = shape(b, kind: f == nil ? .bar : .view, frame: r, depth: 1, hidden: hidden, background: colors.background(of: graph.nodes[b].element),
                          under: nil, text: bar.atTop ? rootTitle : nil)
            if bar.showsTabs {
                s.items = tabTitles
                if IBRules.topTabBarPlatforms.contains(platform.rawValue) { layOutBar(&s, leading: tabTitles.map { BarEntry(title: $0) }, centred: true) }
            }
            shapes.append(s)
        }
        nextX = rect.maxX + 40
    }

    /// The controller's relationship segues: the relationship's name and the destination's
    /// scene (as the diff names segue destinations).
    func relationships(_ m: Int) -> [(relationship: String, node: Int, name: String)] {
        var out: [(relationship: String, node: Int, name: String)] = []
        for c in graph.children(of: m) where graph.nodes[c].tag == IBRules.connectionsContainer {
            for s in graph.children(of: c) {
                let e = graph.nodes[s].element
                guard e.name == IBRules.segueTag, e[attribute: IBRules.segueKind] == IBRules.relationshipSegueKind, let d = e[attribute: IBRules.segueDestination],
                      let node = graph.node(forObjectID: d) else { continue }
                let name = graph.scene(of: node).map { graph.sceneName($0) } ?? graph.displayName(node)
                out.append((e[attribute: IBRules.segueRelationship] ?? IBRules.relationshipSegueKind, node, name))
            }
        }
        return out
    }

    /// Faint copies of a table's prototype cells down to its bottom (column by column), or of a
    /// collection view's first cell across and down: what the running view would show.
    mutating func repeatPrototypes(of v: Int, in rect: Wireframe.Rect, from first: Int, depth: Int) {
        guard let repeats = IBRules.repeatingViews[graph.nodes[v].tag] else { return }
        let prototypes = shapes[first...].filter { $0.depth == depth && $0.sketch == .cell && $0.kind == .view }
        guard !prototypes.isEmpty else { return }
        var copies: [Wireframe.Rect] = []
        if repeats == .grid, let cell = prototypes.last?.frame, cell.width >= 8, cell.height >= 8 {
            var x = cell.maxX + 10, y = cell.y
            while copies.count < 40 {
                if x + cell.width > rect.maxX { x = rect.x + (prototypes[0].frame.x - rect.x); y += cell.height + 10 }
                if y + cell.height > rect.maxY { break }
                copies.append(Wireframe.Rect(x: x, y: y, width: cell.width, height: cell.height))
                x += cell.width + 10
            }
        } else {
            let columns = Dictionary(grouping: prototypes, by: { ($0.frame.x * 2).rounded() })
            for column in columns.keys.sorted() {
                let cells = columns[column]!
                var y = cells.map(\.frame.maxY).max()!
                for k in 0..<40 {
                    let p = cells[k % cells.count].frame
                    guard p.height >= 4, y + p.height <= rect.maxY else { break }
                    copies.append(Wireframe.Rect(x: p.x, y: y, width: p.width, height: p.height))
                    y += p.height
                }
            }
        }
        for r in copies {
            var copy = prototypes[0]
            if let p = prototypes.first(where: { $0.frame.x == r.x && $0.frame.width == r.width && $0.frame.height == r.height }) { copy = p }
            copy.kind = .repeated
            copy.id = nil
            copy.frame = r
            copy.text = nil
            shapes.append(copy)
        }
    }
}

/// What Xcode draws in and around views beyond their frames: tab strips, table headers, a
/// scroll view's content insets, standalone bars' items, window toolbars and the main menu
/// (`IBRules+Chrome`).
extension CanvasBuilder {
    /// Sets what shape `i` (of view `v`) shows besides its own text: a tab view's tabs, a
    /// separator box, a standalone bar's items.
    mutating func decorate(_ v: Int, shape i: Int) {
        let e = graph.nodes[v].element
        switch shapes[i].sketch {
        case .tabs?:
            guard let items = graph.children(of: v).first(where: { graph.nodes[$0].tag == IBRules.tabViewItemsContainer }),
                  !(e[attribute: IBRules.typeAttribute].map(IBRules.tablessTabViewTypes.contains) ?? false) else { return }
            let tabs = graph.children(of: items), g = graph
            shapes[i].items = tabs.map { t in IBRules.tabItemLabelAttributes.lazy.compactMap { g.nodes[t].element[attribute: $0] }.first ?? "" }
            shapes[i].selected = selectedTab(items).flatMap { tabs.firstIndex(of: $0) }
        case .bar?:
            // A standalone navigation bar shows its top item's title and buttons; a toolbar or tab bar its items.
            guard let items = graph.children(of: v).first(where: { graph.nodes[$0].tag == IBRules.itemsContainer }) else { return }
            let children = Array(graph.children(of: items))
            if let top = children.first(where: { graph.nodes[$0].tag == IBRules.navigationItemKey }) {
                shapes[i].text = graph.nodes[top].element[attribute: IBRules.titleAttribute]
                layOutNavigationBar(&shapes[i], item: top, backTitle: nil)
            } else if IBRules.tabBarTags.contains(e.name) {
                shapes[i].items = children.compactMap(barItemTitle)
            } else {
                layOutBar(&shapes[i], leading: barEntries(children))
            }
        default:
            if e.name == IBRules.boxTag, e[attribute: IBRules.boxTypeAttribute] == IBRules.separatorBoxType { shapes[i].sketch = .separator }
        }
    }

    /// How far a clip view's document view starts below the clip view's top: the scroll view's
    /// top content inset, else (automatic insets) its header's height, less what the clip view's
    /// own frame already leaves.
    func documentInset(_ v: Int) -> Double {
        guard graph.nodes[v].tag == IBRules.clipViewTag, graph.nodes[v].parent > 0 else { return 0 }
        let scroll = graph.nodes[v].parent
        let insets = IBRules.contentInsets
        var top: Double?
        for case .element(let c) in graph.nodes[scroll].element.children where c.name == insets.tag && c[attribute: IBRules.keyAttribute] == insets.key {
            top = c[attribute: insets.top].flatMap(Double.init) ?? 0
        }
        if top == nil, let header = keyedChild(scroll, IBRules.scrollHeaderKey), graph.nodes[header].element[attribute: IBRules.hiddenAttribute] != IBRules.yes {
            top = frame(header)?.height
        }
        return max(0, (top ?? 0) - (frame(v)?.y ?? 0))
    }

    /// Xcode 8's frame form (`<rect key="frameInset" minX minY width height maxX maxY>`): an
    /// origin, and a size given or left by insets from the superview's far edges.
    func frameInset(_ n: Int, in superview: Wireframe.Rect) -> Wireframe.Rect? {
        for case .element(let c) in graph.nodes[n].element.children where c.name == IBRules.geometry.rect && c[attribute: IBRules.keyAttribute] == IBRules.frameInsetKey {
            func v(_ a: String) -> Double? { c[attribute: a].flatMap(Double.init) }
            let edges = IBRules.frameInsetEdges
            let x = v(edges.minX) ?? 0, y = v(edges.minY) ?? 0
            let w = v(IBRules.geometry.width) ?? (superview.width - x - (v(edges.maxX) ?? 0))
            let h = v(IBRules.geometry.height) ?? (superview.height - y - (v(edges.maxY) ?? 0))
            return Wireframe.Rect(x: x, y: y, width: max(w, 0), height: max(h, 0))
        }
        return nil
    }

    /// A table header's column titles, each over its column (`tableColumn` width plus the
    /// table's intercell spacing).
    mutating func drawColumnHeaders(_ header: Int, in rect: Wireframe.Rect, depth: Int, hidden: Bool) {
        let scroll = graph.nodes[header].parent
        guard scroll > 0, let table = (scroll..<graph.subtreeEnd(of: scroll)).first(where: { IBRules.repeatingViews[graph.nodes[$0].tag] != nil }) else { return }
        let spacing = sizeChild(table, key: IBRules.intercellSpacingKey)?.width ?? IBRules.defaultIntercellSpacing
        var x = rect.x
        for columns in graph.children(of: table) where graph.nodes[columns].tag == IBRules.tableColumnsContainer {
            for c in graph.children(of: columns) {
                let e = graph.nodes[c].element
                let width = (e[attribute: IBRules.geometry.width].flatMap(Double.init) ?? 0) + spacing
                let hiddenColumn = hidden || e[attribute: IBRules.hiddenAttribute] == IBRules.yes
                var s = shape(c, kind: .view, frame: Wireframe.Rect(x: x, y: rect.y, width: min(width, max(rect.maxX - x, 0)), height: rect.height),
                              depth: depth, hidden: hiddenColumn, background: nil, under: nil, text: nil)
                s.sketch = .header
                s.text = graph.children(of: c).map { graph.nodes[$0].element }.first { $0[attribute: IBRules.keyAttribute] == IBRules.columnHeaderCellKey }?[attribute: IBRules.titleAttribute]
                shapes.append(s)
                if !hiddenColumn { x += width }
            }
        }
    }

    /// A bar item's title: a bar button item's, or a toolbar item's label (nil: a space).
    func barItemTitle(_ c: Int) -> String? {
        let e = graph.nodes[c].element
        if let item = e[attribute: IBRules.systemItemAttribute] ?? e[attribute: IBRules.toolbarItemIdentifierAttribute], IBRules.barSpaces[item] != nil { return nil }
        return itemText(e)
    }

    /// A window's toolbar items: its default items (references to its allowed ones), else,
    /// when it lists none, its allowed items (the palette, all the file offers), spaces included.
    func toolbarItems(_ toolbar: Int) -> [Int] {
        var lists: [String: [Int]] = [:]
        for c in graph.children(of: toolbar) where IBRules.toolbarItemContainers.contains(graph.nodes[c].tag) {
            lists[graph.nodes[c].tag] = graph.children(of: c).map { i in
                graph.nodes[i].element[attribute: IBRules.referenceAttribute].flatMap { graph.node(forObjectID: $0) } ?? i
            }
        }
        return (lists[IBRules.toolbarItemLists.default].flatMap { $0.isEmpty ? nil : $0 }) ?? lists[IBRules.toolbarItemLists.allowed] ?? []
    }

    /// A tab view controller whose tabs are a window toolbar (`tabStyle="toolbar"`): its tabs'
    /// labels (else their destinations' names), drawn as a bar at the top of its tab view.
    mutating func drawTabToolbar(_ controller: Int, over view: Wireframe.Rect) {
        let e = graph.nodes[controller].element
        guard e[attribute: IBRules.tabStyleAttribute] == IBRules.toolbarTabStyle else { return }
        let related = relationships(controller).filter { $0.relationship == IBRules.tabViewControllerItemsRelationship }
        var labels: [String] = []
        for items in graph.children(of: controller) where graph.nodes[items].tag == IBRules.tabViewItemsContainer {
            for (k, t) in graph.children(of: items).enumerated() {
                let item = graph.nodes[t].element
                labels.append(IBRules.tabItemLabelAttributes.lazy.compactMap { item[attribute: $0] }.first
                              ?? (k < related.count ? related[k].name : "Tab"))
            }
        }
        var bar = shape(controller, kind: .bar, frame: Wireframe.Rect(x: view.x, y: view.y, width: view.width, height: IBRules.windowToolbarHeight),
                        depth: 1, hidden: false, background: nil, under: nil, text: nil)
        bar.sketch = .bar
        bar.id = nil
        bar.items = labels
        bar.selected = labels.isEmpty ? nil : 0
        shapes.append(bar)
    }

    /// The application's main menu as a menu bar: its items' titles, left to right.
    mutating func drawMenuBar(_ menu: Int) {
        var titles: [String] = []
        for items in graph.children(of: menu) where graph.nodes[items].tag == IBRules.itemsContainer {
            for item in graph.children(of: items) { titles.append(graph.nodes[item].element[attribute: IBRules.titleAttribute] ?? "") }
        }
        let width = max(240, titles.reduce(16) { $0 + TextMetrics.standard.width($1, size: 13, face: .systemBold) + 20 })
        var bar = shape(menu, kind: .bar, frame: Wireframe.Rect(x: nextX, y: 0, width: width, height: IBRules.menuBarHeight),
                        depth: 0, hidden: false, background: nil, under: nil, text: nil)
        bar.sketch = .bar
        bar.items = titles.filter { !$0.isEmpty }
        shapes.append(bar)
        nextX += width + 40
    }

    /// The main menu under `root` (a xib's top-level menu, a storyboard's application scene).
    func mainMenu(under root: Int) -> Int? {
        let (attribute, value) = IBRules.mainMenuAttribute
        return (root..<graph.subtreeEnd(of: root)).first { graph.nodes[$0].tag == IBRules.menuTag && graph.nodes[$0].element[attribute: attribute] == value }
    }
}

/// Where a bar's items go, as UIKit and AppKit lay them out (`IBRules+Chrome`): a navigation
/// bar's left items (and back button) from its leading edge and its right items from its
/// trailing edge; a toolbar's items packed from the leading edge, flexible spaces sharing what
/// is left and fixed spaces keeping their width; an Apple TV tab bar's tabs centred.
extension CanvasBuilder {
    /// One item of a bar: its title (nil: a space), its width when the file gives one, whether
    /// it is a flexible space, and whether its title is an image's name.
    struct BarEntry {
        var title: String?
        var width: Double?
        var flexible = false
        var isImage = false
    }

    /// The entries of bar button items or toolbar items, in order, spaces included.
    func barEntries(_ items: [Int]) -> [BarEntry] {
        items.map { c in
            let e = graph.nodes[c].element
            let width = e[attribute: IBRules.geometry.width].flatMap(Double.init).flatMap { $0 > 0 ? $0 : nil }
            let system = e[attribute: IBRules.systemItemAttribute] ?? e[attribute: IBRules.toolbarItemIdentifierAttribute]
            if let system, let space = IBRules.barSpaces[system] {
                return BarEntry(title: nil, width: width ?? space, flexible: space == 0)
            }
            let title = barItemTitle(c)
            // An item without a title of its own shows its image: a sketch writes the image's name.
            let isImage = title != nil && title == imageName(e)
            return BarEntry(title: title, width: width, isImage: isImage)
        }
    }

    /// The natural width of an entry: the file's, an image's, else its title's at `size`.
    func naturalWidth(_ entry: BarEntry, size: Double) -> Double {
        if let w = entry.width { return w }
        if entry.isImage { return IBRules.barImageItemWidth }
        return entry.title.map { TextMetrics.standard.width($0, size: size, face: .system) } ?? 0
    }

    /// Sets a bar's items and where each is drawn: `leading` from the leading edge, `trailing`
    /// from the trailing edge (the first outermost), both packed; flexible spaces among the
    /// leading ones share the bar's free width. `centred`: the leading items centred instead.
    func layOutBar(_ bar: inout Wireframe.Shape, leading: [BarEntry], trailing: [BarEntry] = [], centred: Bool = false) {
        let f = bar.frame
        let metrics = IBRules.barItemMetrics(platform: platform.rawValue, tabs: centred)
        let size = metrics.fontSize, gap = metrics.spacing, margin = min(metrics.margin, f.width / 8)
        var items: [String] = [], frames: [Wireframe.Rect] = [], images = Set<Int>()
        func add(_ e: BarEntry, x: Double, width: Double) {
            guard let t = e.title else { return }
            if e.isImage { images.insert(items.count) }
            items.append(t)
            frames.append(Wireframe.Rect(x: x, y: f.y, width: width, height: f.height))
        }
        let widths = leading.map { naturalWidth($0, size: size) }
        let used = widths.reduce(0, +) + gap * Double(max(leading.count - 1, 0))
        let flexible = leading.filter(\.flexible).count
        let free = max(0, f.width - 2 * margin - used - trailing.map { naturalWidth($0, size: size) + gap }.reduce(0, +))
        var x = centred ? f.x + max(margin, (f.width - used) / 2) : f.x + margin
        for (e, w) in zip(leading, widths) {
            let width = e.flexible ? free / Double(flexible) : w
            add(e, x: x, width: width)
            x += width + gap
        }
        var right = f.maxX - margin
        for e in trailing {
            let w = naturalWidth(e, size: size)
            add(e, x: right - w, width: w)
            right -= w + gap
        }
        bar.items = items
        bar.itemFrames = frames
        bar.imageItems = images
        bar.fontSize = size
    }

    /// A navigation item's bar: its left items (after a back button when the controller was
    /// pushed and nothing hides it) on the leading side, its right items on the trailing side.
    func layOutNavigationBar(_ bar: inout Wireframe.Shape, item: Int, backTitle: String?) {
        var leading: [BarEntry] = [], trailing: [BarEntry] = []
        for c in graph.children(of: item) where graph.nodes[c].tag == IBRules.barButtonItemTag || graph.nodes[c].tag.hasSuffix(IBRules.barButtonItemListSuffix) {
            // A single item by its key (`leftBarButtonItem`), a list by its tag (`<rightBarButtonItems>`).
            let key = graph.nodes[c].element[attribute: IBRules.keyAttribute] ?? graph.nodes[c].tag
            guard key != IBRules.backBarItemKey else { continue }
            let items = graph.nodes[c].tag == IBRules.barButtonItemTag ? [c] : Array(graph.children(of: c))
            if IBRules.leadingBarItemKeys.contains(key) { leading += barEntries(items) } else { trailing += barEntries(items) }
        }
        let e = graph.nodes[item].element
        let supplements = e[attribute: IBRules.leftItemsSupplementBackButtonAttribute] == IBRules.yes
        if let backTitle, e[attribute: IBRules.hidesBackButtonAttribute] != IBRules.yes, leading.isEmpty || supplements {
            leading.insert(BarEntry(title: IBRules.backChevron + backTitle), at: 0)
        }
        layOutBar(&bar, leading: leading, trailing: trailing)
    }

    /// The back button a pushed controller shows: the title the controller it was pushed from
    /// gives its back button, else that controller's title when short, else "Back".
    func backTitle(_ controller: Int) -> String? {
        guard let id = graph.nodes[controller].objectID, let from = stacks?.pushedFrom[id], let source = graph.node(forObjectID: from) else { return nil }
        guard let item = keyedChild(source, IBRules.navigationItemKey) else { return IBRules.backButtonTitle }
        if let back = keyedChild(item, IBRules.backBarItemKey), let t = IBGraph.visibleTitle(graph.nodes[back].element) { return t }
        let title = graph.nodes[item].element[attribute: IBRules.titleAttribute] ?? ""
        return title.isEmpty || title.count > IBRules.longestBackTitle ? IBRules.backButtonTitle : title
    }
}

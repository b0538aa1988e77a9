/// watchOS interfaces have no frames: WatchKit stacks a controller's items from the top, a
/// vertical group's items likewise, and a horizontal group's (the default) side by side. Sizes
/// are the items' own (`width`, `height`: a fraction of the container up to 1, else points, plus
/// `widthAdjustment`, `heightAdjustment`), else a typical height for the type
/// (`IBRules.watchItemHeights`). A sketch of the layout, not WatchKit's exact one.
extension CanvasBuilder {
    static let watchSpacing = 4.0

    /// Draws watch item `n` at `rect` and its items inside it; returns nothing (the shapes are added).
    mutating func placeWatch(_ n: Int, at rect: Wireframe.Rect, depth: Int, hidden: Bool) {
        let e = graph.nodes[n].element
        let isHidden = hidden || e[attribute: IBRules.hiddenAttribute] == IBRules.yes
        shapes.append(shape(n, kind: .view, frame: rect, depth: depth, hidden: isHidden,
                            background: colors.background(of: e), under: nil, text: nil))
        let items = childViews(n).map(\.node)
        guard !items.isEmpty else { return }
        let layout = IBRules.watchGroupLayout
        let vertical = graph.nodes[n].tag != IBRules.watchGroupTag || e[attribute: layout.attribute] == layout.vertical
        let inner = depth == 0 ? rect : Wireframe.Rect(x: rect.x + 1, y: rect.y + 1, width: max(rect.width - 2, 0), height: max(rect.height - 2, 0))
        if vertical {
            var y = inner.y
            for c in items {
                let w = watchLength(c, IBRules.geometry.width, of: inner.width) ?? inner.width
                let h = watchLength(c, IBRules.geometry.height, of: inner.height) ?? watchNaturalHeight(c, width: w)
                placeWatch(c, at: Wireframe.Rect(x: inner.x + watchOffset(c, free: inner.width - w), y: y, width: w, height: h),
                           depth: depth + 1, hidden: isHidden)
                y += h + Self.watchSpacing
            }
        } else {
            let fixed = items.compactMap { watchLength($0, IBRules.geometry.width, of: inner.width) }
            let flexible = items.count - fixed.count
            let share = flexible > 0 ? max(0, inner.width - fixed.reduce(0, +) - Self.watchSpacing * Double(items.count - 1)) / Double(flexible) : 0
            var x = inner.x
            for c in items {
                let w = watchLength(c, IBRules.geometry.width, of: inner.width) ?? share
                let h = watchLength(c, IBRules.geometry.height, of: inner.height) ?? min(inner.height, watchNaturalHeight(c, width: w))
                placeWatch(c, at: Wireframe.Rect(x: x, y: inner.y, width: w, height: h), depth: depth + 1, hidden: isHidden)
                x += w + Self.watchSpacing
            }
        }
    }

    /// An item's width or height: a fraction of its container's (values up to 1) or points,
    /// plus its adjustment; nil when the file leaves it to the content.
    func watchLength(_ n: Int, _ attribute: String, of container: Double) -> Double? {
        let e = graph.nodes[n].element
        guard let v = e[attribute: attribute].flatMap(Double.init) else { return nil }
        let adjustment = e[attribute: attribute + IBRules.watchAdjustmentSuffix].flatMap(Double.init) ?? 0
        return max(0, (v <= 1 ? v * container : v) + adjustment)
    }

    /// The height an item takes when the file does not say: a group's items', else its type's.
    func watchNaturalHeight(_ n: Int, width: Double) -> Double {
        let items = childViews(n).map(\.node)
        let e = graph.nodes[n].element
        if graph.nodes[n].tag == IBRules.watchGroupTag, !items.isEmpty {
            let heights = items.map { watchLength($0, IBRules.geometry.height, of: 0) ?? watchNaturalHeight($0, width: width) }
            return e[attribute: IBRules.watchGroupLayout.attribute] == IBRules.watchGroupLayout.vertical
                ? heights.reduce(0, +) + Self.watchSpacing * Double(heights.count - 1) + 2 : (heights.max() ?? 0) + 2
        }
        if IBRules.multilineLabelTags.contains(e.name), let text = IBGraph.shownText(e),
           let size = font(e, sketch: .label, height: 0).size ?? IBRules.defaultFontSizes[platform.rawValue]?[.label] {
            // A label of several lines is as tall as its text wrapped to its width.
            let most = e[attribute: IBRules.numberOfLinesAttribute].flatMap(Int.init) ?? 1
            let lines = TextMetrics.standard.lineCount(text, width: width, size: size, face: .system)
            return Double(most > 0 ? min(most, lines) : lines) * size * IBRules.lineHeightFactor + 2
        }
        return IBRules.watchItemHeights[graph.nodes[n].tag] ?? 30
    }

    /// Where an item narrower than its container sits: its `alignment` (left, center, right).
    func watchOffset(_ n: Int, free: Double) -> Double {
        switch graph.nodes[n].element[attribute: IBRules.watchAlignmentAttribute].flatMap({ IBRules.alignments[$0] }) {
        case .center?: return max(0, free / 2)
        case .trailing?: return max(0, free)
        default: return 0
        }
    }
}

/// Controls as Xcode's canvas draws them (`IBRules+Controls`): which kind a button's cell makes,
/// its state, the size of its glyph, what a colour well or slider shows, and `NSMatrix`'s cells.
extension CanvasBuilder {
    /// How node `n` is sketched: its type's sketch, or for a button (or a matrix's cell) the
    /// control its cell's type or bezel makes (check box, radio button, disclosure triangle...).
    func sketch(of n: Int) -> IBRules.Sketch? {
        let e = graph.nodes[n].element
        let sketch = IBRules.sketches[e.name]
        let isCell = n > 0 && graph.nodes[graph.nodes[n].parent].tag == IBRules.matrixCells.column
        guard sketch == .button || isCell else { return sketch }
        for holder in [e] + cells(e) {
            for glyph in IBRules.buttonGlyphs where holder[attribute: glyph.attribute] == glyph.value { return glyph.sketch }
        }
        return .button
    }

    /// Sets what a control shows besides its text: its state, glyph size and side, colour, value.
    func describeControl(_ s: inout Wireframe.Shape, _ e: XMLElement) {
        guard let sketch = s.sketch, IBRules.describedControlSketches.contains(sketch) else { return }
        let holders = [e] + cells(e)
        func first(_ a: String) -> String? { holders.lazy.compactMap { $0[attribute: a] }.first }
        switch sketch {
        case .check, .radio, .disclosure, .toggle:
            let state = first(IBRules.stateAttribute)
            s.state = state == IBRules.onState || e[attribute: IBRules.switchOnAttribute] == IBRules.yes ? .on
                : state == IBRules.mixedState ? .mixed : .off
            if s.sketch == .check || s.sketch == .radio {
                s.glyphSize = IBRules.checkGlyphSizes[first(IBRules.controlSizeAttribute) ?? IBRules.regularControlSize]
                s.glyphTrailing = first(IBRules.imagePositionAttribute).map(IBRules.trailingImagePositions.contains) ?? false
            }
        case .button:
            // A toggle button that is on is drawn pressed.
            if holders.contains(where: { $0[attribute: IBRules.typeAttribute].map(IBRules.toggleButtonTypes.contains) ?? false }),
               first(IBRules.stateAttribute) == IBRules.onState {
                s.state = .on
            }
        case .colorWell:
            for case .element(let c) in e.children where c.name == IBRules.colorTag && c[attribute: IBRules.keyAttribute] == IBRules.colorWellColorKey {
                s.swatch = colors.color(c)
            }
        case .slider:
            let v = IBRules.sliderValueAttributes
            guard let value = v.value.lazy.compactMap({ first($0).flatMap(Double.init) }).first else { break }
            let lo = first(v.min).flatMap(Double.init) ?? 0, hi = first(v.max).flatMap(Double.init) ?? 1
            s.value = hi > lo ? min(1, max(0, (value - lo) / (hi - lo))) : 0
        default:
            break
        }
    }

    /// Where a macOS push button's rounded bezel is drawn inside its frame (`IBRules.roundedBezel`):
    /// two buttons whose frames touch are two bezels apart, as in Xcode, not one bar. A button
    /// that is a controller's view (a touch bar's or a toolbar's item) fills the place given it.
    func bezelFrame(_ e: XMLElement, _ frame: Wireframe.Rect) -> Wireframe.Rect {
        let holders = [e] + cells(e)
        guard platform == .macOS, e[attribute: IBRules.keyAttribute] != IBRules.rootViewKey, holders.contains(where: { $0[attribute: IBRules.roundedBezel.attribute] == IBRules.roundedBezel.value }) else { return frame }
        let size = holders.lazy.compactMap { $0[attribute: IBRules.controlSizeAttribute] }.first ?? IBRules.regularControlSize
        guard let m = IBRules.roundedBezelMetrics[size], frame.height > m.height, frame.width > 4 * m.side else { return frame }
        let spare = frame.height - m.height
        return Wireframe.Rect(x: frame.x + m.side, y: frame.y + spare * IBRules.roundedBezelTopShare, width: frame.width - 2 * m.side, height: m.height)
    }

    /// The system font size of a macOS control: by its `controlSize` (13, 11, 9 points).
    func controlFontSize(_ e: XMLElement) -> Double {
        let size = ([e] + cells(e)).lazy.compactMap { $0[attribute: IBRules.controlSizeAttribute] }.first ?? IBRules.regularControlSize
        return IBRules.controlFontSizes[size] ?? IBRules.controlFontSizes[IBRules.regularControlSize] ?? 13
    }

    /// An `NSMatrix`'s cells, column by column, each `cellSize` apart plus the intercell
    /// spacing (a matrix is flipped: the first row is at the top).
    mutating func drawMatrixCells(_ v: Int, in rect: Wireframe.Rect, depth: Int, hidden: Bool, under: Wireframe.Color?) {
        guard let size = sizeChild(v, key: IBRules.matrixCells.cellSize),
              let cells = graph.children(of: v).first(where: { graph.nodes[$0].tag == IBRules.matrixCells.container }) else { return }
        let spacing = sizeChild(v, key: IBRules.intercellSpacingKey) ?? (0, 0)
        for (k, column) in graph.children(of: cells).filter({ graph.nodes[$0].tag == IBRules.matrixCells.column }).enumerated() {
            for (r, cell) in graph.children(of: column).enumerated() {
                let frame = Wireframe.Rect(x: rect.x + Double(k) * (size.width + spacing.width), y: rect.y + Double(r) * (size.height + spacing.height),
                                           width: size.width, height: size.height)
                shapes.append(shape(cell, kind: .view, frame: frame, depth: depth, hidden: hidden, background: nil, under: under, text: nil))
            }
        }
    }
}

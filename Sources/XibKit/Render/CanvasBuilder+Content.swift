/// What a shape shows: its text, segments or bar items, image, border; named as the diff names it.
extension CanvasBuilder {
    /// The shape for node `n`. `text`: given by the caller (a window's title, a bar's); else
    /// the object's own (`IBGraph.shownText`, on it or its cell).
    func shape(_ n: Int, kind: Wireframe.Shape.Kind, frame: Wireframe.Rect, depth: Int, hidden: Bool,
               background: Wireframe.Color?, under: Wireframe.Color?, text: String?) -> Wireframe.Shape {
        let e = graph.nodes[n].element
        let sketch = self.sketch(of: n)
        let frame = sketch == .button ? bezelFrame(e, frame) : frame
        let shown = sketch == nil || IBRules.textlessSketches.contains(sketch!)
            ? nil : IBGraph.shownText(e) ?? cells(e).lazy.compactMap(IBGraph.shownText).first
        // What the text lies on: the view's or its superview's solid colour, else the canvas (dark in the dark appearance).
        let ground = (under ?? background).flatMap { $0.alpha >= 0.5 ? $0 : nil }
        let onDark = ground.map { $0.luminance < 0.45 } ?? colors.dark
        let font = self.font(e, sketch: sketch, height: frame.height)
        let isText = sketch == .label || sketch == .field
        var s = Wireframe.Shape(kind: kind, node: n, id: graph.nodes[n].objectID, name: graph.displayName(n),
                               path: graph.displayPath(n), tag: e.name, sketch: sketch, frame: frame,
                               text: text ?? shown, items: [],
                               image: imageName(e), fontSize: font.size, bold: font.bold,
                               alignment: isText ? alignment(e) : .center, background: background, onDark: onDark,
                               bordered: sketch == .field && isBordered(e), hidden: hidden, depth: depth)
        if sketch == .segmented { (s.items, s.imageItems, s.selected) = segmentTitles(n) }
        s.fontName = font.name
        s.darkAppearance = colors.dark
        s.substituteFont = font.name.map { TextMetrics.isSubstitute($0) } ?? false
        if isText || IBRules.titledControlSketches.contains(sketch ?? .label) { (s.maxLines, s.wraps) = lines(e) }
        s.textColor = textColor(e)
        // A title drawn light on a background image: the image is what it lies on, dark enough for it.
        if let c = s.textColor, c.luminance > 0.6, hasBackgroundImage(e) { s.onDark = true }
        s.textInset = sketch.flatMap { IBRules.textInsets[platform.rawValue]?[$0] } ?? IBRules.defaultTextInset
        describeControl(&s, e)
        return s
    }

    /// How many lines a label, field or button shows, and whether it wraps
    /// (`IBRules.singleLineBreakModes`...). A macOS text in a single-line mode still starts a
    /// line at each of its own line breaks.
    func lines(_ e: XMLElement) -> (max: Int?, wraps: Bool) {
        if IBRules.multilineLabelTags.contains(e.name) {
            let n = e[attribute: IBRules.numberOfLinesAttribute].flatMap(Int.init) ?? 1
            return (n > 0 ? n : nil, n != 1)
        }
        for holder in [e] + cells(e) {
            if holder[attribute: IBRules.lineBreakModeAttribute].map(IBRules.singleLineBreakModes.contains) ?? false
                || IBRules.singleLineFlags.contains(where: { holder[attribute: $0] == IBRules.yes }) {
                return (platform == .macOS ? nil : 1, false)
            }
        }
        // A macOS label or field without a single-line mode wraps; text views too.
        if IBRules.wrappingTextTags.contains(e.name) || (platform == .macOS && IBRules.macOSWrappingTextTags.contains(e.name)) { return (nil, true) }
        return (platform == .macOS ? nil : 1, false)
    }

    /// The colour of a text, on the element, its cell or its normal state (`IBRules.textColorKeys`).
    func textColor(_ e: XMLElement) -> Wireframe.Color? {
        var holders = [e] + cells(e)
        for case .element(let c) in e.children where c.name == IBRules.normalState.tag && c[attribute: IBRules.keyAttribute] == IBRules.normalState.key { holders.append(c) }
        for holder in holders {
            for case .element(let c) in holder.children where c.name == IBRules.colorTag && (c[attribute: IBRules.keyAttribute].map(IBRules.textColorKeys.contains) ?? false) {
                return colors.color(c)
            }
        }
        return nil
    }

    /// The font of a text (on the element or its cell): its size if the file says, and weight.
    /// The system font at the control's size where the file says so (`usesAppearanceFont`) or
    /// gives no font (macOS); a text style at the platform's size, smaller where the frame
    /// Xcode laid out holds only a smaller line (a smaller content size when it was saved).
    func font(_ e: XMLElement, sketch: IBRules.Sketch?, height: Double) -> (size: Double?, bold: Bool, name: String?) {
        for holder in [e] + cells(e) {
            for case .element(let f) in holder.children where f[attribute: IBRules.keyAttribute].map(IBRules.fontKeys.contains) ?? false {
                if f[attribute: IBRules.appearanceFontAttribute] == IBRules.yes { return (controlFontSize(e), false, nil) }
                let name = IBRules.fontNameAttributes.lazy.compactMap { f[attribute: $0] }.first
                var size = IBRules.fontSizeAttributes.lazy.compactMap { f[attribute: $0].flatMap(Double.init) }.first { $0 > 0 }
                if size == nil, let name, let style = IBRules.textStyleSize(name, platform: platform.rawValue) {
                    size = height > 0 ? max(style * IBRules.smallestTextStyleScale, min(style, height / IBRules.lineHeightFactor)) : style
                }
                size = size ?? name.flatMap { IBRules.fontSizes[$0] }
                let weight = (f[attribute: IBRules.typeAttribute] ?? "") + (name ?? "")
                let bold = IBRules.boldFontWords.contains { weight.contains($0) }
                return (size, bold, f[attribute: IBRules.nameAttribute])
            }
        }
        if platform == .macOS, sketch != nil, !cells(e).isEmpty { return (controlFontSize(e), false, nil) }
        return (sketch.flatMap { IBRules.defaultFontSizes[platform.rawValue]?[$0] }, false, nil)
    }

    /// A label's or field's alignment, on it or its cell.
    func alignment(_ e: XMLElement) -> Wireframe.Shape.Alignment {
        for holder in [e] + cells(e) {
            for a in IBRules.textAlignmentAttributes {
                if let value = holder[attribute: a] { return IBRules.alignments[value] ?? .leading }
            }
        }
        return .leading
    }

    /// A macOS control's cell (its `key="cell"` child).
    func cells(_ e: XMLElement) -> [XMLElement] {
        var out: [XMLElement] = []
        for case .element(let c) in e.children where c[attribute: IBRules.keyAttribute] == IBRules.cellKey { out.append(c) }
        return out
    }

    /// The segments' titles of a segmented control (its own `<segments>`, or its cell's), which
    /// show an image, and the selected one (UIKit's `selectedSegment`, AppKit's `selected="YES"`).
    func segmentTitles(_ n: Int) -> (titles: [String], images: Set<Int>, selected: Int?) {
        var titles: [String] = [], images = Set<Int>(), selected: Int?
        func walk(_ i: Int) {
            for c in graph.children(of: i) {
                let e = graph.nodes[c].element
                if e.name == IBRules.segmentTag {
                    if e[attribute: IBRules.segmentSelectedAttribute] == IBRules.yes, selected == nil { selected = titles.count }
                    if let t = IBRules.segmentTitleAttributes.lazy.compactMap({ e[attribute: $0] }).first {
                        titles.append(t)
                    } else if let image = e[attribute: IBRules.segmentImageAttribute] {
                        if let glyph = IBRules.standardImageGlyphs[image] { titles.append(glyph); continue }
                        images.insert(titles.count)
                        titles.append(image)
                    } else {
                        titles.append("")
                    }
                } else if e.name == IBRules.segmentsContainer || e[attribute: IBRules.keyAttribute] == IBRules.cellKey {
                    walk(c)
                }
            }
        }
        walk(n)
        let e = graph.nodes[n].element
        if let i = e[attribute: IBRules.selectedSegmentAttribute].flatMap(Int.init), titles.indices.contains(i) { selected = i }
        let tracking = IBRules.momentaryTracking
        if e[attribute: IBRules.momentaryAttribute] == IBRules.yes || cells(e).contains(where: { $0[attribute: tracking.attribute] == tracking.value }) { selected = nil }
        return (titles, images, selected)
    }

    /// The image an image view or button shows: on the element, its cell, or its normal state.
    func imageName(_ e: XMLElement) -> String? {
        for a in IBRules.imageAttributes { if let v = e[attribute: a], !v.isEmpty { return v } }
        for case .element(let c) in e.children where c[attribute: IBRules.keyAttribute] == IBRules.cellKey || c[attribute: IBRules.keyAttribute] == IBRules.normalState.key {
            for a in IBRules.imageAttributes { if let v = c[attribute: a], !v.isEmpty { return v } }
        }
        return nil
    }

    /// Whether a button shows a background image (on it or its normal state).
    func hasBackgroundImage(_ e: XMLElement) -> Bool {
        if e[attribute: IBRules.backgroundImageAttribute] != nil { return true }
        for case .element(let c) in e.children where c[attribute: IBRules.keyAttribute] == IBRules.normalState.key {
            if c[attribute: IBRules.backgroundImageAttribute] != nil { return true }
        }
        return false
    }

    /// Whether a field (or its cell) has a border (`IBRules.borderAttributes`).
    func isBordered(_ e: XMLElement) -> Bool {
        func has(_ x: XMLElement) -> Bool {
            IBRules.borderAttributes.contains { a in x[attribute: a].map { !IBRules.noBorderValues.contains($0) } ?? false }
        }
        if has(e) { return true }
        for case .element(let c) in e.children where c[attribute: IBRules.keyAttribute] == IBRules.cellKey { return has(c) }
        return false
    }

    /// A bar button item's or tab bar item's text: its title, else its system item, else its image.
    func itemText(_ e: XMLElement) -> String? {
        if let t = IBGraph.visibleTitle(e) { return t }
        if let item = e[attribute: IBRules.systemItemAttribute], let title = IBRules.systemBarItemTitles[item] { return title }
        if let item = e[attribute: IBRules.toolbarItemIdentifierAttribute], let title = IBRules.standardToolbarItemLabels[item] { return title.isEmpty ? nil : title }
        for a in IBRules.barItemTextAttributes + IBRules.toolbarItemLabelAttributes { if let v = e[attribute: a], !v.isEmpty { return v } }
        return nil
    }
}

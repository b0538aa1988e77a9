/// Reads `<color>` elements: components spelled out (`red green blue alpha`, `white alpha`), or
/// a name (`systemColor`, `cocoaTouchSystemColor`, `name`) looked up first in the document's
/// own `<resources>` (`<namedColor>`, `<systemColor>`, which cache their components), then in
/// `IBRules.namedColors`. Colour spaces are all taken as sRGB: this is a sketch.
struct WireframeColors {
    private var resources: [String: Wireframe.Color] = [:]
    /// Drawn in the dark appearance: system colours take their dark values.
    private(set) var dark: Bool

    /// The same colours in the light or dark appearance.
    func appearance(dark: Bool) -> WireframeColors {
        var c = self
        c.dark = dark
        return c
    }

    init(_ graph: IBGraph, dark: Bool = false) {
        self.dark = dark
        guard let resourcesNode = graph.children(of: 0).first(where: { graph.nodes[$0].tag == IBRules.resourcesContainer }) else { return }
        for r in graph.children(of: resourcesNode) {
            let e = graph.nodes[r].element
            guard IBRules.resourceColorTags.contains(e.name), let name = e[attribute: IBRules.nameAttribute] else { continue }
            for case .element(let c) in e.children where c.name == IBRules.colorTag {
                if let color = WireframeColors.components(c) { resources[name] = color }
            }
        }
    }

    /// The colour of a `<color>` element, or nil when it names one nobody knows.
    func color(_ e: XMLElement) -> Wireframe.Color? {
        if let c = WireframeColors.components(e) { return c }
        for attribute in IBRules.colorNameAttributes {
            if let name = e[attribute: attribute], let c = named(name) { return c }
        }
        return nil
    }

    /// A colour by name, in the appearance drawn: a system colour's dark value (the document's
    /// resources cache its light one), the document's own, the profile's.
    func named(_ name: String) -> Wireframe.Color? {
        (dark ? IBRules.namedColorsDark[name] : nil).flatMap(WireframeColors.hex) ?? resources[name] ?? IBRules.namedColors[name].flatMap(WireframeColors.hex)
    }

    /// The colour of the view's first background value child (`IBRules.backgroundColorKeys`).
    func background(of e: XMLElement) -> Wireframe.Color? {
        // AppKit draws some views' colour only when asked to (`drawsBackground`).
        let draws = e[attribute: IBRules.drawsBackgroundAttribute]
        if draws == IBRules.no || (draws == nil && IBRules.backgroundDrawnOnRequest.contains(e.name)) { return nil }
        for case .element(let c) in e.children where c.name == IBRules.colorTag {
            if let key = c[attribute: IBRules.keyAttribute], IBRules.backgroundColorKeys.contains(key) { return color(c) }
        }
        return nil
    }

    static func components(_ e: XMLElement) -> Wireframe.Color? {
        let alpha = e[attribute: IBRules.colorComponents.alpha].flatMap(Double.init) ?? 1
        if let r = e[attribute: IBRules.colorComponents.red].flatMap(Double.init), let g = e[attribute: IBRules.colorComponents.green].flatMap(Double.init),
           let b = e[attribute: IBRules.colorComponents.blue].flatMap(Double.init) {
            return Wireframe.Color(red: r, green: g, blue: b, alpha: alpha)
        }
        if let w = e[attribute: IBRules.colorComponents.white].flatMap(Double.init) {
            return Wireframe.Color(red: w, green: w, blue: w, alpha: alpha)
        }
        return nil
    }

    /// `RRGGBBAA`.
    static func hex(_ s: String) -> Wireframe.Color? {
        guard s.utf8.count == 8, let v = UInt32(s, radix: 16) else { return nil }
        func part(_ shift: UInt32) -> Double { Double((v >> shift) & 0xFF) / 255 }
        return Wireframe.Color(red: part(24), green: part(16), blue: part(8), alpha: part(0))
    }
}

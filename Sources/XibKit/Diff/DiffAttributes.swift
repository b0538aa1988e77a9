/// An object's attributes as a person reads them: its own XML attributes, plus its value
/// children flattened to named attributes (`<state key="normal" title="Log in"/>` →
/// `normal title: "Log in"`, `<color key="backgroundColor" systemColor="systemRedColor"/>` →
/// `backgroundColor: systemRedColor`), with each attribute's noise class. Generic: tables of
/// value shapes, not a type per UIKit class. Values are described only when shown.
struct FlatAttribute {
    enum Content {
        /// A plain XML attribute of the element with this tag.
        case attribute(tag: String, attribute: String, value: String)
        /// A value element shown as one value (`<color>`, `<rect>`, `<string>`).
        case element(XMLElement)
        /// Text content.
        case text(String)
        /// A record with nothing in it: its presence (its tag) is the value.
        case presence(String)
        /// A constraint's equation (the constraint element, and its graph node for names).
        case equation(XMLElement, node: Int)
    }

    var name: String
    var content: Content
    /// The noise class of the value element this comes from (the attribute's own is looked up when asked).
    var elementNoise: IBRules.Noise?
    /// For a value the profile reads (`IBRules.equivalentValues`): what it means, and whether
    /// that is what its absence means (a default Xcode drops).
    var meaning: (value: String, meansAbsence: Bool)?

    init(name: String, content: Content, noise: IBRules.Noise?, meaning: (value: String, meansAbsence: Bool)? = nil) {
        self.name = name
        self.content = content
        self.elementNoise = noise
        self.meaning = meaning
    }

    var noise: IBRules.Noise? {
        if let elementNoise { return elementNoise }
        if case .attribute(let tag, let attribute, _) = content { return IBRules.noise(tag: tag, attribute: attribute) }
        return nil
    }

    /// Whether two attributes hold the same value (attribute order and formatting aside).
    func isSame(as other: FlatAttribute) -> Bool {
        switch (content, other.content) {
        case (.attribute(_, _, let a), .attribute(_, _, let b)): return a == b
        case (.text(let a), .text(let b)), (.presence(let a), .presence(let b)): return a == b
        case (.element(let a), .element(let b)): return a.isSameValue(as: b) || (meaning != nil && meaning?.value == other.meaning?.value)
        case (.equation(let a, _), .equation(let b, _)):
            return ConstraintEquation.attributes.allSatisfy { a[attribute: $0] == b[attribute: $0] }
        default: return false
        }
    }

    /// The value as a person reads it.
    func value(in objects: DiffObjects) -> DiffValue {
        switch content {
        case .attribute(let tag, let attributeName, let v):
            if IBRules.isReference(tag: tag, attribute: attributeName) {
                return DiffValue(text: objects.name(ofID: v), referencedID: v)
            }
            return DiffValue(text: v, isText: IBRules.textAttributes.contains(attributeName) || v.isEmpty || v.contains(" "))
        case .element(let e): return DiffAttributes.describe(e)
        case .text(let t): return DiffValue(text: t, isText: true)
        case .presence(let tag):
            // `<autoresizingMask key="autoresizingMask"/>`: no flags; `<extendedEdge key="edgesForExtendedLayout"/>`: its tag says it.
            if tag.lowercased().hasSuffix(IBRules.flagSetTagSuffix) { return DiffValue(text: "none") }
            return DiffValue(text: name.lowercased().hasSuffix(tag.lowercased()) ? "(empty)" : tag)
        case .equation(let e, let i):
            return DiffValue(text: ConstraintEquation.format(e) { id in
                guard let id else { return objects.holderName(i) }
                return objects.name(ofID: id)
            })
        }
    }

    /// The value as written, for telling apart two values that read the same.
    var written: String {
        switch content {
        case .attribute(_, _, let v), .text(let v): return v
        case .presence(let tag): return tag
        case .element(let e): return DiffAttributes.fingerprint(e)
        case .equation(let e, _):
            return e.attributes.filter { ConstraintEquation.attributes.contains($0.name) }.map { "\($0.name)=\($0.value)" }.joined(separator: " ")
        }
    }
}

enum DiffAttributes {
    /// The flattened attributes of entity `i`.
    static func of(_ i: Int, in objects: DiffObjects) -> [FlatAttribute] {
        let graph = objects.graph
        let node = graph.nodes[i]
        let e = node.element
        var out: [FlatAttribute] = []
        let isConstraint = node.tag == ConstraintEquation.tag
        if isConstraint {
            out.append(FlatAttribute(name: IBRules.equationLabel, content: .equation(e, node: i), noise: nil))
        }
        for a in e.attributes {
            if a.name == IBRules.objectIDAttribute || (node.tag == IBRules.sceneTag && a.name == IBRules.sceneIDAttribute) { continue }
            if isConstraint, ConstraintEquation.attributes.contains(a.name) { continue }
            out.append(FlatAttribute(name: a.name, content: .attribute(tag: node.tag, attribute: a.name, value: a.value), noise: nil))
        }
        let text = e.text
        if !text.isEmpty, !isWhitespace(text) {
            out.append(FlatAttribute(name: "text content", content: .text(text), noise: nil))
        }
        var siblings = Siblings(graph.children(of: i))
        for c in graph.children(of: i) where !objects.isEntity[c] && !isEmptyContainer(graph.nodes[c].element) {
            flatten(c, prefix: "", inheritedNoise: nil, siblings: &siblings, objects: objects, into: &out)
        }
        return out
    }

    /// `<subviews/>`, `<constraints/>`, `<connections/>`: a container with nothing in it says nothing.
    static func isEmptyContainer(_ e: XMLElement) -> Bool {
        e.attributes.isEmpty && e.children.isEmpty && IBRules.isContainer(e.name)
    }


    /// The children of one parent as labels number them: the ordinal each unnamed tag has
    /// reached, and how many children have each tag, counted once when first asked (asking by
    /// a scan of the siblings per tag would make 200,000 differently named children quadratic).
    struct Siblings {
        let nodes: IBGraph.Children
        var ordinals: [String: Int] = [:]
        private var counts: [String: Int]?

        init(_ nodes: IBGraph.Children) { self.nodes = nodes }

        mutating func count(of tag: String, _ graph: IBGraph) -> Int {
            if counts == nil {
                var made: [String: Int] = [:]
                for n in nodes { made[graph.nodes[n].element.name, default: 0] += 1 }
                counts = made
            }
            return counts![tag] ?? 0
        }
    }

    /// The label of a value element under its parent: its `key`, `runtime attribute keyPath`,
    /// `tag name`, or `tag N` among unnamed siblings of the same tag (just `tag` when alone).
    private static func label(_ e: XMLElement, siblings: inout Siblings, graph: IBGraph) -> (String, String?) {
        if let k = e[attribute: IBRules.keyAttribute] { return (k, IBRules.keyAttribute) }
        for attr in IBRules.identityAttributes where attr != IBRules.keyAttribute {
            if let v = e[attribute: attr] {
                return ((IBRules.valueLabelPrefixes[e.name] ?? e.name) + " " + v, attr)
            }
        }
        let n = siblings.ordinals[e.name, default: 0] + 1
        siblings.ordinals[e.name] = n
        let alone = n == 1 && siblings.count(of: e.name, graph) == 1
        return (alone ? e.name : "\(e.name) \(n)", nil)
    }

    private static func flatten(_ i: Int, prefix: String, inheritedNoise: IBRules.Noise?, siblings: inout Siblings,
                                objects: DiffObjects, into out: inout [FlatAttribute]) {
        let graph = objects.graph
        let node = graph.nodes[i]
        let e = node.element
        let (own, labelAttribute) = label(e, siblings: &siblings, graph: graph)
        let transparent = IBRules.transparentWrappers.contains(e.name) && e.attributes.isEmpty
        let name = transparent ? prefix : (prefix.isEmpty ? own : prefix + " " + own)
        let ownNoise = inheritedNoise == nil ? IBRules.noise(of: e) : nil
        let noise = inheritedNoise ?? ownNoise
        let isContainer = objects.containsEntity[i]
        // A noise element (`<device>`, `<animations/>`) is one value: one line in the noise count.
        if !isContainer, ownNoise != nil || isCompact(e) {
            var meaning: (String, Bool)?
            if IBRules.hasEquivalents(e.name) {
                let slot = IBRules.ValueSlot(parent: node.parent >= 0 ? graph.nodes[node.parent].tag : nil, e)
                meaning = IBRules.reading(e, in: slot)
            }
            out.append(FlatAttribute(name: name, content: .element(e), noise: noise, meaning: meaning))
            return
        }
        var emitted = false
        for a in e.attributes where a.name != IBRules.keyAttribute && a.name != labelAttribute {
            out.append(FlatAttribute(name: name.isEmpty ? a.name : name + " " + a.name,
                                     content: .attribute(tag: e.name, attribute: a.name, value: a.value), noise: noise))
            emitted = true
        }
        let text = e.text
        if !text.isEmpty, !isWhitespace(text) {
            out.append(FlatAttribute(name: name, content: .text(text), noise: noise))
            emitted = true
        }
        var children = Siblings(graph.children(of: i))
        for c in graph.children(of: i) where !objects.isEntity[c] && !isEmptyContainer(graph.nodes[c].element) {
            let before = out.count
            flatten(c, prefix: name, inheritedNoise: noise, siblings: &children, objects: objects, into: &out)
            if out.count > before { emitted = true }
        }
        if !emitted, !isContainer {
            // A record with nothing in it (`<freeformSimulatedSizeMetrics key="..."/>`): its presence is the value.
            out.append(FlatAttribute(name: name, content: .presence(e.name), noise: noise))
        }
    }

    /// Shown as one value: a known compact shape, a flag set (`autoresizingMask`), or plain text.
    static func isCompact(_ e: XMLElement) -> Bool {
        guard e.children.allSatisfy({ $0.element == nil }) else { return false }
        if IBRules.compactValues.contains(e.name) { return true }
        var sawFlag = false
        for a in e.attributes where a.name != IBRules.keyAttribute {
            guard a.value == IBRules.yes || a.value == IBRules.no else { return false }
            sawFlag = true
        }
        return sawFlag
    }

    static func isWhitespace(_ s: String) -> Bool {
        s.utf8.allSatisfy { $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }
    }

    /// Tag, attributes in a fixed order, text, and children: equal exactly when the values are.
    static func fingerprint(_ e: XMLElement) -> String {
        var s = "<" + e.name
        for a in e.attributes.sorted(by: { $0.name < $1.name }) where a.name != IBRules.keyAttribute {
            s += " " + a.name + "=" + a.value
        }
        s += ">"
        for c in e.children {
            switch c {
            case .element(let child): s += fingerprint(child)
            case .text(let t): s += t.value
            case .cdata(let t): s += t
            default: break
            }
        }
        return s
    }
}

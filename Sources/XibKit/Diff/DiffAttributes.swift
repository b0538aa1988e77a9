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

    init(name: String, content: Content, noise: IBRules.Noise?) {
        self.name = name
        self.content = content
        self.elementNoise = noise
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
        case (.element(let a), .element(let b)): return DiffAttributes.sameValue(a, b)
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
            return DiffValue(text: v, isText: DiffAttributes.textAttributes.contains(attributeName) || v.isEmpty || v.contains(" "))
        case .element(let e): return DiffAttributes.describe(e)
        case .text(let t): return DiffValue(text: t, isText: true)
        case .presence(let tag):
            // `<autoresizingMask key="autoresizingMask"/>`: no flags; `<extendedEdge key="edgesForExtendedLayout"/>`: its tag says it.
            if tag.lowercased().hasSuffix("mask") { return DiffValue(text: "none") }
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
    /// Value elements shown as one value (`backgroundColor: red 1 green 0 blue 0 alpha 1`);
    /// other value elements are records whose attributes are shown one by one (`normal title`).
    static let compactTags: Set<String> = [
        "rect", "point", "size", "inset", "edgeInsets", "directionalEdgeInsets", "color", "font",
        "fontDescription", "nil", "real", "integer", "bool", "number", "date", "string", "mutableString",
        "range", "value", "imageReference", "preferredSymbolConfiguration", "url", "locale", "timeZone",
    ]

    /// Attributes holding text a person wrote, shown in quotes.
    static let textAttributes: Set<String> = Set(IBRules.titleAttributes).union([
        "userLabel", "toolTip", "alternateTitle", "prompt", "message", "content", "placeholderString",
        "storyboardIdentifier", "restorationIdentifier", "identifier", "value", "keyEquivalent",
        "accessibilityLabel", "accessibilityHint", "headerTitle", "footerTitle", "string",
    ])

    /// Labels for value elements identified by something other than `key`.
    static let labelPrefixes: [String: String] = ["userDefinedRuntimeAttribute": "runtime attribute"]

    /// Wrappers whose own name says nothing (their items are labelled well enough).
    static let transparentWrappers: Set<String> = ["userDefinedRuntimeAttributes"]

    /// The flattened attributes of entity `i`.
    static func of(_ i: Int, in objects: DiffObjects) -> [FlatAttribute] {
        let graph = objects.graph
        let node = graph.nodes[i]
        let e = node.element
        var out: [FlatAttribute] = []
        let isConstraint = node.tag == "constraint"
        if isConstraint {
            out.append(FlatAttribute(name: "equation", content: .equation(e, node: i), noise: nil))
        }
        for a in e.attributes {
            if a.name == "id" || (node.tag == "scene" && a.name == "sceneID") { continue }
            if isConstraint, ConstraintEquation.attributes.contains(a.name) { continue }
            out.append(FlatAttribute(name: a.name, content: .attribute(tag: node.tag, attribute: a.name, value: a.value), noise: nil))
        }
        let text = e.text
        if !text.isEmpty, !isWhitespace(text) {
            out.append(FlatAttribute(name: "text content", content: .text(text), noise: nil))
        }
        var ordinals: [String: Int] = [:]
        for c in node.children where !objects.isEntity[c] && !isEmptyContainer(graph.nodes[c].element) {
            flatten(c, prefix: "", inheritedNoise: nil, ordinals: &ordinals, siblings: node.children, objects: objects, into: &out)
        }
        return out
    }

    /// `<subviews/>`, `<constraints/>`, `<connections/>`: a container with nothing in it says nothing.
    static func isEmptyContainer(_ e: XMLElement) -> Bool {
        e.attributes.isEmpty && e.children.isEmpty
            && (IBRules.orderedContainers.contains(e.name) || IBRules.unorderedContainers.contains(e.name))
    }


    /// The label of a value element under its parent: its `key`, `runtime attribute keyPath`,
    /// `tag name`, or `tag N` among unnamed siblings of the same tag (just `tag` when alone).
    private static func label(_ e: XMLElement, ordinals: inout [String: Int], siblings: [Int], graph: IBGraph) -> (String, String?) {
        if let k = e[attribute: "key"] { return (k, "key") }
        for attr in IBRules.identityAttributes where attr != "key" {
            if let v = e[attribute: attr] {
                return ((labelPrefixes[e.name] ?? e.name) + " " + v, attr)
            }
        }
        let n = ordinals[e.name, default: 0] + 1
        ordinals[e.name] = n
        let alone = n == 1 && siblings.lazy.filter { graph.nodes[$0].element.name == e.name }.prefix(2).count == 1
        return (alone ? e.name : "\(e.name) \(n)", nil)
    }

    private static func flatten(_ i: Int, prefix: String, inheritedNoise: IBRules.Noise?, ordinals: inout [String: Int],
                                siblings: [Int], objects: DiffObjects, into out: inout [FlatAttribute]) {
        let graph = objects.graph
        let node = graph.nodes[i]
        let e = node.element
        let (own, labelAttribute) = label(e, ordinals: &ordinals, siblings: siblings, graph: graph)
        let transparent = transparentWrappers.contains(e.name) && e.attributes.isEmpty
        let name = transparent ? prefix : (prefix.isEmpty ? own : prefix + " " + own)
        let ownNoise = inheritedNoise == nil ? IBRules.noise(element: e.name, key: e[attribute: "key"]) : nil
        let noise = inheritedNoise ?? ownNoise
        let isContainer = objects.containsEntity[i]
        // A noise element (`<device>`, `<animations/>`) is one value: one line in the noise count.
        if !isContainer, ownNoise != nil || isCompact(e) {
            out.append(FlatAttribute(name: name, content: .element(e), noise: noise))
            return
        }
        var emitted = false
        for a in e.attributes where a.name != "key" && a.name != labelAttribute {
            out.append(FlatAttribute(name: name.isEmpty ? a.name : name + " " + a.name,
                                     content: .attribute(tag: e.name, attribute: a.name, value: a.value), noise: noise))
            emitted = true
        }
        let text = e.text
        if !text.isEmpty, !isWhitespace(text) {
            out.append(FlatAttribute(name: name, content: .text(text), noise: noise))
            emitted = true
        }
        var childOrdinals: [String: Int] = [:]
        for c in node.children where !objects.isEntity[c] && !isEmptyContainer(graph.nodes[c].element) {
            let before = out.count
            flatten(c, prefix: name, inheritedNoise: noise, ordinals: &childOrdinals, siblings: node.children, objects: objects, into: &out)
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
        if compactTags.contains(e.name) { return true }
        var sawFlag = false
        for a in e.attributes where a.name != "key" {
            guard a.value == "YES" || a.value == "NO" else { return false }
            sawFlag = true
        }
        return sawFlag
    }

    private static func isWhitespace(_ s: String) -> Bool {
        s.utf8.allSatisfy { $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }
    }

    /// Whether two value elements are equal: same tag, same attributes in any order, same
    /// text and children. Equal bytes settle it at once.
    static func sameValue(_ a: XMLElement, _ b: XMLElement) -> Bool {
        if let oa = a.origin, let ob = b.origin, oa.isPristine, ob.isPristine, oa.hasSameBytes(as: ob) { return true }
        guard a.name == b.name, a.attributes.count == b.attributes.count, a.children.count == b.children.count else { return false }
        for x in a.attributes where b[attribute: x.name] != x.value { return false }
        for (x, y) in zip(a.children, b.children) {
            switch (x, y) {
            case (.element(let p), .element(let q)): if !sameValue(p, q) { return false }
            case (.text(let p), .text(let q)): if p.value != q.value { return false }
            case (.cdata(let p), .cdata(let q)): if p != q { return false }
            case (.comment, .comment), (.processingInstruction, .processingInstruction): continue
            default: return false
            }
        }
        return true
    }

    /// Tag, attributes in a fixed order, text, and children: equal exactly when the values are.
    static func fingerprint(_ e: XMLElement) -> String {
        var s = "<" + e.name
        for a in e.attributes.sorted(by: { $0.name < $1.name }) where a.name != "key" {
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

    // MARK: - Describing values

    /// A compact value in words: `(16, 66, 343, 174.333)`, `systemBackgroundColor`,
    /// `red 1 green 0 blue 0 alpha 1`, `system medium 13`, `"Log in"`, `widthSizable heightSizable`.
    static func describe(_ e: XMLElement) -> DiffValue {
        let n = ConstraintEquation.number
        func a(_ name: String) -> String? { e[attribute: name] }
        func nums(_ names: [String]) -> String? {
            var parts: [String] = []
            for k in names {
                guard let v = a(k) else { return nil }
                parts.append(n(v))
            }
            return parts.joined(separator: ", ")
        }
        switch e.name {
        case "rect": if let s = nums(["x", "y", "width", "height"]) { return DiffValue(text: "(\(s))") }
        case "point": if let s = nums(["x", "y"]) { return DiffValue(text: "(\(s))") }
        case "size": if let s = nums(["width", "height"]) { return DiffValue(text: "(\(s))") }
        case "inset": if let s = nums(["minX", "minY", "maxX", "maxY"]) { return DiffValue(text: "(\(s))") }
        case "edgeInsets", "directionalEdgeInsets":
            let sides = e.name == "edgeInsets" ? ["top", "left", "bottom", "right"] : ["top", "leading", "bottom", "trailing"]
            let parts = sides.compactMap { k in a(k).map { "\(k) \(n($0))" } }
            if !parts.isEmpty { return DiffValue(text: parts.joined(separator: " ")) }
        case "color":
            if let c = describeColor(e) { return DiffValue(text: c) }
        case "fontDescription":
            if let style = a("style") {
                return DiffValue(text: "text style " + (style.hasPrefix("UICTFontTextStyle") ? String(style.dropFirst(17)) : style))
            }
            let parts = [a("name") ?? a("type"), a("weight"), a("pointSize").map(n)].compactMap { $0 }
            if !parts.isEmpty { return DiffValue(text: parts.joined(separator: " ")) }
        case "font":
            let parts = [a("metaFont") ?? a("name") ?? a("textStyle"), a("size").map(n)].compactMap { $0 }
            if !parts.isEmpty, e.attributes.allSatisfy({ ["key", "metaFont", "name", "size", "family", "textStyle"].contains($0.name) }) {
                return DiffValue(text: parts.joined(separator: " "))
            }
        case "nil": return DiffValue(text: "nil")
        case "real", "integer", "number", "bool":
            if let v = a("value"), e.attributes.count <= 2 { return DiffValue(text: n(v)) }
        case "string", "mutableString":
            if e.elements.isEmpty {
                let text = a("base64-UTF8") == "YES" ? Base64.decodeUTF8(e.text) ?? e.text : e.text
                return DiffValue(text: text, isText: true)
            }
        default:
            let flags = e.attributes.filter { $0.name != "key" }
            if !flags.isEmpty, flags.allSatisfy({ $0.value == "YES" || $0.value == "NO" }) {
                return DiffValue(text: flags.map { $0.value == "YES" ? $0.name : "!" + $0.name }.joined(separator: " "))
            }
        }
        // Its label already says what it is: `device: id=retina6_1 orientation=portrait`.
        let written = generic(e)
        return DiffValue(text: e.attributes.contains(where: { $0.name != "key" }) ? String(written.dropFirst(e.name.count + 1)) : written)
    }

    /// A value element as one value: `describe`; a list of anonymous values as `[1000, 750]`
    /// (`(empty)` when it holds none); a named wrapper of one value (`<namedColor name=…>`
    /// around its `<color>`) as that value.
    static func describeValue(_ e: XMLElement) -> DiffValue {
        let own = e.attributes.filter { $0.name != "key" && !IBRules.identityAttributes.contains($0.name) }
        if own.isEmpty, e.elements.count == 1, e.text.allSatisfy(\.isWhitespace) { return describeValue(e.elements[0]) }
        guard e.attributes.allSatisfy({ $0.name == "key" }), e.text.allSatisfy(\.isWhitespace) else { return describe(e) }
        let items = e.elements
        guard items.allSatisfy({ item in !IBRules.identityAttributes.contains { item[attribute: $0] != nil } }) else { return describe(e) }
        return DiffValue(text: items.isEmpty ? "(empty)" : "[" + items.map { describe($0).display }.joined(separator: ", ") + "]")
    }

    /// The name the diff gives a value of an object: for node `n` (the object itself, or a
    /// value element in it) and one of its attributes, `title`, `normal title`,
    /// `runtime attribute cornerRadius value`; `backgroundColor` for a value named as a whole.
    static func valueName(of n: Int, attribute: String?, wholeValue: Bool, in graph: IBGraph) -> String? {
        var labels: [String] = []
        var i = n
        while i > 0, graph.nodes[i].objectID == nil, graph.nodes[i].tag != "scene" {
            let e = graph.nodes[i].element
            // Wrappers and containers (`<resources>`, `<connections>`) name nothing of their own.
            let container = IBRules.orderedContainers.contains(e.name) || IBRules.unorderedContainers.contains(e.name)
            if !((transparentWrappers.contains(e.name) || container) && e.attributes.isEmpty && i != n) {
                if let k = e[attribute: "key"] {
                    labels.append(k)
                } else if let attr = IBRules.identityAttributes.first(where: { e[attribute: $0] != nil }) {
                    labels.append((labelPrefixes[e.name] ?? e.name) + " " + e[attribute: attr]!)
                } else {
                    labels.append(e.name)
                }
            }
            i = graph.nodes[i].parent
        }
        var name = labels.reversed().joined(separator: " ")
        if let attribute, !wholeValue {
            name = name.isEmpty ? attribute : name + " " + attribute
        }
        return name.isEmpty ? nil : name
    }

    private static func describeColor(_ e: XMLElement) -> String? {
        let n = ConstraintEquation.number
        if let s = e[attribute: "systemColor"] ?? e[attribute: "cocoaTouchSystemColor"] { return s }
        if let name = e[attribute: "name"] { return name }
        var space = e[attribute: "colorSpace"].map { $0 == "custom" ? (e[attribute: "customColorSpace"] ?? $0) : $0 }
        if let s = space, s.hasSuffix("ColorSpace") { space = String(s.dropLast(10)) }
        let suffix = space.map { " (\($0))" } ?? ""
        if let w = e[attribute: "white"] {
            return "white \(n(w)) alpha \(n(e[attribute: "alpha"] ?? "1"))" + suffix
        }
        if let r = e[attribute: "red"], let g = e[attribute: "green"], let b = e[attribute: "blue"] {
            return "red \(n(r)) green \(n(g)) blue \(n(b)) alpha \(n(e[attribute: "alpha"] ?? "1"))" + suffix
        }
        return nil
    }

    /// Any value: `tag attr=value ...` and its text, children in braces.
    static func generic(_ e: XMLElement) -> String {
        var parts: [String] = [e.name]
        for a in e.attributes where a.name != "key" { parts.append("\(a.name)=\(a.value)") }
        var s = parts.joined(separator: " ")
        let text = e.text
        if !text.isEmpty, !isWhitespace(text) { s += " " + DiffValue(text: text, isText: true).display }
        let kids = e.elements
        if !kids.isEmpty { s += " {" + kids.map(generic).joined(separator: "; ") + "}" }
        return s
    }
}

/// Decoding of `base64-UTF8="YES"` strings (Xcode writes text with control characters so).
enum Base64 {
    static func decodeUTF8(_ s: String) -> String? {
        var table = [UInt8](repeating: 255, count: 256)
        for (i, c) in "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8.enumerated() { table[Int(c)] = UInt8(i) }
        var out: [UInt8] = []
        var buffer: UInt32 = 0
        var bits = 0
        for c in s.utf8 {
            if c == UInt8(ascii: "=") { break }
            if c == 0x20 || c == 0x0A || c == 0x0D || c == 0x09 { continue }
            let v = table[Int(c)]
            guard v != 255 else { return nil }
            buffer = (buffer << 6) | UInt32(v)
            bits += 6
            if bits >= 8 {
                bits -= 8
                out.append(UInt8((buffer >> UInt32(bits)) & 0xFF))
            }
        }
        return String(validating: out, as: UTF8.self)
    }
}

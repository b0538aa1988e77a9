/// The names a person recognises, which every report uses: `Button "Log in"`, `File's Owner`,
/// `Login Scene > View > Stack View > Button "Log in"`. What they are made of (type names,
/// titles, layout guides) is the profile's (`IBRules+Display`).
extension IBGraph {
    /// A name a person recognises: `Button "Log in"`, `File's Owner`, `Login Scene`.
    public func displayName(_ i: Int) -> String {
        let e = nodes[i].element  // (not the whole node: copying one retains all of it)
        let tag = e.name
        if tag == IBRules.sceneTag { return sceneName(i) + " Scene" }
        if tag == IBRules.documentRoot { return "Document" }
        if let label = e[attribute: IBRules.userLabelAttribute] { return label }
        var name = e[attribute: IBRules.customClassAttribute] ?? IBGraph.typeName(tag)
        if let rule = IBRules.namedByAttribute[tag], let value = e[attribute: rule.attribute] {
            name = rule.prefix.map { "\($0) \(value)" } ?? name + " (\(value))"
        } else if tag == IBRules.segueTag, let segue = IBRules.referringElement(tag) {
            name = "Segue" + (segue.nameAttribute.flatMap { e[attribute: $0] }.map { " \"\($0)\"" } ?? "")
                + (e[attribute: IBRules.segueKind].map { " (\($0))" } ?? "")
        } else if let guide = IBGraph.layoutGuideName(e) {
            name = guide
        }
        if let title = IBGraph.visibleTitle(e) {
            name += " \"\(title)\""
        } else if !nodes[i].isObject, let item = e.firstAttribute(of: IBRules.itemNameAttributes) {
            name += " \"\(item)\""  // resources and dependencies: Image "logo", Capability "Safe area layout guides"
        }
        return name
    }

    /// The text shown on an object, from its attributes or its usual value children, on one
    /// line and shortened to 40 characters (for names).
    public static func visibleTitle(_ e: XMLElement) -> String? {
        guard var t = shownText(e) else { return nil }
        // Byte checks first: most titles are short and on one line.
        if t.utf8.contains(where: { $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }) { t = t.replacingNewlines() }
        if t.utf8.count > 40, t.count > 40 { t = String(t.prefix(39)) + "…" }
        return t.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) ? t : VisibleText.escaped(t)
    }

    /// The whole text shown on an object (line breaks kept), or nil when it shows none.
    public static func shownText(_ e: XMLElement) -> String? {
        var title: String? = nil
        for a in IBRules.titleAttributes {
            if let v = e[attribute: a], !v.isEmpty { title = v; break }
        }
        if title == nil {
            // The children as they are (`elements` would copy every child element into an array).
            for case .element(let c) in e.children {
                let key = c[attribute: IBRules.keyAttribute]
                guard let rule = IBRules.titleChildren.first(where: { $0.key == key && ($0.tag == nil || $0.tag == c.name) }) else { continue }
                switch rule.title {
                case .text: title = c.text
                case .attribute(let a): title = c[attribute: a]
                case .attributeOrChildText(let a): title = c[attribute: a] ?? c.elements.first(where: { $0[attribute: IBRules.keyAttribute] == a })?.text
                }
                if title?.isEmpty == false { break }
            }
        }
        guard let t = title, !t.isEmpty else { return nil }
        return t
    }

    /// `Safe Area`, `Keyboard Layout Guide`, `Top Layout Guide` (`IBRules.layoutGuideNames`).
    public static func layoutGuideName(_ e: XMLElement) -> String? {
        IBRules.layoutGuideNames.first { g in
            g.tag == e.name && (g.key == nil || g.key == e[attribute: IBRules.keyAttribute]) && (g.type == nil || g.type == e[attribute: IBRules.typeAttribute])
        }?.name
    }

    /// `stackView` → `Stack View`.
    public static func typeName(_ tag: String) -> String {
        if let n = IBRules.typeNames[tag] { return n }
        if tag.utf8.allSatisfy({ $0 < 0x80 }) {
            // Tags are ASCII: bytes, not Characters (this runs for every object named).
            var out: [UInt8] = []
            out.reserveCapacity(tag.utf8.count + 4)
            for (i, b) in tag.utf8.enumerated() {
                if i == 0 {
                    out.append(b >= 0x61 && b <= 0x7A ? b - 0x20 : b)
                } else {
                    if b >= 0x41 && b <= 0x5A { out.append(0x20) }
                    out.append(b)
                }
            }
            return String(decoding: out, as: UTF8.self)
        }
        var out = ""
        for (i, ch) in tag.enumerated() {
            if i == 0 { out += ch.uppercased() } else if ch.isUppercase { out += " " + String(ch) } else { out.append(ch) }
        }
        return out
    }

    /// A scene's name: the comment Xcode writes before it, else its main object's name.
    public func sceneName(_ i: Int) -> String {
        let node = nodes[i]
        if node.parent >= 0, node.indexInParent > 0 {
            let siblings = nodes[node.parent].element.children
            var k = node.indexInParent - 1
            while k >= 0 {
                if case .comment(let c) = siblings[k] { return c.text.trimmingSpaces() }
                if case .element = siblings[k] { break }
                k -= 1
            }
        }
        if let main = sceneMainObject(i) { return displayName(main) }
        return "Scene \(node.element[attribute: IBRules.sceneIDAttribute] ?? "")"
    }

    /// The id shown for an entity: its object id, or a scene's id.
    public func shownID(_ i: Int) -> String? {
        if let id = nodes[i].objectID { return id }
        return nodes[i].tag == IBRules.sceneTag ? nodes[i].element[attribute: IBRules.sceneIDAttribute] : nil
    }

    /// The first object of a scene (its view controller).
    public func sceneMainObject(_ scene: Int) -> Int? {
        for c in children(of: scene) where nodes[c].tag == IBRules.objectsContainer {
            return children(of: c).first
        }
        return nil
    }

    /// `Login Scene > View > Stack View > Button "Log in"`: the objects from the top down,
    /// without containers, value elements, or the scene's own view controller.
    public func displayPath(_ i: Int) -> String {
        var parts: [String] = []
        var n = i
        while n > 0 {
            let node = nodes[n]
            if node.tag == IBRules.sceneTag {
                parts.append(displayName(n))
            } else if node.isObject {
                let isSceneMain = node.parent >= 0 && nodes[node.parent].tag == IBRules.objectsContainer
                    && scene(of: n).flatMap(sceneMainObject) == n
                if !isSceneMain || n == i { parts.append(displayName(n)) }
            } else if n == i {
                parts.append(displayName(n))
            }
            n = node.parent
        }
        if parts.isEmpty { return "Document" }
        // Joined by hand: `joined(separator:)` is generic code, not specialized, and a reversed
        // view's type is built at run time (a tenth of a merge's tree stage, for a few events).
        var path = parts[parts.count - 1]
        for part in parts.dropLast().reversed() {
            path += " > "
            path += part
        }
        return path
    }
}

extension String {
    func replacingNewlines() -> String {
        String(unicodeScalars.map { $0 == "\n" || $0 == "\r" || $0 == "\t" ? " " : Character($0) })
    }

    func trimmingSpaces() -> String {
        var s = Substring(self)
        while let f = s.first, f == " " || f == "\n" || f == "\t" || f == "\r" { s = s.dropFirst() }
        while let l = s.last, l == " " || l == "\n" || l == "\t" || l == "\r" { s = s.dropLast() }
        return String(s)
    }
}

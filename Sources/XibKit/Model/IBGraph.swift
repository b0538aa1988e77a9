#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The canonical object graph of a document: every element with a stable identity,
/// its parent, its references, and a human display path. Built in one walk over the tree;
/// it is a read-only index (rebuild it after changing the tree).
public struct IBGraph: Sendable {
    public struct Node: Sendable {
        /// A snapshot of the element (cheap: arrays inside are shared, not copied).
        public let element: XMLElement
        /// Index of the parent node, or -1 for the root.
        public let parent: Int
        /// Position of this element in the parent's `children` (which also holds text and comments).
        public let indexInParent: Int
        public let depth: Int
        /// Stable identity across versions of the file: `#id` for objects, `#scene:ID` for
        /// scenes, otherwise the parent's key plus `/tag[key=value]` or `/tag[ordinal]`.
        public let key: String
        /// The object id, if this element is an object.
        public let objectID: String?
        public internal(set) var children: [Int] = []

        public var tag: String { element.name }
    }

    /// A reference from one element's attribute to an object id.
    public struct Reference: Sendable, Hashable {
        public let node: Int
        public let attribute: String
        public let target: String
    }

    public let document: XMLDocument
    public private(set) var nodes: [Node] = []
    public private(set) var byKey = KeyIndex()
    /// Object ids to their (first) node.
    public private(set) var objectIndex = KeyIndex()
    /// Ids used by more than one object, with all their nodes (a broken file).
    public private(set) var duplicateIDs: [String: [Int]] = [:]
    public private(set) var references: [Reference] = []
    /// Whether some key had to be made unique (`~2`): a duplicate id, or two same-keyed values.
    public private(set) var hasDuplicateKeys = false

    public init(_ document: IBDocument) { self.init(xml: document.xml) }

    public init(xml: XMLDocument) {
        document = xml
        let estimate = xml.source.bytes.count / 80
        nodes.reserveCapacity(estimate)
        byKey = KeyIndex(minimumCapacity: estimate)
        objectIndex = KeyIndex(minimumCapacity: estimate / 2)
        let (key, objectID) = IBGraph.ownKey(xml.root, ElementIdentity(xml.root), local: "/document")
        add(xml.root, key: key, objectID: objectID, parent: -1, indexInParent: 0, depth: 0)
    }

    /// An element's key and object id: `#id` for objects, `#scene:ID` for scenes, else `local`
    /// (its key under its parent).
    private static func ownKey(_ e: XMLElement, _ identity: ElementIdentity, local: String) -> (String, String?) {
        if identity.id >= 0, !IBRules.hasNonObjectID(e.name) {
            let id = e.attributes[identity.id].value
            return (IBGraph.prefixed(0x23, id), id)  // "#" + id, without a concatenation (1,800 a file)
        }
        if identity.sceneID >= 0 { return ("#scene:" + e.attributes[identity.sceneID].value, nil) }
        return (local, nil)
    }

    /// Takes the element (the caller's copy, moved into the node): copying elements, 3 or 4
    /// retains each, was a visible share of building a graph.
    private mutating func add(_ e: consuming XMLElement, key: String, objectID: String?, parent: Int,
                              indexInParent: Int, depth: Int) {
        let index = nodes.count
        var key = key
        if byKey.insert(key, index) != nil {
            // A duplicate identity (duplicate id, or two same-keyed values): the first keeps the key.
            var n = 2
            while byKey[key + "~\(n)"] != nil { n += 1 }
            key += "~\(n)"
            byKey.insert(key, index)
            hasDuplicateKeys = true
        }
        let attributes = e.attributes
        for i in attributes.indices where IBRules.isReference(tag: e.name, attribute: attributes[i].name) && attributes[i].name != IBRules.objectIDAttribute {
            references.append(Reference(node: index, attribute: attributes[i].name, target: attributes[i].value))
        }
        let children = e.children
        nodes.append(Node(element: e, parent: parent, indexInParent: indexInParent, depth: depth, key: key, objectID: objectID))
        if let id = objectID, let first = objectIndex.insert(id, index) {
            duplicateIDs[id, default: [first]].append(index)
        }
        if parent >= 0 { nodes[parent].children.append(index) }
        // One allocation for the child list (appending grew it 1, 2, 4, 8...).
        if !children.isEmpty { nodes[index].children.reserveCapacity(children.count) }
        var ordinals: [(String, Int)] = []
        for i in children.indices {
            guard case .element(let c) = children[i] else { continue }
            let childIdentity = ElementIdentity(c)
            // Objects and scenes are keyed by id; only other elements need a key under this parent.
            let local = childIdentity.isGlobal(c) ? "" : IBGraph.key(of: c, childIdentity, under: key, ordinals: &ordinals)
            let (childKey, childID) = IBGraph.ownKey(c, childIdentity, local: local)
            add(c, key: childKey, objectID: childID, parent: index, indexInParent: i, depth: depth + 1)
        }
    }

    /// The key of an element without an id: its parent's key plus `/tag[key=value]`, or
    /// `/tag[n]` for the n-th anonymous element of that tag. Built in one allocation: this
    /// runs for most elements of a file.
    private static func key(of e: XMLElement, _ identity: ElementIdentity, under parentKey: String, ordinals: inout [(String, Int)]) -> String {
        var ordinal = 0
        if identity.ranked < 0 {
            if let i = ordinals.firstIndex(where: { $0.0 == e.name }) {
                ordinals[i].1 += 1
                ordinal = ordinals[i].1
            } else {
                ordinals.append((e.name, 0))
            }
        }
        let ranked = identity.ranked >= 0
        let ordinalText = ranked ? "" : String(ordinal)
        let identityName = ranked ? e.attributes[identity.ranked].name : ""
        let identityValue = ranked ? e.attributes[identity.ranked].value : ""
        let total = parentKey.utf8.count + e.name.utf8.count + 3
            + (ranked ? identityName.utf8.count + 1 + identityValue.utf8.count : ordinalText.utf8.count)
        // One allocation, filled by copying bytes: `+=` on String cost more than the hash insert.
        return String(unsafeUninitializedCapacity: total) { buffer in
            var at = 0
            put(parentKey, buffer, &at)
            put(0x2F, buffer, &at)  // "/"
            put(e.name, buffer, &at)
            put(0x5B, buffer, &at)  // "["
            if ranked {
                put(identityName, buffer, &at)
                put(0x3D, buffer, &at)  // "="
                put(identityValue, buffer, &at)
            } else {
                put(ordinalText, buffer, &at)
            }
            put(0x5D, buffer, &at)  // "]"
            return at
        }
    }

    /// `byte` followed by `string`, in one allocation (none for a short result).
    private static func prefixed(_ byte: UInt8, _ string: String) -> String {
        String(unsafeUninitializedCapacity: string.utf8.count + 1) { buffer in
            var at = 0
            put(byte, buffer, &at)
            put(string, buffer, &at)
            return at
        }
    }

    // Static, not nested: a nested function capturing `at` made every write an exclusivity check.
    @inline(__always) private static func put(_ string: String, _ buffer: UnsafeMutableBufferPointer<UInt8>, _ at: inout Int) {
        var string = string
        string.withUTF8 { bytes in
            if let from = bytes.baseAddress { (buffer.baseAddress! + at).update(from: from, count: bytes.count) }
            at += bytes.count
        }
    }

    @inline(__always) private static func put(_ byte: UInt8, _ buffer: UnsafeMutableBufferPointer<UInt8>, _ at: inout Int) {
        buffer[at] = byte
        at += 1
    }

    // MARK: - Queries

    public func node(forObjectID id: String) -> Int? { objectIndex[id] }

    /// Whether a key names an object or a scene (`#id`, `#scene:ID`) rather than an element
    /// identified under its parent (`#id/subviews[0]`).
    public static func isObjectKey(_ key: String) -> Bool {
        // Bytewise (the merge asks this for every key it meets): `#`, and no `/` after it.
        var key = key
        return key.withUTF8 { bytes in
            guard let base = bytes.baseAddress, bytes.first == 0x23 else { return false }
            return memchr(base, 0x2F, bytes.count) == nil
        }
    }


    /// Child indices from the root to this node, for editing the tree.
    public func treePath(of i: Int) -> [Int] {
        var path: [Int] = []
        var n = i
        while nodes[n].parent >= 0 {
            path.append(nodes[n].indexInParent)
            n = nodes[n].parent
        }
        return path.reversed()
    }

    /// The nearest node (itself included) that is an object or a scene.
    public func owningObject(_ i: Int) -> Int {
        var n = i
        while n > 0, nodes[n].objectID == nil, nodes[n].tag != IBRules.sceneTag { n = nodes[n].parent }
        return n
    }

    public func scene(of i: Int) -> Int? {
        var n = i
        while n >= 0 {
            if nodes[n].tag == IBRules.sceneTag { return n }
            n = nodes[n].parent
        }
        return nil
    }

    /// 1-based line of the node in its source file.
    public func line(of i: Int, using index: LineIndex? = nil) -> Int? {
        guard let o = nodes[i].element.origin else { return nil }
        if let index { return index.line(of: o.span.lowerBound) }
        return o.source.location(of: o.span.lowerBound).line
    }

    // MARK: - Human names

    /// A name a person recognises: `Button "Log in"`, `File's Owner`, `Login Scene`.
    public func displayName(_ i: Int) -> String {
        let e = nodes[i].element  // (not the whole node: copying one retains all of it)
        let tag = e.name
        if tag == IBRules.sceneTag { return sceneName(i) + " Scene" }
        if tag == "document" { return "Document" }
        if let label = e[attribute: "userLabel"] { return label }
        var name = e[attribute: "customClass"] ?? IBGraph.typeName(tag)
        if tag == "constraint", let attr = e[attribute: "firstAttribute"] {
            name += " (\(attr))"
        } else if tag == "outlet" || tag == "outletCollection", let p = e[attribute: "property"] {
            name = "Outlet \(p)"
        } else if tag == "action", let s = e[attribute: "selector"] {
            name = "Action \(s)"
        } else if tag == "segue" {
            name = "Segue" + (e[attribute: "identifier"].map { " \"\($0)\"" } ?? "") + (e[attribute: "kind"].map { " (\($0))" } ?? "")
        } else if let guide = IBGraph.layoutGuideName(e) {
            name = guide
        }
        if let title = IBGraph.visibleTitle(e) {
            name += " \"\(title)\""
        } else if nodes[i].objectID == nil, let item = e[attribute: "name"] ?? e[attribute: "identifier"] {
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
        return t
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
                let key = c[attribute: "key"]
                guard let rule = IBRules.titleChildren.first(where: { $0.key == key && ($0.tag == nil || $0.tag == c.name) }) else { continue }
                switch rule.title {
                case .text: title = c.text
                case .attribute(let a): title = c[attribute: a]
                case .attributeOrChildText(let a): title = c[attribute: a] ?? c.elements.first(where: { $0[attribute: "key"] == a })?.text
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
            g.tag == e.name && (g.key == nil || g.key == e[attribute: "key"]) && (g.type == nil || g.type == e[attribute: "type"])
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

    /// The first object of a scene (its view controller).
    public func sceneMainObject(_ scene: Int) -> Int? {
        for c in nodes[scene].children where nodes[c].tag == IBRules.objectsContainer {
            return nodes[c].children.first
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
            } else if node.objectID != nil {
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

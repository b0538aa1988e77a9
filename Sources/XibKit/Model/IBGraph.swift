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
        /// Stable identity across versions of the file: `#id` for objects, `#scene:ID` for
        /// scenes, otherwise the parent's key plus `/tag[key=value]` or `/tag[ordinal]`.
        public let key: String
        // In 32 bits (the reader's limits keep a file far below 2^31 elements, and a parent
        // below 2^31 children) and the depth in 16 (as `XMLOrigin`'s): a graph holds one node
        // per element, 32 bytes less each, the object id included (read from the element).
        // The fields in this order, widest first, make 40 bytes with no padding.
        private let parentIndex: Int32, position: Int32
        /// Where the child elements' indices are in the graph's `childList` (`children(of:)`):
        /// each node's take their places when it is added, so they run to the next node's start.
        fileprivate var childStart: Int32 = 0
        private let level: UInt16
        /// Whether this element is an object (has an object id): asked without reading its attributes.
        public let isObject: Bool
        /// Whether the merge takes this element as one value (`IBRules.AtomicValueTest`), found
        /// while its children are read for their keys.
        public fileprivate(set) var isAtomicValue = false

        init(element: XMLElement, parent: Int, indexInParent: Int, depth: Int, key: String, objectID: String?) {
            self.element = element
            parentIndex = Int32(parent)
            position = Int32(indexInParent)
            level = UInt16(depth)
            isObject = objectID != nil
            self.key = key
        }

        /// `node`, another graph's, at its place in this one.
        fileprivate init(_ node: Node, parent: Int, indexInParent: Int, depth: Int, childStart: Int32) {
            element = node.element
            isObject = node.isObject
            isAtomicValue = node.isAtomicValue
            key = node.key
            parentIndex = Int32(parent)
            position = Int32(indexInParent)
            level = UInt16(depth)
            self.childStart = childStart
        }

        /// The object id, if this element is an object.
        public var objectID: String? { isObject ? element[attribute: IBRules.objectIDAttribute] : nil }

        /// Index of the parent node, or -1 for the root.
        public var parent: Int { Int(parentIndex) }
        /// Position of this element in the parent's `children` (which also holds text and comments).
        public var indexInParent: Int { Int(position) }
        public var depth: Int { Int(level) }
        public var tag: String { element.name }
    }

    /// A reference from one element's attribute to an object id.
    public struct Reference: Sendable, Hashable {
        public let node: Int
        public let attribute: String
        public let target: String
    }

    /// A node's child elements, as node indices: a view into one list for the whole graph (an
    /// array per parent costs 48 bytes and more each).
    public struct Children: RandomAccessCollection, Sendable {
        private let list: [Int32]
        private let start: Int
        public let endIndex: Int

        fileprivate init(_ list: [Int32], start: Int32, count: Int32) {
            self.list = list
            self.start = Int(start)
            endIndex = Int(count)
        }

        public var startIndex: Int { 0 }
        public subscript(i: Int) -> Int { Int(list[start + i]) }
    }

    public let document: XMLDocument
    public private(set) var nodes: [Node] = []
    /// Every node's children, each node's together, in the order the nodes were added.
    private var childList: [Int32] = []
    public private(set) var byKey = KeyIndex()
    /// Object ids to their (first) node.
    public private(set) var objectIndex = KeyIndex()
    /// Ids used by more than one object, with all their nodes (a broken file).
    public private(set) var duplicateIDs: [String: [Int]] = [:]
    public private(set) var references: [Reference] = []
    /// Whether some key had to be made unique (`~2`): a duplicate id, or two same-keyed values.
    public private(set) var hasDuplicateKeys = false
    /// Per duplicated key, the next `~n` to try: counting up from 2 for each new duplicate would
    /// make a million siblings with one id quadratic.
    private var nextSuffix: [String: Int] = [:]
    private let keyed: Bool
    /// While the graph is built: keys to take rather than copy, and the bytes of the key being made.
    private var sharedKeys: KeyIndex?
    private var scratch: [UInt8] = []
    /// While the graph is built: the graph whose nodes it copies for the subtrees its document
    /// took from that graph's (`copyTaken`), those subtrees, the next of them, and whether a
    /// copy met a duplicate key (the graph is then built again without copying).
    private var neighbour: Neighbour?
    private var nextTaken = 0
    private var copyFailed = false

    public init(_ document: IBDocument) { self.init(xml: document.xml) }

    /// `keyed: false` leaves out the keys of elements that are not objects or scenes (their
    /// `key` is empty, `byKey` holds no entry): a graph only for the references and ids of a
    /// document, such as a merge's check of its result, in two thirds of the memory.
    /// `sharingKeysWith`: another version's graph, whose key strings this one takes where its
    /// own are equal (most of them), instead of a copy of each.
    public init(xml: XMLDocument, keyed: Bool = true, sharingKeysWith other: IBGraph? = nil) {
        self.init(building: xml, keyed: keyed, sharingKeysWith: other, copying: [])
    }

    /// `copying`: the subtrees `xml` took whole from `other`'s document (`IBDocument.taken`,
    /// as the reader took them), whose nodes this graph copies from `other` rather than making
    /// them again: their keys, ids and references are the same. A merge builds graphs of ours
    /// and theirs, and a file's history one of every version, most of them such subtrees
    /// (doc/performance.md, `Scripts/bench merge history`).
    init(xml: XMLDocument, sharingKeysWith other: IBGraph?, copying taken: [BaseElements.Taken]) {
        self.init(building: xml, keyed: true, sharingKeysWith: other, copying: taken)
        // A copied key was already there: made here, it and the keys below it would differ.
        if copyFailed { self = IBGraph(xml: xml, sharingKeysWith: other) }
    }

    private init(building xml: XMLDocument, keyed: Bool, sharingKeysWith other: IBGraph?, copying taken: [BaseElements.Taken]) {
        document = xml
        self.keyed = keyed
        sharedKeys = other?.byKey
        // Copied keys are `other`'s own only where it made none unique (`~2`), and its n-th
        // key is then node n's.
        if keyed, let other, other.keyed, !other.hasDuplicateKeys, !taken.isEmpty { neighbour = Neighbour(graph: other, taken: taken) }
        defer { (sharedKeys, scratch, neighbour) = (nil, [], nil) }
        let estimate = IBGraph.startTags(in: xml.source.bytes)
        nodes.reserveCapacity(estimate)
        childList.reserveCapacity(estimate)
        byKey = KeyIndex(minimumCapacity: keyed ? estimate : 0)
        objectIndex = KeyIndex(minimumCapacity: estimate / 2)
        let (key, objectID) = IBGraph.ownKey(xml.root, ElementIdentity(xml.root), local: "/document")
        add(xml.root, key: key, objectID: objectID, parent: -1, indexInParent: 0, depth: 0)
        // Built: `nodes` no longer changes, so the index may read its keys there.
        byKey.readKeys(from: nodes)
    }

    /// How many start tags the bytes hold (`<` before a name): the number of nodes, reserved at
    /// once, since growing the array of a large file holds it twice at the peak of memory.
    private static func startTags(in bytes: [UInt8]) -> Int {
        bytes.withUnsafeBufferPointer { p in
            guard let base = p.baseAddress else { return 0 }
            var count = 0, i = 0
            while i < p.count, let lt = memchr(base + i, 0x3C, p.count - i) {
                i = base.distance(to: lt.assumingMemoryBound(to: UInt8.self)) + 1
                if i < p.count, p[i] != 0x2F, p[i] != 0x21, p[i] != 0x3F { count += 1 }
            }
            return count
        }
    }

    /// An element's key and object id: `#id` for objects, `#scene:ID` for scenes, else `local`
    /// (its key under its parent).
    private static func ownKey(_ e: XMLElement, _ identity: ElementIdentity, local: String) -> (String, String?) {
        if let id = objectID(of: e, identity) {
            return (objectKey(id), id)
        }
        if identity.sceneID >= 0 { return ("#scene:" + e.attributes[identity.sceneID].value, nil) }
        return (local, nil)
    }

    /// The element's object id, if it is an object.
    fileprivate static func objectID(of e: XMLElement, _ identity: ElementIdentity) -> String? {
        identity.id >= 0 && !IBRules.hasNonObjectID(e.name) ? e.attributes[identity.id].value : nil
    }

    /// The same, where no key is made: an `ElementIdentity` also ranks every attribute for one
    /// (a merge's cascade scans every element of each rendering for its id and references).
    fileprivate static func objectID(of e: XMLElement) -> String? {
        IBRules.hasNonObjectID(e.name) ? nil : e[attribute: IBRules.objectIDAttribute]
    }

    /// The element's attributes that refer to an object: name and target id.
    @inline(__always)
    fileprivate static func forEachReference(in e: XMLElement, _ body: (String, String) -> Void) {
        // In place: most attributes are not references, and a copy of each cost three references.
        e.attributes.withUnsafeBufferPointer { attributes in
            for i in attributes.indices where IBRules.isReference(tag: e.name, attribute: attributes[i].name)
                && attributes[i].name != IBRules.objectIDAttribute {
                body(attributes[i].name, attributes[i].value)
            }
        }
    }

    /// Takes the element (the caller's copy, moved into the node): copying elements, 3 or 4
    /// retains each, was a visible share of building a graph.
    private mutating func add(_ e: consuming XMLElement, key: String, keyHash: UInt64? = nil, objectID: String?, parent: Int,
                              indexInParent: Int, depth: Int) {
        let index = nodes.count
        var key = key
        let inserted = keyHash.map { byKey.insert(key, index, hash: $0) } ?? (keyed || !key.isEmpty ? byKey.insert(key, index) : nil)
        if inserted != nil {
            // A duplicate identity (duplicate id, or two same-keyed values): the first keeps the key.
            var n = nextSuffix[key] ?? 2
            while byKey[key + "~\(n)"] != nil { n += 1 }
            nextSuffix[key] = n + 1
            key += "~\(n)"
            byKey.insert(key, index)
            hasDuplicateKeys = true
        }
        IBGraph.forEachReference(in: e) { references.append(Reference(node: index, attribute: $0, target: $1)) }
        let children = e.children
        var node = Node(element: e, parent: parent, indexInParent: indexInParent, depth: depth, key: key, objectID: objectID)
        // The children's places in `childList`, filled as they are added.
        node.childStart = Int32(childList.count)
        let elementCount = children.reduce(0) { $0 + ($1.isElement ? 1 : 0) }
        childList.append(contentsOf: repeatElement(-1, count: elementCount))
        // Moved, not copied: a copy retains all the node holds, and the original is then freed.
        nodes.append(consume node)
        if let id = objectID, let first = objectIndex.insert(id, index) {
            duplicateIDs[id, default: [first]].append(index)
        }
        var ordinals = TagOrdinals()
        // The children's places, filled as each is added (whether made or copied).
        var place = Int(nodes[index].childStart)
        var atomic = IBRules.AtomicValueTest()
        for i in children.indices {
            guard case .element(let c) = children[i] else {
                atomic.see(children[i])
                continue
            }
            let childIdentity = ElementIdentity(c)
            atomic.see(c, childIdentity)
            childList[place] = Int32(nodes.count)
            place += 1
            // Objects and scenes are keyed by id; only other elements need a key under this parent.
            if !keyed || childIdentity.isGlobal(c) {
                let (childKey, childID) = IBGraph.ownKey(c, childIdentity, local: "")
                if copyTaken(c, key: childKey, parent: index, indexInParent: i) { continue }
                add(c, key: childKey, objectID: childID, parent: index, indexInParent: i, depth: depth + 1)
            } else {
                let (childKey, hash) = self.key(of: c, childIdentity, under: key, ordinals: &ordinals)
                if copyTaken(c, key: childKey, parent: index, indexInParent: i) { continue }
                add(c, key: childKey, keyHash: hash, objectID: nil, parent: index, indexInParent: i, depth: depth + 1)
            }
        }
        if atomic.isAtomic { nodes[index].isAtomicValue = true }
    }

    /// Copies `neighbour`'s nodes for `e` and its subtree, when `e` is a subtree this document
    /// took whole from there and has the same key there: the keys below it are then the same
    /// too, and so are the ids and references. True when copied.
    private mutating func copyTaken(_ e: XMLElement, key: String, parent: Int, indexInParent: Int) -> Bool {
        guard let neighbour else { return false }
        let index = nodes.count
        while nextTaken < neighbour.taken.count && neighbour.taken[nextTaken].node < index { nextTaken += 1 }
        guard nextTaken < neighbour.taken.count, neighbour.taken[nextTaken].node == index else { return false }
        // The other graph's arrays one by one: a copy of the graph (its dozen references) for
        // each subtree copied was a tenth of copying.
        let there = neighbour.graph.nodes
        let m = neighbour.taken[nextTaken].baseNode, end = m + neighbour.taken[nextTaken].count
        guard end <= there.count, there[m].key == key, there[m].element.isSameParsedElement(as: e),
              end == there.count || there[end].depth <= there[m].depth else { return false }
        let shift = index - m, depth = nodes[parent].depth + 1
        // Each node's children have their places in `childList` from when it was added, in
        // the same order in both graphs: the subtree's are one stretch, up to the next node's.
        let childShift = Int32(childList.count) - there[m].childStart
        let childEnd = end == there.count ? neighbour.graph.childList.count : Int(there[end].childStart)
        childList += neighbour.graph.childList[Int(there[m].childStart)..<childEnd].lazy.map { $0 + Int32(shift) }
        let topDepth = there[m].depth
        // Read in place: a copy of each node first (five references) was a tenth of the copying.
        there.withUnsafeBufferPointer { source in
            for j in m..<end {
                if j > m && source[j].depth <= topDepth { copyFailed = true }
                nodes.append(j == m ? Node(source[j], parent: parent, indexInParent: indexInParent, depth: depth,
                                           childStart: source[j].childStart + childShift)
                             : Node(source[j], parent: source[j].parent + shift, indexInParent: source[j].indexInParent,
                                    depth: source[j].depth - topDepth + depth, childStart: source[j].childStart + childShift))
                if byKey.insert(source[j].key, j + shift, hash: neighbour.graph.byKey.hash(ofEntry: j)) != nil { copyFailed = true }
                if let id = source[j].objectID, let first = objectIndex.insert(id, j + shift) {
                    duplicateIDs[id, default: [first]].append(j + shift)
                }
            }
        }
        // References are in node order.
        let referencesThere = neighbour.graph.references
        var r = referencesThere.partitionPoint { $0.node < m }
        while r < referencesThere.count && referencesThere[r].node < end {
            references.append(Reference(node: referencesThere[r].node + shift, attribute: referencesThere[r].attribute,
                                        target: referencesThere[r].target))
            r += 1
        }
        return true
    }

    /// The key of an element without an id: its parent's key plus `/tag[key=value]`, or
    /// `/tag[n]` for the n-th anonymous element of that tag, with its hash. Made in `scratch`,
    /// and a String only when the shared graph has no equal key: this runs for most elements.
    private mutating func key(of e: XMLElement, _ identity: ElementIdentity, under parentKey: String,
                              ordinals: inout TagOrdinals) -> (String, UInt64) {
        let ordinal = identity.ranked < 0 ? ordinals.next(e.name) : 0
        scratch.removeAll(keepingCapacity: true)
        scratch.append(bytesOf: parentKey)
        scratch.append(0x2F)  // "/"
        scratch.append(bytesOf: e.name)
        scratch.append(0x5B)  // "["
        if identity.ranked >= 0 {
            scratch.append(bytesOf: e.attributes[identity.ranked].name)
            scratch.append(0x3D)  // "="
            scratch.append(bytesOf: e.attributes[identity.ranked].value)
        } else {
            scratch.append(bytesOf: String(ordinal))
        }
        scratch.append(0x5D)  // "]"
        return scratch.withUnsafeBytes { bytes in
            let hash = FastHash.of(bytes)
            if let shared = sharedKeys?.key(matching: bytes, hash: hash) { return (shared, hash) }
            return (String(decoding: bytes, as: UTF8.self), hash)
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
        string.withBytes { bytes in
            if let from = bytes.baseAddress { UnsafeMutableRawPointer(buffer.baseAddress! + at).copyMemory(from: from, byteCount: bytes.count) }
            at += bytes.count
        }
    }

    @inline(__always) private static func put(_ byte: UInt8, _ buffer: UnsafeMutableBufferPointer<UInt8>, _ at: inout Int) {
        buffer[at] = byte
        at += 1
    }

    // MARK: - Queries

    public func node(forObjectID id: String) -> Int? { objectIndex[id] }

    /// The node's child elements, in document order.
    public func children(of i: Int) -> Children {
        let end = i + 1 < nodes.count ? nodes[i + 1].childStart : Int32(childList.count)
        return Children(childList, start: nodes[i].childStart, count: end - nodes[i].childStart)
    }

    /// One past the last node of `n`'s subtree (nodes are in pre-order).
    public func subtreeEnd(of n: Int) -> Int {
        var last = n
        while let c = children(of: last).last { last = c }
        return last + 1
    }

    /// The key of the object with this id: `#id` (made without a concatenation: 1,800 a file).
    static func objectKey(_ id: String) -> String { prefixed(0x23, id) }

    /// What follows the `#` of a key made by `objectKey`: the id a reference names (nil for a
    /// key that does not start with `#`).
    static func id(ofObjectKey key: String) -> String? { key.utf8.first == 0x23 ? String(key.dropFirst()) : nil }

    /// Whether a key names an object or a scene (`#id`, `#scene:ID`) rather than an element
    /// identified under its parent (`#id/subviews[0]`).
    public static func isObjectKey(_ key: String) -> Bool {
        // Bytewise (the merge asks this for every key it meets): `#`, and no `/` after it.
        key.withBytes { bytes in
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
        while n > 0, !nodes[n].isObject, nodes[n].tag != IBRules.sceneTag { n = nodes[n].parent }
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

    /// 1-based line of the node in this graph's file; nil for an element read from other bytes
    /// (a merged graph holds subtrees read from base and theirs).
    public func line(of i: Int, using index: LineIndex? = nil) -> Int? {
        guard let offset = offset(of: i) else { return nil }
        if let index { return index.line(of: offset) }
        return document.source.location(of: offset).line
    }

    /// Byte offset of the node's `<` in this graph's file; nil for an element read from other
    /// bytes (a merged graph holds subtrees read from base and theirs).
    public func offset(of i: Int) -> Int? {
        guard let o = nodes[i].element.origin, o.source === document.source else { return nil }
        return o.span.lowerBound
    }
}

extension IBGraph {
    /// A document's object ids and references, the graph's, without its graph: what checking
    /// a merge's result needs (that graph, a fourth beside base's, ours' and theirs', was the
    /// peak of a large merge's memory).
    struct IDsAndReferences {
        struct Reference {
            let attribute: String
            let target: String
        }

        private(set) var ids = KeyIndex()
        private(set) var hasDuplicateIDs = false
        private(set) var references: [Reference] = []

        init(_ document: XMLDocument) { add(document.root) }

        /// What this scan of `graph`'s document finds once the subtrees of the `removed` nodes
        /// and the `removedAttributes` references are taken out of it: read from the graph, in
        /// the same order, without reading the document again.
        init(_ graph: IBGraph, removing removed: [Int], attributes removedAttributes: [IBGraph.Reference]) {
            var gone = [Bool](repeating: false, count: graph.nodes.count)
            for n in removed where !gone[n] {
                var m = n
                repeat {
                    gone[m] = true
                    m += 1
                } while m < graph.nodes.count && graph.nodes[m].depth > graph.nodes[n].depth
            }
            for i in graph.nodes.indices where !gone[i] {
                if let id = graph.nodes[i].objectID, ids.insert(id, 0) != nil { hasDuplicateIDs = true }
            }
            let removedAttributes = Set(removedAttributes)
            for r in graph.references where !gone[r.node] && (removedAttributes.isEmpty || !removedAttributes.contains(r)) {
                references.append(Reference(attribute: r.attribute, target: r.target))
            }
        }

        private mutating func add(_ e: XMLElement) {
            if let id = IBGraph.objectID(of: e), ids.insert(id, 0) != nil { hasDuplicateIDs = true }
            IBGraph.forEachReference(in: e) { references.append(Reference(attribute: $0, target: $1)) }
            for c in e.children {
                if case .element(let child) = c { add(child) }
            }
        }
    }
}

/// What `IBGraph.copyTaken` copies from (in a class: a graph cannot hold a graph).
private final class Neighbour: Sendable {
    let graph: IBGraph
    let taken: [BaseElements.Taken]

    init(graph: IBGraph, taken: [BaseElements.Taken]) {
        self.graph = graph
        self.taken = taken
    }
}

/// How many anonymous children of each tag a parent has had so far: the `n` of `/tag[n]`.
/// A short list searched in order, since a parent has a handful of tags; past 16 tags a
/// dictionary, since a parent of 200,000 differently named children would make the search
/// quadratic.
struct TagOrdinals {
    private var few: [(String, Int)] = []
    private var many: [String: Int] = [:]

    /// The next ordinal of `name`: 0 for its first child, then 1, 2…
    mutating func next(_ name: String) -> Int {
        if let i = few.firstIndex(where: { $0.0 == name }) {
            few[i].1 += 1
            return few[i].1
        }
        if few.count < 16 {
            few.append((name, 0))
            return 0
        }
        let n = many[name].map { $0 + 1 } ?? 0
        many[name] = n
        return n
    }
}

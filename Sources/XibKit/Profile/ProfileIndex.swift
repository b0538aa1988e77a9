/// The lookups over the profile's tables, built from them once: every attribute of every
/// element goes through some of them (the graph's identities and references, the merge's
/// fingerprints and noise), so they filter on a name's length and first letter before any
/// string comparison, and compare the few candidates left rather than hash the name. The
/// tables themselves (`IBRules+*.swift`) stay plain data.
extension IBRules {
    /// A first filter for the lookups that every attribute of every element goes through: most
    /// names fail on their length and first letter, before any string comparison. For each
    /// name length, the first letters of the names of that length, as bit sets: `height`
    /// (6, h) passes a filter on lengths and one on first letters apart, not this one.
    struct NameFilter {
        private var firstBytesByLength = [UInt64](repeating: 0, count: 64)

        init(_ names: [String]) {
            for name in names { firstBytesByLength[name.utf8.count] |= NameFilter.firstByteBit(name) }
        }

        @inline(__always) func mayContain(_ name: String) -> Bool {
            let n = name.utf8.count
            return n < 64 && firstBytesByLength[n] & NameFilter.firstByteBit(name) != 0
        }

        /// A bit for the first byte of a lower-case ASCII name (`a`...`z`), 0 otherwise.
        @inline(__always) private static func firstByteBit(_ s: String) -> UInt64 {
            // An index subscript, not `utf8.first`: the generic `first` was not inlined.
            guard !s.isEmpty else { return 0 }
            let f = s.utf8[s.utf8.startIndex]
            guard f >= 0x61, f <= 0x7A else { return 0 }
            return 1 << UInt64(f - 0x61)
        }
    }

    // MARK: Identity

    /// The identity attributes' names (`ElementIdentity` ranks them by `identityAttributes`).
    fileprivate static let identityFilter = NameFilter(identityAttributes)

    /// Whether an element's `id` is not an object id (`<device>`, `<adaptation>`).
    @inline(__always) public static func hasNonObjectID(_ tag: String) -> Bool {
        // Two names, compared length first: hashing the tag (a set lookup) cost more.
        let n = tag.utf8.count
        return (n == 6 || n == 10) && nonObjectIDTags.contains { $0.isSameName(as: tag) }
    }

    // MARK: References

    private static let referringByTag: [String: ReferringElement] =
        Dictionary(referringElementTable.map { ($0.tag, $0) }, uniquingKeysWith: { a, _ in a })

    /// The entry of an element that exists to refer to another object (`<outlet>`, `<segue>`).
    public static func referringElement(_ tag: String) -> ReferringElement? { referringByTag[tag] }

    private static let referenceFilter = NameFilter(referenceAttributes.map(\.attribute))

    public static func isReference(tag: String, attribute: String) -> Bool {
        guard referenceFilter.mayContain(attribute) else { return false }
        // A handful of pairs: comparing small strings beats hashing them.
        return referenceAttributes.contains { $0.attribute.isSameName(as: attribute) && ($0.tag.map { $0.isSameName(as: tag) } ?? true) }
    }

    // MARK: Values

    public static func isCacheContainer(_ tag: String) -> Bool { cacheContainers.contains { $0.isSameName(as: tag) } }

    private static let noiseFilter = NameFilter(noiseAttributes.map(\.attribute))

    public static func noise(tag: String, attribute: String) -> Noise? {
        // Hot path (fingerprints hash every attribute): hashing two strings into nested
        // tables here cost a tenth of a large merge.
        guard noiseFilter.mayContain(attribute) else { return nil }
        return noiseAttributes.first { $0.attribute.isSameName(as: attribute) && ($0.tag.map { $0.isSameName(as: tag) } ?? true) }?.noise
    }

    public static func noise(element tag: String, key: String?) -> Noise? {
        noiseElements.first { $0.tag.isSameName(as: tag) && ($0.key == nil || $0.key == key) }?.noise
    }

    /// The noise class of a whole element (`noiseElements`), by its tag and `key`.
    public static func noise(of e: XMLElement) -> Noise? { noise(element: e.name, key: e[attribute: keyAttribute]) }

    static func isGeometry(_ tag: String) -> Bool { geometryTags.contains { $0.isSameName(as: tag) } }

    /// Whether an element is merged as one value rather than attribute by attribute and child by
    /// child: it holds text (`<string key="text">`: a text both sides changed is one conflict),
    /// or it is a list of anonymous values (two children of one tag without identity:
    /// `<segment>`s, `<integer>`s of `visibilityPriorities`), whose positions are their identity.
    /// Shown the element's children in order, as a graph reads them (`IBGraph.Node.isAtomicValue`),
    /// with the identity it reads for each child's key.
    struct AtomicValueTest {
        /// How many anonymous children of each tag so far (made at the first: most elements
        /// have none, and a graph asks for every element).
        private var anonymous: TagOrdinals?
        private(set) var isAtomic = false

        mutating func see(_ node: XMLNode) {
            switch node {
            case .text(let t) where !t.isWhitespace: isAtomic = true
            case .cdata: isAtomic = true
            default: break
            }
        }

        mutating func see(_ child: XMLElement, _ identity: ElementIdentity) {
            guard !isAtomic, identity.isAnonymous else { return }
            if anonymous == nil { anonymous = TagOrdinals() }
            if anonymous!.next(child.name) > 0 { isAtomic = true }
        }
    }

    // MARK: Containers

    /// Whether `tag` under `parent` is a per-view list (`perViewLists`).
    public static func isPerViewList(_ tag: String, parent: String) -> Bool {
        perViewLists.contains { $0.list.isSameName(as: tag) && $0.parent.isSameName(as: parent) }
    }

    public static func isContainer(_ tag: String) -> Bool { containers[tag] != nil }

    public static func isSet(_ tag: String) -> Bool {
        if case .set? = containers[tag] { return true }
        return false
    }

    /// The order Xcode writes a set's members in, if it sorts them.
    public static func xcodeOrder(of tag: String) -> XcodeOrder? {
        if case .set(let order)? = containers[tag] { return order }
        return nil
    }
}

extension XMLElement {
    /// The value of the first of `names` it has (`IBRules.itemNameAttributes`: a name, else an
    /// identifier). A loop, not a lazy map: this names objects in every report.
    func firstAttribute(of names: [String]) -> String? {
        for name in names {
            if let v = self[attribute: name] { return v }
        }
        return nil
    }
}

/// The identity rules applied to one element: where its id, its scene id and its highest-ranked
/// identity attribute are, as indices into its attributes, found in one pass (copying the
/// strings out, a retain and a release each, was a third of building a graph). The graph keys
/// elements by it, the add/add base and the merge match children by those keys.
struct ElementIdentity {
    var id = -1
    var sceneID = -1
    /// The highest-priority identity attribute: the first of `IBRules.identityAttributes`.
    var ranked = -1

    init(_ e: XMLElement) {
        var rank = Int.max
        // The profile's names bound once, outside the loop over the attributes: read inside
        // it, for each attribute, they were two fifths of this (nRF 2bf3e5f2: 4.6M → 2.8M).
        let idName = IBRules.objectIDAttribute, sceneIDName = IBRules.sceneIDAttribute
        let filter = IBRules.identityFilter, names = IBRules.identityAttributes
        // In place (an attribute read out of the array is three references retained and
        // released), and by length first: this runs for every attribute of every element.
        e.attributes.withUnsafeBufferPointer { attributes in
            for i in attributes.indices {
                let name = attributes[i].name
                let n = name.utf8.count
                if n == 2, name == idName {
                    id = i
                } else if n == 7, name == sceneIDName {
                    sceneID = i
                } else if filter.mayContain(name), let r = names.firstIndex(where: { $0.isSameName(as: name) }), r < rank {
                    rank = r
                    ranked = i
                }
            }
        }
    }

    /// Keyed by its id or scene id, wherever it stands.
    func isGlobal(_ e: XMLElement) -> Bool {
        (id >= 0 && !IBRules.hasNonObjectID(e.name)) || sceneID >= 0
    }

    /// Known only by its place among its siblings of its tag.
    var isAnonymous: Bool { id < 0 && sceneID < 0 && ranked < 0 }
}

/// Which elements are objects, and what identifies the others.
///
/// An object is keyed by its id wherever it stands, so a move is a move, not a removal and an
/// addition. Every other element is keyed under its parent: by its highest-ranked identity
/// attribute (`<state key="normal">`, `<userDefinedRuntimeAttribute keyPath="…">`), else by its
/// place among its anonymous siblings of the same tag (`<segment>` 0, 1, 2).
extension IBRules {
    /// The attribute whose value is an object's id.
    public static let objectIDAttribute = "id"

    /// Elements whose `id` is not an object id (device models, size-class adaptations).
    public static let nonObjectIDTags = ["device", "adaptation"]

    /// The root element of a document-format file, and of a legacy Interface Builder 3 archive.
    public static let documentRoot = "document"
    public static let legacyArchiveRoot = "archive"

    /// Storyboard scenes: keyed by their scene id, like objects; a change is grouped by its scene.
    public static let sceneTag = "scene"
    public static let sceneIDAttribute = "sceneID"

    /// The container of a scene's objects (its view controller first) and of a xib's top-level objects.
    public static let objectsContainer = "objects"

    /// Attributes that identify an element without an id under its parent, in priority order.
    public static let identityAttributes = ["key", "name", "keyPath", "identifier", "reference", "property", "selector"]

    private static let identityFilter = NameFilter(identityAttributes)

    /// Priority of an identity attribute (index in `identityAttributes`), or nil.
    @inline(__always) public static func identityRank(_ attribute: String) -> Int? {
        guard identityFilter.mayContain(attribute) else { return nil }
        return identityAttributes.firstIndex { $0.isSameName(as: attribute) }
    }

    /// Whether an element's `id` is not an object id (`<device>`, `<adaptation>`).
    @inline(__always) public static func hasNonObjectID(_ tag: String) -> Bool {
        // Two names, compared length first: hashing the tag (a set lookup) cost more.
        let n = tag.utf8.count
        return (n == 6 || n == 10) && nonObjectIDTags.contains { $0.isSameName(as: tag) }
    }
}

/// The identity rules applied to one element: where its id, its scene id and its highest-ranked
/// identity attribute are, as indices into its attributes, found in one pass (copying the
/// strings out, a retain and a release each, was a third of building a graph). The graph keys
/// elements by it, the add/add base and the merge match children by those keys.
struct ElementIdentity {
    var id = -1
    var sceneID = -1
    /// The highest-priority identity attribute (`IBRules.identityAttributes`).
    var ranked = -1

    init(_ e: XMLElement) {
        let attributes = e.attributes
        var rank = Int.max
        for i in attributes.indices {
            // By length first: this runs for every attribute of every element.
            let n = attributes[i].name.utf8.count
            if n == 2, attributes[i].name == IBRules.objectIDAttribute {
                id = i
            } else if n == 7, attributes[i].name == IBRules.sceneIDAttribute {
                sceneID = i
            } else if let r = IBRules.identityRank(attributes[i].name), r < rank {
                rank = r
                ranked = i
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

/// Which elements are objects, and what identifies the others.
///
/// An object is keyed by its id wherever it stands, so a move is a move, not a removal and an
/// addition. Every other element is keyed under its parent: by its highest-ranked identity
/// attribute (`<state key="normal">`, `<userDefinedRuntimeAttribute keyPath="…">`), else by its
/// place among its anonymous siblings of the same tag (`<segment>` 0, 1, 2).
extension IBRules {
    /// The attribute whose value is an object's id.
    public static let objectIDAttribute = "id"

    /// Whether a string has the form of the ids Interface Builder gives objects: `abc-De-fgh`
    /// (three, two and three letters or digits), or a number (older files, and the placeholders
    /// `-1`, `-2`, `-3`). A translation key splits into an object id and a property only where
    /// it starts with one: `"Use frontmost.app as Todo App"` is a key of the code's.
    public static func hasObjectIDForm(_ s: Substring) -> Bool {
        let u = Array(s.utf8)
        func alnum(_ b: UInt8) -> Bool { (b >= 0x30 && b <= 0x39) || (b | 0x20 >= 0x61 && b | 0x20 <= 0x7A) }
        if u.count == 10, u[3] == UInt8(ascii: "-"), u[6] == UInt8(ascii: "-") {
            return u.enumerated().allSatisfy { i, b in i == 3 || i == 6 || alnum(b) }
        }
        let digits = u.first == UInt8(ascii: "-") ? u.dropFirst() : u[...]
        return !digits.isEmpty && digits.count <= 12 && digits.allSatisfy { $0 >= 0x30 && $0 <= 0x39 }
    }

    /// Elements whose `id` is not an object id (device models, size-class adaptations).
    public static let nonObjectIDTags = ["device", "adaptation"]

    /// The root element of a document-format file, and of a legacy Interface Builder 3 archive.
    public static let documentRoot = "document"
    public static let legacyArchiveRoot = "archive"
    /// The document's platform (`iOS.CocoaTouch`, `MacOSX.Cocoa`, `watchKit`, `AppleTV`), by
    /// how its value starts (`anyCase`: in any case), checked in order.
    public static let targetRuntimeAttribute = "targetRuntime"
    public static let targetRuntimePlatforms: [(prefix: String, anyCase: Bool, platform: IBDocument.Platform)] = [
        ("iOS", false, .iOS), ("MacOSX", false, .macOS), ("AppleTV", false, .tvOS), ("watch", true, .watchOS),
    ]
    /// A storyboard's document type holds this word (`com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB`).
    public static let storyboardTypeWord = "Storyboard"

    /// Storyboard scenes: keyed by their scene id, like objects; a change is grouped by its scene.
    public static let sceneTag = "scene"
    public static let sceneIDAttribute = "sceneID"

    /// The document's containers of storyboard scenes, of the resources (images, colours) it
    /// uses, and of an object's connections (outlets, actions, segues).
    public static let scenesContainer = "scenes", resourcesContainer = "resources", connectionsContainer = "connections"

    /// The container of a scene's objects (its view controller first) and of a xib's top-level objects.
    public static let objectsContainer = "objects"

    /// Attributes that identify an element without an id under its parent, in priority order.
    public static let identityAttributes = ["key", "name", "keyPath", "identifier", "reference", "property", "selector"]
}

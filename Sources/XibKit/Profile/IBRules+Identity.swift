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

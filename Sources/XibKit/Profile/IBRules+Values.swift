/// Which values are Xcode's noise or layout, and which elements merge as one value.
///
/// Noise is what Xcode churns without a person's intent. The merge resolves it by rule and
/// reports it apart from conflicts; the diff and the outline hide it unless asked; a deletion
/// wins over the other side's layout-only changes.
extension IBRules {
    /// How Xcode churns a value without a user's intent.
    public enum Noise: String, Sendable {
        /// Version stamps: the newer value wins (`toolsVersion`, `<plugIn version>`, ...).
        case toolsVersion = "tools-version"
        /// Editor state (`<device>`, `canvasLocation`, `misplaced`): ours wins.
        case editorState = "editor-state"
        /// Frames: recomputed by Xcode from constraints; ours wins, reported as layout-only.
        case layout
        /// What Xcode keeps of other files and rewrites on every save (`cacheContainers`): where
        /// both sides changed an entry, ours wins; an entry one side deleted stays only while
        /// the merged document uses it by name.
        case cache
    }

    /// The document-level containers whose entries are caches: image sizes and the components of
    /// system and named colours (from the SDK and the asset catalogs), custom fonts' files.
    public static let cacheContainers = ["resources", "customFonts"]

    /// Noise attributes; `tag` nil: on any element.
    public static let noiseAttributes: [(tag: String?, attribute: String, noise: Noise)] = [
        ("document", "toolsVersion", .toolsVersion), ("document", "systemVersion", .toolsVersion),
        ("plugIn", "version", .toolsVersion),
        ("capability", "minToolsVersion", .toolsVersion),
        (nil, "misplaced", .editorState), (nil, "ambiguous", .editorState),
    ]

    /// Whole elements that are noise, by tag and `key` (nil: any). Geometry (`<rect>`: frames,
    /// window content rects; text views' min/max sizes) is layout: Xcode derives it from
    /// constraints and autoresizing, and rewrites it when a file is merely opened. Inside a
    /// noise element every attribute is noise of its kind.
    public static let noiseElements: [(tag: String, key: String?, noise: Noise)] = [
        ("device", nil, .editorState), ("point", "canvasLocation", .editorState),
        ("animations", nil, .editorState),  // injected empty by Xcode 7, dropped by later versions
        ("rect", nil, .layout), ("size", "minSize", .layout), ("size", "maxSize", .layout),
    ]

    /// The document's record of the Xcode and SDK it was written for (`<deployment>`,
    /// `<plugIn>`, `<capability>`): bookkeeping Xcode rewrites with its version. Its entries are
    /// tools-version noise, changed, added or removed, but for the capabilities added or
    /// removed: they follow what the document uses (Xcode adds "Named colors" with the first
    /// named colour), so they are changes in a file with other changes, and noise alone.
    public static let dependenciesContainer = "dependencies"
    public static let capabilityTag = "capability"

    /// What an entry of a document-level container added or removed is.
    public enum EntryTurnover: Sendable {
        case change, noise
        /// A change in a file with other changes, noise in a file without.
        case noiseUnlessOtherChanges
    }

    /// The noise of a document-level container's entries changed in place: the record's
    /// (`dependenciesContainer`) are tools-version noise, the caches' (`cacheContainers`) cache
    /// noise; nil for other containers. The one list the diff hides and `tidy` puts back.
    public static func entryNoise(container tag: String) -> Noise? {
        if tag.isSameName(as: dependenciesContainer) { return .toolsVersion }
        return isCacheContainer(tag) ? .cache : nil
    }

    /// An entry `tag` of the document-level container `container` added or removed: the
    /// record's are noise but capabilities; a cache's follow what the document uses.
    public static func turnover(entry tag: String, container: String) -> EntryTurnover {
        guard container.isSameName(as: dependenciesContainer) else { return .change }
        return tag.isSameName(as: capabilityTag) ? .noiseUnlessOtherChanges : .noise
    }

    /// The layout value `tidy --frames` may put back (a view's `<rect key="frame">`); what ties a
    /// view to its constraints is `constraintItemAttributes`.
    public static let frameKey = "frame"

    /// Geometry values: a change to one is layout, but one appearing or going away is a change
    /// (as a person sees it), so a subtree's fingerprint counts them by presence only.
    static let geometryTags = ["rect", "size", "point"]

    /// Elements holding text, which Xcode writes as `<string key="x"></string>` when empty
    /// (seen in the corpus), so `format` keeps that spelling for them only.
    public static let textElements: Set<String> = ["string", "mutableString"]
}

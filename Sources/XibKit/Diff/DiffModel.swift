/// The semantic difference between two versions of one Interface Builder file, as a person
/// reads it: objects added, removed, moved or modified, grouped by scene (storyboards) or
/// top-level object (xibs), each naming its human path and its id. Computed on the ID-keyed
/// graph by `SemanticDiff`; rendered by XibReport (text, Markdown, JSON).

/// What a diff shows.
public struct DiffOptions: Sendable, Equatable {
    /// Show Xcode's churn (`toolsVersion`, plug-in versions, `<device>`, `canvasLocation`,
    /// `misplaced`, ...) instead of counting it in one line.
    public var includeNoise: Bool
    /// Show each changed frame instead of summarising them ("3 frames changed").
    public var layout: Bool

    public init(includeNoise: Bool = false, layout: Bool = false) {
        self.includeNoise = includeNoise
        self.layout = layout
    }
}

/// A value as a person reads it: `"Log in"`, `systemBackgroundColor`, `Label "Title"`.
public struct DiffValue: Sendable, Equatable {
    /// The value itself, unquoted (for JSON); for references, the name of the object referred to.
    public var text: String
    /// Whether it is text a person wrote (a title, a label): shown in quotes.
    public var isText: Bool
    /// For references to other objects: the id referred to.
    public var referencedID: String?

    public init(text: String, isText: Bool = false, referencedID: String? = nil) {
        self.text = text
        self.isText = isText
        self.referencedID = referencedID
    }

    /// How it reads on one line: text in quotes; line breaks escaped; what cannot be seen
    /// (controls, zero-width and private-use characters) as its code point, `<U+007F>`
    /// (`VisibleText`). Every format but JSON shows values so.
    public var display: String {
        var s = isText ? "\"" : ""
        for u in text.unicodeScalars {
            switch u {
            case "\n": s += "\\n"
            case "\r": s += "\\r"
            case "\t": s += "\\t"
            case "\"" where isText: s += "\\\""
            case "\\" where isText: s += "\\\\"
            default:
                if VisibleText.isHidden(u) { s += VisibleText.codePoint(u) } else { s.unicodeScalars.append(u) }
            }
        }
        return isText ? s + "\"" : s
    }
}

/// One attribute of an object, old → new. Value children of an object (`<state key="normal">`,
/// `<color key="backgroundColor">`, `<string key="text">`) count as attributes of it:
/// `normal title`, `backgroundColor`, `text`.
public struct AttributeChange: Sendable, Equatable {
    public var name: String
    /// nil: not set (the default) on that side.
    public var old: DiffValue?
    public var new: DiffValue?
    /// Set when the attribute is Xcode churn (shown only with --include-noise) or a frame
    /// (shown only with --layout).
    public var noise: IBRules.Noise?

    public init(name: String, old: DiffValue?, new: DiffValue?, noise: IBRules.Noise? = nil) {
        self.name = name
        self.old = old
        self.new = new
        self.noise = noise
    }
}

public struct ObjectMove: Sendable, Equatable {
    /// Human path of the old and new parent (empty for the top of a group).
    public var from: String
    public var to: String
    /// Whether the parent changed; otherwise the object was reordered among its siblings.
    public var reparented: Bool
    /// 1-based positions among the sibling objects of the container, for reorders.
    public var oldPosition: Int?
    public var newPosition: Int?

    public init(from: String, to: String, reparented: Bool, oldPosition: Int? = nil, newPosition: Int? = nil) {
        self.from = from
        self.to = to
        self.reparented = reparented
        self.oldPosition = oldPosition
        self.newPosition = newPosition
    }
}

public struct ObjectChange: Sendable, Equatable {
    public enum Kind: String, Sendable, CaseIterable {
        case added, removed, moved, modified
    }

    public var kind: Kind
    /// What sort of object, for summaries: `view`, `constraint`, `outlet`, `scene`, ... (see `DiffCategory`).
    public var category: String
    /// The element name (`button`, `constraint`, `scene`, `namedColor`).
    public var tag: String
    /// The object id (`sceneID` for scenes); nil for ids-less items (resources, dependencies, the document).
    public var id: String?
    /// The full human path: `Login Scene > View > Button "Log in"`.
    public var path: String
    /// The path of the object's parent within its group (empty when directly in it).
    public var location: String
    /// How the object reads on its own: `Button "Log in"`, a constraint's equation,
    /// `outlet titleLabel → Label "Title"`. Old and new (they differ when the object changed).
    public var oldSummary: String?
    public var newSummary: String?
    /// Nesting below an added or removed ancestor that is itself listed (0 = not nested).
    public var depth: Int
    public var move: ObjectMove?
    public var attributes: [AttributeChange]
    /// 1-based line of the object in the old and new file.
    public var oldLine: Int?
    public var newLine: Int?

    public init(kind: Kind, category: String, tag: String, id: String?, path: String, location: String,
                oldSummary: String?, newSummary: String?, depth: Int = 0, move: ObjectMove? = nil,
                attributes: [AttributeChange] = [], oldLine: Int? = nil, newLine: Int? = nil) {
        self.kind = kind
        self.category = category
        self.tag = tag
        self.id = id
        self.path = path
        self.location = location
        self.oldSummary = oldSummary
        self.newSummary = newSummary
        self.depth = depth
        self.move = move
        self.attributes = attributes
        self.oldLine = oldLine
        self.newLine = newLine
    }

    /// The summary to show: the new one, or the old one for removed objects.
    public var summary: String { newSummary ?? oldSummary ?? path }
}

/// Changes under one scene, one top-level object, the resources, or the document itself.
public struct ChangeGroup: Sendable, Equatable {
    public enum Kind: String, Sendable {
        case document, scene, object, resources
    }

    public var kind: Kind
    public var title: String
    /// The scene id or the top-level object's id.
    public var id: String?
    public var changes: [ObjectChange]

    public init(kind: Kind, title: String, id: String?, changes: [ObjectChange]) {
        self.kind = kind
        self.title = title
        self.id = id
        self.changes = changes
    }
}

/// The differences of one file, filtered for what `DiffOptions` shows.
public struct FileDiff: Sendable, Equatable {
    public enum Status: String, Sendable {
        case added, deleted, modified, unchanged
    }

    /// Names for the two sides; nil where the file does not exist (added or deleted).
    public var oldName: String?
    public var newName: String?
    /// The name to show for the file as a whole (in git mode: its path in the repository).
    public var displayName: String
    public var status: Status
    /// `storyboard` or `xib`, and the platform, of the newer side.
    public var documentKind: IBDocument.Kind
    public var platform: IBDocument.Platform
    public var options: DiffOptions
    public var groups: [ChangeGroup]
    /// Frame changes left out (without --layout), counted.
    public var framesChanged: Int
    /// Noise changes left out (without --include-noise), counted, and what they were
    /// (`toolsVersion`, `plugIn version`, ...), in order of first appearance.
    public var noiseHidden: Int
    public var noiseNames: [String]

    public init(oldName: String?, newName: String?, displayName: String, status: Status,
                documentKind: IBDocument.Kind, platform: IBDocument.Platform, options: DiffOptions,
                groups: [ChangeGroup], framesChanged: Int = 0, noiseHidden: Int = 0, noiseNames: [String] = []) {
        self.oldName = oldName
        self.newName = newName
        self.displayName = displayName
        self.status = status
        self.documentKind = documentKind
        self.platform = platform
        self.options = options
        self.groups = groups
        self.framesChanged = framesChanged
        self.noiseHidden = noiseHidden
        self.noiseNames = noiseNames
    }

    public var changes: [ObjectChange] { groups.flatMap(\.changes) }

    /// Whether there is anything to show: a change, or the "N frames changed" line. Hidden
    /// noise alone is not a change to show (it is what Xcode rewrites by itself), so a file
    /// that differs only in noise shows nothing and `--exit-code` exits 0 for it.
    public var hasChangesToShow: Bool { !groups.isEmpty || framesChanged > 0 }
}

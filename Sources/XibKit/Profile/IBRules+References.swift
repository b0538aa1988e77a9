/// Which attributes hold the id of another object, and which elements exist only to refer.
///
/// The graph lists every reference; `check` reports those naming no object; a merge keeps an
/// object one side deleted when the other side made something new refer to it, and removes
/// what still refers to a deleted object, as Xcode does.
extension IBRules {
    /// Attributes whose value is the id of another object in the same document.
    /// `nil` tag: on any element.
    public static let referenceAttributes: [(tag: String?, attribute: String)] = [
        (nil, "destination"), (nil, "firstItem"), (nil, "secondItem"), (nil, "target"),
        (documentRoot, initialViewControllerAttribute),
        ("exclude", "reference"), ("include", "reference"), ("segue", "reference"),
        ("tableViewCellContentView", "tableViewCell"), ("tableViewCell", "textLabel"),
        ("tableViewCell", "detailTextLabel"), ("tableViewCell", "imageView"),
        ("popUpButtonCell", "selectedItem"), ("binding", "previousBinding"),
        ("outlineView", "outlineTableColumn"), ("gridCell", "row"), ("gridCell", "column"),
        ("tableView", "headerView"),
    ]

    /// A storyboard's first scene: the id of its controller, on the document.
    public static let initialViewControllerAttribute = "initialViewController"
    /// A storyboard reference's target storyboard (`<viewControllerPlaceholder storyboardName=…>`).
    public static let storyboardReferenceAttribute = "storyboardName"

    /// References Xcode itself leaves dangling (seen in Xcode-written files): renamed with
    /// their target, but not reported by `check`, nor cascaded by a merge.
    public static let toleratedDanglingReferences: Set<String> = ["previousBinding"]

    /// An element that exists to refer to another object, as reports name it.
    public struct ReferringElement: Sendable {
        public enum Kind: String, Sendable { case outlet, action, segue, constraint }
        public let tag: String
        /// The connection it is (an outlet collection is an outlet); nil: shown by its tag.
        public let kind: Kind?
        /// What the diff calls it (`outlet collection`).
        public let noun: String
        /// The attribute naming it (an outlet's property, an action's selector).
        public let nameAttribute: String?
        /// The attributes holding the objects it refers to, in the order reports look at them.
        public let targetAttributes: [String]
        /// An attribute shown after its name (an action's event).
        public let detailAttribute: String?

        init(_ tag: String, _ kind: Kind?, noun: String? = nil, name: String? = nil, targets: [String], detail: String? = nil) {
            self.tag = tag
            self.kind = kind
            self.noun = noun ?? kind?.rawValue ?? tag
            nameAttribute = name
            targetAttributes = targets
            detailAttribute = detail
        }
    }

    /// Elements that exist to refer to another object: when it is deleted they go with it (a
    /// referring attribute on any other element is dropped instead).
    public static let referringElementTable: [ReferringElement] = [
        .init("outlet", .outlet, name: outletKeyAttribute, targets: ["destination"]),
        .init("outletCollection", .outlet, noun: "outlet collection", name: outletKeyAttribute, targets: ["destination"]),
        .init(actionTag, .action, name: actionSelectorAttribute, targets: ["destination", "target"], detail: "eventType"),
        .init(segueTag, .segue, name: "identifier", targets: [segueDestination]),
        .init(constraintTag, .constraint, targets: constraintSlots.map(\.item)),
        .init("binding", nil, name: "name", targets: ["destination"]),
        .init("exclude", nil, targets: ["reference"]),
        .init("include", nil, targets: ["reference"]),
    ]

    public static let referringElements: Set<String> = Set(referringElementTable.map(\.tag))

    /// A segue's attributes besides its destination: the kind (`show`, `relationship`, ...),
    /// the relationship a container's segue stands for (`rootViewController`), and the
    /// reference a placeholder segue makes to the one it stands for.
    public static let segueTag = "segue", segueDestination = "destination"
    public static let segueKind = "kind", segueRelationship = "relationship", segueReference = referenceAttribute
    /// An element standing for another object by its id (`<exclude reference>`, a toolbar's
    /// default item, a placeholder segue).
    public static let referenceAttribute = "reference"
    /// The `kind` of a container's segue to a child it holds.
    public static let relationshipSegueKind = "relationship"
}

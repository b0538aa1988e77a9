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
        ("document", "initialViewController"),
        ("exclude", "reference"), ("include", "reference"), ("segue", "reference"),
        ("tableViewCellContentView", "tableViewCell"), ("tableViewCell", "textLabel"),
        ("tableViewCell", "detailTextLabel"), ("tableViewCell", "imageView"),
        ("popUpButtonCell", "selectedItem"), ("binding", "previousBinding"),
        ("outlineView", "outlineTableColumn"), ("gridCell", "row"), ("gridCell", "column"),
        ("tableView", "headerView"),
    ]

    /// References Xcode itself leaves dangling (seen in Xcode-written files): renamed with
    /// their target, but not reported by `check`, nor cascaded by a merge.
    public static let toleratedDanglingReferences: Set<String> = ["previousBinding"]

    /// Elements that exist to refer to another object: when it is deleted they go with it (a
    /// referring attribute on any other element is dropped instead).
    public static let referringElements: Set<String> = [
        "constraint", "outlet", "outletCollection", "action", "segue", "binding", "exclude", "include",
    ]

    private static let referenceFilter = NameFilter(referenceAttributes.map(\.attribute))

    public static func isReference(tag: String, attribute: String) -> Bool {
        guard referenceFilter.mayContain(attribute) else { return false }
        // A handful of pairs: comparing small strings beats hashing them.
        return referenceAttributes.contains { $0.attribute.isSameName(as: attribute) && ($0.tag.map { $0.isSameName(as: tag) } ?? true) }
    }
}

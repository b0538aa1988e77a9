/// What `check` reads beyond integrity: Xcode's layout flags, and where an object's
/// user-visible text is for its translations.
extension IBRules {
    /// Flags Xcode's editor writes on a view (`misplaced="YES"`, `ambiguous="YES"`), and the
    /// `check` rule that reports each one left in a file.
    public static let layoutWarningFlags: [(attribute: String, rule: String)] = [
        ("misplaced", "misplaced-view"), ("ambiguous", "ambiguous-layout"),
    ]

    /// Where an object's user-visible text is, and the property its key names in a
    /// Base-localised `.strings` file (`"abc-De-fgh.normalTitle" = "…";`), as Xcode exports
    /// them. `child`: a value element of the object (`<state key="normal" title=…>`), else the
    /// object's own attribute; `attribute` nil: the child's text content (`<string key="text">`).
    public static let localizableText: [(child: (tag: String, key: String)?, attribute: String?, property: String)] = [
        (nil, "text", "text"), (nil, "title", "title"), (nil, "placeholder", "placeholder"),
        (nil, "headerTitle", "headerTitle"), (nil, "footerTitle", "footerTitle"), (nil, "prompt", "prompt"),
        (nil, "label", "label"), (nil, "paletteLabel", "paletteLabel"), (nil, "placeholderString", "placeholderString"),
        (nil, "alternateTitle", "alternateTitle"),
        (("state", "normal"), "title", "normalTitle"), (("state", "highlighted"), "title", "highlightedTitle"),
        (("state", "selected"), "title", "selectedTitle"), (("state", "disabled"), "title", "disabledTitle"),
        (("string", "text"), nil, "text"), (("string", "title"), nil, "title"),
        (("accessibility", "accessibilityConfiguration"), "label", "accessibilityLabel"),
        (("accessibility", "accessibilityConfiguration"), "hint", "accessibilityHint"),
        (("tableHeaderCell", "headerCell"), "title", "headerCell.title"),
    ]

    /// How a `.strings` key of a Base-localised file names its object: `OBJECT-ID.property`,
    /// split at the first dot (ids have none; properties may: `headerCell.title`).
    public static let localizationKeySeparator: Character = "."
}

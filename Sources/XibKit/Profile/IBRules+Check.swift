/// What `check` reads beyond integrity: Xcode's layout flags, and where an object's
/// user-visible text is for its translations.
extension IBRules {
    /// Flags Xcode's editor writes on a view (`misplaced="YES"`, `ambiguous="YES"`), and the
    /// `check` rule that reports each one left in a file.
    public static let layoutWarningFlags: [(attribute: String, rule: String)] = [
        ("misplaced", "misplaced-view"), ("ambiguous", "ambiguous-layout"),
    ]

    /// Where an object's user-visible text is, and the property its key names in a
    /// Base-localised `.strings` file or String Catalog (`"abc-De-fgh.normalTitle"`), as ibtool
    /// exports them. Rows are tried in order: the first whose `tags` (nil: any object) has the
    /// object claims a source, so specific rows come before general ones; a row without a
    /// property claims a source that is not text there (a constraint's `placeholder="YES"`), or
    /// that ibtool leaves out (a pop-up button's cell shows its selected item's title, which
    /// the menu item exports).
    public static let localizableText: [LocalizableText] = [
        .init(["popUpButtonCell"], .attribute("title"), nil), .init(["constraint"], .attribute("placeholder"), nil),
        .init(["toolbarItem"], .attribute("toolTip"), "toolTip"),
        .init(["tableColumn"], .attribute("headerToolTip"), "headerToolTip"),
        .init(nil, .attribute("toolTip"), "ibShadowedToolTip"),
        .init(nil, .attribute("text"), "text"), .init(nil, .attribute("title"), "title"),
        .init(nil, .attribute("placeholder"), "placeholder"), .init(nil, .attribute("headerTitle"), "headerTitle"),
        .init(nil, .attribute("footerTitle"), "footerTitle"), .init(nil, .attribute("prompt"), "prompt"),
        .init(nil, .attribute("label"), "label"), .init(nil, .attribute("paletteLabel"), "paletteLabel"),
        .init(nil, .attribute("placeholderString"), "placeholderString"), .init(nil, .attribute("alternateTitle"), "alternateTitle"),
        .init(nil, .child("state", "normal", "title"), "normalTitle"), .init(nil, .child("state", "highlighted", "title"), "highlightedTitle"),
        .init(nil, .child("state", "selected", "title"), "selectedTitle"), .init(nil, .child("state", "disabled", "title"), "disabledTitle"),
        .init(nil, .child("string", "text", nil), "text"), .init(nil, .child("string", "title", nil), "title"),
        .init(nil, .child("string", "placeholderString", nil), "placeholderString"),
        .init(nil, .child("accessibility", "accessibilityConfiguration", "label"), "accessibilityLabel"),
        .init(nil, .child("accessibility", "accessibilityConfiguration", "hint"), "accessibilityHint"),
        .init(nil, .child("accessibility", nil, "description"), "ibExternalAccessibilityDescription"),
        .init(nil, .child("tableHeaderCell", "headerCell", "title"), "headerCell.title"),
        .init(["segmentedCell"], .items("segments", "segment", "label"), "ibShadowedLabels"),
        .init(["segmentedControl"], .items("segments", "segment", "title"), "segmentTitles"),
        .init(["searchBar"], .items("scopeButtonTitles", "string", nil), "scopeButtonTitles"),
        .init(["binding"], .option("NSNullPlaceholder"), "ibShadowedIsNilPlaceholder"),
        .init(["binding"], .option("NSMultipleValuesPlaceholder"), "ibShadowedMultipleValuesPlaceholder"),
        .init(["binding"], .option("NSNoSelectionPlaceholder"), "ibShadowedNoSelectionPlaceholder"),
        .init(["binding"], .option("NSNotApplicablePlaceholder"), "ibShadowedNotApplicablePlaceholder"),
    ]

    public struct LocalizableText: Sendable {
        public enum Source: Sendable, Equatable {
            case attribute(String)
            /// A value child by tag and `key` (nil: a child without one), and its attribute
            /// (nil: its text).
            case child(String, String?, String?)
            /// Each item of a list child (`<segments><segment label=…>`): the key's property is
            /// `property[index]`, and ibtool's comment names it `OBJECT-ID.property[index]`.
            case items(String, String, String?)
            /// A Cocoa binding's option (`<dictionary key="options"><string key=…>`): its placeholders.
            case option(String)
        }

        public var tags: Set<String>?
        public var source: Source
        public var property: String?

        init(_ tags: Set<String>?, _ source: Source, _ property: String?) {
            self.tags = tags
            self.source = source
            self.property = property
        }
    }

    /// The class ibtool names in its comments (`Class = "NSMenuItem";`): the platform's prefix
    /// and the tag with a capital (`menuItem`: `NSMenuItem`, `label`: `UILabel` or, on watchOS,
    /// `WKInterfaceLabel`), except for these tags.
    public static let localizableClassPrefixes: [IBDocument.Platform: String] = [
        .macOS: "NS", .iOS: "UI", .tvOS: "UI", .watchOS: "WKInterface", .unknown: "UI",
    ]
    public static let localizableClassNames: [String: String] = [
        "customView": "NSView", "customObject": "NSObject", "binding": "CocoaBindingsConnection",
    ]

    /// Where a binding's options are: `<dictionary key="options">` of `<string key=…>` values.
    public static let bindingOptions = (tag: "dictionary", key: "options", value: "string")

    /// Where a localiser's note on an object is (`<attributedString key="userComments">` of
    /// `<fragment content=…>`): ibtool adds it to the comment as `Note = "…";`.
    public static let localizerNote = (tag: "attributedString", key: "userComments", fragment: "fragment", content: "content")

    /// How a `.strings` key of a Base-localised file names its object: `OBJECT-ID.property`,
    /// split at the first dot (ids have none; properties may: `headerCell.title`).
    public static let localizationKeySeparator: Character = "."
}

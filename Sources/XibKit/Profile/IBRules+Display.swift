/// How objects and values read: the names the graph gives objects (`Login Scene > View >
/// Button "Log in"`), the values the diff and the textconv outline show, the nouns of summaries.
extension IBRules {
    // MARK: Names

    /// Human names for element types whose camel-case split reads badly.
    public static let typeNames: [String: String] = [
        "placeholder": "Placeholder", "tableViewCell": "Table View Cell",
        "collectionViewCell": "Collection View Cell", "viewControllerLayoutGuide": "Layout Guide",
        "viewLayoutGuide": "Layout Guide", "customObject": "Object", "customView": "Custom View",
        "menuItem": "Menu Item", "textField": "Text Field", "textView": "Text View",
    ]

    /// Attributes that hold the text a person sees on an object, in priority order.
    public static let titleAttributes = ["title", "text", "placeholder", "label", "headerTitle", "footerTitle"]

    /// Objects named by what they do: an attribute after their type's name (`Constraint
    /// (leading)`), or after a word instead of it (`Outlet titleLabel`, `Action logIn:`).
    public static let namedByAttribute: [String: (prefix: String?, attribute: String)] = [
        "constraint": (nil, "firstAttribute"), "outlet": ("Outlet", "property"), "outletCollection": ("Outlet", "property"),
        "action": ("Action", "selector"),
    ]

    /// Where an object's text is when no title attribute holds it: a value child, by tag (nil:
    /// any) and key, in the first one that has some.
    public static let titleChildren: [(tag: String?, key: String, title: TitleSource)] = [
        ("state", "normal", .attributeOrChildText("title")), ("string", "text", .text), ("string", "title", .text),
        (nil, "cell", .attribute("title")),
    ]

    public enum TitleSource: Sendable {
        /// The child's text content.
        case text
        case attribute(String)
        /// The attribute, else the text of the child's own value child of that key
        /// (`<state key="normal"><string key="title">`).
        case attributeOrChildText(String)
    }

    /// Layout guides, named as Xcode's outline names them, by tag and `key` or `type` (nil: any).
    public static let layoutGuideNames: [(tag: String, key: String?, type: String?, name: String)] = [
        ("viewLayoutGuide", "safeArea", nil, "Safe Area"), ("viewLayoutGuide", "keyboard", nil, "Keyboard Layout Guide"),
        ("viewControllerLayoutGuide", nil, "top", "Top Layout Guide"),
        ("viewControllerLayoutGuide", nil, "bottom", "Bottom Layout Guide"),
    ]

    // MARK: Values (diff, outline)

    /// Value elements shown as one value (`backgroundColor: red 1 green 0 blue 0 alpha 1`);
    /// other value elements are records whose attributes are shown one by one (`normal title`).
    static let compactValues: Set<String> = [
        "rect", "point", "size", "inset", "edgeInsets", "directionalEdgeInsets", "color", "font",
        "fontDescription", "nil", "real", "integer", "bool", "number", "date", "string", "mutableString",
        "range", "value", "imageReference", "preferredSymbolConfiguration", "url", "locale", "timeZone",
    ]

    /// How the other value elements read (`describe`): a colour by its name or components, a
    /// font by its style or name, weight and size, a number or text as itself, `nil` as its tag.
    enum ValueReading: Sendable { case color, fontDescription, font, none, number, text }
    static let valueReadings: [String: ValueReading] = [
        colorTag: .color, "fontDescription": .fontDescription, "font": .font, nilTag: .none,
        "real": .number, "integer": .number, "number": .number, "bool": .number,
    ].merging(textElements.map { ($0, .text) }, uniquingKeysWith: { a, _ in a })

    /// A font description (iOS): a text style (`UICTFontTextStyleBody` reads `text style Body`),
    /// else its name or type, weight and size.
    static let fontDescriptionParts = (style: "style", stylePrefix: "UICTFontTextStyle", name: ["name", "type"],
                                       weight: "weight", size: "pointSize")
    /// A font (macOS): its name and size, when it has no attributes beyond these.
    static let fontParts = (name: ["metaFont", "name", "textStyle"], size: "size",
                            only: ["key", "metaFont", "name", "size", "family", "textStyle"] as Set<String>)
    /// A number value's attribute (`<real key="minValue" value="0.0"/>`).
    static let numberValueAttribute = "value"
    /// Text Xcode wrote in base64 (it holds control characters): `base64-UTF8="YES"`.
    static let base64TextAttribute = "base64-UTF8"
    /// A colour's space (`colorSpace="custom" customColorSpace="sRGB"`), shown without its
    /// `ColorSpace` ending (`calibratedRGB`).
    static let colorSpaceParts = (space: "colorSpace", custom: "custom", customSpace: "customColorSpace", suffix: "ColorSpace")
    /// Flag sets written as an element (`<autoresizingMask key="autoresizingMask"/>`): one with
    /// no attributes has no flags set (`none`).
    static let flagSetTagSuffix = "mask"

    /// Values that read as numbers in parentheses, from these attributes: `(16, 66, 343, 174.333)`.
    static let numberTuples: [String: [String]] = [
        "rect": ["x", "y", "width", "height"], "point": ["x", "y"], "size": ["width", "height"],
        "inset": ["minX", "minY", "maxX", "maxY"],
    ]

    /// Values that read as their sides: `top 8 leading 16`.
    static let sideValues: [String: [String]] = [
        "edgeInsets": ["top", "left", "bottom", "right"], "directionalEdgeInsets": ["top", "leading", "bottom", "trailing"],
    ]

    /// Attributes holding text a person wrote, shown in quotes.
    static let textAttributes: Set<String> = Set(titleAttributes).union([
        "userLabel", "toolTip", "alternateTitle", "prompt", "message", "content", "placeholderString",
        "storyboardIdentifier", "restorationIdentifier", "identifier", "value", "keyEquivalent",
        "accessibilityLabel", "accessibilityHint", "headerTitle", "footerTitle", "string",
    ])

    /// Labels for value elements identified by something other than `key`.
    static let valueLabelPrefixes: [String: String] = ["userDefinedRuntimeAttribute": "runtime attribute"]

    /// Wrappers whose own name says nothing (their items are labelled well enough).
    static let transparentWrappers: Set<String> = ["userDefinedRuntimeAttributes"]

    /// Attributes an object's own line in the outline already says (its summary), by tag; the
    /// rest are listed below it.
    static let summarisedAttributes: [String: Set<String>] = [
        "constraint": [equationLabel],
        "outlet": ["property", "destination"],
        "outletCollection": ["property", "destination"],
        "action": ["selector", "destination", "target", "eventType"],
        "segue": ["kind", "identifier", "destination", "relationship"],
    ]

    // MARK: Categories (summaries: "2 views added, 1 outlet removed")

    /// The noun for an element type.
    static let categoryByTag: [String: String] = [
        "document": "document", "scene": "scene", "constraint": "constraint",
        "viewController": "view controller", "navigationController": "view controller",
        "tabBarController": "view controller", "windowController": "window controller",
        "outlet": "outlet", "outletCollection": "outlet", "action": "action", "segue": "segue",
        "binding": "binding", "placeholder": "placeholder", "customObject": "object",
        "viewLayoutGuide": "layout guide", "viewControllerLayoutGuide": "layout guide", "layoutGuide": "layout guide",
        "menu": "menu", "menuItem": "menu item", "toolbar": "toolbar", "toolbarItem": "toolbar item",
        "window": "window", "panel": "window", "tableColumn": "table column", "tableViewSection": "table section",
        "barButtonItem": "bar button item", "navigationItem": "navigation item", "tabBarItem": "tab bar item",
        "splitViewItem": "split view item", "tabViewItem": "tab view item", "touchBarItem": "touch bar item",
        "userDefaultsController": "controller", "arrayController": "controller", "treeController": "controller",
        "objectController": "controller", "dictionaryController": "controller",
    ]

    /// The noun for an element type by how its name ends, checked in order (`cell`, `item` also
    /// match a whole name); anything else is a view.
    static let categoryBySuffix: [(suffix: String, category: String)] = [
        ("ViewController", "view controller"), ("Controller", "controller"),
        ("GestureRecognizer", "gesture recognizer"), ("Cell", "cell"), ("Item", "item"),
    ]

    /// The noun for the items of the document's own sets, by set.
    static let setItemCategories: [String: String] = ["resources": "resource", "dependencies": "dependency"]

    /// The noun for element types no table names.
    static let defaultCategory = "view"
    /// The category of constraints, which a review lists beside the picture.
    public static let constraintCategory = "constraint"
    /// The label of a constraint's equation, which the diff and the outline show instead of
    /// its attributes (`equation: view.leading = superview.leading + 16`).
    public static let equationLabel = "equation"
    /// The label of an object's change of element type in the diff (`type: button → label`).
    static let elementTypeLabel = "type"

    /// Categories of connections, which a review lists beside the picture with the constraints.
    public static let connectionCategories: Set<String> = ["outlet", "action", "segue", "binding"]
}

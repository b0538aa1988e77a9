/// Attributes and elements every stage reads by name, whatever the element: how a value child
/// is keyed under its parent, what a person named an object, its class, the Boolean values
/// Xcode writes. Names that belong to one concern are declared in that concern's file.
extension IBRules {
    /// A value child's place in its parent (`<rect key="frame">`, `<color key="backgroundColor">`).
    public static let keyAttribute = "key"
    /// An element's type within its tag (`<viewControllerLayoutGuide type="top">`, a font's `type`).
    public static let typeAttribute = "type"
    /// What a resource or a dependency is called (`<image name="logo">`, `<capability name=…>`)
    /// when it has no title: its name, else its identifier.
    public static let itemNameAttributes = [nameAttribute, "identifier"]
    /// What a resource, a font or a named colour is called (`<image name="logo">`,
    /// `<namedColor name="Brand">`, `<font name="Menlo-Regular">`, `<color name="Brand">`).
    public static let nameAttribute = "name"
    /// The name a person gave an object in Xcode's outline (its class is `customClassAttribute`).
    public static let userLabelAttribute = "userLabel"
    /// A placeholder's role (`IBFilesOwner`), with the label Xcode shows for File's Owner.
    public static let placeholderIdentifierAttribute = "placeholderIdentifier"
    public static let filesOwner = (identifier: "IBFilesOwner", label: "File's Owner")
    /// A view controller's root view: `<view key="view">`.
    public static let rootViewKey = "view"
    /// Whether an object is hidden (`hidden="YES"`).
    public static let hiddenAttribute = "hidden"
    /// A rectangle's or a size's attributes (`<rect key="frame" x=… y=… width=… height=…>`).
    public static let geometry = (x: "x", y: "y", width: "width", height: "height", rect: "rect", size: "size")
    /// A colour value (`<color key="backgroundColor" red=… green=… blue=… alpha=…>`, or `white=…`).
    public static let colorTag = "color"
    public static let colorComponents = (red: "red", green: "green", blue: "blue", alpha: "alpha", white: "white")
    /// A macOS control's cell (`<buttonCell key="cell">`), which holds much of what it shows.
    public static let cellKey = "cell"
    /// A button's look in its normal state (`<state key="normal" title=…>`, with its colours).
    public static let normalState = (tag: "state", key: "normal")
    /// A value set to nothing (`<nil key="simulatedTopBarMetrics"/>` turns a simulated bar off).
    public static let nilTag = "nil"
    /// Boolean attribute values.
    public static let yes = "YES", no = "NO"
}

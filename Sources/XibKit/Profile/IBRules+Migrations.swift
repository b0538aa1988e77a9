/// Xcode's own migrations of a file, which one branch may have run while the other went on
/// editing the old form: the merge applies them to the other side's new work (`SafeAreaMigration`).
extension IBRules {
    /// "Use Safe Area Layout Guides": Xcode deletes a view controller's `<viewControllerLayoutGuide
    /// type="top|bottom">` and adds `<viewLayoutGuide key="safeArea">` to its root view, rewriting each
    /// constraint on a guide in place (the guide's item becomes the safe area's, the other item,
    /// relation, constant and order stay). Seen on 22 converted constraints in the corpus:
    /// `bottomGuide.top` → `safeArea.bottom` (top guide's `bottom` → `safeArea.top` by symmetry).
    public static let oldLayoutGuideTag = "viewControllerLayoutGuide"
    /// The guide the conversion adds to the root view: `<viewLayoutGuide key="safeArea">`.
    public static let safeAreaGuide = (tag: "viewLayoutGuide", key: "safeArea")
    public static let safeAreaGuideAttributes: [(guide: String, attribute: String, safeArea: String)] = [
        ("top", "bottom", "top"), ("bottom", "top", "bottom"),
    ]

    /// The same conversion moves constraints on these edges of the root view to its safe area
    /// (item replaced, attribute kept). In the corpus: 23 `leading`, 23 `trailing`, 10
    /// `centerX` moved; `top`, `centerY` and the margins stayed on the view.
    public static let safeAreaViewAttributes: Set<String> = ["leading", "trailing", "centerX"]
}

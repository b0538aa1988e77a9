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

/// Values that two Xcode versions write differently for the same thing, or that a newer Xcode
/// drops as a default. On both sides of a merge they conflict although no person disagreed;
/// the merge still marks them (the facts of both sides differ, so no clean result keeps both),
/// but names the rewrite on the conflict (`MergeConflict.xcodeRewrite`), so a person knows
/// either side means the same. Each rule is what the shared corpus shows (doc/xcode-rewrites.md).
extension IBRules {
    public struct XcodeRewrite: Sendable {
        /// A stable name, for tools: `system-colour-components`.
        public let rule: String
        /// Why the two versions mean the same, in words.
        public let reason: String
        /// Whether the rule explains a conflict on one value element: its parent's tag and the
        /// element in base, ours and theirs (nil where that version lacks it).
        let explains: @Sendable (_ parent: String?, _ base: XMLElement?, _ ours: XMLElement?, _ theirs: XMLElement?) -> Bool
    }

    /// The rewrite explaining a conflict on a value element, if any.
    public static func xcodeRewrite(parent: String?, base: XMLElement?, ours: XMLElement?, theirs: XMLElement?) -> XcodeRewrite? {
        xcodeRewrites.first { $0.explains(parent, base, ours, theirs) }
    }

    public static let xcodeRewrites: [XcodeRewrite] = [
        // openhab-ios 0e11f6b7 (11 labels: both sides set `secondaryLabelColor`, components
        // written with 10 and 17 digits: 33 conflicts); openfoodfacts-ios c939943d (3 colours:
        // one side only re-wrote the components, the other changed the colour or removed it).
        XcodeRewrite(rule: "system-colour-components",
                     reason: "a system colour's components are Xcode 11's cache of the SDK's value for its name, written with different precision by different Xcode versions; the name is what a person chose",
                     explains: { _, b, o, t in explainsSystemColour(b, o, t) }),
        // munki 4a9710a4 (3 header cells: `menu 11` removed by Xcode 12, `message 11` on the other
        // side) and 54d3b56b (2: `smallSystem` removed, `toolTip`); OpenEmu 649746eb (`smallSystem`
        // written `menu 11` by Xcode 11.1 and `label 11` by Xcode 11.3, in a header and a cell).
        XcodeRewrite(rule: "eleven-point-system-font",
                     reason: "each is the 11-point system font, which Xcode 11 versions spell in several ways and Xcode 12 drops from table header cells",
                     explains: { parent, b, o, t in explainsSmallFont(parent, b, o, t) }),
        // Hammerspoon 4b468fad: Xcode 8 dropped `<deployment identifier="macosx"/>`, Xcode 10 wrote
        // `version="101200"` into it.
        XcodeRewrite(rule: "deployment-without-version",
                     reason: "Xcode 8 and later drop a <deployment> without a version (the project's deployment target); a later Xcode writes the version it builds for",
                     explains: { _, b, o, t in explainsDeployment(b, o, t) }),
    ]

    /// The attributes of a `<color systemColor="…">` that cache the SDK's value of that colour.
    public static let systemColorAttribute = "systemColor"
    public static let colorComponentAttributes: Set<String> = ["red", "green", "blue", "alpha", "white", "colorSpace", "customColorSpace"]

    /// The spellings of the 11-point system font (`metaFont`, `size`; nil: none written).
    public static let elevenPointSystemFonts: [(metaFont: String, size: String?)] = [
        ("smallSystem", nil), ("toolTip", nil), ("menu", "11"), ("label", "11"), ("message", "11"),
    ]
    /// Where Xcode 12 drops that font as the default.
    public static let defaultFontDroppedIn: Set<String> = ["tableHeaderCell"]

    /// Both sides hold one system colour differing only in its components, or a side's only
    /// change to base's system colour is its components.
    private static func explainsSystemColour(_ b: XMLElement?, _ o: XMLElement?, _ t: XMLElement?) -> Bool {
        func onlyComponents(_ x: XMLElement, _ y: XMLElement) -> Bool {
            guard x.name == "color", y.name == "color", let c = x[attribute: systemColorAttribute],
                  c == y[attribute: systemColorAttribute] else { return false }
            let rest = { (e: XMLElement) in e.attributes.filter { !colorComponentAttributes.contains($0.name) }.map { "\($0.name)=\($0.value)" }.sorted() }
            return rest(x) == rest(y)
        }
        if let o, let t, onlyComponents(o, t) { return true }
        guard let b else { return false }
        return [o, t].contains { s in s.map { $0.attributes != b.attributes && onlyComponents(b, $0) } ?? false }
    }

    /// Every version present spells the 11-point system font; one may lack it where Xcode 12
    /// drops it.
    private static func explainsSmallFont(_ parent: String?, _ b: XMLElement?, _ o: XMLElement?, _ t: XMLElement?) -> Bool {
        let versions = [b, o, t]
        if versions.contains(where: { $0 == nil }) && !defaultFontDroppedIn.contains(parent ?? "") { return false }
        return versions.allSatisfy { e in
            guard let e else { return true }
            guard e.name == "font", e.attributes.allSatisfy({ ["key", "metaFont", "size"].contains($0.name) }) else { return false }
            return elevenPointSystemFonts.contains { $0.metaFont == e[attribute: "metaFont"] && $0.size == e[attribute: "size"] }
        }
    }

    /// Base's `<deployment>` had no version; one side dropped it, the other gave it one.
    private static func explainsDeployment(_ b: XMLElement?, _ o: XMLElement?, _ t: XMLElement?) -> Bool {
        guard let b, b.name == deploymentTag, b[attribute: "version"] == nil, (o == nil) != (t == nil), let kept = o ?? t else { return false }
        return kept[attribute: "identifier"] == b[attribute: "identifier"] && kept[attribute: "version"] != nil
    }
    public static let deploymentTag = "deployment"
}

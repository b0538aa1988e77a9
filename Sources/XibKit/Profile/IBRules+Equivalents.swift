/// Values that mean the same, written differently by different Xcode versions or dropped by one
/// as a default: one value to the merge (neither side changed it; no conflict), the diff (no
/// change), the merge's fact check (`Tests/MergeLaws` `Facts`) and `tidy` (the old spelling
/// goes back). Each entry says what it means and where the shared corpus shows it
/// (doc/xcode-rewrites.md has the table and the figures).
///
/// A value is read in its slot: the tag of the element that holds it, its own tag and its
/// `key`, so that an absent value can mean a default (`tableHeaderCell` without a `font`).
extension IBRules {
    /// Where a value stands: its parent's tag, its tag and its `key` (nil: none).
    public struct ValueSlot: Sendable {
        public let parent: String?
        public let tag: String
        public let key: String?

        public init(parent: String?, tag: String, key: String?) {
            self.parent = parent
            self.tag = tag
            self.key = key
        }

        public init(parent: String?, _ e: XMLElement) {
            self.init(parent: parent, tag: e.name, key: e[attribute: IBRules.keyAttribute])
        }
    }

    public struct EquivalentValue: Sendable {
        /// A stable name, for tools and the docs: `system-colour-components`.
        public let rule: String
        /// Why the spellings mean the same, in words.
        public let reason: String
        /// What the value (nil: the slot is empty) means under this rule, as a string that every
        /// spelling of it shares; nil when the rule says nothing about it.
        let meaning: @Sendable (_ slot: ValueSlot, _ element: XMLElement?) -> String?
    }

    /// Whether a rule reads elements of this tag (`color`, `font`, `deployment`): every other
    /// element is compared as written. By length first: this is asked for every element a
    /// merge fingerprints.
    @inline(__always) public static func hasEquivalents(_ tag: String) -> Bool {
        switch tag.utf8.count {
        case 4: return tag == fontTag
        case 5: return tag == colorTag
        case 10: return tag == deploymentTag
        default: return false
        }
    }

    static let fontTag = "font"

    public static let equivalentValues: [EquivalentValue] = [
        // openhab-ios 0e11f6b7 (11 labels: both sides set `secondaryLabelColor`, its components
        // written with 10 and 17 digits), openfoodfacts-ios c939943d (3 colours: one side only
        // re-wrote their components); in all the corpus's merges, 155 colours whose components
        // changed under the same `systemColor` (LoopKit bb9ff4ef and c291b667, openfoodfacts
        // b9a144a0 and b3eb9f6d, ...).
        EquivalentValue(rule: "system-colour-components",
                        reason: "a system colour's components are Xcode 11's cache of the SDK's value for its name, written with different precision by different Xcode versions (Xcode 12 writes the name alone); the name is what a person chose",
                        meaning: { _, e in systemColourMeaning(e) }),
        // OpenEmu 649746eb (`smallSystem` written `label 11` in 34 cells, `menu 11` in 2, and
        // `system 10` written `menu 10`), munki 54d3b56b (`smallSystem` and `toolTip`), munki
        // 4a9710a4 (`menu 11` and `message 11`), ViennaRSS e33df30f (`smallSystem` and
        // `message 11`), CotEditor f84b7687 (`message 11` and `smallSystem`); a DBView.xib outside
        // the corpus has `label 12` and `system 12`.
        EquivalentValue(rule: "system-font-spellings",
                        reason: "AppKit's system, label, message, menu and tool tip fonts at one size are the system font at that size (smallSystem and toolTip without a size are 11 points); Xcode versions spell it differently",
                        meaning: { _, e in systemFontMeaning(e) }),
        // ViennaRSS e33df30f (22 table header cells whose `smallSystem` font Xcode 12 dropped),
        // munki 4a9710a4 (3: `menu 11` dropped) and 54d3b56b.
        EquivalentValue(rule: "header-cell-default-font",
                        reason: "Xcode 12 drops a table header cell's font when it is the default, the 11-point system font",
                        meaning: { slot, e in
                            e == nil && slot.parent == "tableHeaderCell" && slot.tag == fontTag && slot.key == "font" ? systemFont(size: "11") : nil
                        }),
        // Hammerspoon 4b468fad and e98e6b6f, CotEditor 2c81ff90 (10 files), Monal 1f4d5499 (9),
        // ello f45d1c7e and MacDown 945828d0 (dropped by one Xcode, written again by another);
        // `defaultVersion` dropped: MacDown 945828d0, munki aca2e7d4.
        EquivalentValue(rule: "deployment-without-version",
                        reason: "Xcode 8 and later drop a <deployment> without a version (the project's deployment target) and its defaultVersion; a later Xcode writes the version it builds for",
                        meaning: { slot, e in deploymentMeaning(slot, e) }),
    ]

    /// What a value means by the first rule that reads it, or nil (compare it as written).
    public static func meaning(of e: XMLElement?, in slot: ValueSlot) -> String? {
        guard hasEquivalents(slot.tag) else { return nil }
        for rule in equivalentValues { if let m = rule.meaning(slot, e) { return m } }
        return nil
    }

    /// The rule under which two versions of one value (nil: absent) mean the same, or nil when
    /// they do not, or when nothing says so. Equal values need no rule: ask only when they differ.
    public static func equivalence(_ a: XMLElement?, _ b: XMLElement?, in slot: ValueSlot) -> EquivalentValue? {
        guard hasEquivalents(slot.tag), a != nil || b != nil else { return nil }
        guard let x = meaning(of: a, in: slot), let y = meaning(of: b, in: slot), x == y else { return nil }
        return equivalentValues.first { $0.meaning(slot, a) != nil } ?? equivalentValues.first { $0.meaning(slot, b) != nil }
    }

    /// Whether `e` means what its slot means when empty (a default Xcode drops).
    public static func meansAbsence(_ e: XMLElement, parent: String?) -> Bool {
        reading(e, in: ValueSlot(parent: parent, e))?.meansAbsence ?? false
    }

    /// What `e` means in its slot (`meaning`), and whether that is what the slot means when
    /// empty (`meansAbsence`), or nil when no entry reads it.
    static func reading(_ e: XMLElement, in slot: ValueSlot) -> (meaning: String, meansAbsence: Bool)? {
        meaning(of: e, in: slot).map { ($0, $0 == meaning(of: nil, in: slot)) }
    }

    // MARK: The rules

    public static let systemColorAttribute = "systemColor"
    /// The attributes of a `<color systemColor="…">` that cache the SDK's value of that colour.
    public static let colorComponentAttributes: Set<String> = ["red", "green", "blue", "alpha", "white", "colorSpace", "customColorSpace"]

    /// A system colour: its other attributes (its key, its name), not its components.
    private static func systemColourMeaning(_ e: XMLElement?) -> String? {
        guard let e, e.name == colorTag, e[attribute: systemColorAttribute] != nil, e.children.allSatisfy({ !$0.isElement }) else { return nil }
        return "color " + e.attributes.filter { !colorComponentAttributes.contains($0.name) }.map { "\($0.name)=\($0.value)" }.sorted().joined(separator: " ")
    }

    /// The fonts AppKit draws as the system font (at an explicit size), and the size of those
    /// written without one.
    static let systemFontNames: Set<String> = ["system", "smallSystem", "label", "message", "menu", "toolTip"]
    static let systemFontDefaultSizes = ["smallSystem": "11", "toolTip": "11"]

    private static func systemFont(size: String) -> String { "font system " + size }

    private static func systemFontMeaning(_ e: XMLElement?) -> String? {
        guard let e, e.name == fontTag, e.children.allSatisfy({ !$0.isElement }),
              e.attributes.allSatisfy({ ["key", "metaFont", "size"].contains($0.name) }),
              let name = e[attribute: "metaFont"], systemFontNames.contains(name),
              let size = e[attribute: "size"] ?? systemFontDefaultSizes[name] else { return nil }
        // `11` and `11.0` are one size.
        return systemFont(size: Double(size).map { $0 == $0.rounded() ? String(Int($0)) : String($0) } ?? size)
    }

    public static let deploymentTag = "deployment"

    /// A deployment target: none, for a `<deployment>` without a version (or no `<deployment>`).
    private static func deploymentMeaning(_ slot: ValueSlot, _ e: XMLElement?) -> String? {
        guard slot.tag == deploymentTag, slot.parent == dependenciesContainer else { return nil }
        guard let e, let version = e[attribute: "version"] else { return "no deployment target" }
        return "deployment " + e.attributes.filter { $0.name != "defaultVersion" && $0.name != "version" }
            .map { "\($0.name)=\($0.value)" }.sorted().joined(separator: " ") + " version=" + version
    }
}

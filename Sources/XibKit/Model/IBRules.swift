/// What Interface Builder's XML means, as tables rather than a type per UIKit class:
/// the format has hundreds of element types, and the few that need special meaning
/// (identity, references, order, noise) are listed here. Unknown elements are handled
/// generically: identified by position, merged as ordered sequences, never dropped.
public enum IBRules {
    /// Elements whose `id` is not an object id (device models, size-class adaptations).
    public static let nonObjectIDTags = ["device", "adaptation"]

    /// Attributes that identify an element without an id under its parent, in priority order.
    public static let identityAttributes = ["key", "name", "keyPath", "identifier", "reference", "property", "selector"]

    /// Containers whose children form a set: order carries no meaning, so concurrent
    /// insertions never conflict and duplicates collapse. Everything else is ordered
    /// (`subviews` is z-order; `objects`, `scenes`, `items`, `segments`, `cells`, ... are
    /// ordered as shown to users).
    public static let unorderedContainers: Set<String> = [
        "constraints", "connections", "resources", "dependencies", "userDefinedRuntimeAttributes",
        "inferredMetricsTieBreakers", "designables", "gestureRecognizers", "variation", "mask",
    ]

    /// Containers known to be ordered; listed for documentation and display.
    public static let orderedContainers: Set<String> = [
        "subviews", "objects", "scenes", "items", "segments", "cells", "prototypes", "sections",
        "tableColumns", "toolbarItems", "layoutGuides", "visibilityPriorities", "customSpacing",
        "splitViewItems", "tabViewItems", "touchBarItems", "prototypeCellViews", "allowedToolbarItems",
        "defaultToolbarItems", "rows", "columns", "gridCells", "holdingPriorities", "mutableArray", "array",
    ]

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
    /// their target, but not reported by `check`.
    public static let toleratedDanglingReferences: Set<String> = ["previousBinding"]

    /// First filters for the hot lookups below (every attribute of every element goes through
    /// them): most names fail on their length and first letter, before any string comparison.
    private static let identityFilter = NameFilter(identityAttributes)
    private static let referenceFilter = NameFilter(referenceAttributes.map(\.attribute))
    private static let noiseFilter = NameFilter(noiseAttributes.map(\.attribute))

    /// For each name length, the first letters of the names of that length, as bit sets:
    /// `height` (6, h) passes a filter on lengths and one on first letters apart, not this one.
    private struct NameFilter {
        private var firstBytesByLength = [UInt64](repeating: 0, count: 64)

        init(_ names: [String]) {
            for name in names { firstBytesByLength[name.utf8.count] |= IBRules.firstByteBit(name) }
        }

        @inline(__always) func mayContain(_ name: String) -> Bool {
            let n = name.utf8.count
            return n < 64 && firstBytesByLength[n] & IBRules.firstByteBit(name) != 0
        }
    }

    /// A bit for the first byte of a lower-case ASCII name (`a`...`z`), 0 otherwise.
    @inline(__always) private static func firstByteBit(_ s: String) -> UInt64 {
        // An index subscript, not `utf8.first`: the generic `first` was not inlined.
        guard !s.isEmpty else { return 0 }
        let f = s.utf8[s.utf8.startIndex]
        guard f >= 0x61, f <= 0x7A else { return 0 }
        return 1 << UInt64(f - 0x61)
    }

    /// Priority of an identity attribute (index in `identityAttributes`), or nil.
    @inline(__always) public static func identityRank(_ attribute: String) -> Int? {
        guard identityFilter.mayContain(attribute) else { return nil }
        return identityAttributes.firstIndex { $0.isSameName(as: attribute) }
    }

    public static func isReference(tag: String, attribute: String) -> Bool {
        guard referenceFilter.mayContain(attribute) else { return false }
        // A handful of pairs: comparing small strings beats hashing them.
        return referenceAttributes.contains { $0.attribute.isSameName(as: attribute) && ($0.tag.map { $0.isSameName(as: tag) } ?? true) }
    }

    /// Whether an element's `id` is not an object id (`<device>`, `<adaptation>`).
    @inline(__always) public static func hasNonObjectID(_ tag: String) -> Bool {
        // Two names, compared length first: hashing the tag (a set lookup) cost more.
        let n = tag.utf8.count
        return (n == 6 || n == 10) && nonObjectIDTags.contains { $0.isSameName(as: tag) }
    }

    /// How Xcode churns a value without a user's intent.
    public enum Noise: String, Sendable {
        /// Version stamps: the newer value wins (`toolsVersion`, `<plugIn version>`, ...).
        case toolsVersion = "tools-version"
        /// Editor state (`<device>`, `canvasLocation`, `misplaced`): ours wins.
        case editorState = "editor-state"
        /// Frames: recomputed by Xcode from constraints; ours wins, reported as layout-only.
        case layout
    }

    /// Noise attributes; `tag` nil: on any element.
    public static let noiseAttributes: [(tag: String?, attribute: String, noise: Noise)] = [
        ("document", "toolsVersion", .toolsVersion), ("document", "systemVersion", .toolsVersion),
        ("plugIn", "version", .toolsVersion),
        ("capability", "minToolsVersion", .toolsVersion),
        (nil, "misplaced", .editorState), (nil, "ambiguous", .editorState),
    ]

    public static func noise(tag: String, attribute: String) -> Noise? {
        // Hot path (fingerprints hash every attribute): hashing two strings into nested
        // tables here cost a tenth of a large merge.
        guard noiseFilter.mayContain(attribute) else { return nil }
        return noiseAttributes.first { $0.attribute.isSameName(as: attribute) && ($0.tag.map { $0.isSameName(as: tag) } ?? true) }?.noise
    }

    /// Whole elements that are noise, identified by tag and `key`. Geometry (`<rect>`: frames,
    /// window content rects; text views' min/max sizes) is layout: Xcode derives it from
    /// constraints and autoresizing, and rewrites it when a file is merely opened.
    public static func noise(element tag: String, key: String?) -> Noise? {
        switch (tag, key) {
        case ("device", _): return .editorState
        case ("point", "canvasLocation"): return .editorState
        case ("animations", _): return .editorState  // injected empty by Xcode 7, dropped by later versions
        case ("rect", _), ("size", "minSize"), ("size", "maxSize"): return .layout
        default: return nil
        }
    }

    /// How Xcode orders the members of some sets (measured on the corpus: constraints by id in
    /// 1,759 of 1,760 pairs, outlets by property in 742 of 743, resources by type then name and
    /// capabilities by name in all). `nil` key: the element keeps its relative place.
    static let xcodeSetOrder: [String: (tagRanked: Bool, key: @Sendable (XMLElement) -> String?)] = [
        "constraints": (false, { $0.name == "constraint" ? $0[attribute: "id"] : nil }),
        "connections": (true, { e in e.name == "outlet" || e.name == "outletCollection" ? e[attribute: "property"] : "" }),
        "resources": (true, { $0[attribute: "name"] }),
        "dependencies": (false, { $0.name == "capability" ? $0[attribute: "name"] : nil }),
    ]

    public static func hasXcodeOrder(_ container: String) -> Bool { xcodeSetOrder[container] != nil }

    /// The permutation (indices into `elements`) that puts a set's members in Xcode's order.
    /// With `tagRanked`, members sort by element name first; members without a key keep
    /// their slots, and the keyed ones are sorted among the slots keyed members occupy.
    public static func xcodeOrder(container: String, _ elements: [XMLElement]) -> [Int] {
        guard let rule = xcodeSetOrder[container] else { return Array(elements.indices) }
        let keyed = elements.indices.filter { rule.key(elements[$0]) != nil }
        let sorted = keyed.sorted { a, b in
            let ka = (rule.tagRanked ? elements[a].name : "", rule.key(elements[a])!)
            let kb = (rule.tagRanked ? elements[b].name : "", rule.key(elements[b])!)
            return ka != kb ? ka < kb : a < b
        }
        var result = Array(elements.indices)
        for (slot, index) in zip(keyed, sorted) { result[slot] = index }
        return result
    }

    /// Elements holding text, which Xcode writes as `<string key="x"></string>` when empty
    /// (seen in the corpus), so `format` keeps that spelling for them only.
    public static let textElements: Set<String> = ["string", "mutableString"]

    /// Human names for element types whose camel-case split reads badly.
    public static let typeNames: [String: String] = [
        "placeholder": "Placeholder", "tableViewCell": "Table View Cell",
        "collectionViewCell": "Collection View Cell", "viewControllerLayoutGuide": "Layout Guide",
        "viewLayoutGuide": "Layout Guide", "customObject": "Object", "customView": "Custom View",
        "menuItem": "Menu Item", "textField": "Text Field", "textView": "Text View",
    ]

    /// Attributes that hold the text a person sees on an object, in priority order.
    public static let titleAttributes = ["title", "text", "placeholder", "label", "headerTitle", "footerTitle"]

    // MARK: - Drawing (`render`, `review`): what is a view, where it is, what it shows

    /// Keys under which an object is a view of the object holding it (a view controller's
    /// `view`, a window's or box's `contentView`, a scroll view's scrollers, bars, headers).
    public static let viewKeys: Set<String> = [
        "view", "contentView", "horizontalScroller", "verticalScroller", "headerView", "cornerView",
        "navigationBar", "toolbar", "tabBar", "tableHeaderView", "tableFooterView", "sectionHeaderView",
        "backgroundView", "selectedBackgroundView", "titleView", "customView", "splitView", "tabView",
        "contentGroup", "rootItem",
    ]

    /// Containers whose object children are views, by the tag of the element holding them
    /// (`nil`: any). Table and collection prototypes are drawn in their view's coordinates;
    /// a macOS table's cell views sit in their column (`tableColumn`).
    public static let viewContainers: [(holder: String?, container: String)] = [
        (nil, "subviews"), ("tableView", "prototypes"), ("tableViewSection", "cells"), ("collectionView", "cells"),
        ("tableColumn", "prototypeCellViews"), ("stackView", "beginningViews"), ("stackView", "middleViews"),
        ("stackView", "endViews"), ("controller", "items"), ("notificationController", "items"),
        ("glanceController", "items"), ("group", "items"), ("table", "items"),
    ]

    /// watchOS interface controllers: their `items` fill the screen, without frames.
    public static let watchControllers: Set<String> = ["controller", "notificationController", "glanceController"]

    /// Element types that are views wherever they stand (top-level objects of a xib, detached
    /// views of a scene), also when Auto Layout left them without a frame.
    public static let viewTags: Set<String> = [
        "view", "customView", "stackView", "scrollView", "tableView", "collectionView", "tableViewCell",
        "collectionViewCell", "collectionReusableView", "tableCellView", "visualEffectView", "imageView",
        "label", "button", "textField", "box", "containerView", "mapView", "webView", "wkWebView",
    ]

    /// macOS views whose own coordinates are flipped (origin top-left, as AppKit's `isFlipped`):
    /// every other macOS view counts y from its bottom edge. iOS, tvOS and watchOS: all top-left.
    /// Measured on the corpus: a vertical stack view's first view has the highest y (not
    /// flipped); a split view's first pane the lowest, and a scroll view's horizontal scroller
    /// is at its bottom with a high y (flipped).
    public static let flippedViews: Set<String> = [
        "scrollView", "clipView", "tableView", "outlineView", "textView", "splitView", "collectionView",
        "matrix", "tableHeaderView", "gridView", "tabView", "rulerView",
    ]

    /// How `render` sketches an element type; unlisted views are outlined boxes.
    public enum Sketch: String, Sendable {
        /// Text (drawn without a box).
        case label
        /// A text entry: a box with its text or placeholder; bordered when the file says so.
        case field
        case button
        /// A check box or radio button: a small box and its title.
        case check
        /// An image: a crossed placeholder with the image's name.
        case image
        /// A row of segments, each with its title.
        case segmented
        /// A navigation, tab, tool or search bar, with its items' titles.
        case bar
        /// A control drawn as a box with its type's name (switch, slider, progress...).
        case control
        case scroller
        /// A table or collection cell (and a macOS table's cell view).
        case cell
        /// A window's frame with its title bar (macOS).
        case window
    }

    public static let sketches: [String: Sketch] = [
        "label": .label, "textField": .field, "secureTextField": .field, "searchField": .field,
        "comboBox": .field, "tokenField": .field, "textView": .field,
        "button": .button, "popUpButton": .button, "pathControl": .button,
        "imageView": .image, "segmentedControl": .segmented,
        "navigationBar": .bar, "toolbar": .bar, "tabBar": .bar, "searchBar": .bar,
        "switch": .control, "slider": .control, "stepper": .control, "progressView": .control,
        "progressIndicator": .control, "activityIndicatorView": .control, "datePicker": .control,
        "pageControl": .control, "levelIndicator": .control, "colorWell": .control,
        "scroller": .scroller,
        "tableViewCell": .cell, "collectionViewCell": .cell, "tableCellView": .cell, "collectionReusableView": .cell,
        "window": .window, "panel": .window,
    ]

    /// Button cell types (`<buttonCell type>`) drawn as check boxes and radio buttons.
    public static let checkCellTypes: Set<String> = ["check", "radio"]

    /// Containers of items of which one shows at a time (a tab view's tabs), and the attribute
    /// of their holder naming it (else the first shows); the others' views are drawn hidden.
    public static let oneShownContainers: [String: String] = ["tabViewItems": "initialItem"]

    /// Attributes (on a field or its `cell`) that give a text field a visible border; `none`
    /// or `NO` means none. A macOS text field without one is a label.
    public static let borderAttributes = ["borderStyle", "bezelStyle", "bezeled", "bordered"]

    /// Attributes naming an image: on the element, its `cell`, or its `normal` state.
    public static let imageAttributes = ["image", "backgroundImage"]

    /// Font sizes in points for macOS `metaFont` names and iOS text styles (the defaults at the
    /// standard content size). A `pointSize` or `size` attribute wins; names holding `Bold`,
    /// `Semibold`, `Heavy`, `Black` or `Headline`, and `type="boldSystem"`, are bold.
    public static let fontSizes: [String: Double] = [
        "system": 13, "systemBold": 13, "systemSemibold": 13, "systemMedium": 13, "systemHeavy": 13,
        "systemLight": 13, "systemThin": 13, "systemBlack": 13, "smallSystem": 11, "smallSystemBold": 11,
        "miniSystem": 9, "miniSystemBold": 9, "menu": 14, "menuBar": 14, "message": 13, "label": 10,
        "cellTitle": 12, "fixedUser": 11, "titleBar": 13, "toolTip": 11, "controlContent": 13, "palette": 11,
        "UICTFontTextStyleBody": 17, "UICTFontTextStyleCallout": 16, "UICTFontTextStyleCaption1": 12,
        "UICTFontTextStyleCaption2": 11, "UICTFontTextStyleFootnote": 13, "UICTFontTextStyleHeadline": 17,
        "UICTFontTextStyleSubhead": 15, "UICTFontTextStyleTitle0": 34, "UICTFontTextStyleTitle1": 28,
        "UICTFontTextStyleTitle2": 22, "UICTFontTextStyleTitle3": 20,
    ]

    /// Value children holding a text's font, and their attributes: an explicit size first,
    /// then a named font (`fontSizes`).
    public static let fontKeys = ["fontDescription", "font"]
    public static let fontSizeAttributes = ["pointSize", "size"]
    public static let fontNameAttributes = ["metaFont", "style"]

    /// Attributes holding a text's alignment, on a label or field or its cell (`center`, `right`;
    /// anything else reads from the leading edge).
    public static let textAlignmentAttributes = ["textAlignment", "alignment"]

    /// A scene's controller is the object with this `sceneMemberID` (its first object may be
    /// its First Responder).
    public static let sceneControllerMemberID = "viewController"

    /// The names of controllers' views besides `view` (split view and tab view controllers).
    public static let controllerViewKeys = ["view", "splitView", "tabView"]

    /// A segmented control's segments and the attributes holding their titles, in priority order.
    public static let segmentTag = "segment"
    public static let segmentTitleAttributes = ["title", "label", "image"]

    /// Bars a view controller shows around its view, from the items it has (`navigationItem`,
    /// `tabBarItem`, `toolbarItems`), and their heights in points. `<nil key=…>` with the
    /// metrics key turns one off.
    public static let simulatedBars: [(item: String, edge: BarEdge, height: Double, metricsKey: String)] = [
        ("navigationItem", .top, 44, "simulatedTopBarMetrics"),
        ("toolbarItems", .bottom, 44, "simulatedBottomBarMetrics"),
        ("tabBarItem", .bottom, 49, "simulatedBottomBarMetrics"),
    ]
    public enum BarEdge: String, Sendable { case top, bottom }

    /// A controller's root views whose content starts below its top bar (their content inset
    /// is adjusted at run time); other views' frames already leave room for it.
    public static let insetBelowBars: Set<String> = ["tableView", "collectionView"]

    /// The status bar above a top bar: 44 points on a portrait screen at least 812 tall
    /// (the notched iPhones), otherwise 20.
    public static func statusBarHeight(screenHeight: Double) -> Double { screenHeight >= 812 ? 44 : 20 }

    /// Bar items' text, after their title: a system item's name, then an image's.
    public static let barItemTextAttributes = ["systemItem", "image"]

    /// Where a macOS window keeps its content size (the title bar is drawn above it), and the
    /// height of that title bar in the sketch.
    public static let windowContentRectKey = "contentRect"
    public static let windowTitleBarHeight = 28.0

    /// Screen sizes in points for `<device id>`, portrait; the canvas of a controller without a
    /// view of its own (navigation and tab bar controllers) and of a view without a frame.
    public static let deviceSizes: [String: (width: Double, height: Double)] = [
        "retina3_5": (320, 480), "retina4_0": (320, 568), "retina4_7": (375, 667), "retina5_5": (414, 736),
        "retina5_9": (375, 812), "retina6_0": (390, 844), "retina6_1": (414, 896), "retina6_5": (414, 896),
        "retina6_12": (393, 852), "retina6_72": (430, 932), "retina6_3": (402, 874), "retina6_9": (440, 956),
        "ipad9_7": (768, 1024), "ipad10_2": (810, 1080), "ipad10_5": (834, 1112), "ipad11": (834, 1194),
        "ipad12_9": (1024, 1366), "ipad12_9rounded": (1024, 1366), "appleTV": (1920, 1080),
        "watch38": (136, 170), "watch40": (162, 197), "watch42": (156, 195), "watch44": (184, 224),
    ]

    /// Colours a file names instead of spelling out (`systemColor`, `cocoaTouchSystemColor`,
    /// and AppKit's `catalog="System"` names), as light-appearance sRGB hex (`RRGGBBAA`). Named
    /// colours of the document's own `<resources>` are read from there first.
    public static let namedColors: [String: String] = [
        "whiteColor": "FFFFFFFF", "blackColor": "000000FF", "clearColor": "00000000", "ClearColor": "00000000",
        "darkTextColor": "000000FF", "lightTextColor": "FFFFFF99", "groupTableViewBackgroundColor": "F2F2F7FF",
        "tableCellGroupedBackgroundColor": "FFFFFFFF", "systemBackgroundColor": "FFFFFFFF",
        "secondarySystemBackgroundColor": "F2F2F7FF", "tertiarySystemBackgroundColor": "FFFFFFFF",
        "systemGroupedBackgroundColor": "F2F2F7FF", "secondarySystemGroupedBackgroundColor": "FFFFFFFF",
        "tertiarySystemGroupedBackgroundColor": "F2F2F7FF", "systemFillColor": "78788033",
        "secondarySystemFillColor": "78788029", "labelColor": "000000FF", "secondaryLabelColor": "3C3C4399",
        "systemRedColor": "FF3B30FF", "systemGreenColor": "34C759FF", "systemBlueColor": "007AFFFF",
        "systemGrayColor": "8E8E93FF", "opaqueSeparatorColor": "C6C6C8FF", "separatorColor": "3C3C434A",
        "textBackgroundColor": "FFFFFFFF", "controlColor": "FFFFFFFF", "controlBackgroundColor": "FFFFFFFF",
        "windowBackgroundColor": "ECECECFF", "headerColor": "FFFFFFFF", "underPageBackgroundColor": "969696FF",
        "controlTextColor": "000000FF", "textColor": "000000FF", "windowFrameColor": "AAAAAAFF",
        "gridColor": "E6E6E6FF", "selectedControlColor": "B3D7FFFF", "alternateSelectedControlColor": "0063E1FF",
    ]

    /// Value children whose colour is the view's background.
    public static let backgroundColorKeys = ["backgroundColor", "fillColor"]
}

/// What `render` and `review` draw: which objects are views, where they sit and in which
/// coordinates, how each type is sketched, the bars around a controller's view, the screen
/// sizes of devices and the colours a file names.
extension IBRules {
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
        (tableCellViews.column, tableCellViews.container), ("stackView", "beginningViews"), ("stackView", "middleViews"),
        ("stackView", "endViews"), ("controller", "items"), ("notificationController", "items"),
        ("glanceController", "items"), ("group", "items"), ("table", "items"),
    ]

    /// A macOS table's cell views (`<tableColumn>` › `<prototypeCellViews>`): their frames are
    /// in the table's coordinates (they already hold their column's offset), one row below the other.
    public static let tableCellViews = (column: "tableColumn", container: "prototypeCellViews")

    /// Controllers hold views but are not views: element types ending so, and watchOS's
    /// (`watchControllers`).
    public static let controllerTagSuffix = "Controller"

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
        /// A check box: a small box (ticked when on) and its title.
        case check
        /// A radio button: a small circle (a dot when on) and its title.
        case radio
        /// A disclosure triangle: pointing right, down when on.
        case disclosure
        /// A help button: a round button with a question mark.
        case help
        /// A switch: a track with its knob, filled when on.
        case toggle
        /// A slider: a track with its knob at its value.
        case slider
        /// A stepper: up and down arrows (macOS), minus and plus (iOS).
        case stepper
        /// A colour well: its colour in a bezel.
        case colorWell
        /// A pop-up button: a button with its arrows.
        case popUp
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
        /// A macOS tab view: its tab strip (`items`, `selected`) over the selected tab's view.
        case tabs
        /// A box drawn as a line (`boxType="separator"`).
        case separator
        /// A table column's header: its title over the column.
        case header
    }

    public static let sketches: [String: Sketch] = [
        "label": .label, "textField": .field, "secureTextField": .field, "searchField": .field,
        "comboBox": .field, "tokenField": .field, "textView": .field,
        "button": .button, "popUpButton": .popUp, "pathControl": .button,
        "imageView": .image, "segmentedControl": .segmented,
        "navigationBar": .bar, "toolbar": .bar, "tabBar": .bar, "searchBar": .bar,
        "switch": .toggle, "slider": .slider, "stepper": .stepper, "progressView": .control,
        "progressIndicator": .control, "activityIndicatorView": .control, "datePicker": .control,
        "pageControl": .control, "levelIndicator": .control, "colorWell": .colorWell,
        "scroller": .scroller,
        "tableViewCell": .cell, "collectionViewCell": .cell, "tableCellView": .cell, "collectionReusableView": .cell,
        "window": .window, "panel": .window, "tabView": .tabs,
    ]

    /// Containers of items of which one shows at a time (a tab view's tabs), and the attribute
    /// of their holder naming it (else the first shows); the others' views are drawn hidden.
    public static let oneShownContainers: [String: String] = ["tabViewItems": "initialItem"]

    /// Attributes (on a field or its `cell`) that give a text field a visible border, and the
    /// values meaning none. A macOS text field without one is a label.
    public static let borderAttributes = ["borderStyle", "bezelStyle", "bezeled", "bordered"]
    public static let noBorderValues: Set<String> = ["none", no]

    /// Attributes naming an image: on the element, its `cell`, or its `normal` state.
    public static let imageAttributes = ["image", backgroundImageAttribute]
    public static let backgroundImageAttribute = "backgroundImage"

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

    /// Text styles' sizes where a platform's differ from iOS's (`fontSizes`): Apple TV's are
    /// made to be read across a room, a watch's are smaller.
    public static let platformTextStyleSizes: [String: [String: Double]] = [
        "tvOS": [
            "UICTFontTextStyleBody": 29, "UICTFontTextStyleCallout": 31, "UICTFontTextStyleCaption1": 25,
            "UICTFontTextStyleCaption2": 23, "UICTFontTextStyleFootnote": 23, "UICTFontTextStyleHeadline": 38,
            "UICTFontTextStyleSubhead": 29, "UICTFontTextStyleTitle1": 76, "UICTFontTextStyleTitle2": 57,
            "UICTFontTextStyleTitle3": 48,
        ],
        "watchOS": [
            "UICTFontTextStyleBody": 16, "UICTFontTextStyleCallout": 15, "UICTFontTextStyleCaption1": 14,
            "UICTFontTextStyleCaption2": 13, "UICTFontTextStyleFootnote": 13, "UICTFontTextStyleHeadline": 16,
            "UICTFontTextStyleSubhead": 15, "UICTFontTextStyleTitle1": 30, "UICTFontTextStyleTitle2": 24,
            "UICTFontTextStyleTitle3": 19,
        ],
    ]
    /// The prefix of text style names (`UICTFontTextStyleBody`).
    public static let textStylePrefix = "UICTFontTextStyle"

    /// A text style's size on a platform (nil: `name` is not a text style).
    public static func textStyleSize(_ name: String, platform: String) -> Double? {
        guard name.hasPrefix(textStylePrefix) else { return nil }
        return platformTextStyleSizes[platform]?[name] ?? fontSizes[name]
    }

    /// A line of text is about 1.19 times its font's size. A text style's label whose frame
    /// holds less than a line was laid out at a smaller content size: its font is taken from
    /// the frame, down to this share of the style's size.
    public static let lineHeightFactor = 1.19
    public static let smallestTextStyleScale = 0.7

    /// The font of a text the file gives no font, by platform and sketch (UIKit's defaults: a
    /// label 17 points, a button 15, a text field 14); macOS controls use the system font at
    /// their control size (`controlFontSizes`).
    public static let defaultFontSizes: [String: [Sketch: Double]] = [
        "iOS": [.label: 17, .button: 15, .field: 14],
        "watchOS": [.label: 16, .button: 16],
    ]

    /// Sketches that show no text of their own, and the controls whose title is drawn as text
    /// (lines and wrapping as a label's).
    public static let textlessSketches: Set<Sketch> = [.cell, .scroller, .tabs, .separator, .disclosure, .help, .toggle, .slider, .stepper, .colorWell]
    public static let titledControlSketches: Set<Sketch> = [.button, .check, .radio, .popUp]

    /// Value children holding a text's font, and their attributes: an explicit size first,
    /// then a named font (`fontSizes`); its face is its `name` (`nameAttribute`).
    public static let fontKeys = ["fontDescription", "font"]
    public static let fontSizeAttributes = ["pointSize", "size"]
    public static let fontNameAttributes = ["metaFont", "style"]
    /// Words in a font's type or name that make it bold.
    public static let boldFontWords = ["bold", "Bold", "Semibold", "Heavy", "Black", "Headline"]

    /// Attributes holding a text's alignment, on a label or field or its cell, and how their
    /// values draw (anything else reads from the leading edge); watchOS items' `alignment` too.
    public static let textAlignmentAttributes = ["textAlignment", "alignment"]
    public static let alignments: [String: Wireframe.Shape.Alignment] = ["center": .center, "right": .trailing]

    public static let sceneMemberIDAttribute = "sceneMemberID"
    /// A scene's controller is the object with this `sceneMemberID` (its first object may be
    /// its First Responder).
    public static let sceneControllerMemberID = "viewController"

    /// The names of controllers' views besides `view` (split view and tab view controllers).
    public static let controllerViewKeys = ["view", "splitView", "tabView"]

    /// A segmented control's segments (in `<segments>`, on it or its cell) and the attributes
    /// holding their titles, in priority order.
    public static let segmentsContainer = "segments", segmentTag = "segment"
    public static let segmentTitleAttributes = ["title", "label"]
    /// A segment without a title shows its image (drawn as the image's name, as a caption),
    /// or, for the system's standard images, the glyph they show.
    public static let segmentImageAttribute = "image"
    public static let standardImageGlyphs: [String: String] = [
        "NSAddTemplate": "+", "NSRemoveTemplate": "−", "NSGoLeftTemplate": "‹", "NSGoRightTemplate": "›",
        "NSGoBackTemplate": "‹", "NSGoForwardTemplate": "›", "NSActionTemplate": "⚙︎", "NSShareTemplate": "⇪",
        "NSStopProgressTemplate": "✕", "NSRefreshTemplate": "↻", "NSLockLockedTemplate": "🔒︎", "NSListViewTemplate": "☰",
        "plus": "+", "minus": "−", "chevron.left": "‹", "chevron.right": "›", "arrow.backward.to.line": "⇤",
        "arrow.forward.to.line": "⇥", "arrow.right.and.line.vertical.and.arrow.left": "→|←", "xmark": "✕",
        "gearshape": "⚙︎", "square.and.arrow.up": "⇪", "arrow.clockwise": "↻", "magnifyingglass": "⌕",
    ]

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

    /// A controller's simulated status bar, turned off by `<nil key="simulatedStatusBarMetrics"/>`.
    public static let statusBarMetricsKey = "simulatedStatusBarMetrics"

    /// The status bar above a top bar: 44 points on a portrait screen at least 812 tall
    /// (the notched iPhones), otherwise 20.
    public static func statusBarHeight(screenHeight: Double) -> Double { screenHeight >= 812 ? 44 : 20 }

    /// Bar items' text, after their title: a system item's name, then an image's.
    public static let barItemTextAttributes = ["systemItem", "image"]
    /// System bar items that only make room (`systemItem`): not listed on a bar.
    public static let spacerBarItems: Set<String> = ["flexibleSpace", "fixedSpace"]

    /// Views whose prototype cells are repeated down (a table, column by column) or across and
    /// down (a collection) to fill them, as the running view would.
    public enum PrototypeRepeat: Sendable { case rows, grid }
    public static let repeatingViews: [String: PrototypeRepeat] = ["tableView": .rows, "outlineView": .rows, "collectionView": .grid]

    /// Where a macOS window keeps its content size (the title bar is drawn above it), and the
    /// height of that title bar in the sketch.
    public static let windowContentRectKey = "contentRect"
    public static let windowTitleBarHeight = 28.0

    /// The device a document is designed for (`<device id="retina6_1" orientation="landscape">`),
    /// and the one assumed by platform when it names none (iOS's elsewhere); a macOS canvas
    /// without a content size: a default window's.
    public static let device = (tag: "device", orientation: "orientation", landscape: "landscape")
    public static let defaultDevices: [String: String] = ["tvOS": "appleTV", "watchOS": "watch44"]
    public static let defaultDevice = "retina4_7"
    public static let defaultWindowContentSize = (width: 480.0, height: 270.0)

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
    /// and AppKit's `catalog="System"` names) as sRGB hex (`RRGGBBAA`): light appearance, then
    /// dark (`namedColorsDark`, where it differs). Named colours of the document's own
    /// `<resources>` are read from there first, except a system colour in the dark appearance
    /// (the resources cache its light value).
    public static let namedColors: [String: String] = [
        "whiteColor": "FFFFFFFF", "blackColor": "000000FF", "clearColor": "00000000", "ClearColor": "00000000",
        "darkTextColor": "000000FF", "lightTextColor": "FFFFFF99", "groupTableViewBackgroundColor": "F2F2F7FF",
        "tableCellGroupedBackgroundColor": "FFFFFFFF", "systemBackgroundColor": "FFFFFFFF",
        "secondarySystemBackgroundColor": "F2F2F7FF", "tertiarySystemBackgroundColor": "FFFFFFFF",
        "systemGroupedBackgroundColor": "F2F2F7FF", "secondarySystemGroupedBackgroundColor": "FFFFFFFF",
        "tertiarySystemGroupedBackgroundColor": "F2F2F7FF", "systemFillColor": "78788033",
        "secondarySystemFillColor": "78788029", "tertiarySystemFillColor": "7676801F", "quaternarySystemFillColor": "74748014",
        "labelColor": "000000FF", "secondaryLabelColor": "3C3C4399", "tertiaryLabelColor": "3C3C434C",
        "quaternaryLabelColor": "3C3C432E", "placeholderTextColor": "3C3C434C", "linkColor": "007AFFFF", "tintColor": "007AFFFF",
        "systemRedColor": "FF3B30FF", "systemGreenColor": "34C759FF", "systemBlueColor": "007AFFFF",
        "systemOrangeColor": "FF9500FF", "systemYellowColor": "FFCC00FF", "systemPinkColor": "FF2D55FF",
        "systemPurpleColor": "AF52DEFF", "systemTealColor": "5AC8FAFF", "systemIndigoColor": "5856D6FF",
        "systemBrownColor": "A2845EFF", "systemMintColor": "00C7BEFF", "systemCyanColor": "32ADE6FF",
        "systemGrayColor": "8E8E93FF", "systemGray2Color": "AEAEB2FF", "systemGray3Color": "C7C7CCFF",
        "systemGray4Color": "D1D1D6FF", "systemGray5Color": "E5E5EAFF", "systemGray6Color": "F2F2F7FF",
        "opaqueSeparatorColor": "C6C6C8FF", "separatorColor": "3C3C434A",
        "scrollViewTexturedBackgroundColor": "6F7179FF", "viewFlipsideBackgroundColor": "1F2124FF",
        // AppKit (catalog="System"): text colours are black at 85% and below.
        "textBackgroundColor": "FFFFFFFF", "controlColor": "FFFFFFFF", "controlBackgroundColor": "FFFFFFFF",
        "windowBackgroundColor": "ECECECFF", "headerColor": "FFFFFFFF", "underPageBackgroundColor": "969696FF",
        "controlTextColor": "000000D9", "textColor": "000000FF", "windowFrameColor": "AAAAAAFF",
        "gridColor": "E6E6E6FF", "selectedControlColor": "B3D7FFFF", "alternateSelectedControlColor": "0063E1FF",
        "disabledControlTextColor": "00000040", "headerTextColor": "000000D9", "windowFrameTextColor": "000000D9",
        "selectedMenuItemTextColor": "FFFFFFFF", "selectedTextColor": "000000FF", "selectedControlTextColor": "000000D9",
        "alternateSelectedControlTextColor": "FFFFFFFF", "controlAccentColor": "007AFFFF",
        "keyboardFocusIndicatorColor": "0067F440", "highlightColor": "FFFFFFFF", "controlHighlightColor": "FFFFFFFF",
        "controlLightHighlightColor": "FFFFFFFF", "controlShadowColor": "808080FF", "controlDarkShadowColor": "000000FF",
        "shadowColor": "000000FF", "scrollBarColor": "AAAAAAFF", "knobColor": "000000FF", "selectedKnobColor": "000000FF",
        "unemphasizedSelectedContentBackgroundColor": "DCDCDCFF", "findHighlightColor": "FFFF00FF",
    ]
    public static let namedColorsDark: [String: String] = [
        "groupTableViewBackgroundColor": "000000FF", "tableCellGroupedBackgroundColor": "1C1C1EFF",
        "systemBackgroundColor": "000000FF", "secondarySystemBackgroundColor": "1C1C1EFF",
        "tertiarySystemBackgroundColor": "2C2C2EFF", "systemGroupedBackgroundColor": "000000FF",
        "secondarySystemGroupedBackgroundColor": "1C1C1EFF", "tertiarySystemGroupedBackgroundColor": "2C2C2EFF",
        "systemFillColor": "7878805C", "secondarySystemFillColor": "78788052", "tertiarySystemFillColor": "7676803D",
        "quaternarySystemFillColor": "7676802E", "labelColor": "FFFFFFFF", "secondaryLabelColor": "EBEBF599",
        "tertiaryLabelColor": "EBEBF54C", "quaternaryLabelColor": "EBEBF52E", "placeholderTextColor": "EBEBF54C",
        "linkColor": "0984FFFF", "tintColor": "0A84FFFF", "systemRedColor": "FF453AFF", "systemGreenColor": "30D158FF",
        "systemBlueColor": "0A84FFFF", "systemOrangeColor": "FF9F0AFF", "systemYellowColor": "FFD60AFF",
        "systemPinkColor": "FF375FFF", "systemPurpleColor": "BF5AF2FF", "systemTealColor": "64D2FFFF",
        "systemIndigoColor": "5E5CE6FF", "systemGray2Color": "636366FF", "systemGray3Color": "48484AFF",
        "systemGray4Color": "3A3A3CFF", "systemGray5Color": "2C2C2EFF", "systemGray6Color": "1C1C1EFF",
        "opaqueSeparatorColor": "38383AFF", "separatorColor": "54545899",
        "textBackgroundColor": "1E1E1EFF", "controlColor": "FFFFFF40", "controlBackgroundColor": "1E1E1EFF",
        "windowBackgroundColor": "323232FF", "headerColor": "FFFFFFFF", "underPageBackgroundColor": "282828FF",
        "controlTextColor": "FFFFFFD9", "textColor": "FFFFFFFF", "gridColor": "1A1A1AFF",
        "disabledControlTextColor": "FFFFFF40", "headerTextColor": "FFFFFFFF", "windowFrameTextColor": "FFFFFFD9",
        "selectedTextColor": "FFFFFFFF", "selectedControlTextColor": "FFFFFFD9", "controlAccentColor": "0A84FFFF",
    ]

    /// The appearance a document is drawn in (`<device appearance="dark">`), and the platforms
    /// whose screens are always dark (a watch).
    public static let appearanceAttribute = "appearance", darkAppearance = "dark"
    public static let darkPlatforms: Set<String> = ["watchOS"]
    /// A macOS view in an appearance of its own (`appearanceType`), and the values that are dark.
    public static let appearanceTypeAttribute = "appearanceType"
    public static let darkAppearanceTypes: Set<String> = [
        "darkAqua", "vibrantDark", "accessibilityHighContrastDarkAqua", "accessibilityHighContrastVibrantDark",
    ]

    /// The colour a view is drawn with when the file gives none, by platform and type: UIKit
    /// draws a table cell opaque (so that what lies under it does not show through).
    public static let defaultBackgrounds: [String: [String: String]] = [
        "iOS": ["tableViewCell": "systemBackgroundColor"],
    ]

    /// AppKit views draw their background colour unless `drawsBackground="NO"` (a clip view,
    /// a text view); these only with `drawsBackground="YES"` (NSMatrix's default is not to).
    public static let drawsBackgroundAttribute = "drawsBackground"
    public static let backgroundDrawnOnRequest: Set<String> = ["matrix"]

    /// Value children whose colour is the view's background.
    public static let backgroundColorKeys = ["backgroundColor", "fillColor"]
    /// Attributes of a `<color>` naming it, in the order they are looked up.
    public static let colorNameAttributes = ["systemColor", "cocoaTouchSystemColor", "name"]
    /// The document's own colours (`<resources>`), which cache their components.
    public static let resourceColorTags: Set<String> = ["namedColor", "systemColor"]
}

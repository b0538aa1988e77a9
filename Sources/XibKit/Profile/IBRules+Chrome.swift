/// What Xcode's canvas draws around and inside views besides their frames: which bars a
/// controller shows and how tall they are on each platform, the SDK's system items with the
/// titles they show, tab strips, window toolbars and the main menu, and which attributes hold
/// a text's colour. Read by `render` and `review` (`CanvasBuilder`).
extension IBRules {
    /// Bar heights in points by platform (`IBDocument.Platform.rawValue`) and bar. A bar's own
    /// frame, when the file gives one, wins. tvOS bars are Apple TV's (145 points: a navigation
    /// bar holds a large title; its tab bar sits at the top).
    public static let barHeights: [String: [String: Double]] = [
        "iOS": ["navigationBar": 44, "toolbar": 44, "tabBar": 49],
        "tvOS": ["navigationBar": 145, "toolbar": 68, "tabBar": 140],
    ]

    /// Platforms whose tab bar sits at the top of the screen (Apple TV).
    public static let topTabBarPlatforms: Set<String> = ["tvOS"]

    /// The height of a bar (`navigationBar`, `toolbar`, `tabBar`) on a platform (iOS's elsewhere).
    public static func barHeight(_ bar: String, platform: String) -> Double {
        barHeights[platform]?[bar] ?? barHeights["iOS"]?[bar] ?? 44
    }

    /// The bar each simulated-bar rule draws (`simulatedBars`' items).
    public static let barOfItem: [String: String] = [
        "navigationItem": "navigationBar", "toolbarItems": "toolbar", "tabBarItem": "tabBar",
    ]

    /// Simulated metrics a controller sets explicitly (`<simulatedNavigationBarMetrics
    /// key="simulatedTopBarMetrics"/>`): the bar is drawn whatever the storyboard says around it.
    public static let explicitBarMetrics: [String: String] = [
        "navigationItem": "simulatedNavigationBarMetrics", "toolbarItems": "simulatedToolbarMetrics",
        "tabBarItem": "simulatedTabBarMetrics",
    ]

    /// Controllers that show a navigation bar over their stack, the relationship naming their
    /// root, and the attribute hiding the bar.
    public static let navigationControllers: Set<String> = ["navigationController"]
    public static let navigationRootRelationship = "rootViewController"
    public static let navigationBarHiddenAttribute = "navigationBarHidden"
    /// The items a controller's bars show: its navigation item (title, bar button items) and
    /// its tab bar item.
    public static let navigationItemKey = "navigationItem", tabBarItemKey = "tabBarItem"
    /// A bar's or a window's title.
    public static let titleAttribute = "title"

    /// The bars a container controller without a view of its own shows, by key
    /// (`<navigationBar key="navigationBar">`): the attribute hiding each, and whether it is
    /// hidden when that attribute is missing (a navigation controller's toolbar is). The top
    /// bar shows the root's title, the tab bar its tabs' titles.
    public static let containerBars: [(key: String, hiddenAttribute: String?, hiddenByDefault: Bool, atTop: Bool, showsTabs: Bool)] = [
        ("navigationBar", navigationBarHiddenAttribute, false, true, false),
        ("toolbar", "toolbarHidden", true, false, false),
        ("tabBar", nil, false, false, true),
    ]

    /// Tab bar controllers and the relationship naming their tabs.
    public static let tabBarControllers: Set<String> = ["tabBarController"]
    public static let tabBarChildRelationship = "viewControllers"
    /// Segue kinds that push a controller onto the stack its source is in.
    public static let pushSegueKinds: Set<String> = ["show", "push"]

    /// A navigation item's bar button items: one (`<barButtonItem key="backBarButtonItem">`) or
    /// lists of them (`leftBarButtonItems`, `rightBarButtonItems`).
    public static let barButtonItemTag = "barButtonItem", barButtonItemListSuffix = "BarButtonItems"

    /// UIKit's system bar button items (`systemItem`) with the title Xcode shows, or the name
    /// of the symbol it shows (a sketch draws words, not icons). Spacers (`spacerBarItems`) show nothing.
    public static let systemBarItemTitles: [String: String] = [
        "done": "Done", "cancel": "Cancel", "edit": "Edit", "save": "Save", "add": "+", "compose": "Compose",
        "reply": "Reply", "action": "Share", "organize": "Organize", "bookmarks": "Bookmarks", "search": "Search",
        "refresh": "Refresh", "stop": "✕", "camera": "Camera", "trash": "Trash", "play": "▶", "pause": "Pause",
        "rewind": "Rewind", "fastForward": "Forward", "undo": "Undo", "redo": "Redo", "pageCurl": "Page Curl",
        "close": "✕", "more": "More", "favorites": "Favorites", "featured": "Featured", "topRated": "Top Rated",
        "recents": "Recents", "contacts": "Contacts", "history": "History", "downloads": "Downloads",
        "mostRecent": "Most Recent", "mostViewed": "Most Viewed",
    ]

    /// A navigation item's items on the leading side (the rest trail), the back button it gives
    /// the next controller, and the flags about the back button a pushed controller shows:
    /// left items replace it unless they supplement it; `hidesBackButton` hides it.
    public static let leadingBarItemKeys: Set<String> = ["leftBarButtonItem", "leftBarButtonItems"]
    public static let backBarItemKey = "backBarButtonItem"
    public static let leftItemsSupplementBackButtonAttribute = "leftItemsSupplementBackButton"
    public static let hidesBackButtonAttribute = "hidesBackButton"
    /// A back button reads "‹" and the previous controller's title, or "Back" when it has
    /// none or it is too long for the button.
    public static let backChevron = "‹ ", backButtonTitle = "Back", longestBackTitle = 12

    /// Items that only make room on a bar, by `systemItem` or toolbar identifier, with their
    /// width (0: a flexible space, sharing the bar's free width); a width in the file wins.
    public static let barSpaces: [String: Double] = [
        "flexibleSpace": 0, "fixedSpace": 8,
        "NSToolbarFlexibleSpaceItem": 0, "NSToolbarSpaceItem": 32, "NSToolbarSeparatorItem": 12,
    ]
    /// The width of a bar item showing an image (a sketch draws its name there).
    public static let barImageItemWidth = 28.0

    /// The font size of bar items, the space between them and the margin at a bar's ends, by
    /// platform: UIKit's 17-point items 8 points apart, 16 from the edges; Apple TV's larger
    /// items inside its 90-point safe area; an AppKit toolbar's 11-point labels.
    public static func barItemMetrics(platform: String, tabs: Bool) -> (fontSize: Double, spacing: Double, margin: Double) {
        switch platform {
        case "tvOS": return (tabs ? 31 : 29, 40, 90)
        case "macOS": return (11, 8, 8)
        case "watchOS": return (15, 8, 8)
        default: return (17, 8, 16)
        }
    }

    /// AppKit's standard toolbar items (`implicitItemIdentifier`) and the labels Xcode shows.
    public static let standardToolbarItemLabels: [String: String] = [
        "NSToolbarShowColorsItem": "Colors", "NSToolbarShowFontsItem": "Fonts", "NSToolbarPrintItem": "Print",
        "NSToolbarCustomizeToolbarItem": "Customize", "NSToolbarToggleSidebarItem": "Toggle Sidebar",
        "NSToolbarCloudSharingItem": "Share", "NSToolbarSidebarTrackingSeparatorItem": "",
    ]

    /// A macOS tab view's tab labels, and its types that draw no tab strip.
    public static let tabItemLabelAttributes = ["label", "userLabel", "identifier"]
    public static let tablessTabViewTypes: Set<String> = ["noTabsNoBorder", "noTabsBezelBorder", "noTabsLineBorder"]
    /// The height of a tab strip (macOS) and of a window toolbar (a `<toolbar>`, or a tab view
    /// controller with `tabStyle="toolbar"`), in the sketch.
    public static let tabStripHeight = 24.0
    public static let windowToolbarHeight = 52.0
    /// A tab view controller's style drawing its tabs as a window toolbar, and its tab items'
    /// relationship.
    public static let tabStyleAttribute = "tabStyle", toolbarTabStyle = "toolbar"
    /// Where a tab view or a tab view controller lists its tabs, and where a bar or a menu
    /// lists its items.
    public static let tabViewItemsContainer = "tabViewItems", itemsContainer = "items"
    /// A bar button item or toolbar item that is one of the system's (`systemItem="flexibleSpace"`).
    public static let systemItemAttribute = "systemItem"
    public static let tabViewControllerItemsRelationship = "tabItems"
    /// A window toolbar's items: where they are listed, their label attributes, and the items
    /// that only make room.
    /// The default items are references (`reference`) to allowed ones; without any, the
    /// allowed items show.
    public static let toolbarItemLists = (default: "defaultToolbarItems", allowed: "allowedToolbarItems")
    public static let toolbarItemContainers: Set<String> = [toolbarItemLists.default, toolbarItemLists.allowed]
    public static let toolbarItemIdentifierAttribute = "implicitItemIdentifier"
    public static let toolbarItemLabelAttributes = ["label", "paletteLabel", toolbarItemIdentifierAttribute]
    /// Tab bars (standalone: their items spread across), and the title of a tab bar item
    /// without one.
    public static let tabBarTags: Set<String> = ["tabBar"]
    public static let untitledTabItem = "Item"
    /// A window whose title is not drawn (`titleVisibility="hidden"`).
    public static let titleVisibilityAttribute = "titleVisibility", hiddenTitleVisibility = "hidden"
    /// A window controller's window, a window's toolbar and its content view, by key.
    public static let windowKeys = (window: "window", toolbar: "toolbar", contentView: "contentView")
    /// The colour of a window without a background of its own (`namedColors`).
    public static let windowBackgroundColorName = "windowBackgroundColor"

    /// The application's main menu (`<menu systemMenu="main">`): drawn as a menu bar with its
    /// items' titles, the application menu first.
    public static let menuTag = "menu"
    public static let mainMenuAttribute = ("systemMenu", "main")
    public static let menuBarHeight = 24.0

    /// A table's header view: its columns' titles are drawn in it.
    public static let tableHeaderTags: Set<String> = ["tableHeaderView"]
    /// A table's columns (`<tableColumns>`), each with a header cell holding its title, drawn
    /// its width plus the table's intercell spacing apart (AppKit's default: 3 points).
    public static let tableColumnsContainer = "tableColumns", columnHeaderCellKey = "headerCell"
    public static let intercellSpacingKey = "intercellSpacing"
    public static let defaultIntercellSpacing = 3.0

    /// A box drawn as a line (`boxType="separator"`), thinner than any box.
    public static let boxTag = "box", boxTypeAttribute = "boxType", separatorBoxType = "separator"

    /// Value children holding a text's colour, on a label or field or its cell.
    public static let textColorKeys: Set<String> = ["textColor", "titleColor"]

    /// A scroll view's content insets (`<edgeInsets key="contentInsets" top=…>`): its clip
    /// view's document view starts below the top inset (a table's header, a toolbar over the
    /// content). Without insets (automatic ones), below the scroll view's header view.
    public static let contentInsets = (tag: "edgeInsets", key: "contentInsets", top: "top")
    public static let clipViewTag = "clipView", scrollHeaderKey = "headerView"

    /// The frame form of Xcode 8 (`<rect key="frameInset" minX minY width height>`, with
    /// `minX`/`minY` the origin and optional `maxX`/`maxY` insets from the superview's far edges).
    public static let frameInsetKey = "frameInset"
    public static let frameInsetEdges = (minX: "minX", minY: "minY", maxX: "maxX", maxY: "maxY")

    /// watchOS: interface objects stack vertically in a group (`layout="vertical"`) or the
    /// screen, side by side in a horizontal group (WatchKit's default for groups).
    public static let watchGroupTag = "group"
    public static let watchGroupLayout = (attribute: "layout", vertical: "vertical")
    /// An item's size (`width`, `height`) and the points added to it (`widthAdjustment`), and
    /// where an item narrower than its container sits (`left`, `center`, `right`: `alignments`).
    public static let watchAdjustmentSuffix = "Adjustment"
    public static let watchAlignmentAttribute = "alignment"
    public static let watchItemHeights: [String: Double] = [
        "label": 22, "button": 38, "switch": 38, "slider": 38, "separator": 2, "imageView": 44,
        "table": 44, "picker": 60, "map": 90, "date": 22, "timer": 22, "movie": 90, "group": 44,
    ]
}

extension IBRules {
    /// The measured face (`fontAdvanceWidths`) standing in for a font a file names: words in
    /// its name, checked in order; anything else (the system font, text styles, most named
    /// fonts) is measured as the system font. Monospaced fonts are 0.6 em a character.
    public static let fontFaceByNameWord: [(word: String, face: String)] = [
        ("Menlo", "mono"), ("Monaco", "mono"), ("Courier", "mono"), ("Mono", "mono"),
        ("Helvetica", "helvetica"), ("Arial", "helvetica"),
    ]
    public static let monospaceAdvance = 0.6
    /// Font names that are the system font itself (`.AppleSystemUIFont`, `SFPro-Regular`):
    /// measured as such. Any other name the tables do not know is a custom font, measured with a
    /// stand-in (`substituteFontTolerance`).
    public static let systemFontNamePrefixes = [".", "SFPro", "SFUI", "SFCompact", "System"]
    /// How much wider than its box a text may measure and still be drawn whole (squeezed to
    /// the box), not cut with an ellipsis Xcode would not show: the measuring error of the
    /// faces in the tables (Xcode sized labels to fit that measure up to 3% wider: bold 11
    /// and 12 points), and of a stand-in for a custom font, whose widths nobody measured.
    public static let measuredTextTolerance = 0.05
    public static let substituteFontTolerance = 0.2
    /// And a short word's error in points ("Slow" at 11 points: Xcode fitted it in 23, the
    /// tables measure 24.9).
    public static let measuredTextSlackPoints = 2.0

    /// The room a text keeps from its box's sides by platform, and by sketch where it differs:
    /// an AppKit cell insets its text 2 points; a UILabel and a UIButton's title none.
    public static let textInsets: [String: [Sketch: Double]] = [
        "iOS": [.label: 0, .button: 0], "tvOS": [.label: 0, .button: 0], "watchOS": [.label: 0, .button: 0],
    ]
    public static let defaultTextInset = 2.0
    /// Characters outside the table: East Asian wide characters take a full em; others about
    /// an average Latin letter's width.
    public static let wideCharacterAdvance = 1.0
    public static let otherCharacterAdvance = 0.58
    public static let wideCharacterRanges: [ClosedRange<UInt32>] = [
        0x1100...0x115F, 0x2E80...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60,
        0xFFE0...0xFFE6, 0x1F300...0x1FAFF,
    ]
}

extension IBRules {
    /// SF Pro against Inter, the system font's stand-in: on the corpus's macOS labels sized to
    /// fit (width = text + 4 points), text widths measured with Inter are 0.97-0.99 of what Xcode
    /// fitted; SF Pro's own tracking (`systemFontTracking`) comes on top.
    public static let systemFontWidthScale = 0.98
    /// From this size on, the system font is SF Pro Display, narrower than the Text cut: tvOS
    /// labels sized to fit at 36 points measure 0.91-0.93 of Inter with the tracking below.
    public static let systemDisplayFontSize = 20.0
    public static let systemDisplayWidthScale = 0.88
    /// SF Pro's tracking in points per character by point size (Apple's typography tables):
    /// looser below 12 points, tighter above; the nearest size listed applies.
    public static let systemFontTracking: [(size: Double, points: Double)] = [
        (6, 0.24), (7, 0.23), (8, 0.21), (9, 0.17), (10, 0.12), (11, 0.06), (12, 0), (13, -0.08), (14, -0.15),
        (15, -0.23), (16, -0.31), (17, -0.43), (18, -0.44), (19, -0.45), (20, -0.45), (22, -0.26), (24, 0.07),
        (28, 0.38), (34, 0.40), (48, 0.35),
    ]
}

extension IBRules {
    /// How many lines a text shows. A UILabel's `numberOfLines` (absent: 1; 0: as many as fit);
    /// a macOS field or its cell with one of these line break modes, or one of these flags set,
    /// shows one line (no line break mode: it wraps), as do iOS text fields and buttons; text
    /// views wrap.
    public static let numberOfLinesAttribute = "numberOfLines"
    public static let multilineLabelTags: Set<String> = ["label"]
    public static let singleLineBreakModes: Set<String> = [
        "clipping", "truncatingTail", "truncatingMiddle", "truncatingHead",
        "tailTruncation", "middleTruncation", "headTruncation",
    ]
    public static let singleLineFlags = ["usesSingleLineMode", "scrollable"]
    public static let lineBreakModeAttribute = "lineBreakMode"
    /// Texts that wrap without a single-line mode: text views everywhere, fields on macOS (a
    /// macOS label is a field).
    public static let wrappingTextTags: Set<String> = ["textView"]
    public static let macOSWrappingTextTags: Set<String> = ["textField"]
}

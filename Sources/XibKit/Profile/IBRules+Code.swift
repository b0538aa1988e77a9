/// What `check` needs to compare documents with the code: who owns a connection, the outlets
/// and actions UIKit and AppKit classes have, and the calls that name IB files and identifiers.
extension IBRules {
    /// A connection element, the attribute naming its key or selector and the ones naming its
    /// target (`destination` on iOS, `target` on macOS).
    public static let outletTags: Set<String> = ["outlet", "outletCollection"]
    public static let actionTag = "action"
    public static let outletKeyAttribute = "property"
    public static let actionSelectorAttribute = "selector"
    public static let actionTargetAttributes = ["target", "destination"]
    public static let customClassAttribute = "customClass"
    public static let customModuleAttribute = "customModule"
    public static let customModuleProviderAttribute = "customModuleProvider"

    /// First Responder: any object in the responder chain answers its actions.
    public static let firstResponderMarks: [(attribute: String, value: String)] = [
        ("placeholderIdentifier", "IBFirstResponder"), ("sceneMemberID", "firstResponder"), ("customClass", "FirstResponder"),
    ]
    /// macOS xibs' placeholders as `customObject`s with fixed ids: File's Owner `-2`, First
    /// Responder `-1`, Application `-3` (whose `customClass` says `NSObject` but is `NSApplication`).
    /// iOS names its placeholders by `placeholderIdentifier` (File's Owner `-1`, First Responder `-2`).
    public static let macOSApplicationPlaceholder = (id: "-3", runtimeClass: "NSApplication")

    /// The outlets and actions Interface Builder offers on UIKit and AppKit classes, with their
    /// superclass: a custom class inherits them. A class of the SDK not listed here is taken to
    /// have any outlet and action (nothing is reported through it).
    public static let sdkClasses: [String: (superclass: String?, outlets: [String], actions: [String])] = [
        "NSObject": (nil, [], []),
        // UIKit
        "UIResponder": ("NSObject", [], ["copy:", "cut:", "paste:", "delete:", "select:", "selectAll:", "toggleBoldface:", "toggleItalics:", "toggleUnderline:", "makeTextWritingDirectionLeftToRight:", "makeTextWritingDirectionRightToLeft:", "increaseSize:", "decreaseSize:"]),
        "UIView": ("UIResponder", ["gestureRecognizers"], []),
        "UIControl": ("UIView", [], []),
        "UIButton": ("UIControl", [], []),
        "UILabel": ("UIView", [], []),
        "UIImageView": ("UIView", [], []),
        "UIStackView": ("UIView", [], []),
        "UISwitch": ("UIControl", [], []),
        "UISlider": ("UIControl", [], []),
        "UISegmentedControl": ("UIControl", [], []),
        "UIPageControl": ("UIControl", [], []),
        "UITextField": ("UIControl", ["delegate", "inputView", "inputAccessoryView"], []),
        "UIScrollView": ("UIView", ["delegate"], []),
        "UITextView": ("UIScrollView", ["delegate", "inputView", "inputAccessoryView"], []),
        "UITableView": ("UIScrollView", ["dataSource", "delegate", "prefetchDataSource", "dragDelegate", "dropDelegate"], []),
        "UICollectionView": ("UIScrollView", ["dataSource", "delegate", "prefetchDataSource", "dragDelegate", "dropDelegate"], []),
        "UITableViewCell": ("UIView", ["backgroundView", "selectedBackgroundView", "multipleSelectionBackgroundView", "accessoryView", "editingAccessoryView"], []),
        "UITableViewHeaderFooterView": ("UIView", ["backgroundView"], []),
        "UICollectionReusableView": ("UIView", [], []),
        "UICollectionViewCell": ("UICollectionReusableView", ["backgroundView", "selectedBackgroundView"], []),
        "UISearchBar": ("UIView", ["delegate"], []),
        "UIPickerView": ("UIView", ["dataSource", "delegate"], []),
        "UINavigationBar": ("UIView", ["delegate"], []),
        "UITabBar": ("UIView", ["delegate"], []),
        "UIToolbar": ("UIView", ["delegate"], []),
        "UIWindow": ("UIView", ["rootViewController"], []),
        "UIViewController": ("UIResponder", ["view", "searchDisplayController"], ["unwindForSegue:towardsViewController:"]),
        "UITableViewController": ("UIViewController", ["tableView"], []),
        "UICollectionViewController": ("UIViewController", ["collectionView"], []),
        "UINavigationController": ("UIViewController", ["navigationBar", "toolbar", "delegate"], []),
        "UITabBarController": ("UIViewController", ["tabBar", "delegate"], []),
        "UIPageViewController": ("UIViewController", ["dataSource", "delegate"], []),
        "UISplitViewController": ("UIViewController", ["delegate"], []),
        "UIGestureRecognizer": ("NSObject", ["delegate"], []),
        "UITapGestureRecognizer": ("UIGestureRecognizer", [], []),
        "UIPanGestureRecognizer": ("UIGestureRecognizer", [], []),
        "UILongPressGestureRecognizer": ("UIGestureRecognizer", [], []),
        "UISwipeGestureRecognizer": ("UIGestureRecognizer", [], []),
        "UIApplication": ("UIResponder", ["delegate"], []),
        // WatchKit: an interface controller's outlets are its subclass's own.
        "WKInterfaceController": ("NSObject", [], []),
        // AppKit
        "NSResponder": ("NSObject", ["menu", "nextResponder"], ["copy:", "cut:", "paste:", "delete:", "selectAll:", "undo:", "redo:", "performClose:", "performMiniaturize:", "performZoom:", "print:", "runPageLayout:", "toggleToolbarShown:", "runToolbarCustomizationPalette:", "toggleSidebar:", "toggleFullScreen:", "showHelp:", "newDocument:", "openDocument:", "saveDocument:", "saveDocumentAs:", "revertDocumentToSaved:", "performFindPanelAction:", "performTextFinderAction:", "centerSelectionInVisibleArea:", "orderFrontFontPanel:", "orderFrontColorPanel:", "cancelOperation:", "complete:"]),
        "NSView": ("NSResponder", ["nextKeyView"], []),
        "NSControl": ("NSView", ["formatter"], ["takeStringValueFrom:", "takeIntValueFrom:", "takeDoubleValueFrom:", "takeFloatValueFrom:", "takeIntegerValueFrom:", "takeObjectValueFrom:", "performClick:"]),
        "NSButton": ("NSControl", [], []),
        "NSPopUpButton": ("NSButton", [], []),
        "NSSegmentedControl": ("NSControl", [], []),
        "NSSlider": ("NSControl", [], []),
        "NSImageView": ("NSControl", [], []),
        "NSTextField": ("NSControl", ["delegate"], []),
        "NSSecureTextField": ("NSTextField", [], []),
        "NSSearchField": ("NSTextField", ["searchMenuTemplate"], []),
        "NSTokenField": ("NSTextField", [], []),
        "NSComboBox": ("NSTextField", ["dataSource"], []),
        "NSDatePicker": ("NSControl", ["delegate"], []),
        "NSPathControl": ("NSControl", ["delegate"], []),
        "NSTableView": ("NSControl", ["dataSource", "delegate"], []),
        "NSOutlineView": ("NSTableView", [], []),
        "NSBrowser": ("NSControl", ["delegate"], []),
        "NSTableCellView": ("NSView", ["textField", "imageView"], []),
        "NSTableRowView": ("NSView", [], []),
        "NSScrollView": ("NSView", [], []),
        "NSClipView": ("NSView", [], []),
        "NSBox": ("NSView", [], []),
        "NSStackView": ("NSView", ["delegate"], []),
        "NSSplitView": ("NSView", ["delegate"], []),
        "NSTabView": ("NSView", ["delegate"], []),
        "NSCollectionView": ("NSView", ["dataSource", "delegate", "itemPrototype"], []),
        "NSText": ("NSView", ["delegate"], []),
        "NSTextView": ("NSText", [], [
            "pasteAsPlainText:", "pasteAsRichText:", "pasteFont:", "pasteRuler:", "copyFont:", "copyRuler:",
            "showGuessPanel:", "checkSpelling:", "toggleContinuousSpellChecking:", "toggleGrammarChecking:",
            "toggleAutomaticSpellingCorrection:", "orderFrontSubstitutionsPanel:", "toggleSmartInsertDelete:",
            "toggleAutomaticQuoteSubstitution:", "toggleAutomaticDashSubstitution:", "toggleAutomaticLinkDetection:",
            "toggleAutomaticDataDetection:", "toggleAutomaticTextReplacement:", "toggleAutomaticTextCompletion:",
            "uppercaseWord:", "lowercaseWord:", "capitalizeWord:", "startSpeaking:", "stopSpeaking:",
            "alignLeft:", "alignCenter:", "alignRight:", "alignJustified:", "toggleRuler:",
            "useStandardKerning:", "turnOffKerning:", "tightenKerning:", "loosenKerning:",
            "useStandardLigatures:", "turnOffLigatures:", "useAllLigatures:",
            "raiseBaseline:", "lowerBaseline:", "superscript:", "subscript:", "unscript:", "underline:",
            "orderFrontSpacingPanel:", "orderFrontLinkPanel:", "orderFrontListPanel:", "orderFrontTablePanel:",
            "changeLayoutOrientation:", "makeBaseWritingDirectionNatural:", "makeBaseWritingDirectionLeftToRight:",
            "makeBaseWritingDirectionRightToLeft:", "makeTextWritingDirectionNatural:",
            "makeTextWritingDirectionLeftToRight:", "makeTextWritingDirectionRightToLeft:",
            "toggleTraditionalCharacterShape:", "showWritingTools:",
            "replaceQuotesInSelection:", "replaceDashesInSelection:", "replaceTextInSelection:",
        ]),
        "NSFontManager": ("NSObject", [], ["addFontTrait:", "removeFontTrait:", "modifyFont:", "modifyFontViaPanel:", "orderFrontFontPanel:", "orderFrontStylesPanel:"]),
        "NSDocumentController": ("NSObject", [], ["clearRecentDocuments:", "newDocument:", "openDocument:", "saveAllDocuments:"]),
        "NSVisualEffectView": ("NSView", [], []),
        "NSWindow": ("NSResponder", ["delegate", "initialFirstResponder", "contentView"], [
            "makeKeyAndOrderFront:", "orderFront:", "orderOut:", "orderBack:", "toggleToolbarShown:", "toggleTabBar:",
            "toggleTabOverview:", "selectNextTab:", "selectPreviousTab:", "moveTabToNewWindow:", "mergeAllWindows:",
            "newWindowForTab:", "performClose:", "performMiniaturize:", "performZoom:", "zoom:", "miniaturize:",
            "toggleFullScreen:", "runToolbarCustomizationPalette:", "print:",
        ]),
        "NSPanel": ("NSWindow", [], []),
        "NSWindowController": ("NSResponder", ["window"], ["showWindow:"]),
        "NSViewController": ("NSResponder", ["view"], ["dismissController:", "presentViewControllerAsSheet:", "presentViewControllerAsModalWindow:"]),
        "NSTitlebarAccessoryViewController": ("NSViewController", [], []),
        "NSCollectionViewItem": ("NSViewController", ["textField", "imageView"], []),
        "NSSplitViewController": ("NSViewController", ["splitView"], ["toggleSidebar:", "toggleInspector:"]),
        "NSTabViewController": ("NSViewController", ["tabView"], []),
        "NSPageController": ("NSViewController", ["delegate"], []),
        "NSDocument": ("NSObject", ["window"], [
            "saveDocument:", "saveDocumentAs:", "saveDocumentTo:", "revertDocumentToSaved:", "printDocument:",
            "runPageLayout:", "duplicateDocument:", "renameDocument:", "moveDocument:", "browseDocumentVersions:",
            "lockDocument:", "unlockDocument:",
        ]),
        "NSPersistentDocument": ("NSDocument", [], []),
        "NSApplication": ("NSResponder", ["delegate", "dockMenu", "mainMenu", "servicesMenu", "windowsMenu", "helpMenu"], ["terminate:", "hide:", "hideOtherApplications:", "unhideAllApplications:", "orderFrontStandardAboutPanel:", "orderFrontCharacterPalette:", "arrangeInFront:", "miniaturizeAll:"]),
        "NSMenu": ("NSObject", ["delegate"], []),
        "NSMenuItem": ("NSObject", ["view"], []),
        "NSPopover": ("NSResponder", ["contentViewController", "delegate"], ["performClose:"]),
        "NSToolbar": ("NSObject", ["delegate"], []),
        "NSToolbarItem": ("NSObject", ["view", "menuFormRepresentation"], []),
        "NSController": ("NSObject", [], []),
        "NSObjectController": ("NSController", ["content"], ["add:", "remove:", "fetch:"]),
        "NSArrayController": ("NSObjectController", [], ["insert:", "selectNext:", "selectPrevious:"]),
        "NSTreeController": ("NSObjectController", [], ["addChild:", "insertChild:"]),
        "NSUserDefaultsController": ("NSController", [], ["revert:", "save:"]),
        "NSGestureRecognizer": ("NSObject", ["delegate"], []),
        "NSClickGestureRecognizer": ("NSGestureRecognizer", [], []),
    ]

    /// Classes IB writes for its own placeholders (a macOS xib's First Responder).
    public static let placeholderClasses: Set<String> = ["FirstResponder"]

    /// Documents an app loads by its Info.plist (`UIMainStoryboardFile`, `NSMainNibFile`,
    /// `UILaunchStoryboardName`) under the names of Xcode's templates: used even when no code names them.
    /// A WatchKit app loads `Interface` without any file naming it.
    public static let entryDocumentNames: Set<String> = ["Main", "MainMenu", "LaunchScreen", "Interface"]

    /// Class-name prefixes of Apple's frameworks: a `customClass` or superclass with one is the
    /// SDK's, not a class the project forgot (`MKMapView`, `WKWebView`, `PDFView`, ...).
    public static let sdkClassPrefixes = ["NS", "UI", "MK", "WK", "AV", "PDF", "SCN", "SK", "GLK", "MTK", "CA", "CN", "IK", "QL", "PH", "GK", "MTL", "AS", "CL", "QC", "PK", "SF", "WebView"]

    /// Whether a class name is the SDK's: listed above, or a framework prefix and a capital
    /// letter after it (`UIView`, not `Ui`).
    public static func isSDKClass(_ name: String) -> Bool {
        if sdkClasses[name] != nil || placeholderClasses.contains(name) { return true }
        for prefix in sdkClassPrefixes where name.hasPrefix(prefix) {
            if prefix == "WebView" { return name == prefix }
            let rest = name.dropFirst(prefix.count)
            if let c = rest.first, c.isUppercase { return true }
        }
        return false
    }

    /// Where the documents define identifiers the code names: attribute and the element it is on
    /// (nil: any element).
    public static let identifierDefinitions: [(kind: CodeIndex.IdentifierKind, tag: String?, attribute: String)] = [
        (.storyboardID, nil, "storyboardIdentifier"),
        (.segue, "segue", "identifier"),
        (.reuseID, nil, "reuseIdentifier"),
        // macOS: `makeView(withIdentifier:)` finds a table cell view by its identifier.
        (.reuseID, nil, "identifier"),
    ]

    /// Where documents name other documents (a storyboard reference, a view controller's nib).
    public static let documentNameAttributes: [(tag: String?, attribute: String)] = [
        (nil, "storyboardName"), (nil, "nibName"),
    ]

    /// Swift calls whose string-literal argument names a document or an identifier: the called
    /// function's base name (nil: any) and the argument's label ("" for none).
    /// `UIStoryboard(name:)`'s label is common, so there the type is required.
    public static let swiftIdentifierCalls: [(function: String?, label: String, kind: CodeIndex.IdentifierKind)] = [
        ("instantiateViewController", "withIdentifier", .storyboardID),
        ("instantiateController", "withIdentifier", .storyboardID),
        ("performSegue", "withIdentifier", .segue),
        ("dequeueReusableCell", "withIdentifier", .reuseID),
        ("dequeueReusableCell", "withReuseIdentifier", .reuseID),
        ("dequeueReusableHeaderFooterView", "withIdentifier", .reuseID),
        ("dequeueReusableSupplementaryView", "withReuseIdentifier", .reuseID),
        (nil, "nibName", .nib),
        (nil, "windowNibName", .nib),
        ("NSNib", "nibNamed", .nib),
        ("loadNibNamed", "", .nib),
        ("UIStoryboard", "name", .storyboard),
        ("NSStoryboard", "name", .storyboard),
    ]

    /// The same for Objective-C: the selector piece before the `@"literal"`.
    public static let objcIdentifierPieces: [String: CodeIndex.IdentifierKind] = [
        "instantiateViewControllerWithIdentifier": .storyboardID,
        "instantiateControllerWithIdentifier": .storyboardID,
        "performSegueWithIdentifier": .segue,
        "dequeueReusableCellWithIdentifier": .reuseID,
        "dequeueReusableCellWithReuseIdentifier": .reuseID,
        "dequeueReusableHeaderFooterViewWithIdentifier": .reuseID,
        "nibWithNibName": .nib, "loadNibNamed": .nib, "initWithNibName": .nib, "initWithWindowNibName": .nib,
        "storyboardWithName": .storyboard,
    ]

    /// SDK methods whose Swift name is not the one Swift's rule gives their selector (`foo(_:)`
    /// is `foo:`, `foo(bar:)` is `fooWithBar:`): a Swift `override` has the SDK's selector, which
    /// is what the runtime, and an IB connection or segue, calls.
    public static let sdkRenamedSelectors: [String: String] = [
        "prepare(for:sender:)": "prepareForSegue:sender:",
        "unwind(for:towards:)": "unwindForSegue:towardsViewController:",
        "canPerformUnwindSegueAction(_:from:withSender:)": "canPerformUnwindSegueAction:fromViewController:withSender:",
        "show(_:sender:)": "showViewController:sender:",
        "dismiss(_:)": "dismissController:",
        "presentAsSheet(_:)": "presentViewControllerAsSheet:",
        "presentAsModalWindow(_:)": "presentViewControllerAsModalWindow:",
    ]

    /// The selector of an SDK method a Swift `override` names `base(labels:)` ("" for `_`), if
    /// Swift renames it.
    public static func sdkSelector(swiftName base: String, labels: [String]) -> String? {
        sdkRenamedSelectors[base + "(" + labels.map { ($0.isEmpty ? "_" : $0) + ":" }.joined() + ")"]
    }

    /// Labels (Swift) and selector pieces (Objective-C) that register a reuse identifier in
    /// code: a `dequeue` of it needs no IB file. Swift's `register(_:forSupplementaryViewOfKind:
    /// withReuseIdentifier:)` too.
    public static let reuseRegistrationLabels: Set<String> = [
        "forCellReuseIdentifier", "forCellWithReuseIdentifier", "forHeaderFooterViewReuseIdentifier",
    ]
}

import Testing
import XibKit
@testable import XibSource

/// The scanners' false alarms found by running `check` on whole real apps (issue 37), each from
/// the real snippet it came from: what the runtime sees must be in the index, or an outlet or
/// action that works is reported as missing. The cases with their IB files are also folders of
/// `Tests/Fixtures/check-code` (`swift-backtick-action`, `objc-synthesized-ivar`,
/// `kvc-capitalised-key`).
@Suite struct ScannerFalseAlarmTests {
    static func index(_ files: [String: String]) -> CodeIndex {
        CodeIndexer.combine(files.sorted { $0.key < $1.key }.map { name, text in
            let bytes = Array(text.utf8)
            return name.hasSuffix(".swift") ? SwiftScanner.index(file: name, bytes: bytes) : ObjCScanner.index(file: name, bytes: bytes)
        })
    }

    /// Sequel-Ace, Source/Controllers/SPAppController.swift: `import` is a keyword, so the method
    /// is written in backticks. Its selector is `import:` (MainMenu.xib's File > Import…).
    @Test func backtickNames() throws {
        let index = Self.index(["SPAppController.swift": """
            extension SPAppController {
                @IBAction func export(_ sender: Any) {
                    tabManager.activeWindowController?.databaseDocument.exportData()
                }

                @IBAction func `import`(_ sender: Any) {
                    tabManager.activeWindowController?.databaseDocument.importFile()
                }
            }
            """])
        #expect(try #require(index.classes["SPAppController"]).selectors == ["export:", "import:"])
    }

    /// iTerm2, sources/StatusBar/Core/iTermTextPopoverViewController.h: the xib's outlet is
    /// `_textView`, the ivar the class synthesises for `@property textView`. A readonly property
    /// has no setter; a named category synthesises nothing.
    @Test func synthesisedIvar() throws {
        let index = Self.index(["iTermTextPopoverViewController.h": """
            @interface iTermTextPopoverViewController : NSViewController<NSTextViewDelegate>

            @property (nonatomic, strong) IBOutlet NSPopover *popover;
            @property (nonatomic, strong) IBOutlet NSTextView *textView;
            @property (nonatomic, readonly) NSDictionary *defaultAttributes;

            - (void)appendString:(NSString *)string;

            @end

            @interface iTermTextPopoverViewController (Private)
            @property (nonatomic) CGFloat maxHeight;
            @end
            """])
        let c = try #require(index.classes["iTermTextPopoverViewController"])
        #expect(c.keys.isSuperset(of: ["textView", "_textView", "popover", "_popover", "defaultAttributes", "_defaultAttributes", "maxHeight"]))
        #expect(!c.keys.contains("DefaultAttributes") && !c.keys.contains("_maxHeight"))
        #expect(Set(c.outlets.keys) == ["popover", "textView"])
    }

    /// Habitica, HabitRPG/Views/ChallengeFilterAlert.swift: the xib's outlet key is
    /// `NoGroupsButton`; key-value coding sets it through `setNoGroupsButton:`, the setter of
    /// `noGroupsButton`. A `let` has no setter.
    @Test func capitalisedKey() throws {
        let index = Self.index(["ChallengeFilterAlert.swift": """
            class ChallengeFilterAlert: UIViewController {

                @IBOutlet weak private var doneButton: UIButton!
                @IBOutlet weak private var allGroupsButton: UIButton!
                @IBOutlet weak private var noGroupsButton: UIButton!
                @objc let groups = [GroupProtocol]()
            }
            """])
        let c = try #require(index.classes["ChallengeFilterAlert"])
        #expect(c.keys == ["doneButton", "DoneButton", "allGroupsButton", "AllGroupsButton", "noGroupsButton", "NoGroupsButton", "groups"])
        #expect(Set(c.outlets.keys) == ["doneButton", "allGroupsButton", "noGroupsButton"])
    }

    /// Objective-C's setters answer both spellings too (`setURL:` is the key `URL` and `uRL`).
    @Test func objcSetterKeys() {
        #expect(KeyValueCoding.keys(setter: "setNoGroupsButton:") == ["noGroupsButton", "NoGroupsButton"])
        #expect(KeyValueCoding.keys(setter: "setValue:forKey:") == [])
        #expect(KeyValueCoding.keys(setter: "set:") == [])
    }

    /// element-ios, Riot/Modules/Call/Dialpad/DialpadViewController.swift and
    /// Riot/Managers/Theme/Themes/{Dark,Black}Theme.swift: `@objcMembers` reaches the class's
    /// extensions and its subclasses, in other files too. (BlackTheme's method is added here: the
    /// real subclass overrides only `init`.) A plain class's extension stays Swift-only.
    @Test func objcMembersReachExtensionsAndSubclasses() throws {
        let index = Self.index([
            "DialpadViewController.swift": """
                @objcMembers
                class DialpadViewController: UIViewController {
                    @IBOutlet private weak var closeButton: UIButton!
                }
                """,
            "DialpadViewController+Presentable.swift": """
                extension DialpadViewController: CustomSizedPresentable {
                    func customSize(withParentContainerSize containerSize: CGSize) -> CGSize {
                        return Constants.sizeOniPad
                    }
                    var preferredHeight: CGFloat { 0 }
                }
                """,
            "DarkTheme.swift": """
                @objcMembers
                class DarkTheme: NSObject, Theme {
                    var identifier: String = ThemeIdentifier.dark.rawValue
                }
                """,
            "BlackTheme.swift": """
                class BlackTheme: DarkTheme {
                    override init() {
                        super.init()
                        self.identifier = ThemeIdentifier.black.rawValue
                    }
                    func applyStyle(onButton button: UIButton) {}
                }
                extension PlainController { func refresh(_ sender: Any) {} }
                class PlainController: UIViewController {}
                """,
        ])
        let dialpad = try #require(index.classes["DialpadViewController"])
        #expect(dialpad.selectors == ["customSizeWithParentContainerSize:"])
        #expect(dialpad.keys.isSuperset(of: ["closeButton", "preferredHeight"]))
        #expect(try #require(index.classes["BlackTheme"]).selectors == ["applyStyleOnButton:"])
        #expect(try #require(index.classes["PlainController"]).selectors.isEmpty)
        #expect(index.allSelectors.isSuperset(of: ["customSizeWithParentContainerSize:", "applyStyleOnButton:"]))
    }

    /// `#if` branches that each open a brace: before, the scanner read the second as nested in
    /// the first and lost the rest of the file. Objective-C: a WebKit header as MacPin declares it
    /// (`WKView.h`); Swift: a method with a signature per platform (Resonance's
    /// `AudioSessionActor.configureSession`), here in a class, with members after it.
    @Test func ifBranchesThatEachOpenABrace() throws {
        let objc = Self.index(["WKView.h": """
            #if TARGET_OS_IPHONE
            @interface WKView : UIView {
            #else
            @interface WKView : NSView <NSTextInputClient> {
            #endif
            }
            @property BOOL drawsBackground;
            @property BOOL drawsTransparentBackground;
            @end

            @interface WKView (Private)
            @property (readwrite) CGFloat minimumLayoutWidth;
            @end
            """])
        let view = try #require(objc.classes["WKView"])
        #expect(view.superclass == "UIView")
        #expect(view.keys.isSuperset(of: ["drawsBackground", "drawsTransparentBackground", "minimumLayoutWidth"]))

        let swift = Self.index(["AudioSession.swift": """
            class AudioSession: NSObject {
                #if os(iOS) || os(tvOS) || os(watchOS)
                @objc public func configureSession(
                    category: AVAudioSession.Category = .playback,
                    mode: AVAudioSession.Mode = .default,
                    options: AVAudioSession.CategoryOptions = []
                ) throws {
                #else
                @objc public func configureSession() throws {
                #endif
                    #if os(iOS) || os(tvOS) || os(watchOS)
                    let session = AVAudioSession.sharedInstance()
                    #else
                    sessionStateSubject.send(.active)
                    #endif
                }
                @IBOutlet weak var volumeSlider: UISlider!
                @IBAction func activate(_ sender: Any) {}
            }
            class Later: NSObject { @IBOutlet var label: UILabel! }
            """])
        let session = try #require(swift.classes["AudioSession"])
        #expect(session.selectors == ["configureSessionWithCategory:mode:options:", "configureSession", "activate:"])
        #expect(session.keys.contains("volumeSlider"))
        #expect(swift.classes["Later"]?.keys.contains("label") == true)
    }

    /// Monal, Monal/Classes/chatViewController.m: a block-typed property's name is inside its
    /// parentheses; `void` is no key.
    @Test func blockProperty() throws {
        let index = Self.index(["chatViewController.m": """
            @interface chatViewController()<ChatInputActionDelegage, UISearchControllerDelegate>
            {
                BOOL _isTyping;
                monal_void_block_t _cancelTypingNotification;
            }
            @property (nonatomic, strong) NSLayoutConstraint* uploadMenuConstraint;

            @property (nonatomic, strong) void (^editingCallback)(NSString* newBody);
            @property (nonatomic, strong) NSMutableSet* previewedIds;
            @end
            """])
        let c = try #require(index.classes["chatViewController"])
        #expect(c.keys.isSuperset(of: ["editingCallback", "_editingCallback", "previewedIds", "isTyping", "cancelTypingNotification"]))
        #expect(!c.keys.contains("void") && !c.keys.contains("NSString") && !c.keys.contains("newBody"))
    }
}

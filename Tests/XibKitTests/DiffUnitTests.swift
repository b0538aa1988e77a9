import Foundation
import Testing
@testable import XibKit
@testable import XibReport

/// The pieces of the diff on small, hand-made inputs.
struct DiffUnitTests {
    static func element(_ xml: String) throws -> XibKit.XMLElement {
        try XMLReader.parse(Array(xml.utf8), name: "t.xml").root
    }

    static func document(_ body: String, type: String = "com.apple.InterfaceBuilder3.CocoaTouch.XIB") throws -> IBDocument {
        try IBDocument(bytes: Array("""
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="\(type)" version="3.0" toolsVersion="1" targetRuntime="iOS.CocoaTouch">
            \(body)
            </document>

            """.utf8), name: "t.xib")
    }

    static func names(_ id: String?) -> String {
        ["t": "Title", "g": "Safe Area", "v": "View"][id ?? "v"] ?? id ?? "?"
    }

    @Test("constraints read as equations", arguments: [
        (#"<constraint firstItem="t" firstAttribute="top" secondItem="g" secondAttribute="top" constant="20" priority="750" id="c"/>"#,
         "Title.top = Safe Area.top + 20 @750"),
        (#"<constraint firstAttribute="height" constant="27" id="c"/>"#, "View.height = 27"),
        (#"<constraint firstAttribute="trailingMargin" relation="greaterThanOrEqual" secondItem="t" secondAttribute="trailing" id="c"/>"#,
         "View.trailingMargin ≥ Title.trailing"),
        (#"<constraint firstItem="t" firstAttribute="leading" secondItem="g" secondAttribute="leadingMargin" constant="-16" id="c"/>"#,
         "Title.leading = Safe Area.leadingMargin - 16"),
        (#"<constraint firstAttribute="width" secondItem="t" secondAttribute="height" multiplier="16:9" id="c"/>"#,
         "View.width = Title.height × 16:9"),
        (#"<constraint firstItem="t" firstAttribute="height" relation="lessThanOrEqual" secondItem="g" secondAttribute="height" multiplier="0.5" constant="4.0" priority="1000" id="c"/>"#,
         "Title.height ≤ Safe Area.height × 0.5 + 4"),
    ])
    func equations(_ xml: String, _ expected: String) throws {
        #expect(ConstraintEquation.format(try Self.element(xml), itemName: Self.names) == expected)
    }

    @Test func numbers() {
        #expect(ConstraintEquation.number("16.0") == "16")
        #expect(ConstraintEquation.number("0.0") == "0")
        #expect(ConstraintEquation.number("174.33333333333337") == "174.333")
        #expect(ConstraintEquation.number("-0.5") == "-0.5")
        #expect(ConstraintEquation.number("3:4") == "3:4")
        #expect(ConstraintEquation.number("3.4028234663852886e+38") == "3.4028234663852886e+38")
    }

    @Test("value children read as values", arguments: [
        (#"<color key="backgroundColor" systemColor="systemBackgroundColor"/>"#, "systemBackgroundColor"),
        (#"<color key="c" red="1" green="0.0" blue="0.0" alpha="1" colorSpace="custom" customColorSpace="sRGB"/>"#, "red 1 green 0 blue 0 alpha 1 (sRGB)"),
        (#"<color key="c" white="0.0" alpha="0.5" colorSpace="custom" customColorSpace="genericGamma22GrayColorSpace"/>"#, "white 0 alpha 0.5 (genericGamma22Gray)"),
        (#"<color key="textColor" name="PrimaryText"/>"#, "PrimaryText"),
        (#"<rect key="frame" x="0.0" y="66.000000000000014" width="375" height="812"/>"#, "(0, 66, 375, 812)"),
        (#"<fontDescription key="fontDescription" type="system" weight="medium" pointSize="13"/>"#, "system medium 13"),
        (#"<fontDescription key="fontDescription" style="UICTFontTextStyleBody"/>"#, "text style Body"),
        (#"<font key="font" size="12" name="Menlo-Regular"/>"#, "Menlo-Regular 12"),
        (#"<autoresizingMask key="autoresizingMask" widthSizable="YES" heightSizable="YES"/>"#, "widthSizable heightSizable"),
        (#"<string key="text" base64-UTF8="YES">SGVsbG8K</string>"#, "\"Hello\\n\""),
        // CotEditor's Main.storyboard: Delete's key equivalent (a backspace), which Xcode writes in
        // base64; a control character is shown as its code point, never sent to a terminal raw.
        (#"<string key="keyEquivalent" base64-UTF8="YES">\#nCA\#n</string>"#, "\"<U+0008>\""),
        (#"<string key="text" base64-UTF8="YES">w6k=</string>"#, "\"é\""),
        // Not UTF-8 once decoded (a lone 0xFF): shown as written, not repaired.
        (#"<string key="text" base64-UTF8="YES">/w==</string>"#, "\"/w==\""),
        (#"<nil key="textColor"/>"#, "nil"),
        (#"<device id="retina6_1" orientation="portrait"/>"#, "id=retina6_1 orientation=portrait"),
    ])
    func values(_ xml: String, _ expected: String) throws {
        #expect(DiffAttributes.describe(try Self.element(xml)).display == expected)
    }

    @Test func valuesCompareRegardlessOfAttributeOrder() throws {
        let a = try Self.element(#"<color key="c" red="1" green="0.0" blue="0.0" alpha="1"/>"#)
        let b = try Self.element(#"<color alpha="1" key="c" blue="0.0" green="0.0" red="1"/>"#)
        let c = try Self.element(#"<color key="c" red="1" green="0.5" blue="0.0" alpha="1"/>"#)
        #expect(a.isSameValue(as: b))
        #expect(!a.isSameValue(as: c))
    }

    @Test func longestIncreasingRun() {
        #expect(longestIncreasing([]) == [])
        #expect(longestIncreasing([0, 1, 2, 3]) == [0, 1, 2, 3])
        #expect(longestIncreasing([2, 0, 1, 3]).map { [2, 0, 1, 3][$0] } == [0, 1, 3])
        #expect(longestIncreasing([3, 2, 1]).count == 1)
    }

    @Test func categoriesAndPlurals() {
        #expect(DiffCategory.of(tag: "viewController") == "view controller")
        #expect(DiffCategory.of(tag: "tableViewController") == "view controller")
        #expect(DiffCategory.of(tag: "tapGestureRecognizer") == "gesture recognizer")
        #expect(DiffCategory.of(tag: "tableViewCell") == "cell")
        #expect(DiffCategory.of(tag: "stackView") == "view")
        #expect(DiffCategory.plural("dependency", count: 2) == "dependencies")
        #expect(DiffCategory.plural("view", count: 1) == "view")
    }

    /// A small xib in two versions, compared in-process.
    static func pair(_ old: String, _ new: String, options: DiffOptions = DiffOptions()) throws -> FileDiff {
        SemanticDiff.compare(old: try document(old), new: try document(new), oldName: "a", newName: "b", options: options)
    }

    static let base = """
        <objects>
            <view id="top" userLabel="Root">
                <subviews>
                    <label text="One" id="l1"><rect key="frame" x="0" y="0" width="10" height="10"/></label>
                    <label text="Two" id="l2"/>
                    <label text="Three" id="l3"/>
                    <button id="b1"><state key="normal" title="Login"/><color key="backgroundColor" systemColor="systemBackgroundColor"/></button>
                    <view id="box"><subviews/></view>
                </subviews>
                <constraints>
                    <constraint firstItem="l1" firstAttribute="top" secondItem="top" secondAttribute="top" constant="8" id="c1"/>
                </constraints>
            </view>
        </objects>
        """

    @Test("value children are attributes: normal title, backgroundColor")
    func valueChildren() throws {
        let new = Self.base.replacingOccurrences(of: #"title="Login""#, with: #"title="Log in""#)
            .replacingOccurrences(of: #"systemColor="systemBackgroundColor""#, with: #"red="1" green="0.0" blue="0.0" alpha="1" colorSpace="custom" customColorSpace="sRGB""#)
        let file = try Self.pair(Self.base, new)
        #expect(file.changes.count == 1)
        let c = try #require(file.changes.first)
        #expect(c.kind == .modified && c.id == "b1" && c.path == "Root > Button \"Log in\"")
        #expect(c.attributes.map(\.name) == ["normal title", "backgroundColor"])
        #expect(c.attributes[0].old?.display == "\"Login\"" && c.attributes[0].new?.display == "\"Log in\"")
        #expect(c.attributes[1].new?.text == "red 1 green 0 blue 0 alpha 1 (sRGB)")
    }

    @Test("one insertion or one move reorders only what moved")
    func reorders() throws {
        let moved = Self.base.replacingOccurrences(of: #"<label text="Three" id="l3"/>"#, with: "")
            .replacingOccurrences(of: #"<label text="One" id="l1">"#, with: #"<label text="Three" id="l3"/><label text="One" id="l1">"#)
        let file = try Self.pair(Self.base, moved)
        #expect(file.changes.map(\.id) == ["l3"])
        #expect(file.changes.first?.move == ObjectMove(from: "Root", to: "Root", reparented: false, oldPosition: 3, newPosition: 1))
        let inserted = Self.base.replacingOccurrences(of: #"<label text="Two" id="l2"/>"#, with: #"<label text="New" id="n1"/><label text="Two" id="l2"/>"#)
        #expect(try Self.pair(Self.base, inserted).changes.map { "\($0.kind)" } == ["added"])
    }

    @Test("re-parenting is a move; frames alone are counted, not shown")
    func reparentAndFrames() throws {
        let new = Self.base.replacingOccurrences(of: #"<label text="Two" id="l2"/>"#, with: "")
            .replacingOccurrences(of: "<subviews/>", with: #"<subviews><label text="Two" id="l2"/></subviews>"#)
            .replacingOccurrences(of: #"width="10""#, with: #"width="12""#)
        let file = try Self.pair(Self.base, new)
        #expect(file.changes.map(\.id) == ["l2"])
        #expect(file.changes.first?.move?.reparented == true)
        #expect(file.changes.first?.move?.to == "Root > View")
        #expect(file.framesChanged == 1)
        let shown = try Self.pair(Self.base, new, options: DiffOptions(layout: true))
        #expect(shown.framesChanged == 0)
        #expect(shown.changes.first { $0.id == "l1" }?.attributes.map(\.name) == ["frame"])
    }

    @Test("noise is counted in one line, or shown with --include-noise; noise alone shows nothing")
    func noise() throws {
        let old = try Self.document(Self.base)
        let newXML = String(decoding: old.xml.source.bytes, as: UTF8.self)
            .replacingOccurrences(of: #"toolsVersion="1""#, with: #"toolsVersion="2" systemVersion="21A""#)
            .replacingOccurrences(of: #"<label text="Two" id="l2"/>"#, with: #"<label text="Two" misplaced="YES" id="l2"/>"#)
        let new = try IBDocument(bytes: Array(newXML.utf8), name: "t.xib")
        let hidden = SemanticDiff.compare(old: old, new: new)
        #expect(!hidden.hasChangesToShow && hidden.noiseHidden == 3)
        #expect(hidden.noiseNames == ["toolsVersion", "systemVersion", "misplaced"])
        let shown = SemanticDiff.compare(old: old, new: new, options: DiffOptions(includeNoise: true))
        #expect(shown.changes.flatMap(\.attributes).map(\.noise) == [.toolsVersion, .toolsVersion, .editorState])
    }

    @Test("constraints, outlets, actions and segues read as what they connect")
    func connections() throws {
        let storyboard = """
            <scenes>
                <!--Login-->
                <scene sceneID="s1">
                    <objects>
                        <viewController id="vc" customClass="LoginViewController" sceneMemberID="viewController">
                            <view key="view" id="root">
                                <subviews>
                                    <label text="Welcome" id="t" userLabel="Title"/>
                                    <button id="b"><state key="normal" title="Log in"/>
                                        <connections>
                                            <action selector="didTapLogin:" destination="vc" eventType="touchUpInside" id="a1"/>
                                            <segue destination="vc2" kind="show" identifier="toSettings" id="sg"/>
                                        </connections>
                                    </button>
                                </subviews>
                                <viewLayoutGuide key="safeArea" id="g"/>
                                <constraints>
                                    <constraint firstItem="t" firstAttribute="top" secondItem="g" secondAttribute="top" constant="20" priority="750" id="c1"/>
                                </constraints>
                            </view>
                            <connections><outlet property="titleLabel" destination="t" id="o1"/></connections>
                        </viewController>
                    </objects>
                </scene>
                <!--Settings-->
                <scene sceneID="s2"><objects><viewController id="vc2" sceneMemberID="viewController"/></objects></scene>
            </scenes>
            """
        let doc = try Self.document(storyboard, type: "com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB")
        let objects = DiffObjects(IBGraph(doc))
        func summary(_ id: String) -> String { objects.summary(objects.graph.node(forObjectID: id)!) }
        #expect(summary("c1") == "constraint Title.top = Safe Area.top + 20 @750")
        #expect(summary("o1") == "outlet titleLabel → Title")
        #expect(summary("a1") == "action didTapLogin: ← Button \"Log in\" (touchUpInside)")
        #expect(summary("sg") == "segue show \"toSettings\" → Settings Scene")
        #expect(objects.path(objects.graph.node(forObjectID: "c1")!) == "Login Scene > View > constraint Title.top = Safe Area.top + 20 @750")
        let added = SemanticDiff.compare(old: nil, new: doc, newName: "b")
        #expect(added.status == .added)
        #expect(added.groups.map(\.title) == ["Login Scene", "Settings Scene"])
    }

    @Test("Markdown escapes names; code spans hold backticks")
    func markdownEscaping() {
        #expect(DiffMarkdownRenderer.escape("a*b_[c]<d>") == "a\\*b\\_\\[c\\]\\<d\\>")
        #expect(DiffMarkdownRenderer.code("x") == "`x`")
        #expect(DiffMarkdownRenderer.code("a`b") == "`` a`b ``")
    }

    @Test("JSON starts with the schema version; every change has kind, id, path, old and new")
    func jsonShape() throws {
        let new = Self.base.replacingOccurrences(of: #"title="Login""#, with: #"title="Log in""#)
        let file = try Self.pair(Self.base, new)
        let json = DiffJSONRenderer.render([file])
        guard case .object(let top) = json else { Issue.record("not an object"); return }
        #expect(top.first?.0 == "version")
        let text = json.rendered()
        for key in ["\"kind\": \"modified\"", "\"id\": \"b1\"", "\"path\": \"Root > Button \\\"Log in\\\"\"", "\"old\": \"Login\"", "\"new\": \"Log in\""] {
            #expect(text.contains(key), "\(key)")
        }
    }
}

/// A merged document holds subtrees read from other files (base, theirs), whose offsets are
/// into those files' bytes: they must give no line number in this one, and never be read
/// against its bytes (the merge fuzzer found memchr reading past the end, through the diff
/// that describes conflicts).
struct ForeignOriginTests {
    @Test("an element read from other bytes has no line in this file, and the diff reads no foreign offset")
    func foreignElement() throws {
        let short = try DiffUnitTests.document(#"<objects><view id="a"/></objects>"#)
        let padding = String(repeating: "<view id=\"p\"/>\n", count: 200)
        let long = try DiffUnitTests.document("""
            <objects>
            <view id="q">\(padding)</view>
            <view id="far"><rect key="frame" x="1" y="2" width="3" height="4"/></view>
            </objects>
            """)
        let graphOfLong = IBGraph(long)
        let far = try #require(graphOfLong.byKey["#far"])
        #expect(try #require(graphOfLong.nodes[far].element.offset) > short.xml.source.bytes.count)
        var merged = short
        merged.xml.root.children.append(.element(graphOfLong.nodes[far].element))
        let graph = IBGraph(merged)
        let node = try #require(graph.byKey["#far"])
        #expect(graph.line(of: node) == nil)
        #expect(graph.line(of: try #require(graph.byKey["#a"])) == 3)
        let diff = SemanticDiff.compare(old: short, new: merged)
        let added = diff.groups.flatMap(\.changes).filter { $0.id == "far" }
        #expect(added.count == 1)
        #expect(added.allSatisfy { $0.newLine == nil })
    }
}

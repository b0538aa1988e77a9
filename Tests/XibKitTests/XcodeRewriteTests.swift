import Testing
import XibKit

/// The Xcode rewrites of the profile (`IBRules.xcodeRewrites`) on values as the corpus has them:
/// each explains the conflicts it was made for, and none a person's change.
@Suite struct XcodeRewriteTests {
    static func element(_ xml: String) throws -> XMLElement {
        try XMLReader.parse(Array(xml.utf8), name: "value").root
    }

    static func rule(_ parent: String?, _ b: String?, _ o: String?, _ t: String?) throws -> String? {
        IBRules.xcodeRewrite(parent: parent, base: try b.map(element), ours: try o.map(element), theirs: try t.map(element))?.rule
    }

    // openhab-ios 0e11f6b7: both sides set secondaryLabelColor; a person's change of the
    // colour itself (7028e223) is none.
    @Test func systemColourComponents() throws {
        let base = #"<color key="textColor" red="0.66666666666666663" green="0.66666666666666663" blue="0.66666666666666663" alpha="1" colorSpace="custom" customColorSpace="sRGB"/>"#
        let ours = #"<color key="textColor" systemColor="secondaryLabelColor" red="0.23529411759999999" green="0.23529411759999999" blue="0.26274509800000001" alpha="0.59999999999999998" colorSpace="custom" customColorSpace="sRGB"/>"#
        let theirs = #"<color key="textColor" systemColor="secondaryLabelColor" red="0.23529411764705882" green="0.23529411764705882" blue="0.2627450980392157" alpha="0.59999999999999998" colorSpace="custom" customColorSpace="sRGB"/>"#
        #expect(try Self.rule("label", base, ours, theirs) == "system-colour-components")
        // Only base's own system colour re-written on one side, removed on the other.
        #expect(try Self.rule("activityIndicatorView", ours, theirs, nil) == "system-colour-components")
        let person = #"<color key="textColor" red="0.428" green="0.427" blue="0.447" alpha="1" colorSpace="custom" customColorSpace="displayP3"/>"#
        let named = #"<color key="textColor" systemColor="systemGrayColor"/>"#
        #expect(try Self.rule("label", base, person, named) == nil)
        #expect(try Self.rule("label", base, ours, nil) == nil, "a system colour set on one side and removed on the other")
    }

    // munki 54d3b56b and OpenEmu 649746eb; a font a person changed in size is none.
    @Test func elevenPointSystemFont() throws {
        let small = #"<font key="font" metaFont="smallSystem"/>"#, toolTip = #"<font key="font" metaFont="toolTip"/>"#
        let menu = #"<font key="font" metaFont="menu" size="11"/>"#, label = #"<font key="font" metaFont="label" size="11"/>"#
        #expect(try Self.rule("tableHeaderCell", small, nil, toolTip) == "eleven-point-system-font")
        #expect(try Self.rule("textFieldCell", small, menu, label) == "eleven-point-system-font")
        #expect(try Self.rule("textFieldCell", small, nil, toolTip) == nil, "Xcode drops the default font from header cells only")
        #expect(try Self.rule("tableHeaderCell", small, nil, #"<font key="font" metaFont="system" size="13"/>"#) == nil)
    }

    // Hammerspoon 4b468fad; a deployment whose version both sides changed is none.
    @Test func deploymentWithoutVersion() throws {
        let base = #"<deployment identifier="macosx"/>"#
        #expect(try Self.rule("dependencies", base, nil, #"<deployment version="101200" identifier="macosx"/>"#) == "deployment-without-version")
        #expect(try Self.rule("dependencies", #"<deployment version="101100" identifier="macosx"/>"#, nil,
                              #"<deployment version="101200" identifier="macosx"/>"#) == nil)
    }
}

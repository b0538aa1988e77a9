import Testing
import XibKit

/// The profile's table of values that mean the same (`IBRules.equivalentValues`), on values as
/// the shared corpus has them: each entry makes the spellings it was made for one value, and
/// keeps apart what a person changed.
@Suite struct EquivalentValuesTests {
    static func element(_ xml: String) throws -> XMLElement {
        try XMLReader.parse(Array(xml.utf8), name: "value").root
    }

    /// The rule under which two versions of a value (nil: absent) are one, in a parent of that tag.
    static func rule(_ parent: String, _ a: String?, _ b: String?) throws -> String? {
        let x = try a.map(element), y = try b.map(element)
        let slot = IBRules.ValueSlot(parent: parent, (x ?? y)!)
        return IBRules.equivalence(x, y, in: slot)?.rule
    }

    // openhab-ios 0e11f6b7: both sides set secondaryLabelColor, its components written with 10
    // and 17 digits; a person's change of the colour itself (openhab 7028e223) is none.
    @Test func systemColourComponents() throws {
        let ours = #"<color key="textColor" systemColor="secondaryLabelColor" red="0.23529411759999999" green="0.23529411759999999" blue="0.26274509800000001" alpha="0.59999999999999998" colorSpace="custom" customColorSpace="sRGB"/>"#
        let theirs = #"<color key="textColor" systemColor="secondaryLabelColor" red="0.23529411764705882" green="0.23529411764705882" blue="0.2627450980392157" alpha="0.59999999999999998" colorSpace="custom" customColorSpace="sRGB"/>"#
        let xcode12 = #"<color key="textColor" systemColor="secondaryLabelColor"/>"#
        #expect(try Self.rule("label", ours, theirs) == "system-colour-components")
        #expect(try Self.rule("label", ours, xcode12) == "system-colour-components", "Xcode 12 writes the name alone")
        let person = #"<color key="textColor" red="0.428" green="0.427" blue="0.447" alpha="1" colorSpace="custom" customColorSpace="displayP3"/>"#
        #expect(try Self.rule("label", ours, person) == nil)
        #expect(try Self.rule("label", ours, #"<color key="textColor" systemColor="systemGrayColor"/>"#) == nil)
        #expect(try Self.rule("label", ours, #"<color key="backgroundColor" systemColor="secondaryLabelColor"/>"#) == nil, "another key")
        #expect(try Self.rule("label", ours, nil) == nil, "a colour removed is a change")
    }

    // OpenEmu 649746eb, munki 54d3b56b and 4a9710a4, ViennaRSS e33df30f, CotEditor f84b7687.
    @Test func systemFontSpellings() throws {
        let small = #"<font key="font" metaFont="smallSystem"/>"#
        for same in [#"<font key="font" metaFont="toolTip"/>"#, #"<font key="font" metaFont="menu" size="11"/>"#,
                     #"<font key="font" metaFont="label" size="11"/>"#, #"<font key="font" metaFont="message" size="11"/>"#,
                     #"<font key="font" metaFont="system" size="11"/>"#] {
            #expect(try Self.rule("textFieldCell", small, same) == "system-font-spellings", "\(same)")
        }
        #expect(try Self.rule("buttonCell", #"<font key="font" metaFont="system" size="10"/>"#, #"<font key="font" metaFont="menu" size="10"/>"#)
                == "system-font-spellings")
        #expect(try Self.rule("textFieldCell", #"<font key="font" metaFont="label" size="12"/>"#, #"<font key="font" metaFont="system" size="12"/>"#)
                == "system-font-spellings", "the issue's DBView.xib")
        // A person's changes: another size, a bold face, a named font; `system` alone is 13 points.
        #expect(try Self.rule("textFieldCell", small, #"<font key="font" metaFont="system" size="13"/>"#) == nil)
        #expect(try Self.rule("textFieldCell", small, #"<font key="font" metaFont="systemBold" size="11"/>"#) == nil)
        #expect(try Self.rule("textFieldCell", small, #"<font key="font" name="Menlo-Regular" size="11"/>"#) == nil)
        #expect(try Self.rule("textFieldCell", small, #"<font key="font" metaFont="system"/>"#) == nil)
        #expect(try Self.rule("popUpButtonCell", #"<font key="font" metaFont="menu"/>"#, #"<font key="font" metaFont="message"/>"#) == nil)
    }

    // ViennaRSS e33df30f and munki 4a9710a4: Xcode 12 drops the header cell's default font.
    @Test func headerCellDefaultFont() throws {
        let small = #"<font key="font" metaFont="smallSystem"/>"#
        #expect(try Self.rule("tableHeaderCell", small, nil) != nil)
        #expect(try Self.rule("tableHeaderCell", #"<font key="font" metaFont="menu" size="11"/>"#, nil) != nil)
        #expect(try Self.rule("textFieldCell", small, nil) == nil, "only header cells")
        #expect(try Self.rule("tableHeaderCell", #"<font key="font" metaFont="system"/>"#, nil) == nil, "not the default")
        #expect(IBRules.meansAbsence(try Self.element(small), parent: "tableHeaderCell"))
        #expect(!IBRules.meansAbsence(try Self.element(small), parent: "textFieldCell"))
    }

    // Hammerspoon 4b468fad, CotEditor 2c81ff90, MacDown 945828d0.
    @Test func deploymentWithoutVersion() throws {
        #expect(try Self.rule("dependencies", #"<deployment identifier="macosx"/>"#, nil) == "deployment-without-version")
        #expect(try Self.rule("dependencies", #"<deployment defaultVersion="1080" identifier="macosx"/>"#, nil) == "deployment-without-version")
        #expect(try Self.rule("dependencies", #"<deployment defaultVersion="1060" identifier="macosx" version="1060"/>"#,
                              #"<deployment identifier="macosx" version="1060"/>"#) == "deployment-without-version")
        #expect(try Self.rule("dependencies", #"<deployment identifier="macosx"/>"#, #"<deployment version="101200" identifier="macosx"/>"#) == nil,
                "a version written is the target Xcode builds for")
        #expect(try Self.rule("dependencies", #"<deployment version="101100" identifier="macosx"/>"#, #"<deployment version="101200" identifier="macosx"/>"#) == nil)
    }
}

import Foundation
import Testing
@testable import XibKit

/// An element is a value though its parts live in one box its copies share: a change through
/// one copy reaches neither the original nor another copy, clears only the changed copy's
/// pristine flags, and the writer still copies the untouched original byte for byte.
@Suite struct XMLElementValueTests {
    static let text = """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0">
            <objects>
                <view contentMode="scaleToFill" id="a1">
                    <rect key="frame" x="0.0" y="0.0" width="320" height="44"/>
                    <subviews>
                        <label text="Hello" id="b2"/>
                    </subviews>
                </view>
            </objects>
        </document>

        """

    static func written(_ doc: XibKit.XMLDocument) -> String { String(decoding: XMLWriter.write(doc), as: UTF8.self) }

    @Test func changingACopyLeavesTheOriginalAndItsBytes() throws {
        let doc = try XMLReader.parse(Array(Self.text.utf8), name: "t.xib")
        let original = doc.root
        var copy = original
        let other = original

        copy[attribute: "version"] = "4.0"
        copy.children.removeLast()
        #expect(original[attribute: "version"] == "3.0")
        #expect(other[attribute: "version"] == "3.0")
        #expect(original.children.count == other.children.count)
        #expect(original.children.count > copy.children.count)
        #expect(original.origin?.isPristine == true)
        #expect(copy.origin?.attributesPristine == false)
        #expect(copy.origin?.childrenPristine == false)
        #expect(Self.written(doc) == Self.text)
    }

    @Test func changingAGrandchildThroughACopyMarksOnlyTheCopysPath() throws {
        var doc = try XMLReader.parse(Array(Self.text.utf8), name: "t.xib")
        let original = doc.root
        var root = original
        let objects = try #require(root.children.firstIndex { $0.element?.name == "objects" })
        guard case .element(var container) = root.children[objects] else { Issue.record("no objects"); return }
        let viewIndex = try #require(container.children.firstIndex { $0.element?.name == "view" })
        guard case .element(var view) = container.children[viewIndex] else { Issue.record("no view"); return }
        let untouchedView = view
        view[attribute: "contentMode"] = "center"
        container.children[viewIndex] = .element(view)
        root.children[objects] = .element(container)

        #expect(untouchedView[attribute: "contentMode"] == "scaleToFill")
        #expect(untouchedView.origin?.isPristine == true)
        #expect(original.children[objects].element?.origin?.isPristine == true)
        #expect(root.origin?.childrenPristine == false && root.origin?.attributesPristine == true)
        #expect(Self.written(doc) == Self.text)
        doc.root = root
        #expect(Self.written(doc) == Self.text.replacingOccurrences(of: "contentMode=\"scaleToFill\"", with: "contentMode=\"center\""))
    }
}

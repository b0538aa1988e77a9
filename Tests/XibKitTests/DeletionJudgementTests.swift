import Testing
@testable import XibKit

/// What the side that kept an object the other deleted did to it, judged once for every
/// rendering of a merge (`TreeMerge.deletions`): left alone, changed, moved, newly referred
/// to, or gone with its enclosing object.
@Suite struct DeletionJudgementTests {
    static func document(_ objects: String, connections: String = "") -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" toolsVersion="21701" targetRuntime="iOS.CocoaTouch" propertyAccessControl="none" useAutolayout="YES">
            <objects>
                <view contentMode="scaleToFill" id="root">
                    <subviews>
        \(objects)
                    </subviews>\(connections)
                </view>
            </objects>
        </document>

        """
    }

    static let holder = "                <view id=\"holder\"/>"
    static let box = """
                        <view id="box">
                            <subviews>
                                <label text="Inner" id="inner"/>
                            </subviews>
                        </view>
        """

    /// Ours deletes five objects and a view holding a sixth; theirs leaves one alone, edits
    /// one, moves one, refers to one from a new outlet and leaves the view alone.
    static func merge() throws -> TreeMerge {
        let base = document("""
                        <label text="Same" id="same"/>
                        <label text="Old" id="edited"/>
                        <label text="Moved" id="moved"/>
                        <label text="Ref" id="referred"/>
        \(holder)
        \(box)
        """)
        let ours = document(holder)
        let theirs = document("""
                        <label text="Same" id="same"/>
                        <label text="New" id="edited"/>
                        <label text="Ref" id="referred"/>
                        <view id="holder">
                            <subviews>
                                <label text="Moved" id="moved"/>
                            </subviews>
                        </view>
        \(box)
        """, connections: """

                    <connections>
                        <outlet property="label" destination="referred" id="c1"/>
                    </connections>
        """)
        func graph(_ text: String, _ name: String) throws -> IBGraph {
            IBGraph(xml: try XMLReader.parse(Array(text.utf8), name: name))
        }
        let graphs = Three(base: try graph(base, "base"), ours: try graph(ours, "ours"), theirs: try graph(theirs, "theirs"))
        return TreeMerge(graphs, prefer: .ours, options: TreeMerge.Options())
    }

    @Test func eachDeletionIsJudgedByWhatTheKeeperDid() throws {
        let merge = try Self.merge()
        var judged: [String: DeletionJudgement] = [:]
        for j in merge.deletions { judged[merge.objects.keys[j.object]] = j }
        #expect(Set(judged.keys) == ["#same", "#edited", "#moved", "#referred", "#box", "#inner"])
        #expect(judged.values.allSatisfy { $0.deleter == .ours })
        // (flags: same bytes, changed, referenced, enclosing object deleted too)
        func flags(_ key: String) -> [Bool]? {
            judged[key].map { [$0.sameBytes, $0.changed, $0.referenced, $0.parentAlsoDeleted] }
        }
        #expect(flags("#same") == [true, false, false, false])
        #expect(flags("#edited") == [false, true, false, false])
        #expect(flags("#moved")?[1] == true)
        #expect(flags("#referred") == [true, false, true, false])
        #expect(flags("#box") == [true, false, false, false])
        #expect(flags("#inner") == [true, false, false, true])
        // In the order of the objects' keys, as each rendering's plan meets them.
        #expect(merge.deletions.map(\.object) == merge.deletions.map(\.object).sorted())
    }

    @Test func everyRenderingDecidesWithTheSameJudgements() throws {
        let merge = try Self.merge()
        for side in [ConflictChoice.theirs, .base] {
            let other = merge.preferring(side)
            #expect(other.deletions.map(\.object) == merge.deletions.map(\.object))
            #expect(other.deletions.map(\.changed) == merge.deletions.map(\.changed))
            #expect(other.deletions.map(\.referenced) == merge.deletions.map(\.referenced))
        }
        // The two renderings differ only where the conflicts are (edited, moved, referred).
        let ours = merge.run().document, theirs = merge.preferring(.theirs).run().document
        let oursIDs = IBGraph(xml: ours).objectIndex.keys, theirsIDs = IBGraph(xml: theirs).objectIndex.keys
        #expect(Set(theirsIDs).subtracting(oursIDs) == ["edited", "moved", "referred", "c1"])
        #expect(!oursIDs.contains("same") && !theirsIDs.contains("same"))
        #expect(!theirsIDs.contains("box") && !theirsIDs.contains("inner"))
    }
}

import CorpusSupport
import Foundation
import Testing
@testable import XibKit

/// A comparison narrowed to some objects (`DiffComparison.wanted`, what a merge's conflict words
/// ask for) lists exactly their changes of the whole comparison, in the same order: over real
/// pairs (base against each side of the shared corpus's scenarios), with object sets that span
/// several groups, some of whose wanted changes are all removals while the group has others,
/// the walk leaving out the objects that hold nothing wanted.
struct NarrowedDiffTests {
    @Test("a narrowed comparison lists the whole one's changes of its objects, in its order",
          .enabled(if: Corpus.isAvailable, "the shared corpus is not available; skipping"))
    func narrowedListsTheWholeComparisonsChanges() throws {
        var pairs = 0, narrowed = 0, placedByOthers = 0, leftUnwalked = 0
        for (n, scenario) in Corpus.documentScenarios().enumerated() where n % 3 == 0 {
            guard let baseURL = scenario.files["base"] else { continue }
            let base = DiffObjects(IBGraph(try Self.load(baseURL)))
            for side in ["ours", "theirs"] {
                guard let url = scenario.files[side] else { continue }
                let new = DiffObjects(IBGraph(try Self.load(url)))
                var whole = DiffComparison(old: base, new: new, options: DiffOptions(), skipIdenticalSubtrees: true)
                whole.run()
                let order = whole.listed.flatMap(\.members)
                let ids = order.compactMap { whole.id(of: whole.entries[$0]) }
                guard !ids.isEmpty else { continue }
                pairs += 1
                // Every third changed object, and every fifth object of the new version.
                var wanted = KeyIndex()
                for (k, id) in ids.enumerated() where k % 3 == 1 { wanted.insert(id, 0) }
                for i in new.graph.nodes.indices where i % 5 == 0 { if let id = new.shownID(i) { wanted.insert(id, 0) } }
                let expected = order.filter { whole.id(of: whole.entries[$0]).map { wanted[$0] != nil } ?? false }
                var part = DiffComparison(old: base, new: new, options: DiffOptions(), skipIdenticalSubtrees: true, wanted: wanted)
                part.run()
                let listed = part.listed.flatMap(\.members).map { part.change(part.entries[$0]) }
                #expect(listed == expected.map { whole.change(whole.entries[$0]) }, "\(scenario.name) \(side)")
                if listed.count < order.count { narrowed += 1 }
                if !part.unwalked.isEmpty { leftUnwalked += 1 }
                placedByOthers += Self.groupsPlacedByOthers(whole, expected)
            }
        }
        #expect(pairs >= Corpus.minimumScenarios, "too few pairs with changes: \(pairs)")
        // The test narrows, and meets groups whose wanted changes are all removals where the
        // group holds other changes of the new version (which place it).
        #expect(narrowed > pairs / 2 && placedByOthers > 0, "narrowed \(narrowed) of \(pairs), placed by others \(placedByOthers)")
        // And the walk left out what holds no wanted object in most of them.
        #expect(leftUnwalked > pairs / 2, "left parts unwalked in \(leftUnwalked) of \(pairs)")
    }

    /// Where a group's wanted changes are all removals, its place among the groups is that of
    /// the whole comparison, which its other changes decide: two scenes swapped, the first
    /// (moved after the second) losing a constraint and changing a view (not wanted), the
    /// second changing its controller (wanted). The whole comparison lists the second scene
    /// first; a group placed by its removals alone would come first.
    @Test func aGroupOfRemovalsIsPlacedByItsOtherChanges() throws {
        let text = try String(contentsOf: DiffFixtureTests.root.appendingPathComponent("storyboard-segues/new.storyboard"), encoding: .utf8)
        let starts = text.ranges(of: "        <!--").map(\.lowerBound), end = try #require(text.range(of: "    </scenes>")).lowerBound
        #expect(starts.count == 3)
        let first = String(text[starts[0]..<starts[1]]), second = String(text[starts[1]..<starts[2]])
        var swapped = text[..<starts[0]] + second + first + text[starts[2]..<end] + text[end...]
        for (from, to) in [(#"<constraint firstAttribute="height" constant="60" id="RDs-qf-dR9"/>"#, ""),
                           (#"<view contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="fbt-TF-z7U">"#,
                            #"<view contentMode="center" translatesAutoresizingMaskIntoConstraints="NO" id="fbt-TF-z7U">"#),
                           (#"automaticallyAdjustsScrollViewInsets="NO" id="ZWT-yJ-dk4""#, #"id="ZWT-yJ-dk4""#)] {
            #expect(swapped.contains(from))
            swapped = swapped.replacingOccurrences(of: from, with: to)
        }
        let old = DiffObjects(IBGraph(try IBDocument(bytes: Array(text.utf8), name: "old.storyboard")))
        let new = DiffObjects(IBGraph(try IBDocument(bytes: Array(swapped.utf8), name: "new.storyboard")))
        var whole = DiffComparison(old: old, new: new, options: DiffOptions(), skipIdenticalSubtrees: true)
        whole.run()
        var wanted = KeyIndex()
        for id in ["RDs-qf-dR9", "ZWT-yJ-dk4"] { wanted.insert(id, 0) }
        var part = DiffComparison(old: old, new: new, options: DiffOptions(), skipIdenticalSubtrees: true, wanted: wanted)
        part.run()
        let expected = whole.listed.flatMap(\.members).map { whole.change(whole.entries[$0]) }.filter { $0.id.map { wanted[$0] != nil } ?? false }
        #expect(expected.map(\.id) == ["ZWT-yJ-dk4", "RDs-qf-dR9"])
        #expect(part.listed.flatMap(\.members).map { part.change(part.entries[$0]) } == expected)
    }

    /// A wanted object in the document's own group, whose listing depends on every other
    /// change (an entry of the document's record is listed only beside other changes): the
    /// comparison is then made whole, not narrowed.
    @Test func anObjectInTheDocumentsGroupIsComparedWhole() throws {
        let text = try String(contentsOf: DiffFixtureTests.root.appendingPathComponent("storyboard-segues/new.storyboard"), encoding: .utf8)
        let loose = #"    <view contentMode="scaleToFill" id="Lo0-se-V1w"/>\n    <scenes>"#
        let old = text.replacingOccurrences(of: "    <scenes>", with: loose)
        let new = old.replacingOccurrences(of: #"<view contentMode="scaleToFill" id="Lo0-se-V1w"/>"#, with: #"<view contentMode="center" id="Lo0-se-V1w"/>"#)
            .replacingOccurrences(of: #"<capability name="documents saved in the Xcode 8 format" minToolsVersion="8.0"/>"#, with: "")
        let graphs = try [old, new].map { DiffObjects(IBGraph(try IBDocument(bytes: Array($0.utf8), name: "a.storyboard"))) }
        var whole = DiffComparison(old: graphs[0], new: graphs[1], options: DiffOptions(), skipIdenticalSubtrees: true)
        whole.run()
        var wanted = KeyIndex()
        wanted.insert("Lo0-se-V1w", 0)
        var part = DiffComparison(old: graphs[0], new: graphs[1], options: DiffOptions(), skipIdenticalSubtrees: true, wanted: wanted)
        part.run()
        #expect(part.wanted == nil)
        #expect(part.listed.flatMap(\.members).map { part.change(part.entries[$0]) }
                == whole.listed.flatMap(\.members).map { whole.change(whole.entries[$0]) })
        #expect(whole.entries.contains { whole.id(of: $0) == "Lo0-se-V1w" })
    }

    /// Groups whose changes in `kept` are all removals while the whole comparison has a change
    /// of the new version in them.
    static func groupsPlacedByOthers(_ whole: DiffComparison, _ kept: [Int]) -> Int {
        var keptNew: [String: Bool] = [:], wholeNew: Set<String> = []
        for k in kept { keptNew[whole.entries[k].groupKey, default: false] = keptNew[whole.entries[k].groupKey, default: false] || whole.entries[k].newNode != nil }
        for e in whole.entries where e.newNode != nil { wholeNew.insert(e.groupKey) }
        return keptNew.filter { !$0.value && wholeNew.contains($0.key) }.count
    }

    static func load(_ url: URL) throws -> IBDocument {
        try IBDocument(bytes: [UInt8](try Data(contentsOf: url)), name: url.lastPathComponent)
    }
}

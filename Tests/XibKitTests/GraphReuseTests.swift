import CorpusSupport
import Foundation
import Testing
@testable import XibKit

/// A graph built reusing base's graph (`IBGraph(xml:reusing:)`) must be the graph a walk of
/// the whole tree builds: the same nodes, keys, ids, references and tables, in the same order.
@Suite struct GraphReuseTests {
    static var available: Bool { Corpus.isAvailable }

    /// The first difference between two graphs, or nil.
    static func difference(_ a: IBGraph, _ b: IBGraph) -> String? {
        guard a.nodes.count == b.nodes.count else { return "\(a.nodes.count) vs \(b.nodes.count) nodes" }
        for (i, (x, y)) in zip(a.nodes, b.nodes).enumerated() {
            guard x.key == y.key, x.objectID == y.objectID, x.parent == y.parent, x.indexInParent == y.indexInParent,
                  x.depth == y.depth, x.children == y.children, x.tag == y.tag,
                  x.element.origin?.span == y.element.origin?.span, x.element.origin?.source === y.element.origin?.source
            else { return "node \(i): \(x.key) vs \(y.key)" }
        }
        guard a.byKey.keys == b.byKey.keys else { return "byKey" }
        guard a.objectIndex.keys == b.objectIndex.keys else { return "objectIndex" }
        guard a.byKey.keys.allSatisfy({ a.byKey[$0] == b.byKey[$0] }) else { return "byKey values" }
        guard a.objectIndex.keys.allSatisfy({ a.objectIndex[$0] == b.objectIndex[$0] }) else { return "objectIndex values" }
        guard a.references == b.references else { return "references" }
        guard a.duplicateIDs == b.duplicateIDs, a.hasDuplicateKeys == b.hasDuplicateKeys else { return "duplicates" }
        return nil
    }

    /// Base, ours and theirs read as the merge reads them (sides taking base's unchanged elements).
    static func read(_ base: [UInt8], _ sides: [[UInt8]]) throws -> (IBGraph, [XMLDocument]) {
        let baseDoc = try XMLReader.parse(base, name: "base")
        let elements = BaseElements(baseDoc)
        let docs = try sides.map { side in
            let runs = LineMerge.merge(base: base, ours: side, theirs: base).oursSharedWithBase
            return try XMLReader.parse(XMLSource(name: "side", bytes: side), unchanged: UnchangedElements(base: elements, runs: runs))
        }
        return (IBGraph(xml: baseDoc), docs)
    }

    @Test("ours', theirs' and the merged document's graphs are the same built reusing base's graph",
          .enabled(if: available, "the shared corpus is not available; skipping"))
    func corpusGraphsAreTheSame() throws {
        var copied = 0, all = 0, merged = 0
        for scenario in Corpus.documentScenarios() {
            guard let b = scenario.files["base"], let o = scenario.files["ours"], let t = scenario.files["theirs"],
                  let base = try? Corpus.bytes(b), let ours = try? Corpus.bytes(o), let theirs = try? Corpus.bytes(t),
                  let (B, sides) = try? Self.read(base, [ours, theirs]),
                  (try? IBDocument(xml: B.document)) != nil else { continue }
            guard let reuse = GraphReuse(B) else {
                #expect(B.hasDuplicateKeys, "\(scenario.testDescription): base's graph is reusable unless it has duplicate keys")
                continue
            }
            var graphs: [IBGraph] = [B]
            for (name, doc) in zip(["ours", "theirs"], sides) {
                let reused = IBGraph(xml: doc, reusing: reuse), walked = IBGraph(xml: doc)
                let d = Self.difference(reused, walked)
                #expect(d == nil, "\(scenario.testDescription) \(name): \(d ?? "")")
                graphs.append(walked)
                all += walked.nodes.count
                copied += walked.nodes.indices.filter { reuse.node(for: walked.nodes[$0].element) != nil }.count
            }
            let tree = TreeMerge(base: B, ours: graphs[1], theirs: graphs[2], prefer: .ours, options: .init()).mergeTree()
            let d = Self.difference(IBGraph(xml: tree, reusing: reuse), IBGraph(xml: tree))
            #expect(d == nil, "\(scenario.testDescription) merged: \(d ?? "")")
            merged += 1
        }
        #expect(merged > 150, "\(merged) merged documents compared")
        // Most of a side's nodes are base's (taken whole with their subtree, or below one).
        #expect(copied * 2 > all, "\(copied) of \(all) nodes are base's")
    }

    /// A side whose new object reuses an id found in a subtree it took from base: the walk keys
    /// the second one `#id~2`; taking the subtree meets the id already there, and the graph is
    /// built again by walking.
    @Test func anIDMetTwiceBuildsTheGraphByWalking() throws {
        let base = """
            <?xml version="1.0" encoding="UTF-8"?>
            <document>
                <objects>
                    <view id="a">
                        <subviews>
                            <button id="b"/>
                        </subviews>
                    </view>
                </objects>
            </document>

            """
        let ours = base.replacingOccurrences(of: "        <view id=\"a\">", with: "        <label id=\"b\"/>\n        <view id=\"a\">")
        let (B, sides) = try Self.read(Array(base.utf8), [Array(ours.utf8)])
        let reuse = try #require(GraphReuse(B))
        let reused = IBGraph(xml: sides[0], reusing: reuse), walked = IBGraph(xml: sides[0])
        #expect(Self.difference(reused, walked) == nil)
        #expect(walked.nodes.contains { $0.key == "#b~2" } && walked.duplicateIDs["b"] != nil)
        #expect(reuse.node(for: sides[0].root.elements[0].elements[1]) != nil, "view a was taken from base")
    }

    /// A base graph that had to make a key unique is not reused: below it, a side's keys may differ.
    @Test func aBaseWithDuplicateKeysIsNotReused() throws {
        let base = """
            <?xml version="1.0" encoding="UTF-8"?>
            <document>
                <objects>
                    <view id="a"/>
                    <view id="a"/>
                </objects>
            </document>

            """
        let B = IBGraph(xml: try XMLReader.parse(Array(base.utf8), name: "base"))
        #expect(B.hasDuplicateKeys)
        #expect(GraphReuse(B) == nil)
    }

    /// Elements changed after reading (a merged tree) are walked; unchanged ones are taken.
    @Test func changedElementsAreWalked() throws {
        let base = """
            <?xml version="1.0" encoding="UTF-8"?>
            <document>
                <objects>
                    <view id="a">
                        <rect key="frame" x="0" y="0" width="10" height="10"/>
                    </view>
                    <view id="c"/>
                </objects>
            </document>

            """
        let (B, _) = try Self.read(Array(base.utf8), [])
        let reuse = try #require(GraphReuse(B))
        var doc = B.document
        TreeEdit.modify(&doc.root, at: [0, 0, 0][...]) { $0[attribute: "width"] = "20" }
        let reused = IBGraph(xml: doc, reusing: reuse), walked = IBGraph(xml: doc)
        #expect(Self.difference(reused, walked) == nil)
        #expect(reused.nodes.first { $0.key.hasSuffix("rect[key=frame]") }?.element[attribute: "width"] == "20")
        #expect(reuse.node(for: doc.root.elements[0].elements[0]) == nil, "view a changed below: walked")
        #expect(reuse.node(for: doc.root.elements[0].elements[1]) != nil, "view c unchanged: taken")
    }
}

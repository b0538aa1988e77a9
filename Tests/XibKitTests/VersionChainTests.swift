import CorpusSupport
import Foundation
import Testing
@testable import XibKit

/// A file's history (`xibmerge log`, history `diff`) reads each version with the elements of
/// the next newer one (`SemanticDiff.Version(bytes:name:neighbour:)`), so that a version takes
/// subtrees that were themselves taken. The diffs must be those of the versions read alone,
/// line numbers included, and the chain must take most of each version.
@Suite struct VersionChainTests {
    /// The diffs of consecutive versions (oldest first), newest first as `log` reads them: each
    /// older version read with the newer one, and every version read alone; and the share of the
    /// elements of the versions read with a neighbour that came from another version's bytes.
    static func diffs(_ versions: [[UInt8]]) throws -> (chained: [FileDiff], alone: [FileDiff], taken: Int, all: Int) {
        func compare(_ old: SemanticDiff.Version, _ new: SemanticDiff.Version) -> FileDiff {
            SemanticDiff.compare(old: old, new: new, oldName: "a/f.storyboard", newName: "b/f.storyboard", displayName: "f.storyboard")
        }
        var chained: [FileDiff] = [], alone: [FileDiff] = []
        var taken = 0, all = 0
        var new = try SemanticDiff.Version(bytes: versions[versions.count - 1], name: "f.storyboard")
        for k in stride(from: versions.count - 2, through: 0, by: -1) {
            let old = try SemanticDiff.Version(bytes: versions[k], name: "f.storyboard", neighbour: new)
            Self.expectSameGraph(old.graph, IBGraph(xml: old.graph.document))
            chained.append(compare(old, new))
            alone.append(compare(try SemanticDiff.Version(bytes: versions[k], name: "f.storyboard"),
                                 try SemanticDiff.Version(bytes: versions[k + 1], name: "f.storyboard")))
            let own = UnchangedElementsTests.count(old.graph.document.root, from: old.graph.document.source)
            taken += own.all - own.taken
            all += own.all
            new = old
        }
        return (chained, alone, taken, all)
    }

    /// A graph that copied its neighbour's nodes (`copying`) is the graph made without them.
    static func expectSameGraph(_ graph: IBGraph, _ made: IBGraph, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        #expect(graph.nodes.count == made.nodes.count, sourceLocation: sourceLocation)
        guard graph.nodes.count == made.nodes.count else { return }
        let differing = graph.nodes.indices.filter { i in
            let (a, b) = (graph.nodes[i], made.nodes[i])
            return a.key != b.key || a.parent != b.parent || a.indexInParent != b.indexInParent || a.depth != b.depth
                || a.objectID != b.objectID || !a.element.isSameParsedElement(as: b.element)
                || Array(graph.children(of: i)) != Array(made.children(of: i))
        }
        #expect(differing.isEmpty, "nodes \(differing.prefix(5)) differ", sourceLocation: sourceLocation)
        #expect(graph.references == made.references, sourceLocation: sourceLocation)
        #expect(graph.byKey.keys == made.byKey.keys && graph.objectIndex.keys == made.objectIndex.keys, sourceLocation: sourceLocation)
        #expect(graph.duplicateIDs == made.duplicateIDs && graph.hasDuplicateKeys == made.hasDuplicateKeys, sourceLocation: sourceLocation)
    }

    /// `count` versions of `bytes`, each one edited from the one before as a person edits in
    /// Interface Builder: a title reworded, a self-closing element deleted, two such siblings
    /// swapped (a fixed seed, so every run makes the same versions).
    static func history(of bytes: [UInt8], count: Int) -> [[UInt8]] {
        var lines = String(decoding: bytes, as: UTF8.self).components(separatedBy: "\n")
        var rng = XMLSplitMix64(seed: 18)
        func next(_ n: Int) -> Int { Int(rng.next() % UInt64(n)) }
        func selfClosing(_ k: Int) -> Bool {
            let t = lines[k].trimmingCharacters(in: .whitespaces)
            return t.hasPrefix("<") && !t.hasPrefix("</") && t.hasSuffix("/>")
        }
        var versions = [Array(lines.joined(separator: "\n").utf8)]
        while versions.count < count {
            for _ in 0..<(1 + next(3)) {
                let k = next(lines.count - 1)
                switch next(3) {
                case 0 where lines[k].contains(" title=\""):
                    lines[k] = lines[k].replacingOccurrences(of: " title=\"", with: " title=\"Edited ")
                case 1 where selfClosing(k):
                    lines.remove(at: k)
                case 2 where selfClosing(k) && selfClosing(k + 1) && lines[k].prefix(while: { $0 == " " }) == lines[k + 1].prefix(while: { $0 == " " }):
                    lines.swapAt(k, k + 1)
                default:
                    continue
                }
            }
            versions.append(Array(lines.joined(separator: "\n").utf8))
        }
        return versions
    }

    @Test("a history read with neighbours diffs as its versions read alone, line numbers included")
    func fixtureHistoryDiffsTheSame() throws {
        let bytes = try Corpus.bytes(Fixtures.url("real/large-prefs-window.xib"))
        let (chained, alone, taken, all) = try Self.diffs(Self.history(of: bytes, count: 40))
        #expect(chained == alone)
        #expect(alone.contains { $0.groups.contains { $0.changes.contains { $0.newLine != nil && $0.oldLine != nil } } })
        // Most of each version comes from its neighbour (and its neighbour's neighbours).
        #expect(taken * 10 > all * 8, "\(taken) of \(all) elements taken")
    }

    @Test("the corpus's versions of a file, read as a history, diff as they do read alone",
          .enabled(if: Corpus.isAvailable, "the shared corpus is not available; skipping"))
    func corpusVersionsDiffTheSame() throws {
        var taken = 0, all = 0, files = 0
        for scenario in Corpus.documentScenarios() {
            let sides = ["theirs", "base", "ours"].compactMap { scenario.files[$0] }
            guard sides.count == 3 else { continue }
            let versions = try sides.map(Corpus.bytes)
            let result: (chained: [FileDiff], alone: [FileDiff], taken: Int, all: Int)
            do { result = try Self.diffs(versions) } catch { continue }  // a side that does not parse
            #expect(result.chained == result.alone, "\(scenario.testDescription)")
            taken += result.taken; all += result.all; files += 1
        }
        #expect(files >= Corpus.minimumScenarios && taken * 10 > all * 7, "\(taken) of \(all) elements taken in \(files) files")
    }

    @Test("a version whose new object takes the id of one in a subtree it shares with its neighbour keys them as read alone")
    func copiedSubtreeWithADuplicateID() throws {
        func storyboard(_ scenes: String) -> [UInt8] {
            Array("""
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" toolsVersion="1" targetRuntime="iOS.CocoaTouch">
                <scenes>
            \(scenes)        <scene sceneID="s1">
                        <objects>
                            <viewController id="vc1" sceneMemberID="viewController">
                                <view key="view" contentMode="scaleToFill" id="v1">
                                    <rect key="frame" x="0.0" y="0.0" width="10" height="10"/>
                                </view>
                            </viewController>
                        </objects>
                    </scene>
                </scenes>
            </document>

            """.utf8)
        }
        let new = try SemanticDiff.Version(bytes: storyboard(""), name: "f.storyboard")
        let duplicate = "        <scene sceneID=\"s0\">\n            <objects>\n                <view contentMode=\"scaleToFill\" id=\"v1\"/>\n            </objects>\n        </scene>\n"
        let old = try SemanticDiff.Version(bytes: storyboard(duplicate), name: "f.storyboard", neighbour: new)
        let scene = old.graph.byKey["#scene:s1"].map { old.graph.nodes[$0].element }
        #expect(scene?.origin?.source === new.graph.document.source, "the shared scene is taken from the neighbour")
        #expect(old.graph.hasDuplicateKeys && old.graph.byKey["#v1~2"] != nil)
        Self.expectSameGraph(old.graph, IBGraph(xml: old.graph.document))
    }

    @Test("the shared runs of two versions are the same bytes on both sides, in order")
    func sharedRunsAreSharedBytes() {
        let a = Array("<a>\n  <b x=\"1\"/>\n  <c/>\n  <d/>\n</a>\n".utf8)
        let cases: [([UInt8], [UInt8])] = [
            (a, a), ([], a), (a, []), (a, Array(a.dropLast())), (a, a + Array("<e/>".utf8)),
            (a, Array("<a>\n  <b x=\"2\"/>\n  <c/>\n  <d/>\n</a>\n".utf8)),
            (a, Array("<a>\n  <c/>\n  <b x=\"1\"/>\n  <d/>\n</a>\n".utf8)),
            (a, Array("<z>\n  <b x=\"1\"/>\n  <c/>\n  <d/>\n</z>".utf8)),
        ]
        for (base, other) in cases {
            let runs = LineDiff.sharedRuns(base: base, other: other)
            var end = 0, baseEnd = 0
            for r in runs {
                #expect(r.start >= end && r.baseStart >= baseEnd && r.count > 0)
                #expect(base[r.baseStart..<(r.baseStart + r.count)] == other[r.start..<(r.start + r.count)])
                end = r.start + r.count
                baseEnd = r.baseStart + r.count
            }
            if base == other { #expect(runs.map(\.count) == (base.isEmpty ? [] : [base.count])) }
        }
        // Both sides at once (base's lines interned once where the two differ from it in
        // overlapping places) finds what each finds alone.
        for (_, x) in cases {
            for (_, y) in cases {
                #expect(LineDiff.sharedRuns(base: a, others: [x, y]) == [LineDiff.sharedRuns(base: a, other: x), LineDiff.sharedRuns(base: a, other: y)])
            }
        }
    }

    @Test("the common ends of two versions are whole lines, the other's start included")
    func commonEndsAreWholeLines() {
        let ends = LineDiff.commonEnds(Array("x\ny\n".utf8), Array("y\n".utf8))
        #expect(ends.head == 0 && ends.tail == 2)
        let reversed = LineDiff.commonEnds(Array("y\n".utf8), Array("x\ny\n".utf8))
        #expect(reversed.head == 0 && reversed.tail == 2)
    }
}

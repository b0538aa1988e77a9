import CorpusSupport
import Foundation
import Testing
import XibKit

/// Algebraic laws of the three-way merge, over every document-format scenario of the shared
/// corpus (`scenarios/conflicts` and `scenarios/clean`), run in-process through `XibMerger`:
///
/// * identity: merge(b, x, b) = x, merge(b, b, y) = y and merge(b, x, x) = x, byte for byte;
/// * symmetry: merge(b, x, y) is clean exactly when merge(b, y, x) is, both count the same
///   conflicts, and clean results hold the same objects, attributes, references and values
///   (`MergeCanonicalForm`);
/// * soundness: every clean result re-parses and passes `IntegrityCheck`.
///
/// The symmetric law runs once with the default options (the verified line-based fast path
/// first) and once with `lineFastPath` off, so that the structural merge itself is held to it.
/// All scenarios, whatever their size (the largest is 350 KB): the whole suite, 4 merges and
/// 2 comparisons per scenario, takes about 25 s in a debug build on 2 cores.
@Suite struct MergeLawTests {
    /// One scenario folder: base, ours, theirs.
    struct Scenario: Sendable, CustomTestStringConvertible {
        var name: String
        var base: URL
        var ours: URL
        var theirs: URL

        var testDescription: String { name }

        func inputs() throws -> (base: XibMerger.Input, ours: XibMerger.Input, theirs: XibMerger.Input) {
            (.init(bytes: try Corpus.bytes(base), name: base.lastPathComponent),
             .init(bytes: try Corpus.bytes(ours), name: ours.lastPathComponent),
             .init(bytes: try Corpus.bytes(theirs), name: theirs.lastPathComponent))
        }
    }

    /// Every document-format scenario with base, ours and theirs, in a stable order.
    static let scenarios: [Scenario] = Corpus.documentScenarios().compactMap { s in
        s.sides.map { Scenario(name: s.name, base: $0.base, ours: $0.ours, theirs: $0.theirs) }
    }

    static var hasScenarios: Bool { !scenarios.isEmpty }

    static func options(lineFastPath: Bool) -> XibMerger.Options {
        var options = XibMerger.Options()
        options.lineFastPath = lineFastPath
        return options
    }

    @Test(.enabled(if: Corpus.isAvailable, Corpus.skipped))
    func corpusHasTheDocumentScenarios() {
        #expect(MergeLawTests.scenarios.count >= Corpus.minimumScenarios, "too few document-format scenarios: \(MergeLawTests.scenarios.count)")
    }

    @Test(.enabled(if: MergeLawTests.hasScenarios, Corpus.skipped), arguments: MergeLawTests.scenarios)
    func identityLaws(_ scenario: Scenario) throws {
        let (b, o, t) = try scenario.inputs()
        for x in [o, t] {
            for (label, result) in [("merge(b, x, b)", XibMerger.merge(base: b, ours: x, theirs: b)),
                                    ("merge(b, b, x)", XibMerger.merge(base: b, ours: b, theirs: x)),
                                    ("merge(b, x, x)", XibMerger.merge(base: b, ours: x, theirs: x))] {
                let same = result.bytes == x.bytes
                #expect(same, "\(label) with x = \(x.name) is not x byte for byte")
                #expect(result.isClean && result.conflicts == 0 && result.events.isEmpty, "\(label) with x = \(x.name) reported something")
            }
        }
    }

    @Test(.enabled(if: MergeLawTests.hasScenarios, Corpus.skipped),
          arguments: MergeLawTests.scenarios, [true, false])
    func symmetryAndSoundness(_ scenario: Scenario, lineFastPath: Bool) throws {
        let (b, o, t) = try scenario.inputs()
        let options = MergeLawTests.options(lineFastPath: lineFastPath)
        let xy = XibMerger.merge(base: b, ours: o, theirs: t, options: options)
        let yx = XibMerger.merge(base: b, ours: t, theirs: o, options: options)
        #expect(xy.isClean == yx.isClean,
                "merge(b, ours, theirs) is \(xy.isClean ? "clean" : "not clean") (\(xy.method)) but merge(b, theirs, ours) is \(yx.isClean ? "clean" : "not clean") (\(yx.method))")
        // The same conflicts, however they are resolved in each order.
        #expect(xy.conflicts == yx.conflicts, "\(xy.conflicts) conflicts in merge(b, ours, theirs), \(yx.conflicts) in merge(b, theirs, ours)")
        for (label, outcome) in [("merge(b, ours, theirs)", xy), ("merge(b, theirs, ours)", yx)] where outcome.isClean {
            let problems = MergeCanonicalForm.integrityProblems(outcome.bytes, name: label)
            #expect(problems.isEmpty, "\(label) (\(outcome.method)) is clean but not sound:\n\(problems.prefix(5).joined(separator: "\n"))")
        }
        guard xy.isClean && yx.isClean else { return }
        let a = try MergeCanonicalForm(xy.bytes), c = try MergeCanonicalForm(yx.bytes)
        let (onlyXY, onlyYX) = a.difference(c)
        #expect(onlyXY.isEmpty && onlyYX.isEmpty, """
            clean merges in both orders differ (\(xy.method) / \(yx.method)):
            only in merge(b, ours, theirs):
            \(onlyXY.prefix(8).joined(separator: "\n"))
            only in merge(b, theirs, ours):
            \(onlyYX.prefix(8).joined(separator: "\n"))
            """)
    }

    /// The comparison itself: blind to child order and Xcode's noise, and to nothing else.
    @Test func canonicalFormIgnoresOnlyOrderAndNoise() throws {
        func document(tools: String = "21225", text: String = "Hello", frame: String = "20", misplaced: String = "",
                      labelsReversed: Bool = false, labelParent: String = "view", constant: String = "8") -> [UInt8] {
            var labels = [#"<label text="\#(text)" id="Lb1-aa-001"\#(misplaced)><rect key="frame" x="\#(frame)" y="0.0" width="40" height="20"/></label>"#,
                          #"<label text="Other" id="Lb2-aa-002"/>"#]
            if labelsReversed { labels.reverse() }
            let inView = labelParent == "view" ? labels.joined() : labels[1]
            let inStack = labelParent == "view" ? "" : labels[0]
            return Array("""
                <?xml version="1.0" encoding="UTF-8"?>
                <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" toolsVersion="\(tools)" targetRuntime="iOS.CocoaTouch">
                    <device id="retina6_1" orientation="portrait"/>
                    <objects>
                        <view id="Vw1-aa-000"><subviews>\(inView)<stackView id="St1-aa-003"><subviews>\(inStack)</subviews></stackView></subviews>
                            <constraints><constraint firstItem="Lb1-aa-001" firstAttribute="top" constant="\(constant)" id="Cn1-aa-004"/></constraints>
                            <point key="canvasLocation" x="1" y="2"/>
                        </view>
                    </objects>
                </document>

                """.utf8)
        }
        let base = try MergeCanonicalForm(document())
        func same(_ bytes: [UInt8]) throws -> Bool {
            let (a, b) = base.difference(try MergeCanonicalForm(bytes))
            return a.isEmpty && b.isEmpty
        }
        #expect(try same(document(labelsReversed: true)))
        #expect(try same(document(tools: "22505", frame: "21.5", misplaced: #" misplaced="YES""#)))
        #expect(try same(Array(String(decoding: document(), as: UTF8.self).replacingOccurrences(of: "retina6_1", with: "retina6_12")
            .replacingOccurrences(of: #"x="1" y="2""#, with: #"x="5" y="9""#).utf8)))
        #expect(try !same(document(text: "Bonjour")))
        #expect(try !same(document(labelParent: "stack")))
        #expect(try !same(document(constant: "16")))
    }
}

/// What a merged document says, order-free: one fact per element, as a sorted multiset.
///
/// Each element is named by a canonical path: `#id` for an object, `#scene:ID` for a scene,
/// otherwise its parent's path plus `/tag[key=value]` (IBRules' identity attributes) or
/// `/tag[*]` for an anonymous value (its position is dropped: child order is ignored). An
/// object's fact also names its parent, so a move is a difference. Attributes are sorted and
/// exclude Xcode's noise attributes (`IBRules.noise(tag:attribute:)`: versions, `misplaced`,
/// `ambiguous`); noise elements and their subtrees (`IBRules.noise(element:key:)`: frames and
/// other geometry, `<device>`, `canvasLocation`) are left out, as are comments (storyboards'
/// scene comments are regenerated by Xcode). References are attributes, so they are compared.
///
/// These are exactly the things the take-ours rules may resolve differently in the two merge
/// orders, besides the order of insertions both sides made at the same place.
struct MergeCanonicalForm {
    let facts: [String]

    init(_ bytes: [UInt8]) throws {
        let g = IBGraph(xml: try XMLReader.parse(bytes, name: "merged"))
        var path = [String](repeating: "", count: g.nodes.count)
        var skipped = [Bool](repeating: false, count: g.nodes.count)
        var facts: [String] = []
        facts.reserveCapacity(g.nodes.count)
        for (i, node) in g.nodes.enumerated() {
            let e = node.element
            let parent = node.parent
            // Noise elements, and Xcode's caches (the entries of the document's `<resources>`).
            let isCache = parent > 0 && g.nodes[parent].parent == 0 && IBRules.isCacheContainer(g.nodes[parent].tag)
            if (parent >= 0 && skipped[parent]) || isCache || IBRules.noise(element: node.tag, key: e[attribute: "key"]) != nil {
                skipped[i] = true
                continue
            }
            let parentPath = parent >= 0 ? path[parent] : ""
            if let id = node.objectID {
                path[i] = "#" + id
            } else if let scene = e[attribute: "sceneID"] {
                path[i] = "#scene:" + scene
            } else if let attribute = IBRules.identityAttributes.first(where: { e[attribute: $0] != nil }) {
                path[i] = parentPath + "/\(node.tag)[\(attribute)=\(e[attribute: attribute]!)]"
            } else {
                path[i] = parentPath + "/\(node.tag)[*]"
            }
            let attributes = e.attributes
                .filter { IBRules.noise(tag: node.tag, attribute: $0.name) == nil }
                .map { "\($0.name)=\"\($0.value)\"" }
                .sorted()
                .joined(separator: " ")
            var fact = "\(path[i]) <\(node.tag) \(attributes)>"
            if IBGraph.isObjectKey(path[i]) { fact += " in \(parentPath)" }
            let text = e.text
            if !text.allSatisfy(\.isWhitespace) { fact += " text=\(text.debugDescription)" }
            facts.append(fact)
        }
        self.facts = facts.sorted()
    }

    /// Facts only in self, and facts only in other (as multisets).
    func difference(_ other: MergeCanonicalForm) -> ([String], [String]) {
        var counts: [String: Int] = [:]
        for f in facts { counts[f, default: 0] += 1 }
        for f in other.facts { counts[f, default: 0] -= 1 }
        let onlySelf = counts.filter { $0.value > 0 }.map(\.key).sorted()
        let onlyOther = counts.filter { $0.value < 0 }.map(\.key).sorted()
        return (onlySelf, onlyOther)
    }

    /// Why a result is not sound: it does not parse as a document, or `check` finds problems.
    static func integrityProblems(_ bytes: [UInt8], name: String) -> [String] {
        do {
            return IntegrityCheck.problems(in: try IBDocument(bytes: bytes, name: name)).map(\.description)
        } catch {
            return [error.description]
        }
    }
}

import CorpusSupport
import Foundation
import MergeLaws
import Testing
import XibKit

/// Algebraic laws of the three-way merge, over every document-format scenario of the shared
/// corpus (`scenarios/conflicts` and `scenarios/clean`), run in-process through `XibMerger`:
///
/// * identity: merge(b, x, b) = x, merge(b, b, y) = y and merge(b, x, x) = x, byte for byte;
/// * symmetry: merge(b, x, y) is clean exactly when merge(b, y, x) is, both count the same
///   conflicts, and clean results hold the same objects, attributes, references, values and
///   object order (`Facts`, frames aside);
/// * soundness: every clean result re-parses and passes `IntegrityCheck`, and keeps every
///   change of both sides (`Facts.lost`).
///
/// `MergePropertyTests` holds the same laws over generated edits.
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

    @Test(.enabled(if: MergeLawTests.hasScenarios, Corpus.skipped), arguments: MergeLawTests.scenarios)
    func symmetryAndSoundness(_ scenario: Scenario) throws {
        let (b, o, t) = try scenario.inputs()
        let xy = XibMerger.merge(base: b, ours: o, theirs: t)
        let yx = XibMerger.merge(base: b, ours: t, theirs: o)
        #expect(xy.isClean == yx.isClean,
                "merge(b, ours, theirs) is \(xy.isClean ? "clean" : "not clean") (\(xy.method)) but merge(b, theirs, ours) is \(yx.isClean ? "clean" : "not clean") (\(yx.method))")
        // The same conflicts, however they are resolved in each order.
        #expect(xy.conflicts == yx.conflicts, "\(xy.conflicts) conflicts in merge(b, ours, theirs), \(yx.conflicts) in merge(b, theirs, ours)")
        let facts = try (b: Facts(b.bytes), o: Facts(o.bytes), t: Facts(t.bytes))
        for (label, outcome, ours, theirs) in [("merge(b, ours, theirs)", xy, facts.o, facts.t), ("merge(b, theirs, ours)", yx, facts.t, facts.o)]
        where outcome.isClean {
            let problems = MergeLawTests.integrityProblems(outcome.bytes, name: label)
            #expect(problems.isEmpty, "\(label) (\(outcome.method)) is clean but not sound:\n\(problems.prefix(5).joined(separator: "\n"))")
            let lost = Facts.lost(base: facts.b, ours: ours, theirs: theirs, result: try Facts(outcome.bytes))
            #expect(lost.isEmpty, "\(label) is clean but lost \(lost.count) change(s):\n\(lost.prefix(5).joined(separator: "\n"))")
        }
        guard xy.isClean && yx.isClean else { return }
        let a = try Facts(xy.bytes), c = try Facts(yx.bytes)
        let (onlyXY, onlyYX) = a.difference(c)
        let order = a.orderDifference(c)
        #expect(onlyXY.isEmpty && onlyYX.isEmpty && order.isEmpty, """
            clean merges in both orders differ:
            only in merge(b, ours, theirs):
            \(onlyXY.prefix(8).joined(separator: "\n"))
            only in merge(b, theirs, ours):
            \(onlyYX.prefix(8).joined(separator: "\n"))
            children in another order under: \(order.prefix(8))
            """)
    }

    /// Why a result is not sound: it does not parse as a document, or `check` finds problems.
    static func integrityProblems(_ bytes: [UInt8], name: String) -> [String] {
        do {
            return IntegrityCheck.problems(in: try IBDocument(bytes: bytes, name: name)).map(\.description)
        } catch {
            return [error.description]
        }
    }

    /// The comparison itself: blind to Xcode's noise and to nothing else; object order apart.
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
        let base = try Facts(document())
        func same(_ bytes: [UInt8]) throws -> Bool {
            let (a, b) = base.difference(try Facts(bytes))
            return a.isEmpty && b.isEmpty
        }
        #expect(try same(document(labelsReversed: true)))
        #expect(try base.orderDifference(Facts(document(labelsReversed: true))) == ["#Vw1-aa-000/subviews[*]"])
        #expect(try same(document(tools: "22505", frame: "21.5", misplaced: #" misplaced="YES""#)))
        #expect(try same(Array(String(decoding: document(), as: UTF8.self).replacingOccurrences(of: "retina6_1", with: "retina6_12")
            .replacingOccurrences(of: #"x="1" y="2""#, with: #"x="5" y="9""#).utf8)))
        #expect(try !same(document(text: "Bonjour")))
        #expect(try !same(document(labelParent: "stack")))
        #expect(try !same(document(constant: "16")))
    }
}

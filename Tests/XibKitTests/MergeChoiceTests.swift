import CorpusSupport
import Foundation
import Testing
import XibKit

/// Conflicts as data and per-conflict choices (`XibMerger.Options.choices`), on the real merge
/// of `Tests/Fixtures/resolve/input-toolbar` (element-ios: a constraint deleted by ours and
/// changed by theirs, four constraint constants changed on both sides), and as laws on every
/// conflicting document scenario of the shared corpus.
@Suite struct MergeChoiceTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/resolve/input-toolbar")

    static func inputs() throws -> [XibMerger.Input] {
        try ["base", "ours", "theirs"].map { .init(bytes: [UInt8](try Data(contentsOf: folder.appendingPathComponent("\($0).xib"))), name: "\($0).xib") }
    }

    static func merge(_ choices: [String: ConflictChoice] = [:], style: XibMerger.Options.ConflictStyle = .markers) throws -> XibMerger.Outcome {
        let i = try inputs()
        var options = XibMerger.Options()
        options.choices = choices
        options.conflictStyle = style
        return XibMerger.merge(base: i[0], ours: i[1], theirs: i[2], options: options)
    }

    static func conflicts(_ o: XibMerger.Outcome) -> [MergeConflict] { o.events.compactMap(\.conflict) }

    static func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

    static func sound(_ bytes: [UInt8]) -> Bool {
        guard case .checked(let problems) = IntegrityCheck.check(bytes: bytes, name: "merged") else { return false }
        return problems.isEmpty
    }

    @Test func eachConflictCarriesItsDataInTheDiffsWords() throws {
        let o = try Self.merge()
        let c = Self.conflicts(o)
        try #require(c.count == 5)
        #expect(Set(c.map(\.key)).count == 5, "keys name conflicts apart")
        let deletion = try #require(c.first { $0.conflictClass == .deleteEdit })
        #expect(deletion.key == "delete #0jt-Ye-2DW" && deletion.deletedBy == .ours && deletion.choices == [.ours, .theirs])
        #expect(deletion.ours == nil && deletion.base?.text == "constraint KeyboardGrowingTextView.top = Message Composer Container.top")
        #expect(deletion.theirs?.text == "constraint KeyboardGrowingTextView.top = Message Composer Container.top + 1")
        #expect(deletion.edit.map(\.id) == ["0jt-Ye-2DW"], "the edit: theirs' change of the constraint")
        let constants = c.filter { $0.conflictClass == .attribute }
        #expect(constants.count == 4 && constants.allSatisfy { $0.name == "constant" && $0.choices == [.ours, .theirs, .base] })
        let height = try #require(constants.first { $0.elementKey == "#Yjj-ua-rbe" })
        #expect(height.key == "attribute #Yjj-ua-rbe constant")
        #expect((height.base?.text, height.ours?.text, height.theirs?.text) == ("46", "58", "60"))
    }

    @Test func choicesAreAppliedOneConflictAtATime() throws {
        let all = try Self.merge()
        let keys = Self.conflicts(all).map(\.key)
        let choices: [String: ConflictChoice] = [
            "delete #0jt-Ye-2DW": .theirs, "attribute #Yjj-ua-rbe constant": .base, "attribute #1FO-iu-urG constant": .ours,
        ]
        let partial = try Self.merge(choices)
        #expect(!partial.isClean && partial.conflicts == 5 && partial.markerHunks == 2)
        #expect(Self.conflicts(partial).filter { $0.chosen != nil }.count == 3)
        let marked = Self.text(partial.bytes)
        #expect(marked.contains(#"<constraint firstAttribute="height" constant="46" id="Yjj-ua-rbe"/>"#), "base's value taken")
        #expect(marked.contains(#"constant="1" id="0jt-Ye-2DW"/>"#), "theirs' changed constraint kept")

        let answered = try Self.merge(Dictionary(uniqueKeysWithValues: keys.map { ($0, choices[$0] ?? .theirs) }))
        #expect(answered.isClean && answered.markerHunks == 0)
        #expect(Self.sound(answered.bytes))
        let result = Self.text(answered.bytes)
        #expect(result.contains(#"constant="46" id="Yjj-ua-rbe""#) && result.contains(#"constant="58" id="1FO-iu-urG""#))
        #expect(result.contains(#"constant="10" id="NGr-2o-sOP""#) && result.contains(#"constant="1" id="0jt-Ye-2DW""#))

        // The deletion taken: the constraint is gone.
        let deleted = try Self.merge(["delete #0jt-Ye-2DW": .ours])
        #expect(!Self.text(deleted.bytes).contains("0jt-Ye-2DW"))
        // A choice the conflict does not offer is not applied.
        let refused = try Self.merge(["delete #0jt-Ye-2DW": .base])
        #expect(Self.conflicts(refused).allSatisfy { $0.chosen == nil } && refused.markerHunks == 5)
    }

    /// A list of anonymous values changed at the same place on both sides (a segmented
    /// control's second segment, replaced differently): both sides' items, in either order.
    @Test func aListOffersBothSidesInEitherOrder() throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/real/large-prefs-window.xib")
        let base = try String(contentsOf: url, encoding: .utf8)
        let second = #"<segment image="NSRemoveTemplate" width="32" enabled="NO" tag="1">"#
        #expect(base.components(separatedBy: second).count == 2)
        func replaced(_ image: String) -> XibMerger.Input {
            .init(bytes: Array(base.replacingOccurrences(of: second, with: #"<segment image="\#(image)" width="32" tag="1">"#).utf8), name: image)
        }
        let inputs = [XibMerger.Input(bytes: Array(base.utf8), name: "base"), replaced("NSActionTemplate"), replaced("NSShareTemplate")]
        func merge(_ choice: ConflictChoice?) -> XibMerger.Outcome {
            var options = XibMerger.Options()
            if let choice { options.choices = ["value #1535/segments[0]": choice] }
            return XibMerger.merge(base: inputs[0], ours: inputs[1], theirs: inputs[2], options: options)
        }
        let marked = merge(nil)
        let list = try #require(Self.conflicts(marked).first)
        #expect(Self.conflicts(marked).count == 1 && list.conflictClass == .list, "\(Self.conflicts(marked))")
        #expect(list.choices == [.ours, .theirs, .base, .oursThenTheirs, .theirsThenOurs])
        #expect(list.ours?.text.contains("NSActionTemplate") == true && list.theirs?.text.contains("NSShareTemplate") == true)
        try #require(list.key == "value #1535/segments[0]", "the key the choices below use: \(list.key)")
        for (choice, order) in [(ConflictChoice.oursThenTheirs, ["NSAddTemplate", "NSActionTemplate", "NSShareTemplate"]),
                                (.theirsThenOurs, ["NSAddTemplate", "NSShareTemplate", "NSActionTemplate"]),
                                (.base, ["NSAddTemplate", "NSRemoveTemplate"])] {
            let o = merge(choice)
            #expect(o.isClean && Self.sound(o.bytes), "\(choice)")
            let text = Self.text(o.bytes)
            let segments = text.components(separatedBy: "<segments>")[2].components(separatedBy: "</segments>")[0]
            let images = segments.components(separatedBy: #"image=""#).dropFirst().map { String($0.prefix { $0 != "\"" }) }
            #expect(images == order, "\(choice)")
        }
    }

    @Test func diff3ShowsWhatBaseHadInEachMarkedPlace() throws {
        for style in [XibMerger.Options.ConflictStyle.diff3, .zdiff3] {
            let o = try Self.merge(["delete #0jt-Ye-2DW": .ours], style: style)
            #expect(o.markerHunks == 4 && o.conflictStyle == style)
            let text = Self.text(o.bytes)
            #expect(text.components(separatedBy: "\n||||||| base\n").count == 5)
            // One line each: ours, base, theirs, for a constant changed on both sides.
            #expect(text.contains("""
            <<<<<<< ours
                                    <constraint firstAttribute="height" constant="58" id="Yjj-ua-rbe"/>
            ||||||| base
                                    <constraint firstAttribute="height" constant="46" id="Yjj-ua-rbe"/>
            =======
                                    <constraint firstAttribute="height" constant="60" id="Yjj-ua-rbe"/>
            >>>>>>> theirs
            """), "\(text)")
        }
        var options = XibMerger.Options()
        options.markerSize = 10
        options.markerStyleWhenNeeded = { .zdiff3 }
        let i = try Self.inputs()
        let sized = XibMerger.merge(base: i[0], ours: i[1], theirs: i[2], options: options)
        #expect(sized.conflictStyle == .zdiff3)
        let lines = Self.text(sized.bytes).split(separator: "\n")
        #expect(lines.filter { $0 == "<<<<<<<<<< ours" }.count == 5 && lines.filter { $0 == "|||||||||| base" }.count == 5)
        #expect(lines.filter { $0 == "==========" }.count == 5 && lines.filter { $0 == ">>>>>>>>>> theirs" }.count == 5)
    }

    @Test func theMarkerStyleIsLookedUpOnlyWhenMarkersAreWritten() throws {
        let i = try Self.inputs()
        let asked = Counter()
        var options = XibMerger.Options()
        options.markerStyleWhenNeeded = { asked.increment(); return .diff3 }
        _ = XibMerger.merge(base: i[0], ours: i[0], theirs: i[1], options: options)
        #expect(asked.value == 0, "a trivial merge writes no markers")
        options.choices = Dictionary(uniqueKeysWithValues: Self.conflicts(try Self.merge()).map { ($0.key, ConflictChoice.ours) })
        #expect(XibMerger.merge(base: i[0], ours: i[1], theirs: i[2], options: options).isClean)
        #expect(asked.value == 0, "every conflict answered: no markers")
        options.choices = [:]
        _ = XibMerger.merge(base: i[0], ours: i[1], theirs: i[2], options: options)
        #expect(asked.value == 1)
    }

    final class Counter: @unchecked Sendable {
        private let lock = NSLock()
        private var count = 0
        var value: Int { lock.withLock { count } }
        func increment() { lock.withLock { count += 1 } }
    }

    /// On every conflicting document scenario of the corpus: choosing ours (theirs) for every
    /// conflict is `--conflict-style ours` (theirs), byte for byte; choosing base wherever it is
    /// offered, and both sides wherever a list offers it, gives a clean result that passes the
    /// integrity check.
    @Test(.enabled(if: Corpus.isAvailable, Corpus.skipped))
    func choosingEverywhereIsResolvingEverywhere() throws {
        var checked = 0, offeredBase = 0
        for scenario in Corpus.documentScenarios(["conflicts"]) {
            guard let sides = scenario.sides else { continue }
            let i = try [sides.base, sides.ours, sides.theirs].map { XibMerger.Input(bytes: try Corpus.bytes($0), name: $0.lastPathComponent) }
            let outcome = XibMerger.merge(base: i[0], ours: i[1], theirs: i[2])
            let conflicts = outcome.events.compactMap(\.conflict)
            guard outcome.method == .structural, !conflicts.isEmpty else { continue }
            checked += 1
            for side in [ConflictChoice.ours, .theirs] {
                var options = XibMerger.Options()
                options.choices = Dictionary(conflicts.map { ($0.key, side) }, uniquingKeysWith: { a, _ in a })
                let chosen = XibMerger.merge(base: i[0], ours: i[1], theirs: i[2], options: options)
                options.choices = [:]
                options.conflictStyle = side == .ours ? .ours : .theirs
                let styled = XibMerger.merge(base: i[0], ours: i[1], theirs: i[2], options: options)
                #expect(chosen.isClean && chosen.bytes == styled.bytes, "\(scenario): every conflict \(side) ≠ --conflict-style \(side)")
            }
            var options = XibMerger.Options()
            options.choices = Dictionary(conflicts.map { c in
                (c.key, c.choices.contains(.oursThenTheirs) ? ConflictChoice.oursThenTheirs : (c.choices.contains(.base) ? .base : .theirs))
            }, uniquingKeysWith: { a, _ in a })
            offeredBase += conflicts.filter { $0.choices.contains(.base) }.count
            let based = XibMerger.merge(base: i[0], ours: i[1], theirs: i[2], options: options)
            #expect(based.isClean && Self.sound(based.bytes), "\(scenario): base (or both) chosen: not clean and sound (\(based.method))")
        }
        #expect(checked > 0 && offeredBase > 0)
    }
}

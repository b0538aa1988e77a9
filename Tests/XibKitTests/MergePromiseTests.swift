import Foundation
import Testing
import XibKit

/// Promises of issue 18 that the merge broke on unlucky inputs: nothing repaired silently, and
/// a result called clean always reads back, shortcuts included.
@Suite struct MergePromiseTests {
    /// A real Xcode-written xib (a merge fixture's base).
    static func realXib() throws -> String {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/merge/deleted-view-vs-untouched/base.xib")
        return try String(contentsOf: url, encoding: .utf8)
    }

    static func replacing(_ text: String, _ old: String, _ new: String) throws -> String {
        #expect(text.contains(old), "the fixture no longer holds \(old)")
        return text.replacingOccurrences(of: old, with: new)
    }

    static func merge(_ base: String, _ ours: String, _ theirs: String) -> XibMerger.Outcome {
        XibMerger.merge(base: .init(bytes: Array(base.utf8), name: "base.xib"), ours: .init(bytes: Array(ours.utf8), name: "ours.xib"),
                        theirs: .init(bytes: Array(theirs.utf8), name: "theirs.xib"))
    }

    /// An outlet and a constraint that point at an id no version has: each side edits
    /// something else, and the merge keeps both references (and says nothing was deleted).
    @Test func referencesDanglingInEveryVersionAreNotDeleted() throws {
        var base = try Self.replacing(try Self.realXib(), #"<placeholder placeholderIdentifier="IBFilesOwner" id="-1" userLabel="File's Owner"/>"#,
                                      #"<placeholder placeholderIdentifier="IBFilesOwner" id="-1" userLabel="File's Owner"><connections><outlet property="ghost" destination="zzz-zz-zzz" id="gh0-st-out"/></connections></placeholder>"#)
        base = try Self.replacing(base, #"<constraint firstAttribute="bottom" secondItem="IH4-GE-Uvn" secondAttribute="bottom" id="dzV-sc-DBu"/>"#,
                                  #"<constraint firstAttribute="bottom" secondItem="yyy-yy-yyy" secondAttribute="bottom" id="dzV-sc-DBu"/>"#)
        let ours = try Self.replacing(base, #"text="Title?""#, #"text="Title!""#)
        let theirs = try Self.replacing(base, #"text="Details?""#, #"text="Details!""#)
        let outcome = Self.merge(base, ours, theirs)
        let result = String(decoding: outcome.bytes, as: UTF8.self)
        #expect(outcome.isClean, "method \(outcome.method): \(outcome.fallbackReason ?? "")")
        #expect(result.contains(#"destination="zzz-zz-zzz""#), "the outlet was removed")
        #expect(result.contains(#"secondItem="yyy-yy-yyy""#), "the constraint was removed")
        #expect(result.contains(#"text="Title!""#) && result.contains(#"text="Details!""#))
        #expect(outcome.events.isEmpty, "events: \(outcome.events.map { "\($0.kind) \($0.subject) \($0.resolution)" })")
        // Theirs deletes the label an outlet points at, but not the outlet (Xcode would delete
        // both): the outlet is theirs' own dangling reference and stays as theirs has it, as in
        // merge(b, b, theirs) (`aSideOwnDanglingReferenceIsKeptAsItWasEitherWay`).
        let withOutlet = try Self.replacing(base, "</connections></placeholder>",
                                            #"<outlet property="title" destination="xLW-HX-XmH" id="ti0-tl-out"/></connections></placeholder>"#)
        let ours2 = try Self.replacing(withOutlet, #"text="Details?""#, #"text="Details!""#)
        let label = try #require(withOutlet.range(of: #"<label opaque="NO" userInteractionEnabled="NO" contentMode="left" horizontalHuggingPriority="251" verticalHuggingPriority="251" text="Title?""#))
        let end = try #require(withOutlet.range(of: "</label>", range: label.upperBound..<withOutlet.endIndex))
        var theirs2 = withOutlet
        theirs2.removeSubrange(label.lowerBound..<end.upperBound)
        let cascaded = Self.merge(withOutlet, ours2, theirs2)
        let text2 = String(decoding: cascaded.bytes, as: UTF8.self)
        #expect(cascaded.isClean && text2.contains("ti0-tl-out") && text2.contains("gh0-st-out") && !text2.contains(#"text="Title?""#),
                "method \(cascaded.method): \(cascaded.fallbackReason ?? "")")
    }

    /// A side's own dangling reference (a content view's `tableViewCell` naming a cell that side
    /// deleted, a constraint's item no version has) is that side's, and one policy holds for it:
    /// neither repaired nor refused. `merge(b, b, x)` gives x as it is, clean; `merge(b, o, x)`
    /// merges clean and keeps x's reference as x has it (it used to drop it as a cascade).
    @Test func aSideOwnDanglingReferenceIsKeptAsItWasEitherWay() throws {
        let base = try Self.realXib()
        let ours = try Self.replacing(base, #"text="Title?""#, #"text="Title!""#)
        let toNothing = try Self.replacing(base, #"<constraint firstAttribute="bottom" secondItem="IH4-GE-Uvn" secondAttribute="bottom" id="dzV-sc-DBu"/>"#,
                                           #"<constraint firstAttribute="bottom" secondItem="yyy-yy-yyy" secondAttribute="bottom" id="dzV-sc-DBu"/>"#)
        // The fixture's ours deletes the Description label and its outlet; this side keeps the
        // outlet, naming a label it deleted (one base and ours have).
        let deleter = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/merge/deleted-view-vs-untouched/ours.xib")
        let toDeleted = try Self.replacing(try String(contentsOf: deleter, encoding: .utf8),
                                           #"<outlet property="backgroundView" destination="sc5-2f-Alr" id="hfq-9u-tWz"/>"#,
                                           #"<outlet property="backgroundView" destination="sc5-2f-Alr" id="hfq-9u-tWz"/>"# + "\n"
                                            + #"                <outlet property="detailsLabel" destination="c5O-bV-2OC" id="Yzb-l5-bwj"/>"#)
        for (theirs, reference) in [(toNothing, #"secondItem="yyy-yy-yyy""#), (toDeleted, #"destination="c5O-bV-2OC""#)] {
            let alone = Self.merge(base, base, theirs)
            #expect(alone.isClean && alone.bytes == Array(theirs.utf8), "merge(b, b, x): method \(alone.method) \(alone.fallbackReason ?? "")")
            let merged = Self.merge(base, ours, theirs)
            let result = String(decoding: merged.bytes, as: UTF8.self)
            #expect(merged.isClean && merged.method == .structural, "merge(b, o, x): method \(merged.method) \(merged.fallbackReason ?? "")")
            #expect(result.contains(reference) && result.contains(#"text="Title!""#), "theirs' reference was dropped or ours' edit lost")
            #expect(!merged.events.contains { $0.kind == .cascadeDelete }, "\(merged.events.map(\.resolution))")
        }
    }

    /// Ours equals base and theirs is cut short (or both sides are the same broken file): the
    /// result is theirs as it is, which is also the line merge: merged by lines, and clean (exit
    /// 0), as git's own merge would be, unless the side holds conflict markers.
    @Test func aShortcutResultThatDoesNotReadIsMergedByLines() throws {
        let base = try Self.realXib()
        let truncated = String(base.prefix(base.utf8.count / 2))
        let outcome = Self.merge(base, base, truncated)
        #expect(outcome.isClean && outcome.method == .fallback && outcome.bytes == Array(truncated.utf8), "method \(outcome.method)")
        #expect(outcome.fallbackReason?.contains("theirs.xib:") == true && outcome.fallbackReason?.contains("their version") == true, "reason: \(outcome.fallbackReason ?? "none")")
        #expect(Self.merge(base, truncated, truncated).method == .fallback)
        let marker = try Self.replacing(base, "    <objects>\n", "    <objects>\n>>>>>>> theirs\n")
        let marked = Self.merge(base, base, marker)
        #expect(!marked.isClean && marked.markerHunks == 1, "a file with markers in it is no clean merge")
        // A shortcut on readable files stays one.
        let edited = try Self.replacing(base, #"text="Title?""#, #"text="Title!""#)
        #expect(Self.merge(base, base, edited).method == .trivial)
        #expect(Self.merge(base, edited, base).method == .trivial)
    }

    /// A side with a duplicate id cannot be merged on ids: taken whole (the other side left the
    /// file as base had it) or merged with the other side's edits, it is merged by lines, clean
    /// where lines do not conflict.
    @Test func aSideWithADuplicateIDIsMergedByLines() throws {
        let base = try Self.realXib()
        let duplicate = try Self.replacing(base, #"id="dzV-sc-DBu""#, #"id="IH4-GE-Uvn""#)
        let alone = Self.merge(base, base, duplicate)
        #expect(alone.isClean && alone.method == .fallback && alone.bytes == Array(duplicate.utf8), "method \(alone.method)")
        let ours = try Self.replacing(base, #"text="Title?""#, #"text="Title!""#)
        let merged = Self.merge(base, ours, duplicate)
        #expect(merged.method == .fallback && merged.isClean, "method \(merged.method)")
        #expect(alone.fallbackReason?.contains("duplicate id") == true && merged.fallbackReason != nil)
    }
}

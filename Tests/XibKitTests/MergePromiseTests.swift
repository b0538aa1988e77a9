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
        // What a side deletes still cascades: theirs deletes the label an outlet points at.
        let withOutlet = try Self.replacing(base, "</connections></placeholder>",
                                            #"<outlet property="title" destination="xLW-HX-XmH" id="ti0-tl-out"/></connections></placeholder>"#)
        let ours2 = try Self.replacing(withOutlet, #"text="Details?""#, #"text="Details!""#)
        let label = try #require(withOutlet.range(of: #"<label opaque="NO" userInteractionEnabled="NO" contentMode="left" horizontalHuggingPriority="251" verticalHuggingPriority="251" text="Title?""#))
        let end = try #require(withOutlet.range(of: "</label>", range: label.upperBound..<withOutlet.endIndex))
        var theirs2 = withOutlet
        theirs2.removeSubrange(label.lowerBound..<end.upperBound)
        let cascaded = Self.merge(withOutlet, ours2, theirs2)
        let text2 = String(decoding: cascaded.bytes, as: UTF8.self)
        #expect(cascaded.isClean && !text2.contains("ti0-tl-out") && text2.contains("gh0-st-out"),
                "method \(cascaded.method): \(cascaded.fallbackReason ?? "")")
    }

    /// A side's new reference to an id that no version has is that side's broken file: neither
    /// repaired nor called clean (the merge fuzzer's mutated ids found it).
    @Test func aSideNewDanglingReferenceIsNotCleanNorRepaired() throws {
        let base = try Self.realXib()
        let ours = try Self.replacing(base, #"text="Title?""#, #"text="Title!""#)
        let theirs = try Self.replacing(base, #"<constraint firstAttribute="bottom" secondItem="IH4-GE-Uvn" secondAttribute="bottom" id="dzV-sc-DBu"/>"#,
                                        #"<constraint firstAttribute="bottom" secondItem="yyy-yy-yyy" secondAttribute="bottom" id="dzV-sc-DBu"/>"#)
        let outcome = Self.merge(base, ours, theirs)
        let (clean, method) = (outcome.isClean, outcome.method)
        #expect(!clean, "method \(method)")
        let result = String(decoding: outcome.bytes, as: UTF8.self)
        #expect(result.contains(#"secondItem="yyy-yy-yyy""#), "theirs' constraint was removed")
    }

    /// Ours equals base and theirs is cut short (or both sides are the same broken file): the
    /// shortcut that takes one side is not clean, since its result would not read back.
    @Test func aShortcutResultThatDoesNotReadIsNotClean() throws {
        let base = try Self.realXib()
        let truncated = String(base.prefix(base.utf8.count / 2))
        let outcome = Self.merge(base, base, truncated)
        #expect(!outcome.isClean && outcome.method == .fallback, "method \(outcome.method)")
        #expect(outcome.fallbackReason?.contains("theirs.xib:") == true && outcome.fallbackReason?.contains("their version") == true, "reason: \(outcome.fallbackReason ?? "none")")
        #expect(!Self.merge(base, truncated, truncated).isClean)
        let marker = try Self.replacing(base, "    <objects>\n", "    <objects>\n>>>>>>> theirs\n")
        #expect(!Self.merge(base, base, marker).isClean)
        // A shortcut on readable files stays one.
        let edited = try Self.replacing(base, #"text="Title?""#, #"text="Title!""#)
        #expect(Self.merge(base, base, edited).method == .trivial)
        #expect(Self.merge(base, edited, base).method == .trivial)
    }

    /// Ours equals base, and theirs brings a duplicate id or a reference to no object: taken
    /// whole, it would be clean where the structural merge (had ours changed anything) falls back
    /// to lines. It falls back here too, keeping theirs' bytes; a reference base already left
    /// dangling is still no reason (the merge fuzzer found both).
    @Test func theirsTakenWholeIsSoundAsAMergedResult() throws {
        let base = try Self.realXib()
        let dangling = try Self.replacing(base, #"secondItem="IH4-GE-Uvn" secondAttribute="bottom" id="dzV-sc-DBu""#,
                                          #"secondItem="yyy-yy-yyy" secondAttribute="bottom" id="dzV-sc-DBu""#)
        let duplicate = try Self.replacing(base, #"id="dzV-sc-DBu""#, #"id="IH4-GE-Uvn""#)
        for theirs in [dangling, duplicate] {
            let outcome = Self.merge(base, base, theirs)
            #expect(!outcome.isClean && outcome.method == .fallback && outcome.bytes == Array(theirs.utf8), "method \(outcome.method)")
        }
        let edited = try Self.replacing(dangling, #"text="Title?""#, #"text="Title!""#)
        #expect(Self.merge(dangling, dangling, edited).method == .trivial)
    }
}

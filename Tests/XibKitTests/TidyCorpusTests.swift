import CorpusSupport
import Foundation
import Testing
@testable import XibKit

/// `tidy`'s promises on real pairs of versions from the shared corpus's histories (each merge
/// scenario's base → ours, base → theirs, ours → merge and theirs → merge): a pair that differs
/// only in noise tidies to the older version's bytes exactly; a pair with real changes keeps
/// every one of them (the semantic diff from the older version is the same, noise left out)
/// and loses its noise.
struct TidyCorpusTests {
    struct Pair: Sendable {
        var name: String
        var old: [UInt8]
        var new: [UInt8]
    }

    /// Pairs of files up to this size (in a debug build the largest take seconds each);
    /// `TIDY_CORPUS_ALL=1` takes every pair.
    static let sizeLimit = ProcessInfo.processInfo.environment["TIDY_CORPUS_ALL"] == "1" ? Int.max : 28_000

    static func pairs() throws -> [Pair] {
        var out: [Pair] = []
        for s in Corpus.documentScenarios() {
            let steps = [("base", s.files["ours"]), ("base", s.files["theirs"])].map { (s.files[$0.0], $0.1) }
                + [(s.files["ours"], s.expected), (s.files["theirs"], s.expected)]
            for (old, new) in steps {
                guard let old, let new else { continue }
                let a = try Corpus.bytes(old), b = try Corpus.bytes(new)
                if a != b, max(a.count, b.count) <= sizeLimit { out.append(Pair(name: "\(s.name): \(old.lastPathComponent) → \(new.lastPathComponent)", old: a, new: b)) }
            }
        }
        return out
    }

    /// What the diff shows, in any order and line numbers aside. What `tidy` puts back is what
    /// the diff calls noise (one list in the profile), so nothing is left out here.
    static func shown(_ d: FileDiff) -> [String] {
        d.changes.map { c in
            var c = c
            c.oldLine = nil
            c.newLine = nil
            return String(describing: c)
        }.sorted()
    }

    struct Outcome: Sendable {
        var noiseOnly = false, tidied = false, readable = true
        var problems: [String] = []
        var noiseBefore = 0, noiseAfter = 0
    }

    static func check(_ p: Pair) -> Outcome {
        var o = Outcome()
        guard let before = try? SemanticDiff.files(oldBytes: p.old, newBytes: p.new, oldName: "old", newName: "new") else {
            o.readable = false
            return o
        }
        do {
            let r = try Tidy.file(head: p.old, work: p.new, headName: "old", workName: "new")
            let after = try SemanticDiff.files(oldBytes: p.old, newBytes: r.bytes, oldName: "old", newName: "tidied")
            o.noiseOnly = shown(before).isEmpty && before.framesChanged == 0
            o.tidied = r.changed
            o.noiseBefore = before.noiseHidden
            o.noiseAfter = after.noiseHidden
            if o.noiseOnly && r.bytes != p.old { o.problems.append("noise only, yet not the old version's bytes") }
            if r.noiseOnly && !o.noiseOnly { o.problems.append("called noise only, yet the diff shows changes") }
            if shown(after) != shown(before) { o.problems.append("the semantic diff changed") }
            if after.framesChanged != before.framesChanged { o.problems.append("frames changed without --frames") }
            let again = try Tidy.file(head: p.old, work: r.bytes, headName: "old", workName: "tidied")
            if again.changed { o.problems.append("tidying again changes more: \(again.summary)") }
        } catch {
            o.problems.append("\(error)")
        }
        return o
    }

    @Test("tidy on real pairs: noise-only pairs become the old bytes, real changes are all kept",
          .enabled(if: Corpus.isAvailable, "the shared corpus is not available; skipping"))
    func corpusPairs() throws {
        let pairs = try Self.pairs()
        let outcomes = parallelMap(pairs) { Self.check($0) }
        for (p, o) in zip(pairs, outcomes) where !o.problems.isEmpty { Issue.record("\(p.name): \(o.problems.joined(separator: "; "))") }
        let readable = outcomes.filter(\.readable)
        let noiseOnly = readable.filter(\.noiseOnly).count
        let real = readable.filter { !$0.noiseOnly }
        print("tidy corpus: \(readable.count) pairs, \(noiseOnly) noise only, \(real.count) with real changes, "
              + "\(readable.filter(\.tidied).count) tidied; hidden noise \(real.map(\.noiseBefore).reduce(0, +)) → \(real.map(\.noiseAfter).reduce(0, +))")
        #expect(noiseOnly >= 20)
        #expect(real.count >= 100)
    }
}

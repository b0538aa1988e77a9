import CorpusSupport
import Foundation
import Testing
@testable import XibKit

/// `Fingerprints.same` decides most comparisons without hashing whole subtrees; it must agree
/// with comparing the full fingerprints, for every element two versions of a file share.
@Suite struct FingerprintTests {
    static var available: Bool { Corpus.isAvailable }

    @Test("same(a, n, b, m) is a[n] == b[m], for every key shared by two versions in the corpus",
          .enabled(if: available, "the shared corpus is not available; skipping"))
    func sameAgreesWithFullFingerprints() throws {
        var compared = 0, different = 0
        for scenario in Corpus.documentScenarios() {
            guard let base = scenario.files["base"] else { continue }
            let b = IBGraph(try IBDocument(bytes: try Corpus.bytes(base), name: "base"))
            for side in ["ours", "theirs"] {
                guard let url = scenario.files[side] else { continue }
                let s = IBGraph(try IBDocument(bytes: try Corpus.bytes(url), name: side))
                // Fresh tables for `same`, so that it cannot lean on memos the full comparison filled.
                let quickB = Fingerprints(b), quickS = Fingerprints(s)
                let fullB = Fingerprints(b), fullS = Fingerprints(s)
                for n in b.nodes.indices {
                    guard let m = s.byKey[b.nodes[n].key] else { continue }
                    let full = fullB[n] == fullS[m]
                    #expect(Fingerprints.same(quickB, n, quickS, m) == full, "\(scenario.testDescription) \(side): \(b.nodes[n].key)")
                    compared += 1
                    if !full { different += 1 }
                }
            }
        }
        // The corpus has both kinds in number (146,000 comparisons, 11,700 different).
        #expect(compared > 0 && different > 0, "\(compared) compared, \(different) different")
    }
}

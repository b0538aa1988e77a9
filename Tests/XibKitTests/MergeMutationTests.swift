import Testing
import XibKit

/// The short deterministic pass of the merge's fuzzing (`Scripts/fuzz merge` is the long one):
/// theirs of every merge fixture, mutated by each of the differential test's mutation kinds.
/// Every merge ends, and a result called clean reads back and passes the integrity check.
/// A case whose own merge is clean must see some mutated theirs merge clean too: otherwise it
/// checked no result at all.
@Suite struct MergeMutationTests {
    @Test func casesArePresent() {
        #expect(MergeFixtureTests.cases.count >= 15, "expected the merge fixtures in \(MergeFixtureTests.root.path)")
    }

    @Test(arguments: MergeFixtureTests.cases)
    func aCleanResultIsSoundWhateverTheirsHolds(_ c: MergeFixtureTests.Case) throws {
        let (base, ours, theirs) = (try c.input("base"), try c.input("ours"), try c.input("theirs"))
        let mergesClean = XibMerger.merge(base: base, ours: ours, theirs: theirs).isClean
        var rng = XMLSplitMix64(seed: 0x5EED_3E26 &+ UInt64(c.name.utf8.count))
        var clean = 0
        for round in 0..<2 {
            for kind in XMLMutation.allCases {
                let variant = kind.apply(to: theirs.bytes, file: theirs.name, rng: &rng)
                let outcome = XibMerger.merge(base: base, ours: ours, theirs: .init(bytes: variant.bytes, name: theirs.name))
                guard outcome.isClean else { continue }
                clean += 1
                let document: IBDocument
                do { document = try IBDocument(bytes: outcome.bytes, name: "merged.\(c.fileExtension)") } catch {
                    Issue.record("round \(round): a clean merge (\(outcome.method)) does not read back: \(error); \(variant.summary)")
                    continue
                }
                let problems = IntegrityCheck.problems(in: document)
                #expect(problems.isEmpty, "round \(round): a clean merge (\(outcome.method)) does not pass check: \(problems.first.map { "\($0)" } ?? ""); \(variant.summary)")
            }
        }
        print("MergeMutation \(c.name): \(2 * XMLMutation.allCases.count) mutated theirs, \(clean) merged clean")
        if mergesClean {
            #expect(clean > 0, "\(c.name) merges clean, but none of its mutated theirs did: nothing was checked")
        }
    }
}

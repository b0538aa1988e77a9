import Testing
import XibKit

/// The short deterministic pass of the merge's fuzzing (`Scripts/fuzz merge` is the long one):
/// theirs of every merge fixture, mutated by each of the differential test's mutation kinds.
/// Every merge ends, and a result called clean reads back and passes the integrity check, but
/// for what a side already held: a mutated theirs may name an id no object has, and the merge
/// keeps a side's own dangling reference as that side has it (issue 38: merge(b, b, x) and
/// merge(b, o, x) answer alike), so the law is that a clean merge adds no problem.
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
                let inherited = Set([ours.bytes, variant.bytes].flatMap { Self.problems($0, c.fileExtension) })
                let problems = IntegrityCheck.problems(in: document).filter { !inherited.contains(Self.key($0)) }
                #expect(problems.isEmpty, "round \(round): a clean merge (\(outcome.method)) does not pass check: \(problems.first.map { "\($0)" } ?? ""); \(variant.summary)")
            }
        }
        print("MergeMutation \(c.name): \(2 * XMLMutation.allCases.count) mutated theirs, \(clean) merged clean")
        if mergesClean {
            #expect(clean > 0, "\(c.name) merges clean, but none of its mutated theirs did: nothing was checked")
        }
    }

    /// A problem as it reads wherever it sits: its kind, object and message, not its line.
    static func key(_ p: IntegrityProblem) -> String {
        "\(p.kind) \(p.objectID ?? "") \(p.message)"
    }

    /// The problems of a side that reads (none for one that does not: it cannot be merged clean
    /// structurally, so it brings nothing into a structural result).
    static func problems(_ bytes: [UInt8], _ ext: String) -> [String] {
        guard let document = try? IBDocument(bytes: bytes, name: "side.\(ext)") else { return [] }
        return IntegrityCheck.problems(in: document).map(key)
    }
}

import Testing
@testable import XibKit

/// `SequenceMerge.place` puts each survivor missing from a merged order after its nearest
/// surviving predecessor in the first hint that has it. It links the order to do so in linear
/// time; these check it against the definition, an array searched and inserted into.
@Suite struct SequenceMergeTests {
    /// The definition, quadratic: for each hint, each missing survivor goes after the nearest
    /// earlier element of the hint that the result holds, or first.
    static func definition(_ order: [String], survivors: Set<String>, hints: [[String]]) -> [String] {
        var result = order.filter { survivors.contains($0) }
        for hint in hints {
            for (i, k) in hint.enumerated() where survivors.contains(k) && !result.contains(k) {
                let anchor = hint[..<i].reversed().first { result.contains($0) }
                result.insert(k, at: anchor.flatMap { result.firstIndex(of: $0) }.map { $0 + 1 } ?? 0)
            }
        }
        return result
    }

    @Test("survivors a merged order lacks go after their predecessor in the first hint that has them")
    func examples() {
        func place(_ order: [String], _ survivors: [String], _ hints: [[String]]) -> [String] {
            Self.place(order, survivors: Set(survivors), hints: hints)
        }
        #expect(place(["a", "c"], ["a", "b", "c"], [["a", "b", "c"]]) == ["a", "b", "c"])
        #expect(place([], ["a", "b", "c"], [["a", "b", "c"]]) == ["a", "b", "c"])
        #expect(place(["c"], ["x", "y", "c"], [["x", "y", "c"]]) == ["x", "y", "c"])
        #expect(place(["a", "b"], ["a", "b", "z"], [["q"], ["b", "z"]]) == ["a", "b", "z"])
        #expect(place(["a", "b"], ["b"], [["a", "b"]]) == ["b"])
    }

    @Test("random orders, survivors and hints place as the definition does")
    func randomAgainstTheDefinition() {
        var rng = XMLSplitMix64(seed: 42)
        func next(_ n: Int) -> Int { Int(rng.next() % UInt64(n)) }
        for _ in 0..<2_000 {
            let universe = (0..<(1 + next(12))).map { "k\($0)" }
            func subsequence() -> [String] { universe.filter { _ in next(3) > 0 }.shuffled(using: &rng) }
            let order = subsequence(), survivors = Set(universe.filter { _ in next(4) > 0 })
            let hints = (0..<(1 + next(3))).map { _ in subsequence() }
            #expect(Self.place(order, survivors: survivors, hints: hints)
                    == Self.definition(order, survivors: survivors, hints: hints), "\(order) \(survivors) \(hints)")
        }
    }

    /// `SequenceMerge.place` on keys, numbered as a caller's table numbers them.
    static func place(_ order: [String], survivors: Set<String>, hints: [[String]]) -> [String] {
        let names = Array(Set(order + hints.joined() + survivors)).sorted()
        let number = Dictionary(uniqueKeysWithValues: names.enumerated().map { ($1, $0) })
        return SequenceMerge.place(order.map { number[$0]! }, survives: names.map(survivors.contains),
                                   hints: hints.map { $0.map { number[$0]! } }).map { names[$0] }
    }
}

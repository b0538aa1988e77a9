import Testing
import XibKit

@Suite struct ParallelMapTests {
    @Test(arguments: [nil, 1, 2, 7] as [Int?])
    func resultsComeBackInTheItemsOrder(jobs: Int?) {
        let items = Array(0..<1_000)
        #expect(parallelMap(items, jobs: jobs) { $0 * $0 } == items.map { $0 * $0 })
    }

    @Test func emptyAndSingleInputs() {
        #expect(parallelMap([Int]()) { $0 }.isEmpty)
        #expect(parallelMap(["a"]) { $0 + "b" } == ["ab"])
    }
}

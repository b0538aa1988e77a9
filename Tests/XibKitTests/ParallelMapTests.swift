#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
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

    /// Dispatch may run both workers on the calling thread when its pool is busy (in the full
    /// suite, other tests' threads block there reading their subprocesses' output), so this
    /// asks that some of a few tries use two threads, never more.
    @Test func usesMoreThanOneThreadWhenAsked() {
        guard System.activeProcessorCount > 1 else { return }
        var counts: [Int] = []
        for _ in 0..<20 where counts.last != 2 {
            let threads = parallelMap(Array(0..<64), jobs: 2) { _ -> UInt in
                var x = 0.0
                for i in 0..<200_000 { x += Double(i).squareRoot() }
                return x > 0 ? Self.thisThread() : 0
            }
            counts.append(Set(threads).count)
        }
        #expect(counts.last == 2, "threads used in each try: \(counts)")
        #expect(counts.allSatisfy { $0 <= 2 })
    }

    static func thisThread() -> UInt {
        #if canImport(Glibc)
        return UInt(pthread_self())
        #else
        return UInt(bitPattern: pthread_self())
        #endif
    }
}

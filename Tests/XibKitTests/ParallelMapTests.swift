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

    @Test func usesMoreThanOneThreadWhenAsked() {
        guard System.activeProcessorCount > 1 else { return }
        let threads = parallelMap(Array(0..<64), jobs: 2) { _ -> UInt in
            var x = 0.0
            for i in 0..<200_000 { x += Double(i).squareRoot() }
            return x > 0 ? Self.thisThread() : 0
        }
        #expect(Set(threads).count == 2)
    }

    static func thisThread() -> UInt {
        #if canImport(Glibc)
        return UInt(pthread_self())
        #else
        return UInt(bitPattern: pthread_self())
        #endif
    }
}

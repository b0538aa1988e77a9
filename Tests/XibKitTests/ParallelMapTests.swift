#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Dispatch
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

    /// Dispatch runs both workers on the calling thread while its pool is busy: in the full
    /// suite, other tests wait there for their subprocesses (Swift Testing runs tests on it). So
    /// this asks that some try within a minute use two threads, and none more.
    @Test func usesMoreThanOneThreadWhenAsked() {
        guard System.activeProcessorCount > 1 else { return }
        var counts: [Int] = []
        let deadline = DispatchTime.now().uptimeNanoseconds + 60_000_000_000
        while counts.last != 2 && DispatchTime.now().uptimeNanoseconds < deadline {
            if !counts.isEmpty { usleep(50_000) }
            let threads = parallelMap(Array(0..<64), jobs: 2) { _ -> UInt in
                var x = 0.0
                for i in 0..<200_000 { x += Double(i).squareRoot() }
                return x > 0 ? Self.thisThread() : 0
            }
            counts.append(Set(threads).count)
        }
        #expect(counts.last == 2, "threads used in \(counts.count) tries: \(Set(counts))")
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

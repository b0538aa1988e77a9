#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
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

    /// With two jobs, the items are done on two threads. Each item waits (up to 10 s in all) for a
    /// second thread to join: with the rest of the suite running, Dispatch may start its worker
    /// only after the calling thread has begun, and could otherwise finish every item first.
    @Test func usesMoreThanOneThreadWhenAsked() {
        guard System.activeProcessorCount > 1 else { return }
        let seen = ThreadSet()
        let deadline = Date().addingTimeInterval(10)
        let threads = parallelMap(Array(0..<8), jobs: 2) { _ -> UInt in
            let me = Self.thisThread()
            seen.insert(me)
            while seen.count < 2 && Date() < deadline { usleep(1000) }
            return me
        }
        #expect(Set(threads).count == 2)
    }

    /// The threads seen so far.
    final class ThreadSet: @unchecked Sendable {
        private let lock = NSLock()
        private var threads: Set<UInt> = []

        func insert(_ thread: UInt) { lock.withLock { _ = threads.insert(thread) } }
        var count: Int { lock.withLock { threads.count } }
    }

    static func thisThread() -> UInt {
        #if canImport(Glibc)
        return UInt(pthread_self())
        #else
        return UInt(bitPattern: pthread_self())
        #endif
    }
}

import Dispatch
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The one way xibmerge spreads work over cores: across independent files, commits, blobs or
/// scenes, never inside one file's merge (a merge of one file takes milliseconds; threads there
/// bought nothing a user could feel and cost a lot to understand).
///
/// Runs `transform` on every item, on up to `jobs` cores at once (nil: every core), and returns
/// the results in the items' order. Items must not depend on each other. A single item, or
/// `jobs == 1`, runs on the calling thread.
public func parallelMap<Item, Result>(_ items: [Item], jobs: Int? = nil,
                                      _ transform: (Item) -> Result) -> [Result] {
    let cores = max(1, min(jobs ?? System.activeProcessorCount, items.count))
    if cores == 1 { return items.map(transform) }
    return withoutActuallyEscaping(transform) { transform in
        let results = UnsafeMutableBufferPointer<Result?>.allocate(capacity: items.count)
        results.initialize(repeating: nil)
        defer { results.deallocate() }
        let box = UncheckedSendable((items, transform, results))
        // Each of `cores` workers claims the next unclaimed item: the files of one folder differ
        // in size a hundredfold (one storyboard is a third of the shared folder's work), and a
        // fixed split left a core idle while the other checked it.
        let next = NextItem(count: items.count)
        DispatchQueue.concurrentPerform(iterations: cores) { _ in
            let (items, transform, results) = box.value
            while let index = next.claim() {
                results[index] = transform(items[index])
            }
        }
        return results.map { $0! }
    }
}

/// The next index `parallelMap` hands out, under a lock (a claim per item: microseconds
/// against items that take milliseconds).
private final class NextItem: @unchecked Sendable {
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private var next = 0
    private let count: Int

    init(count: Int) {
        self.count = count
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    func claim() -> Int? {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        guard next < count else { return nil }
        next += 1
        return next - 1
    }
}

/// Wraps what `parallelMap` hands to its workers; each worker writes only its own slots.
private struct UncheckedSendable<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}

/// What the machine offers.
public enum System {
    /// The processors online (POSIX: Linux and Darwin alike).
    public static var activeProcessorCount: Int {
        max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))
    }
}

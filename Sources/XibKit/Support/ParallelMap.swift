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
        // Each of `cores` workers takes every cores-th item: no shared counter to contend on,
        // and items of similar size (files of one folder, commits of one file) balance well.
        DispatchQueue.concurrentPerform(iterations: cores) { worker in
            let (items, transform, results) = box.value
            for index in stride(from: worker, to: items.count, by: cores) {
                results[index] = transform(items[index])
            }
        }
        return results.map { $0! }
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

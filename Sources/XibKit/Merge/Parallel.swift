import Dispatch

/// Runs independent work items (reading the three versions of a file, indexing them) on the
/// machine's cores and returns their results in order.
func parallelMap<T: Sendable>(_ count: Int, _ body: @Sendable (Int) -> T) -> [T] {
    let results = UnsafeMutableBufferPointer<T?>.allocate(capacity: count)
    results.initialize(repeating: nil)
    defer {
        _ = results.deinitialize()
        results.deallocate()
    }
    nonisolated(unsafe) let slots = results
    DispatchQueue.concurrentPerform(iterations: count) { i in slots[i] = body(i) }
    return results.map { $0! }
}

/// Frees large structures (parsed documents, graphs) on another thread. Freeing three
/// documents' trees takes milliseconds; the caller goes on writing the result meanwhile, and a
/// command-line process may exit before the frees are done, which costs nothing.
func releaseInBackground<T>(_ value: T) {
    let box = ReleaseBox(value)
    DispatchQueue.global().async { box.value = nil }
}

/// Owns a value until another thread drops it; only that thread touches it after hand-over.
private final class ReleaseBox<T>: @unchecked Sendable {
    var value: T?
    init(_ value: T) { self.value = value }
}

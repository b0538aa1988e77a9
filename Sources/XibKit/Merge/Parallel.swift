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

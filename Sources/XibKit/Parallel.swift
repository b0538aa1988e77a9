import CAtomic
import Dispatch
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs two work items (the merge's two tasks) on the machine's two cores and returns their
/// results in order: the second is offered to a Dispatch worker, the first done here, then the
/// second waited for (spinning) if a worker has started it, else done here too. Lighter than
/// `concurrentPerform`, which took 0.17 ms to start the first item; and a thread left waiting
/// inside Dispatch let its virtual core sleep, which sometimes took milliseconds to wake.
func parallelPair<T: Sendable>(_ body: @Sendable (Int) -> T) -> [T] {
    withoutActuallyEscaping(body) { body in
        let second = SharedWork { body(1) }
        DispatchQueue.global().async { second.offer() }
        let first = body(0)
        return [first, second.get()]
    }
}

/// A word that threads read and update without a lock.
final class AtomicWord: @unchecked Sendable {
    private let word = UnsafeMutablePointer<CLong>.allocate(capacity: 1)

    init(_ value: Int = 0) { word.initialize(to: CLong(value)) }
    deinit { word.deallocate() }

    func load() -> Int { Int(xibmerge_atomic_load(word)) }
    func store(_ value: Int) { xibmerge_atomic_store(word, CLong(value)) }
    func add(_ delta: Int) { _ = xibmerge_atomic_add(word, CLong(delta)) }
}

/// The worker threads `parallelPair` runs on.
public enum WorkerThreads {
    /// Asks Dispatch for a worker thread ahead of the first `parallelPair`, when a command that
    /// uses two cores starts: a thread's first start took 2 ms here (the median; the virtual
    /// core it lands on is asleep and slow to wake), so a worker first asked for when the work
    /// is ready joined late.
    public static func wake() {
        DispatchQueue.global().async {}
    }
}

/// How a task waits for the other's work (`SharedWork`): by spinning first. A thread that
/// blocks lets its virtual core sleep, and waking it again took a millisecond or more where
/// this was measured. The waits of a merge are short, so a waiter spins up to `limit` before
/// blocking.
enum Spin {
    static let limit: UInt64 = 5_000_000  // nanoseconds

    /// Polls `done` until it holds (true) or the limit passes (false).
    static func until(_ done: () -> Bool) -> Bool {
        let start = now()
        var polls = 0
        while !done() {
            polls += 1
            if polls & 63 == 0 && now() - start > limit { return false }
        }
        return true
    }

    private static func now() -> UInt64 {
        var t = timespec()
        clock_gettime(CLOCK_MONOTONIC, &t)
        return UInt64(t.tv_sec) * 1_000_000_000 + UInt64(t.tv_nsec)
    }
}

/// How large structures (parsed documents, graphs) are given back once a file is done.
public enum LargeValueRelease {
    /// A command that handles one file (or pair) and then exits sets this: the operating system
    /// reclaims everything at exit, so freeing the trees, or starting a thread to do it, is work
    /// for nothing (about 0.3 ms on the largest diff; on a large merge, the freeing competed
    /// with writing the file). Commands that go through many files leave it off.
    nonisolated(unsafe) public static var leftToProcessExit = false
}

/// Frees large structures on another thread. Freeing three documents' trees takes
/// milliseconds; the caller goes on writing the result meanwhile, and a command-line process
/// may exit before the frees are done, which costs nothing.
func releaseInBackground<T>(_ value: T) {
    let box = ReleaseBox(value)
    if LargeValueRelease.leftToProcessExit {
        _ = Unmanaged.passRetained(box)
        return
    }
    DispatchQueue.global().async { box.value = nil }
}

/// Owns a value until another thread drops it; only that thread touches it after hand-over.
private final class ReleaseBox<T>: @unchecked Sendable {
    var value: T?
    init(_ value: T) { self.value = value }
}

/// A value handed to one task of `parallelPair` while its owner waits for the result: only that
/// task touches it meanwhile, so it need not be `Sendable` itself.
final class Unshared<T>: @unchecked Sendable {
    let value: T
    init(_ value: T) { self.value = value }
}

/// A piece of work either task of a `parallelPair` may do: the first to ask does it, and a
/// task that needs the result while the other is doing it waits for it. Waiting is only ever
/// for work already under way on a running thread, so it cannot deadlock, whether the tasks
/// run side by side or one after the other on one thread.
final class SharedWork<T: Sendable>: @unchecked Sendable {
    // Allocated, not stored properties: the two tasks use them at once, and `&property` is an
    // exclusive access to the property.
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    private var claimed = false
    private var result: T?
    /// Set once `result` is: what a waiter polls, without taking the lock.
    private let done = AtomicWord()
    /// Dropped once run: a worker that comes late may still hold the cell (`parallelPair`).
    private var body: (@Sendable () -> T)?

    init(_ body: @escaping @Sendable () -> T) {
        self.body = body
        pthread_mutex_init(mutex, nil)
        pthread_cond_init(condition, nil)
    }

    deinit {
        pthread_cond_destroy(condition)
        pthread_mutex_destroy(mutex)
        condition.deallocate()
        mutex.deallocate()
    }

    /// The result: done here if no task has started it, else waited for.
    func get() -> T {
        if claim() { return run() }
        _ = Spin.until { done.load() != 0 }
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        while result == nil { pthread_cond_wait(condition, mutex) }
        return result!
    }

    /// Whether the result is there (without waiting).
    var isDone: Bool { done.load() != 0 }

    /// Does the work here unless a task has started it already.
    func offer() {
        if claim() { _ = run() }
    }

    /// The result if a task has started the work (waited for); else nil, and the work is never
    /// done: for work the asker would otherwise do its own way.
    func resultIfStarted() -> T? {
        if claim() { return nil }
        return get()
    }

    private func claim() -> Bool {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        if claimed { return false }
        claimed = true
        return true
    }

    private func run() -> T {
        let value = body!()
        body = nil
        pthread_mutex_lock(mutex)
        result = value
        done.store(1)
        pthread_cond_broadcast(condition)
        pthread_mutex_unlock(mutex)
        return value
    }
}

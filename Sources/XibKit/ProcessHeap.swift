#if canImport(Glibc)
import Glibc

@_silgen_name("mallopt") private func glibcMallopt(_ option: Int32, _ value: Int32) -> Int32
#endif

/// glibc's malloc settings for a short process that builds large trees and then exits.
///
/// Reading a 300 KB file into its tree and graph touches about 5 MB of fresh heap. With
/// glibc's defaults that memory arrives a page at a time: the heap grows in small `brk`
/// steps, a worker thread's arena in `mprotect` steps (about 190 calls for one diff), and
/// every 4 KB page faults on first touch (about 1,300 faults, 40% of a large diff's time in
/// the kernel here). Growing the heaps in large steps, never giving memory back, and asking
/// for transparent huge pages on them (the kernel's `madvise` mode) cut the faults by a
/// quarter and the heap system calls to a handful. Elsewhere (macOS) these are no-ops.
public enum ProcessHeap {
    private static let hugePage: UInt = 2 << 20
    /// glibc's reservation for a thread arena (HEAP_MAX_SIZE on 64-bit systems).
    private static let threadArenaSize: UInt = 64 << 20
    /// Keeps the compiler from removing a malloc/free pair whose only point is its side effect
    /// (it holds a freed address, never dereferenced).
    nonisolated(unsafe) private static var sink: UnsafeMutableRawPointer?

    /// Call once, first thing in `main`.
    public static func configure() {
        #if canImport(Glibc)
        _ = glibcMallopt(-1, 1 << 30)   // M_TRIM_THRESHOLD: never shrink the heap back
        _ = glibcMallopt(-2, 64 << 20)  // M_TOP_PAD: grow the main heap 64 MB at a time
        _ = glibcMallopt(-3, 32 << 20)  // M_MMAP_THRESHOLD: large arrays come from the heap, reused
        let start = UInt(bitPattern: sbrk(0))
        growCurrentArena(by: 1 << 20)
        let end = UInt(bitPattern: sbrk(0))
        let first = (start + hugePage - 1) & ~(hugePage - 1)
        if end > first + hugePage {
            _ = madvise(UnsafeMutableRawPointer(bitPattern: first), Int(end - first), MADV_HUGEPAGE_VALUE)
        }
        #endif
    }

    /// Call on a worker thread before it builds a large structure: makes its arena
    /// `bytes` large in one step (the first time; later calls cost a split and a merge).
    public static func reserveForThisThread(_ bytes: Int) {
        #if canImport(Glibc)
        guard let probe = malloc(64) else { return }
        let address = UInt(bitPattern: probe)
        free(probe)
        // A thread arena is a `threadArenaSize`-aligned mapping; the main arena is below `sbrk(0)`.
        if address >= UInt(bitPattern: sbrk(0)) {
            let arena = address & ~(threadArenaSize - 1)
            _ = madvise(UnsafeMutableRawPointer(bitPattern: arena), Int(threadArenaSize), MADV_HUGEPAGE_VALUE)
        }
        growCurrentArena(by: min(bytes, 24 << 20))
        #endif
    }

    #if canImport(Glibc)
    private static let MADV_HUGEPAGE_VALUE: Int32 = 14

    @inline(never) private static func growCurrentArena(by bytes: Int) {
        guard let p = malloc(bytes) else { return }
        p.storeBytes(of: 0, as: UInt8.self)
        sink = p  // never read: only there so that the pair stays
        free(p)
    }
    #endif
}

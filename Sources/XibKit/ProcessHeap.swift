#if canImport(Glibc)
import Glibc

@_silgen_name("mallopt") private func glibcMallopt(_ option: Int32, _ value: Int32) -> Int32
#endif

/// glibc's malloc settings for a short process that builds large trees and then exits.
///
/// Reading a 300 KB file into its tree and graph touches about 5 MB of fresh heap. With
/// glibc's defaults that memory arrives a page at a time: the heap grows in small `brk`
/// steps, a worker thread's arena in `mprotect` steps (about 190 calls for one diff), and
/// every 4 KB page faults on first touch (about 1,300 faults for the largest diff, 40% of its
/// time in the kernel here). So: the heaps grow in large steps and never give memory back, and
/// for large inputs they are backed by transparent huge pages (the kernel's `madvise` mode;
/// `expectInput`). The largest diff then takes about 400 page faults instead of 1,500.
/// Elsewhere (macOS) these are no-ops.
public enum ProcessHeap {
    private static let hugePage: UInt = 2 << 20
    /// glibc's reservation for a thread arena (HEAP_MAX_SIZE on 64-bit systems).
    private static let threadArenaSize: UInt = 64 << 20
    /// Keeps the compiler from removing allocations whose only point is their side effect
    /// (it may hold a freed address, never dereferenced).
    nonisolated(unsafe) private static var sink: UnsafeMutableRawPointer?
    /// Where the main heap's huge pages start (0: none), and whether allocations were moved there.
    nonisolated(unsafe) private static var hugeStart: UInt = 0
    nonisolated(unsafe) private static var hugePagesInUse = false

    /// Call once, first thing in `main`.
    public static func configure() {
        #if canImport(Glibc)
        _ = glibcMallopt(-1, 1 << 30)   // M_TRIM_THRESHOLD: never shrink the heap back
        _ = glibcMallopt(-2, 64 << 20)  // M_TOP_PAD: grow the main heap 64 MB at a time
        _ = glibcMallopt(-3, 32 << 20)  // M_MMAP_THRESHOLD: large arrays come from the heap, reused
        let start = UInt(bitPattern: sbrk(0))
        growCurrentArena(by: 1 << 20)
        let end = UInt(bitPattern: sbrk(0))
        // Huge pages from the second aligned 2 MB of the heap on. Only whole, aligned 2 MB pages
        // can be huge, and only those first touched after the advice; below them, small pages
        // serve a command with small input (a huge page costs zeroing 2 MB on first touch).
        let huge = ((start + hugePage - 1) & ~(hugePage - 1)) + hugePage
        guard end > huge + hugePage else { return }
        _ = madvise(UnsafeMutableRawPointer(bitPattern: huge), Int(end - huge), MADV_HUGEPAGE_VALUE)
        hugeStart = huge
        #endif
    }

    /// For a command about to read these files on this (the main) thread: when they are large
    /// (128 KB or more in all), moves the heap's next allocations onto its huge pages.
    public static func expectInput(files paths: [String]) {
        if paths.reduce(0, { $0 + (FileIO.size($1) ?? 0) }) >= 128 << 10 { expectLargeInput() }
    }

    /// Moves the main heap's next allocations onto its huge pages (once).
    private static func expectLargeInput() {
        #if canImport(Glibc)
        guard !hugePagesInUse, hugeStart > 0 else { return }
        hugePagesInUse = true
        fillArena(upTo: hugeStart)
        #endif
    }

    /// Call on a worker thread before it reads a document of `inputBytes` into its tree and
    /// graph (about 16 times its size): makes the thread's arena that large in one step, on huge
    /// pages when that is large (the first time; later calls cost a split and a merge).
    public static func reserveForThisThread(toRead inputBytes: Int) {
        #if canImport(Glibc)
        guard let probe = malloc(64) else { return }
        let address = UInt(bitPattern: probe)
        free(probe)
        let size = min(inputBytes * 16, 24 << 20)
        // A thread arena is a `threadArenaSize`-aligned mapping; the main arena is below `sbrk(0)`.
        // Huge pages only for large work: the first touch of one zeroes 2 MB.
        if size >= Int(hugePage), address >= UInt(bitPattern: sbrk(0)) {
            let arena = address & ~(threadArenaSize - 1)
            _ = madvise(UnsafeMutableRawPointer(bitPattern: arena), Int(threadArenaSize), MADV_HUGEPAGE_VALUE)
            // The arena's first 2 MB already has small pages (glibc's records at its start).
            fillArena(upTo: arena + hugePage)
            growCurrentArena(by: size)
        } else {
            growCurrentArena(by: size)
        }
        #endif
    }

    #if canImport(Glibc)
    private static let MADV_HUGEPAGE_VALUE: Int32 = 14

    /// Fills this thread's arena up to `boundary` with a block never touched or freed (address
    /// space, not memory), so that its next allocations start there: glibc writes the next
    /// chunk's header right after the block, in the last page below `boundary`, not on the
    /// first huge page above it. `marker` (kept) shows where the arena's free space starts.
    private static func fillArena(upTo boundary: UInt) {
        guard let marker = malloc(1000) else { return }
        sink = marker
        let free = UInt(bitPattern: marker) + 1024
        if boundary > free + 4096 { sink = malloc(Int(boundary - 64 - free)) }
    }

    @inline(never) private static func growCurrentArena(by bytes: Int) {
        guard let p = malloc(bytes) else { return }
        p.storeBytes(of: 0, as: UInt8.self)
        sink = p
        free(p)
    }
    #endif
}

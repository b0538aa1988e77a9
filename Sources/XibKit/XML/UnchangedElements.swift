#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What reading one version of a file (ours, theirs) may take from a version already read
/// (base) instead of reading it again: base's elements, and the byte runs the two versions
/// share, as the line diff found them.
///
/// The reader makes an element's subtree from the element's bytes alone (no DTD, no entities,
/// no namespaces), given its depth. So an element whose bytes are those of a base element at
/// the same depth reads into base's subtree, which the reader then takes as it is. The
/// subtree keeps base's origin: its spans point into base's bytes, which are the same bytes,
/// so the writer copies it from there and byte comparisons find it equal to base at once.
/// Only a line number computed from such an origin would be base's; the merge, the one user,
/// reports paths, not lines.
///
/// Kept for what it buys on the largest files: without it, a merge took 27% more time on the
/// corpus's largest scenario (661 KB: 47.6 against 37.6 ms), 24% on a 1 MB storyboard (75.5
/// against 60.9 ms) and 16% on a 12 MB one (CPU time, medians of 21 alternating runs), and
/// the bench's median ratio to `git merge-file` rose past its target of 4.
public struct UnchangedElements: Sendable {
    public let base: BaseElements
    /// The byte runs this version shares with base, in order.
    public let runs: [LineDiff.SharedRun]

    public init(base: BaseElements, runs: [LineDiff.SharedRun]) {
        self.base = base
        self.runs = runs
    }
}

/// Base's elements in document order (by start offset), with their spans and depths.
public final class BaseElements: Sendable {
    struct Entry {
        let start: Int
        let count: Int
        let depth: Int
        let element: XMLElement
    }

    let source: XMLSource
    let entries: [Entry]

    /// Every element below the root of a document just read (the root is never taken whole:
    /// a file whose bytes are all base's is merged trivially).
    public init(_ document: XMLDocument) {
        source = document.source
        var entries: [Entry] = []
        entries.reserveCapacity(document.source.bytes.count / 60)
        func collect(_ e: XMLElement) {
            for child in e.children {
                guard case .element(let c) = child else { continue }
                if let o = c.origin, o.isPristine, o.source === document.source {
                    entries.append(Entry(start: o.span.lowerBound, count: o.span.count, depth: o.depth, element: c))
                }
                if !c.children.isEmpty { collect(c) }
            }
        }
        collect(document.root)
        self.entries = entries
    }
}

/// The reader's walk through `UnchangedElements`: offsets only grow as a file is read, and
/// the runs map them to base offsets that only grow, so two cursors find every candidate.
struct UnchangedElementCursor {
    private let runs: [LineDiff.SharedRun]
    private let entries: [BaseElements.Entry]
    private let base: XMLSource
    private var run = 0
    private var entry = 0

    init(_ unchanged: UnchangedElements) {
        runs = unchanged.runs
        entries = unchanged.base.entries
        base = unchanged.base.source
    }

    /// Base's subtree for the element starting at `offset` of `p`, at `depth`, and the offset
    /// just past it; nil when its bytes are not all base's.
    mutating func take(at offset: Int, depth: Int, _ p: UnsafeBufferPointer<UInt8>) -> (XMLElement, end: Int)? {
        while run < runs.count && runs[run].start + runs[run].count <= offset { run += 1 }
        guard run < runs.count, runs[run].start <= offset else { return nil }
        let r = runs[run]
        let baseOffset = r.baseStart + (offset - r.start)
        while entry < entries.count && entries[entry].start < baseOffset { entry += 1 }
        guard entry < entries.count, entries[entry].start == baseOffset else { return nil }
        let e = entries[entry]
        guard e.depth == depth, offset - r.start + e.count <= r.count, offset + e.count <= p.count else { return nil }
        // The line diff already compared these bytes; comparing them again costs little and
        // makes a wrong run cost time only, never a wrong tree.
        let same = base.bytes.withUnsafeBufferPointer { b in
            memcmp(b.baseAddress! + baseOffset, p.baseAddress! + offset, e.count) == 0
        }
        return same ? (e.element, offset + e.count) : nil
    }
}

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
/// Only a line number computed from such an origin would be base's: the merge reports paths,
/// and a file's history, which reads each version with its neighbour's elements, finds lines
/// through `BaseElements`, which places taken subtrees in the version's own bytes.
///
/// Kept for what it buys on the largest files, in time and in memory (two trees sharing
/// their storage): doc/performance.md, `Scripts/bench merge large memory`.
public struct UnchangedElements: Sendable {
    public let base: BaseElements
    /// The byte runs this version shares with base, in order.
    public let runs: [LineDiff.SharedRun]

    public init(base: BaseElements, runs: [LineDiff.SharedRun]) {
        self.base = base
        self.runs = runs
    }

    /// Only the runs whose bytes in `p` are base's, compared once here: a run that claims more
    /// costs time only (its lines are read), never a wrong tree or an unchecked character.
    func verified(in p: UnsafeBufferPointer<UInt8>) -> UnchangedElements {
        let kept = base.source.bytes.withUnsafeBufferPointer { b in
            runs.filter { r in
                r.start + r.count <= p.count && r.baseStart + r.count <= b.count
                    && memcmp(p.baseAddress! + r.start, b.baseAddress! + r.baseStart, r.count) == 0
            }
        }
        return UnchangedElements(base: base, runs: kept)
    }
}

/// Base's elements in document order (by start offset), with their spans in base's bytes and
/// their depths: every element below the root (the root is never taken whole: a file whose
/// bytes are all base's is merged trivially), so the `n`th entry is the element a graph of
/// base has as node `n + 1`.
public final class BaseElements: Sendable {
    struct Entry {
        let start: Int
        let count: Int
        let depth: Int
        let element: XMLElement
    }

    /// A subtree the document took whole from the version it was read with, as nodes of the
    /// two documents' graphs: what lets a graph of it copy that version's graph there.
    struct Taken: Sendable {
        let node: Int
        let baseNode: Int
        /// Its elements, the top one included.
        let count: Int
    }

    let source: XMLSource
    let entries: [Entry]

    /// The elements of a document just read on its own.
    public convenience init(_ document: XMLDocument) {
        self.init(document, subtrees: nil)
    }

    /// The elements of a document read with `unchanged`: the subtrees it took from there
    /// (`IBDocument.taken`) are its elements too, at their places in its own bytes, so that a
    /// file's history can read each version with the one before (`SemanticDiff.Version`).
    convenience init(_ document: IBDocument, readWith unchanged: UnchangedElements) {
        self.init(document.xml, subtrees: TakenSubtrees(unchanged, document.taken))
    }

    private init(_ document: XMLDocument, subtrees: TakenSubtrees?) {
        source = document.source
        var entries: [Entry] = []
        entries.reserveCapacity(document.source.bytes.count / 60)
        var subtrees = subtrees
        func collect(_ e: XMLElement) {
            for child in e.children {
                guard case .element(let c) = child else { continue }
                if let o = c.origin, o.isPristine {
                    if o.source === document.source {
                        entries.append(Entry(start: o.span.lowerBound, count: o.span.count, depth: o.depth, element: c))
                    } else if subtrees != nil, subtrees!.append(c, to: &entries) {
                        continue
                    }
                }
                if !c.children.isEmpty { collect(c) }
            }
        }
        collect(document.root)
        self.entries = entries
    }

    /// The offset in the document's bytes of `element`, its `n`th element in document order
    /// (the root being the 0th, as in its graph); nil if it is not that one.
    public func offset(of element: XMLElement, at n: Int) -> Int? {
        guard n > 0, n <= entries.count, entries[n - 1].element.isSameParsedElement(as: element) else { return nil }
        return entries[n - 1].start
    }
}

/// `BaseElements`' walk through the subtrees a document took from base, as the reader
/// recorded them (in document order), each placed in the document by a shared run.
private struct TakenSubtrees {
    private let base: [BaseElements.Entry]
    private let runs: [LineDiff.SharedRun]
    private let taken: [BaseElements.Taken]
    private var next = 0
    private var run = 0

    init(_ unchanged: UnchangedElements, _ taken: [BaseElements.Taken]) {
        base = unchanged.base.entries
        runs = unchanged.runs
        self.taken = taken
    }

    /// Appends `element`, when it is the next subtree taken from base, and its descendants, at
    /// their offsets in the document; false if it is not.
    mutating func append(_ element: XMLElement, to entries: inout [BaseElements.Entry]) -> Bool {
        // The `n`th entry is node `n + 1` (the root is node 0), in both documents.
        guard next < taken.count, taken[next].node == entries.count + 1 else { return false }
        let t = taken[next], top = base[t.baseNode - 1]
        guard top.element.isSameParsedElement(as: element) else { return false }
        while run < runs.count && runs[run].baseStart + runs[run].count <= top.start { run += 1 }
        guard run < runs.count, runs[run].baseStart <= top.start else { return false }
        let shift = runs[run].start - runs[run].baseStart
        for e in base[(t.baseNode - 1)..<(t.baseNode - 1 + t.count)] {
            entries.append(BaseElements.Entry(start: e.start + shift, count: e.count, depth: e.depth, element: e.element))
        }
        next += 1
        return true
    }
}

/// The reader's walk through `UnchangedElements` (`verified`: their runs hold base's bytes):
/// offsets only grow as a file is read, and the runs map them to base offsets that only grow,
/// so two cursors find every candidate.
struct UnchangedElementCursor {
    private let runs: [LineDiff.SharedRun]
    private let entries: [BaseElements.Entry]
    private var run = 0
    private var entry = 0

    init(_ unchanged: UnchangedElements) {
        runs = unchanged.runs
        entries = unchanged.base.entries
    }

    /// Base's subtree for the element starting at `offset`, at `depth`, the offset just past
    /// it, its node in base's graph, and how many elements it holds (itself included); nil
    /// when its bytes are not all in one run shared with base.
    mutating func take(at offset: Int, depth: Int) -> (XMLElement, end: Int, baseNode: Int, elements: Int)? {
        while run < runs.count && runs[run].start + runs[run].count <= offset { run += 1 }
        guard run < runs.count, runs[run].start <= offset else { return nil }
        let r = runs[run]
        let baseOffset = r.baseStart + (offset - r.start)
        while entry < entries.count && entries[entry].start < baseOffset { entry += 1 }
        guard entry < entries.count, entries[entry].start == baseOffset else { return nil }
        let e = entries[entry]
        // Inside the run, whose bytes are base's (`UnchangedElements.verified`).
        guard e.depth == depth, offset - r.start + e.count <= r.count else { return nil }
        // The `n`th entry is node `n + 1` of base's graph (the root is node 0).
        return (e.element, offset + e.count, entry + 1, elements(inSubtreeOf: entry))
    }

    /// The entries from `top` to the first one past its span (descendants follow an element):
    /// so that what is taken counts against the element limit as if read.
    private func elements(inSubtreeOf top: Int) -> Int {
        let end = entries[top].start + entries[top].count
        return entries[(top + 1)...].partitionPoint { $0.start < end } - top
    }
}

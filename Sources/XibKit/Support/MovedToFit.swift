extension Array {
    /// The elements, moved into an allocation of their number, with `filler` (a value that
    /// holds no reference) left in their places here: nothing is retained or released, as a
    /// copy would retain every reference the elements hold and freeing this array release
    /// them. The reader reserves room for a typical element (6 attributes, 4 children) and
    /// keeps hundreds of thousands of these arrays: trimmed, a file of small elements takes a
    /// third less memory.
    @inline(__always)
    mutating func movedToFit(leaving filler: Element) -> [Element] {
        let n = count
        guard capacity > n else { return self }
        guard n > 0 else { return [] }
        // Reserved and appended to, not `init(unsafeUninitializedCapacity:)`: that one reaches
        // the standard library's allocation unspecialised, a run-time type look-up per array
        // (about 700 instructions; the heavy nRF merge trims 4,592 arrays).
        var fitted: [Element] = []
        fitted.reserveCapacity(n)
        withUnsafeMutableBufferPointer { source in
            for i in 0..<n { fitted.append((source.baseAddress! + i).move()) }
            source.baseAddress!.initialize(repeating: filler, count: n)
        }
        return fitted
    }

    /// The elements from `start` on, moved into an array of their own (an allocation of their
    /// number) and removed from this one, `filler` standing in for them until they are: as
    /// `movedToFit`, nothing is retained or released.
    @inline(__always)
    mutating func removeTail(from start: Int, leaving filler: Element) -> [Element] {
        let n = count - start
        guard n > 0 else { return [] }
        var tail: [Element] = []
        tail.reserveCapacity(n)
        withUnsafeMutableBufferPointer { source in
            for i in start..<start + n { tail.append((source.baseAddress! + i).move()) }
            (source.baseAddress! + start).initialize(repeating: filler, count: n)
        }
        removeLast(n)
        return tail
    }
}

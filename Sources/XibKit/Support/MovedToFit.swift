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
        return withUnsafeMutableBufferPointer { source in
            [Element](unsafeUninitializedCapacity: n) { buffer, initialized in
                buffer.baseAddress!.moveInitialize(from: source.baseAddress!, count: n)
                source.baseAddress!.initialize(repeating: filler, count: n)
                initialized = n
            }
        }
    }
}

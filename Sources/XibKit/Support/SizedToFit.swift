extension Array {
    /// The same elements in an allocation of their number. The reader reserves room for a
    /// typical element (6 attributes, 4 children) and keeps hundreds of thousands of these
    /// arrays: trimmed, a file of small elements takes a third less memory.
    @inline(__always)
    func sizedToFit() -> [Element] {
        guard capacity > count else { return self }
        return [Element](unsafeUninitializedCapacity: count) { buffer, initialized in
            initialized = buffer.initialize(fromContentsOf: self)
        }
    }
}

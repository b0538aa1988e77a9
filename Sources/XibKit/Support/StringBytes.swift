extension String {
    /// The string's UTF-8 bytes where they are (a native string's, nearly all of them): the
    /// standard `withUTF8` needs a mutable copy, a retain and a release of the storage, and
    /// this is asked of every key and name a merge hashes or compares.
    @inline(__always)
    func withBytes<R>(_ body: (UnsafeRawBufferPointer) -> R) -> R {
        if let r = utf8.withContiguousStorageIfAvailable({ body(UnsafeRawBufferPointer($0)) }) { return r }
        var copy = self
        return copy.withUTF8 { body(UnsafeRawBufferPointer($0)) }
    }
}

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

extension Array where Element == UInt8 {
    /// `string`'s UTF-8 bytes appended in one copy: appending its `utf8` view went through the
    /// standard library's generic path, about 170 instructions a call, made for every key a
    /// graph builds and every name and value a merge writes.
    @inline(__always)
    mutating func append(bytesOf string: String) {
        string.withBytes { append(contentsOf: $0) }
    }
}

/// A fast non-cryptographic 64-bit hash over bytes, eight at a time, for hashes computed many
/// thousand times per merge (lines, subtree fingerprints), where Swift's seeded SipHash over
/// `String` is a large share of the time. Deterministic: equal input, equal hash, in any run.
/// (Kept with `KeyIndex`; doc/performance.md gives the figure.)
struct FastHash {
    private(set) var value: UInt64

    init(seed: UInt64 = 0x9E37_79B9_7F4A_7C15) { value = seed }

    mutating func combine(_ bytes: UnsafeRawBufferPointer) {
        var h = value ^ UInt64(bytes.count) &* 0xFF51_AFD7_ED55_8CCD
        var i = 0
        let n = bytes.count
        while i + 8 <= n {
            h = (h ^ bytes.loadUnaligned(fromByteOffset: i, as: UInt64.self)) &* 0xBF58_476D_1CE4_E5B9
            h ^= h >> 29
            i += 8
        }
        var tail: UInt64 = 0
        if i < n && n >= 8 {
            // The last 1 to 7 bytes, from one load of the final eight (a byte loop was a
            // visible share of hashing short lines and keys).
            tail = bytes.loadUnaligned(fromByteOffset: n - 8, as: UInt64.self) >> UInt64(8 * (8 - (n - i)))
        } else {
            var shift: UInt64 = 0
            while i < n {
                tail |= UInt64(bytes[i]) << shift
                shift += 8
                i += 1
            }
        }
        h = (h ^ tail) &* 0x94D0_49BB_1331_11EB
        value = h ^ (h >> 31)
    }

    mutating func combine(_ string: String) {
        string.withBytes { combine($0) }
    }

    mutating func combine(_ word: Int) {
        var h = (value ^ UInt64(truncatingIfNeeded: word)) &* 0xBF58_476D_1CE4_E5B9
        h ^= h >> 31
        value = h &* 0x94D0_49BB_1331_11EB
    }

    static func of(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
        var h = FastHash()
        h.combine(bytes)
        return h.value
    }
}

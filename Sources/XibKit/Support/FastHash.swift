/// A fast non-cryptographic 64-bit hash over bytes, eight at a time in two lanes, for hashes
/// computed many thousand times per merge (lines, subtree fingerprints), where Swift's seeded
/// SipHash over `String` is a large share of the time. Deterministic: equal input, equal hash,
/// in any run.
/// (Kept with `KeyIndex`; doc/performance.md gives the figure.)
struct FastHash {
    private(set) var value: UInt64

    init(seed: UInt64 = 0x9E37_79B9_7F4A_7C15) { value = seed }

    mutating func combine(_ bytes: UnsafeRawBufferPointer) {
        let n = bytes.count
        var h = value ^ UInt64(n) &* 0xFF51_AFD7_ED55_8CCD
        var tail: UInt64 = 0
        if let start = bytes.baseAddress {
            var p = start
            let words = start + (n & ~7)
            if n >= 16 {
                // Two lanes, sixteen bytes a step: a lane's multiply waits on its previous one,
                // and lines (a merge hashes every line of five versions) average a hundred bytes.
                var g = h ^ 0x2545_F491_4F6C_DD1D
                let pairs = start + (n & ~15)
                repeat {
                    h = (h ^ p.loadUnaligned(as: UInt64.self)) &* 0xBF58_476D_1CE4_E5B9
                    g = (g ^ p.loadUnaligned(fromByteOffset: 8, as: UInt64.self)) &* 0xBF58_476D_1CE4_E5B9
                    h ^= h >> 29
                    g ^= g >> 29
                    p += 16
                } while p < pairs
                h ^= g &* 0x94D0_49BB_1331_11EB
            }
            if p < words {
                h = (h ^ p.loadUnaligned(as: UInt64.self)) &* 0xBF58_476D_1CE4_E5B9
                h ^= h >> 29
                p += 8
            }
            let rest = p.distance(to: start + n)
            if rest > 0 && n >= 8 {
                // The last 1 to 7 bytes, from one load of the final eight (a byte loop was a
                // visible share of hashing short lines and keys).
                tail = (start + n - 8).loadUnaligned(as: UInt64.self) &>> UInt64(truncatingIfNeeded: (8 &- rest) &<< 3)
            } else {
                for i in 0..<rest { tail |= UInt64(p.load(fromByteOffset: i, as: UInt8.self)) << UInt64(8 * i) }
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

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The strings for element and attribute names, and (another instance) for attribute values:
/// a file spells a few dozen names thousands of times, and most values repeat too (`YES`,
/// `NO`, `system`); making each a String again (a UTF-8 check, for long ones an allocation)
/// is a visible share of reading. Direct-mapped on the name's first 16 bytes and length; a long
/// name that matches those is compared in full. Up to 512 slots, one per 128 bytes to read.
final class StringCache {
    private struct Entry {
        var head: (UInt64, UInt64) = (0, 0)
        var count = 0
        /// Where the name was first read (this cache serves one file).
        var start = 0
        var string = ""
    }
    private let slots: CacheSlots<Entry>

    init(reading bytes: Int) { slots = CacheSlots(reading: bytes, bytesPerSlot: 128, maximum: 512, Entry()) }

    @inline(__always) func string(_ p: UnsafeBufferPointer<UInt8>, _ a: Int, _ b: Int) -> String {
        let n = b - a
        guard n > 0, a + 16 <= p.count else { return make(p, a, b) }
        let raw = UnsafeRawPointer(p.baseAddress! + a)
        var w0 = raw.loadUnaligned(as: UInt64.self)
        var w1 = raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self)
        if n < 16 {
            if n < 8 { w0 &= (1 << UInt64(n * 8)) - 1; w1 = 0 } else if n > 8 { w1 &= (1 << UInt64((n - 8) * 8)) - 1 } else { w1 = 0 }
        }
        let h = (w0 ^ (w1 &* 0x9E37_79B9_7F4A_7C15) ^ UInt64(n)) &* 0xBF58_476D_1CE4_E5B9
        let e = slots.base + Int(truncatingIfNeeded: h &>> slots.shift)
        if e.pointee.count == n, e.pointee.head == (w0, w1),
           n <= 16 || memcmp(p.baseAddress! + e.pointee.start, p.baseAddress! + a, n) == 0 {
            return e.pointee.string
        }
        let s = make(p, a, b)
        e.pointee = Entry(head: (w0, w1), count: n, start: a, string: s)
        return s
    }

    private func make(_ p: UnsafeBufferPointer<UInt8>, _ a: Int, _ b: Int) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: p[a..<b]), as: UTF8.self)
    }
}

/// The attribute lists of start tags, by the tags' bytes: a file writes many start tags alike
/// (`<color key="textColor" systemColor="labelColor"/>`, masks, fonts), and each was an array
/// of its own, 32 bytes and 40 an attribute: the same bytes read into the same attributes, so
/// tags alike share one array (a third of a real file's attribute storage). Direct-mapped on
/// the bytes' hash; a candidate's bytes are compared in full. Up to 1,024 slots, one per 64
/// bytes to read.
final class AttributeListCache {
    private struct Entry {
        var hash: UInt64 = 0
        var start = 0
        var count = 0
        var attributes: [XMLAttribute] = []
    }
    private let slots: CacheSlots<Entry>

    init(reading bytes: Int) { slots = CacheSlots(reading: bytes, bytesPerSlot: 64, maximum: 1024, Entry()) }

    /// `attributes`, read from the bytes `a..<b` of `p`, or an equal array read from the same
    /// bytes before; sized to fit.
    func shared(_ attributes: inout [XMLAttribute], _ p: UnsafeBufferPointer<UInt8>, _ a: Int, _ b: Int) -> [XMLAttribute] {
        guard !attributes.isEmpty else { return [] }
        let bytes = UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: p[a..<b]))
        let h = FastHash.of(bytes)
        let e = slots.base + Int(truncatingIfNeeded: h &>> slots.shift)
        if e.pointee.hash == h, e.pointee.count == b - a,
           memcmp(p.baseAddress! + e.pointee.start, p.baseAddress! + a, b - a) == 0 {
            return e.pointee.attributes
        }
        let fitted = attributes.movedToFit(leaving: XMLAttribute(name: "", value: ""))
        e.pointee = Entry(hash: h, start: a, count: b - a, attributes: fitted)
        return fitted
    }
}

/// The entries of a direct-mapped cache of the reader, in pointer storage: no exclusivity or
/// bounds checks on a lookup made for every name, value and start tag of a file. As many as
/// the bytes to read call for (a power of two, at least 16): a merge's sides read only what
/// they changed, and a small file's reader filled and freed 88 KB of slots it never used.
final class CacheSlots<Entry> {
    let base: UnsafeMutablePointer<Entry>
    private let count: Int
    /// A hash's top bits pick its slot: `base + hash &>> shift` (`>>` by a stored amount checks
    /// for shifts past 63, and the lookups no longer inlined: +0.5M instructions a heavy merge).
    let shift: UInt64

    init(reading bytes: Int, bytesPerSlot: Int, maximum: Int, _ empty: Entry) {
        var count = 16
        while count < maximum && count * bytesPerSlot < bytes { count <<= 1 }
        self.count = count
        shift = UInt64(64 - count.trailingZeroBitCount)
        base = .allocate(capacity: count)
        base.initialize(repeating: empty, count: count)
    }

    deinit {
        base.deinitialize(count: count)
        base.deallocate()
    }
}

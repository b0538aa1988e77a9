#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The strings for element and attribute names, and (another instance) for attribute values:
/// a file spells a few dozen names thousands of times, and most values repeat too (`YES`,
/// `NO`, `system`); making each a String again (a UTF-8 check, for long ones an allocation)
/// is a visible share of reading. Direct-mapped on the name's first 16 bytes and length; a long
/// name that matches those is compared in full.
final class StringCache {
    private struct Entry {
        var head: (UInt64, UInt64) = (0, 0)
        var count = 0
        /// Where the name was first read (this cache serves one file).
        var start = 0
        var string = ""
    }
    private let slots = CacheSlots(512, Entry())

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
        let e = slots.base + Int(truncatingIfNeeded: h >> 55)  // 512 slots
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
/// the bytes' hash; a candidate's bytes are compared in full.
final class AttributeListCache {
    private struct Entry {
        var hash: UInt64 = 0
        var start = 0
        var count = 0
        var attributes: [XMLAttribute] = []
    }
    private let slots = CacheSlots(1024, Entry())

    /// `attributes`, read from the bytes `a..<b` of `p`, or an equal array read from the same
    /// bytes before; sized to fit.
    func shared(_ attributes: inout [XMLAttribute], _ p: UnsafeBufferPointer<UInt8>, _ a: Int, _ b: Int) -> [XMLAttribute] {
        guard !attributes.isEmpty else { return [] }
        let bytes = UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: p[a..<b]))
        let h = FastHash.of(bytes)
        let e = slots.base + Int(truncatingIfNeeded: h >> 54)  // 1024 slots
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
/// bounds checks on a lookup made for every name, value and start tag of a file.
final class CacheSlots<Entry> {
    let base: UnsafeMutablePointer<Entry>
    private let count: Int

    init(_ count: Int, _ empty: Entry) {
        self.count = count
        base = .allocate(capacity: count)
        base.initialize(repeating: empty, count: count)
    }

    deinit {
        base.deinitialize(count: count)
        base.deallocate()
    }
}

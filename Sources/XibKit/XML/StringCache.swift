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

    /// What `known` found: the tag's attributes if its bytes were read before, else the hash of
    /// the bytes it looked up (`shared` takes it, if the tag ends where `known` thought).
    struct Lookup {
        var attributes: [XMLAttribute]?
        var end = 0, selfClosing = false
        var keyEnd = -1, hash: UInt64 = 0
    }

    /// A start tag's attributes, when the bytes from `a` up to the tag's first `>` (or `/>`)
    /// were read before: those bytes then read these attributes and passed every check, and
    /// they end the tag there, whatever a `>` inside a value would make of other bytes. About
    /// a fifth of a file's attributes are in tags read before.
    func known(_ p: UnsafeBufferPointer<UInt8>, from a: Int) -> Lookup {
        guard a < p.count, let found = memchr(p.baseAddress! + a, 0x3E, p.count - a) else { return Lookup() }
        let gt = p.baseAddress!.distance(to: found.assumingMemoryBound(to: UInt8.self))
        let selfClosing = gt > a && p[gt - 1] == 0x2F
        let b = selfClosing ? gt - 1 : gt
        let h = hash(p, a, b)
        guard let e = entry(p, a, b, h) else { return Lookup(keyEnd: b, hash: h) }
        return Lookup(attributes: e.pointee.attributes, end: gt + 1, selfClosing: selfClosing)
    }

    /// `attributes`, read from the bytes `a..<b` of `p`, or an equal array read from the same
    /// bytes before; sized to fit. `missed`: what `known` found for these bytes, if it looked.
    func shared(_ attributes: inout [XMLAttribute], _ p: UnsafeBufferPointer<UInt8>, _ a: Int, _ b: Int, missed: Lookup) -> [XMLAttribute] {
        guard !attributes.isEmpty else { return [] }
        let h = missed.keyEnd == b ? missed.hash : hash(p, a, b)
        if missed.keyEnd != b, let e = entry(p, a, b, h) { return e.pointee.attributes }
        let fitted = attributes.movedToFit(leaving: XMLAttribute(name: "", value: ""))
        slots.base[Self.slot(h)] = Entry(hash: h, start: a, count: b - a, attributes: fitted)
        return fitted
    }

    /// The entry holding the list read from the bytes `a..<b` (whose hash is `h`), if one does.
    private func entry(_ p: UnsafeBufferPointer<UInt8>, _ a: Int, _ b: Int, _ h: UInt64) -> UnsafeMutablePointer<Entry>? {
        let e = slots.base + Self.slot(h)
        guard e.pointee.hash == h, e.pointee.count == b - a, !e.pointee.attributes.isEmpty,
              memcmp(p.baseAddress! + e.pointee.start, p.baseAddress! + a, b - a) == 0 else { return nil }
        return e
    }

    private static func slot(_ h: UInt64) -> Int { Int(truncatingIfNeeded: h >> 54) }  // 1024 slots

    private func hash(_ p: UnsafeBufferPointer<UInt8>, _ a: Int, _ b: Int) -> UInt64 {
        FastHash.of(UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: p[a..<b])))
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

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The graph's tables from a key or an object id to a node. A merge looks keys up tens of
/// thousands of times; with `Dictionary<String, Int>` the seeded SipHash of every key is a
/// visible share of the time. Open addressing over `FastHash`, insertion-ordered entries.
///
/// Kept with `FastHash` for what they buy on the largest files: the figure is in
/// doc/performance.md, and `Scripts/bench merge large` measures it again.
public struct KeyIndex: Sendable {
    private var entryKeys: [String] = []
    /// Once `readKeys(from:)` has run, the nodes whose keys the entries are (each entry's value
    /// is its node), in place of `entryKeys`: a graph's nodes hold the same strings, and a
    /// second reference to each would cost 16 bytes a node in every graph a merge holds.
    private var nodes: [IBGraph.Node] = []
    private var readsNodes = false
    /// Each entry's value and the low 32 bits of its key's hash, in one word: the hash above,
    /// the value below. The hash is all a table of fewer than 2^31 slots uses to place a key,
    /// and enough to skip nearly every unequal key; the values are node numbers, far below
    /// 2^31 (`XMLLimits.maximumElements`). One word, so that a look-up finds the hash it
    /// checks and the value it returns in one place (the tables are a whole file's, and a
    /// look-up is mostly waiting for memory).
    private var entries: [UInt64] = []
    /// Entry numbers, or -1 for an empty slot; a power of two, at most half full.
    private var slots = [Int32](repeating: -1, count: 16)

    public init() {}

    public init(minimumCapacity: Int) {
        var size = 16
        while size < minimumCapacity * 2 { size <<= 1 }
        slots = [Int32](repeating: -1, count: size)
        entryKeys.reserveCapacity(minimumCapacity)
        entries.reserveCapacity(minimumCapacity)
    }

    public var count: Int { entries.count }
    public var isEmpty: Bool { entries.isEmpty }
    /// The keys, in the order they were inserted.
    public var keys: [String] { readsNodes ? entries.indices.map { nodes[stored(ofEntry: $0)].key } : entryKeys }

    /// The key of the `entry`-th insertion.
    @inline(__always)
    private func key(ofEntry entry: Int) -> String {
        readsNodes ? nodes[stored(ofEntry: entry)].key : entryKeys[entry]
    }

    /// Whether the `entry`-th key is `key`, read where it is stored: copied out first, each of
    /// the tens of thousands of look-ups of a merge retained and released the string (and,
    /// bound from an optional, the nodes' array).
    @inline(__always)
    private func entry(_ entry: Int, is key: String) -> Bool {
        readsNodes ? nodes[stored(ofEntry: entry)].key == key : entryKeys[entry] == key
    }

    /// Reads each entry's key from its node from now on, and lets go of the copies: for an index
    /// whose values are nodes with those keys (a graph's `byKey`, once the graph is built).
    mutating func readKeys(from nodes: [IBGraph.Node]) {
        self.nodes = nodes
        readsNodes = true
        entryKeys = []
    }

    public subscript(key: String) -> Int? { value(for: key, hash: KeyIndex.hash(key)) }

    /// The subscript, with the key's hash as `hash(ofEntry:)` of any index gave it.
    func value(for key: String, hash: UInt64) -> Int? {
        find(hash) { self.entry($0, is: key) }.entry.map(stored(ofEntry:))
    }

    /// The entry with `hash` that `matches`, else the empty slot where the probe ended.
    @inline(__always)
    private func find(_ hash: UInt64, _ matches: (Int) -> Bool) -> (entry: Int?, slot: Int) {
        let mask = slots.count - 1
        var i = Int(truncatingIfNeeded: hash) & mask
        while true {
            let e = Int(slots[i])
            if e < 0 { return (nil, i) }
            if entries[e] >> 32 == hash & 0xFFFF_FFFF && matches(e) { return (e, i) }
            i = (i + 1) & mask
        }
    }

    /// The key whose UTF-8 is `bytes`, with the hash `hash(ofEntry:)` would give it, if it is
    /// here: for another table to hold the same string rather than a copy.
    func key(matching bytes: UnsafeRawBufferPointer, hash: UInt64) -> String? {
        let found = find(hash) { e in
            self.key(ofEntry: e).withBytes { k in
                k.count == bytes.count && (k.isEmpty || memcmp(k.baseAddress!, bytes.baseAddress!, k.count) == 0)
            }
        }
        return found.entry.map { key(ofEntry: $0) }
    }

    /// Adds `key` → `value` unless the key is there; returns the value already there, if any.
    @discardableResult
    mutating func insert(_ key: String, _ value: Int) -> Int? {
        insert(key, value, hash: KeyIndex.hash(key))
    }

    /// The hash of the key inserted `entry`-th (another index of the same key need not hash it again).
    func hash(ofEntry entry: Int) -> UInt64 { entries[entry] >> 32 }

    /// The value of the `entry`-th insertion.
    @inline(__always)
    private func stored(ofEntry entry: Int) -> Int { Int(Int32(bitPattern: UInt32(truncatingIfNeeded: entries[entry]))) }

    /// Each key with its hash, in the order they were inserted.
    func forEachKey(_ body: (String, UInt64) -> Void) {
        for e in 0..<count { body(key(ofEntry: e), hash(ofEntry: e)) }
    }

    /// `insert`, with the key's hash as `hash(ofEntry:)` gave it.
    @discardableResult
    mutating func insert(_ key: String, _ value: Int, hash: UInt64) -> Int? {
        let (found, slot) = find(hash) { self.entry($0, is: key) }
        if let found { return stored(ofEntry: found) }
        var i = slot
        if (entries.count + 1) * 2 > slots.count {
            slots = [Int32](repeating: -1, count: slots.count * 2)
            let mask = slots.count - 1
            for (e, word) in entries.enumerated() {
                let h = word >> 32
                var k = Int(truncatingIfNeeded: h) & mask
                while slots[k] >= 0 { k = (k + 1) & mask }
                slots[k] = Int32(e)
            }
            i = Int(truncatingIfNeeded: hash) & mask
            while slots[i] >= 0 { i = (i + 1) & mask }
        }
        slots[i] = Int32(entries.count)
        if !readsNodes { entryKeys.append(key) }
        entries.append(hash << 32 | UInt64(UInt32(bitPattern: Int32(value))))
        return nil
    }

    private static func hash(_ key: String) -> UInt64 {
        var h = FastHash()
        h.combine(key)
        return h.value
    }
}

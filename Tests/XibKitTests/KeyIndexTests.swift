import Testing
@testable import XibKit

/// `KeyIndex` answers as a `Dictionary` would (the first value inserted for a key stays; keys in
/// the order inserted; negative values too), through many growths of its table, and `FastHash`
/// gives equal bytes one hash wherever they lie in memory and tells apart bytes that differ in
/// one place, at every length around its two lanes and its tail.
struct KeyIndexTests {
    @Test("KeyIndex agrees with a Dictionary through its growths", arguments: [1, 58, 2026])
    func agreesWithDictionary(seed: UInt64) {
        var g = XMLSplitMix64(seed: seed)
        var index = KeyIndex(), model: [String: Int] = [:], order: [String] = []
        // Keys short and long (a small string and one with storage), many repeated.
        for n in 0..<20_000 {
            let r = g.next()
            let key = r % 3 == 0 ? "#\(r % 5_000)" : "#k\(r % 7_000)/rect[key=frame]/\(r % 11)"
            let value = Int(r % 200_000) - 100
            let before = index.insert(key, value)
            #expect(before == model[key], "insert \(n) of \(key)")
            if model[key] == nil {
                model[key] = value
                order.append(key)
            }
        }
        #expect(index.count == model.count)
        #expect(index.keys == order)
        for (key, value) in model { #expect(index[key] == value) }
        for n in 0..<1_000 { #expect(index["#absent\(n)"] == nil) }
        // Another index of the same keys, given the first's hashes, finds the same entries.
        var other = KeyIndex(minimumCapacity: 4)
        index.forEachKey { key, hash in other.insert(key, model[key]!, hash: hash) }
        for (e, key) in order.enumerated() {
            #expect(other.value(for: key, hash: index.hash(ofEntry: e)) == model[key])
            let found = Array(key.utf8).withUnsafeBytes { index.key(matching: $0, hash: index.hash(ofEntry: e)) }
            #expect(found == key)
        }
    }

    @Test("FastHash: the same bytes anywhere, one hash; one byte changed, another")
    func hashesBytesNotAddresses() {
        var g = XMLSplitMix64(seed: 38)
        let pool = (0..<200).map { _ in UInt8(truncatingIfNeeded: g.next()) }
        for length in 0...70 {
            let original = Array(pool[0..<length])
            let hash = original.withUnsafeBytes { FastHash.of($0) }
            // Copies at every alignment of the two lanes and the tail's final word.
            for offset in 1...17 {
                var shifted = [UInt8](repeating: 0xAA, count: offset) + original
                shifted.append(0x55)
                let h = shifted.withUnsafeBytes { FastHash.of(UnsafeRawBufferPointer(rebasing: $0[offset..<(offset + length)])) }
                #expect(h == hash, "length \(length), offset \(offset)")
            }
            for place in 0..<length {
                var changed = original
                changed[place] ^= 0x01
                #expect(changed.withUnsafeBytes { FastHash.of($0) } != hash, "length \(length), byte \(place)")
            }
            // One byte more (a zero) is other bytes, not the same ones.
            #expect((original + [0]).withUnsafeBytes { FastHash.of($0) } != hash, "length \(length) and a zero")
        }
    }
}

/// Substring search over a file's bytes. The manifests `check` reads are megabytes
/// (DuckDuckGo's `project.pbxproj`: 1.5 MB, read for each commit `merge-preview` checks), where
/// `String`'s search, a `Character` at a time, was a third of `merge-preview`'s time.
enum ByteSearch {
    /// Where `needle` first starts in `bytes` at or after `from`; nil when nowhere. Linear for a
    /// needle of fixed length: the needles here are constants of a few dozen bytes.
    static func firstIndex(of needle: String, in bytes: [UInt8], from: Int = 0) -> Int? {
        let n = Array(needle.utf8)
        guard let first = n.first, bytes.count >= n.count else { return nil }
        return bytes.withUnsafeBufferPointer { b -> Int? in
            var i = from
            while i <= b.count - n.count {
                if b[i] == first {
                    var k = 1
                    while k < n.count && b[i + k] == n[k] { k += 1 }
                    if k == n.count { return i }
                }
                i += 1
            }
            return nil
        }
    }

    /// What follows `key` in `bytes` up to `end` (or the end), without `"`; nil without `key`.
    static func value(after key: String, in bytes: [UInt8], upTo end: UInt8) -> String? {
        guard let at = firstIndex(of: key, in: bytes) else { return nil }
        let value = bytes[(at + key.utf8.count)...].prefix { $0 != end }.filter { $0 != UInt8(ascii: "\"") }
        return String(decoding: value, as: UTF8.self)
    }

    static func contains(_ bytes: [UInt8], _ needle: String) -> Bool {
        firstIndex(of: needle, in: bytes) != nil
    }

    /// The lines (without their line break) that contain `needle`.
    static func lines(of bytes: [UInt8], containing needle: String) -> [[UInt8]] {
        var out: [[UInt8]] = [], from = 0
        while let at = firstIndex(of: needle, in: bytes, from: from) {
            let start = (bytes[..<at].lastIndex(of: UInt8(ascii: "\n")) ?? -1) + 1
            let end = bytes[at...].firstIndex(of: UInt8(ascii: "\n")) ?? bytes.count
            out.append(Array(bytes[start..<end]))
            from = end
        }
        return out
    }

    /// The texts between each `open` and the `close` after it (`<string>` values of a property list).
    static func values(in bytes: [UInt8], between open: String, and close: String) -> [String] {
        var out: [String] = [], from = 0
        while let at = firstIndex(of: open, in: bytes, from: from) {
            let start = at + open.utf8.count
            guard let end = firstIndex(of: close, in: bytes, from: start) else { break }
            out.append(String(decoding: bytes[start..<end], as: UTF8.self))
            from = end + close.utf8.count
        }
        return out
    }
}

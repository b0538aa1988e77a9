#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Lines that git writes around a conflict (`<<<<<<< `, `|||||||`, `=======`, `>>>>>>> `): the
/// reader reports them as such rather than as the XML error they cause, and `check` reports
/// them even where they happen to be well-formed text.
public enum ConflictMarkers {
    public struct Marker: Sendable, Equatable {
        /// 1-based line.
        public var line: Int
        /// Byte offset of the line's start.
        public var offset: Int
        /// The repeated character: `<`, `|`, `=` or `>`.
        public var character: UInt8

        /// `=======` alone is also a plausible line of text; the others are not.
        public var isSeparator: Bool { character == 0x3D }
    }

    public static func find(in bytes: [UInt8]) -> [Marker] {
        bytes.withUnsafeBufferPointer { find(in: $0) }
    }

    private static func find(in bytes: UnsafeBufferPointer<UInt8>) -> [Marker] {
        var markers: [Marker] = []
        var line = 1
        var start = 0
        let n = bytes.count
        guard let base = bytes.baseAddress else { return [] }
        while start < n {
            // Line ends with memchr: this runs over every merged file.
            let end = memchr(base + start, 0x0A, n - start).map { base.distance(to: $0.assumingMemoryBound(to: UInt8.self)) } ?? n
            let c = bytes[start]
            if c == 0x3C || c == 0x3D || c == 0x3E || c == 0x7C {
                var k = 0
                while start + k < end && bytes[start + k] == c { k += 1 }
                let after = start + k < end ? bytes[start + k] : 0x0A
                // At least 7: git writes longer ones where `conflict-marker-size` says so.
                if k >= 7 && (after == 0x20 || after == 0x0A || after == 0x0D) {
                    markers.append(Marker(line: line, offset: start, character: c))
                }
            }
            line += 1
            start = end + 1
        }
        return markers
    }
}

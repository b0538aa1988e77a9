#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The bytes of one input file, shared by every node parsed from it so that unchanged
/// elements can be written back by copying their original span.
public final class XMLSource: Sendable {
    /// A name for messages: usually the file path.
    public let name: String
    public let bytes: [UInt8]

    public init(name: String, bytes: [UInt8]) {
        self.name = name
        self.bytes = bytes
    }

    /// 1-based line and column (in characters) of a byte offset. Computed on demand:
    /// only error paths and reports need it.
    public func location(of offset: Int) -> SourceLocation {
        var line = 1
        var lineStart = 0
        let end = min(offset, bytes.count)
        bytes.withUnsafeBufferPointer { p in
            for i in 0..<end where p[i] == 0x0A {
                line += 1
                lineStart = i + 1
            }
        }
        var column = 1
        for i in lineStart..<end where bytes[i] & 0xC0 != 0x80 { column += 1 }
        return SourceLocation(file: name, line: line, column: column, offset: offset)
    }

    /// A reusable index for many line look-ups (reports over a whole file).
    public func lineIndex() -> LineIndex { LineIndex(bytes) }
}

/// Where something is in a file, for messages of the form `file:line:column`; line 0 stands
/// for the file as a whole (it cannot be opened, it is too large), shown as the path alone:
/// `path: error: …` is the form Xcode and editors read for a file-level message, where
/// `path:0:0:` would point at a line that does not exist.
public struct SourceLocation: Sendable, Equatable, CustomStringConvertible {
    public var file: String
    public var line: Int
    public var column: Int
    public var offset: Int

    public var description: String { line > 0 ? "\(file):\(line):\(column)" : file }
}

/// Offsets of line starts, for O(log n) line numbers.
public struct LineIndex: Sendable {
    private var starts: [Int] = [0]

    init(_ bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { p in
            guard let base = p.baseAddress else { return }
            var i = 0
            while i < p.count, let nl = memchr(base + i, 0x0A, p.count - i) {
                i = base.distance(to: nl.assumingMemoryBound(to: UInt8.self)) + 1
                starts.append(i)
            }
        }
    }

    public func line(of offset: Int) -> Int {
        var lo = 0, hi = starts.count - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if starts[mid] <= offset { lo = mid } else { hi = mid - 1 }
        }
        return lo + 1
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A file's line-ending convention, and bytes converted to one. A merge keeps ours' convention,
/// as git does: base and theirs are read in it, so that what the result takes from them, copied
/// or merged by lines, ends its lines as ours does. XML reads CR LF and LF alike (line ends are
/// normalised before parsing), so the conversion changes no element, attribute or text.
public enum LineEndings {
    public enum Style: Sendable {
        case lf
        case crlf
    }

    /// The one convention `bytes` use, or nil when they mix both or have no line break.
    public static func style(of bytes: [UInt8]) -> Style? {
        var lf = false, crlf = false
        forEachLineFeed(in: bytes) { i in
            if i > 0 && bytes[i - 1] == 0x0D { crlf = true } else { lf = true }
            return !(lf && crlf)
        }
        return lf == crlf ? nil : (crlf ? .crlf : .lf)
    }

    /// `bytes` with every line break (LF or CR LF) written in `style`; a lone CR is left as it
    /// is. The same array when nothing changes.
    public static func converted(_ bytes: [UInt8], to style: Style) -> [UInt8] {
        var mismatches = 0
        forEachLineFeed(in: bytes) { i in
            if (i > 0 && bytes[i - 1] == 0x0D) != (style == .crlf) { mismatches += 1 }
            return true
        }
        guard mismatches > 0 else { return bytes }
        var out: [UInt8] = []
        out.reserveCapacity(style == .crlf ? bytes.count + mismatches : bytes.count)
        var start = 0
        forEachLineFeed(in: bytes) { i in
            let hasCR = i > 0 && bytes[i - 1] == 0x0D
            out.append(contentsOf: bytes[start..<(hasCR ? i - 1 : i)])
            if style == .crlf { out.append(0x0D) }
            out.append(0x0A)
            start = i + 1
            return true
        }
        out.append(contentsOf: bytes[start...])
        return out
    }

    /// Base and theirs in ours' convention, when ours has one: what a merge reads.
    public static func likeOurs(_ ours: [UInt8], base: [UInt8], theirs: [UInt8]) -> (base: [UInt8], theirs: [UInt8]) {
        guard let style = style(of: ours) else { return (base, theirs) }
        return (converted(base, to: style), converted(theirs, to: style))
    }

    /// Calls `body` with the offset of each LF, in order, while it returns true.
    private static func forEachLineFeed(in bytes: [UInt8], _ body: (Int) -> Bool) {
        bytes.withUnsafeBufferPointer { p in
            guard let base = p.baseAddress else { return }
            var i = 0
            while i < p.count, let hit = memchr(base + i, 0x0A, p.count - i) {
                let at = base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
                guard body(at) else { return }
                i = at + 1
            }
        }
    }
}

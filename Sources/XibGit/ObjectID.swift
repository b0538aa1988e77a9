internal import CLibGit2

/// A git object name (SHA-1), kept as lowercase hex so it is trivially Hashable, Sendable and printable.
public struct ObjectID: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The 40-character lowercase hex form.
    public let hex: String

    /// Accepts a full 40-digit hex id (any case); abbreviations must go through `Repository.resolveCommit`.
    public init?(hex: String) {
        guard hex.utf8.count == 40, hex.utf8.allSatisfy({ $0.isHexDigit }) else { return nil }
        self.hex = hex.lowercased()
    }

    public var description: String { hex }
    /// The customary 7-character abbreviation, for messages.
    public var short: String { String(hex.prefix(7)) }

    public static func < (a: ObjectID, b: ObjectID) -> Bool { a.hex < b.hex }

    init(_ oid: git_oid) {
        let digits = Array("0123456789abcdef".utf8)
        var oid = oid
        hex = withUnsafeBytes(of: &oid.id) { raw in
            var chars = [UInt8]()
            chars.reserveCapacity(40)
            for byte in raw { chars.append(digits[Int(byte >> 4)]); chars.append(digits[Int(byte & 15)]) }
            return String(decoding: chars, as: UTF8.self)
        }
    }

    /// libgit2 uses the all-zero id for "absent" (e.g. the missing side of a diff).
    init?(nonZero oid: UnsafePointer<git_oid>?) {
        guard let oid, git_oid_is_zero(oid) == 0 else { return nil }
        self.init(oid.pointee)
    }

    var oid: git_oid {
        var oid = git_oid()
        _ = git_oid_fromstrn(&oid, hex, hex.utf8.count)
        return oid
    }
}

private extension UInt8 {
    var isHexDigit: Bool { (48...57).contains(self) || (65...70).contains(self) || (97...102).contains(self) }
}

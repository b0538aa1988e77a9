internal import CLibGit2
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A failed libgit2 operation: what we were doing, plus libgit2's own explanation.
public struct GitError: Error, CustomStringConvertible, Sendable, Equatable {
    /// The libgit2 error classes callers may want to branch on.
    public enum Code: Sendable, Equatable {
        case notFound, exists, ambiguous, unbornBranch, invalidSpec, bareRepository
        case conflict, unmerged, locked, peel, owner
        case other(Int32)
    }

    public let code: Code
    /// What XibGit was trying to do, e.g. "cannot resolve revision 'foo'".
    public let operation: String
    /// libgit2's message (`git_error_last`), e.g. "revspec 'foo' not found".
    public let message: String

    public init(code: Code = .other(-1), operation: String, message: String) {
        self.code = code
        self.operation = operation
        self.message = message
    }

    public var description: String { message.isEmpty ? operation : "\(operation): \(message)" }

    /// Captures `git_error_last()` right after a failing call (it is thread-local, so read it
    /// immediately). No error set is NULL up to libgit2 1.7, and from 1.8 a static error of class
    /// `GIT_ERROR_NONE` saying "no error" (Homebrew's libgit2 is 1.9): neither is a message.
    init(libgit2Code rc: Int32, operation: String) {
        let last = git_error_last().flatMap { $0.pointee.klass == Int32(GIT_ERROR_NONE.rawValue) ? nil : $0 }
        self.init(code: Code(rc), operation: operation, message: last.map { Self.trimmed($0.pointee.message) } ?? "")
    }

    /// A libgit2 message without the white space at its ends (some end with a newline). Trimmed
    /// as bytes: the generic trims on characters (`drop(while:)`, `reversed()`) had the Swift
    /// run time look up conformances in every process that met an error, a merge driver's call
    /// outside a repository among them (about 1% of a large merge's time).
    private static func trimmed(_ message: UnsafePointer<CChar>?) -> String {
        guard let message else { return "" }
        let bytes = UnsafeRawBufferPointer(start: message, count: strlen(message))
        func isSpace(_ b: UInt8) -> Bool { b == 0x20 || (b >= 0x09 && b <= 0x0D) }
        var start = 0, end = bytes.count
        while start < end, isSpace(bytes[start]) { start += 1 }
        while end > start, isSpace(bytes[end - 1]) { end -= 1 }
        return String(decoding: UnsafeRawBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
    }
}

extension GitError.Code {
    init(_ rc: Int32) {
        switch rc {
        case GIT_ENOTFOUND.rawValue: self = .notFound
        case GIT_EEXISTS.rawValue: self = .exists
        case GIT_EAMBIGUOUS.rawValue: self = .ambiguous
        case GIT_EUNBORNBRANCH.rawValue: self = .unbornBranch
        case GIT_EINVALIDSPEC.rawValue: self = .invalidSpec
        case GIT_EBAREREPO.rawValue: self = .bareRepository
        case GIT_ECONFLICT.rawValue, GIT_EMERGECONFLICT.rawValue: self = .conflict
        case GIT_EUNMERGED.rawValue: self = .unmerged
        case GIT_ELOCKED.rawValue: self = .locked
        case GIT_EPEEL.rawValue: self = .peel
        case GIT_EOWNER.rawValue: self = .owner
        default: self = .other(rc)
        }
    }
}

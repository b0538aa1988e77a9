internal import CLibGit2

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
        let message = last.flatMap { String(libgit2: $0.pointee.message) } ?? ""
        self.init(code: Code(rc), operation: operation,
                  message: String(message.drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed()))
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

import XibKit
import XibReport
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One conflicted file being resolved: its three versions, the answers given so far (kept in
/// the git directory between runs), and the file the result goes to. The result is always the
/// structural merge with those answers: answered conflicts resolved as chosen, the others
/// marked.
struct ConflictedFile {
    /// The path in the repository, for messages and answers.
    let path: String
    /// The file written.
    let target: String
    let base: [UInt8]?
    let ours: [UInt8]
    let theirs: [UInt8]
    var answers: ResolveAnswers

    init(path: String, target: String, base: [UInt8]?, ours: [UInt8], theirs: [UInt8], gitDir: String?) {
        self.path = path
        self.target = target
        self.base = base
        self.ours = ours
        self.theirs = theirs
        answers = ResolveAnswers(gitDir: gitDir, path: path, base: base, ours: ours, theirs: theirs)
    }

    func merge() -> XibMerger.Outcome {
        var options = XibMerger.Options()
        options.choices = answers.choices
        options.markerStyleWhenNeeded = MergeRun.gitConflictStyle
        // Without a base (both sides added the file): against what the two have in common.
        return XibMerger.merge(baseOrNone: base.map { .init(bytes: $0, name: path + " (base)") }, ours: .init(bytes: ours, name: path),
                               theirs: .init(bytes: theirs, name: path + " (theirs)"), options: options)
    }

    /// The conflicts of a merge still to answer, in the order the merge found them.
    static func unanswered(_ outcome: XibMerger.Outcome) -> [MergeEvent] {
        outcome.events.filter { $0.conflict != nil && $0.conflict?.chosen == nil }
    }

    /// Whether `--only PATTERN` selects a conflict: the pattern is in its path, id or key, or,
    /// with `*`, `?` or `[`, matches one of them as a shell pattern.
    static func matches(_ e: MergeEvent, _ pattern: String?) -> Bool {
        guard let pattern else { return true }
        let glob = pattern.contains { $0 == "*" || $0 == "?" || $0 == "[" }
        let fields: [String] = [e.path, e.objectID ?? "", e.conflict?.key ?? ""]
        return fields.contains { s in
            glob ? fnmatch(pattern, s, 0) == 0 : s.contains(pattern)
        }
    }

    /// Writes the merge with the answers (atomically) and keeps the answers for the next run,
    /// or, when nothing is left to answer, drops them. A clean result is written only once it
    /// passes the integrity check (`check`'s errors).
    func write(_ outcome: XibMerger.Outcome) throws {
        if outcome.isClean {
            guard case .checked(let problems) = IntegrityCheck.check(bytes: outcome.bytes, name: path), problems.isEmpty else {
                throw GitCLI.UsageError("\(path): the resolved file does not pass check; not written")
            }
        }
        do { try AtomicWrite.write(outcome.bytes, to: target) } catch { throw GitCLI.UsageError(error.description) }
        if outcome.isClean { answers.discard() } else { try answers.save() }
    }
}

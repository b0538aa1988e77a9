internal import CLibGit2
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// A partial clone (`git clone --filter=blob:none`) has every commit and tree but only the blobs
// it has needed so far; git fetches the others from the "promisor" remote when it needs them.
// libgit2 cannot: it only reports "object not found". So the blobs xibmerge needs are fetched by
// git itself, then read again.

extension Repository {
    /// Of `ids`, those the object database does not hold (libgit2 looks at new packs before
    /// saying so, so a blob git has just fetched counts as present).
    public func absentObjects(_ ids: [ObjectID]) throws -> [ObjectID] {
        try sync {
            var odb: OpaquePointer?
            try check(git_repository_odb(&odb, handle), "cannot open the object database")
            defer { git_odb_free(odb) }
            return ids.filter { id in
                var oid = id.oid
                return git_odb_exists(odb, &oid) == 0
            }
        }
    }

    /// Asks git for objects this repository lacks, the way git gets them when it needs one, and
    /// returns, for each one still missing afterwards, what git said. Two steps:
    /// 1. from each promisor remote in turn, one `git fetch` of all those still missing: the
    ///    command git's own lazy fetch runs, given all the objects at once (git asks for one at a
    ///    time when it reads them: about 150 ms each from a local `file://` remote, when one fetch
    ///    of 200 takes about as long);
    /// 2. `git cat-file --batch-check` of any still missing: git's own lazy fetch, object by
    ///    object, and its reason when it fails.
    public func fetchMissingObjects(_ ids: [ObjectID]) -> [ObjectID: String] {
        guard !ids.isEmpty else { return [:] }
        func list(_ ids: [ObjectID]) -> [UInt8] { Array(ids.map { $0.hex + "\n" }.joined().utf8) }
        let remotes = promisorRemotes()
        var still = ids
        for remote in remotes where !still.isEmpty {
            _ = runGit(["-c", "fetch.negotiationAlgorithm=noop", "fetch", remote, "--no-tags", "--no-write-fetch-head",
                        "--recurse-submodules=no", "--filter=blob:none", "--stdin"], input: list(still))
            still = (try? absentObjects(still)) ?? still
        }
        guard !still.isEmpty else { return [:] }
        let failure = runGit(["cat-file", "--batch-check"], input: list(still))
        let reason = remotes.isEmpty ? "not in the repository" : "git could not fetch it" + (failure.map { ": " + $0 } ?? "")
        still = (try? absentObjects(still)) ?? still
        return Dictionary(uniqueKeysWithValues: still.map { ($0, reason) })
    }

    /// The remotes git fetches missing objects from, in git's order: `extensions.partialClone`
    /// (which older versions of git set), then each remote with `remote.NAME.promisor` set.
    func promisorRemotes() -> [String] {
        guard let config = try? config() else { return [] }
        var names: [String] = []
        if let name = try? config.string("extensions.partialclone"), !name.isEmpty { names.append(name) }
        let remotes: [String] = sync {
            var list = git_strarray()
            guard git_remote_list(&list, handle) == 0 else { return [] }
            defer { git_strarray_dispose(&list) }
            return (0..<list.count).compactMap { String(libgit2: list.strings[$0]) }
        }
        for name in remotes where !names.contains(name) && (try? config.bool("remote.\(name).promisor")) == true {
            names.append(name)
        }
        return names
    }

    /// Runs git on this repository with `input` on its standard input; returns nil when it
    /// succeeded, else the first line it wrote on its standard error (or why it did not run).
    private func runGit(_ arguments: [String], input: [UInt8]) -> String? {
        // The input goes through an unlinked temporary file: a pipe would need a thread to write
        // it while git's messages are read, and a SIGPIPE handler if git stopped reading.
        guard let stdin = Self.unlinkedTemporaryFile(holding: input) else { return "cannot write a temporary file" }
        defer { close(stdin) }
        guard let (status, message) = Subprocess.run(["git", "--git-dir", gitDir] + arguments, input: stdin, capture: 2) else {
            return "cannot run git"
        }
        if status == 0 { return nil }
        let line = String(decoding: message, as: UTF8.self).split(separator: "\n").first.map(String.init) ?? ""
        let text = ["fatal: ", "error: "].reduce(line) { $0.hasPrefix($1) ? String($0.dropFirst($1.count)) : $0 }
        return text.isEmpty ? "git exited with status \(status)" : text
    }

    /// A file descriptor, at offset 0, of a temporary file already removed from its folder:
    /// nothing is left behind whatever happens to the process.
    private static func unlinkedTemporaryFile(holding bytes: [UInt8]) -> Int32? {
        let folder = getenv("TMPDIR").map { String(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        var template = Array((folder + "/xibmerge-git-XXXXXX").utf8CString)
        let fd = mkstemp(&template)
        guard fd >= 0 else { return nil }
        unlink(template)
        _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        var written = 0
        while written < bytes.count {
            let n = bytes[written...].withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { close(fd); return nil }
            written += n
        }
        guard lseek(fd, 0, SEEK_SET) == 0 else { close(fd); return nil }
        return fd
    }
}

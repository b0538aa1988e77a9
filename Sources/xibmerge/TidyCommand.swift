import XibGit
import XibKit
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

enum TidyCommand {
    static func spec() -> CommandSpec {
        CommandSpec(
            name: "tidy",
            abstract: "Put Xcode's no-op rewrites of .xib and .storyboard files back to HEAD's values.",
            discussion: """
            Compares each changed Interface Builder file with HEAD (or --against REV); with --staged, the \
            index with HEAD. A file that differs only in noise goes back to HEAD's bytes. A file with real \
            changes keeps every one of them, and its noise takes HEAD's values: the document's versions, \
            plug-in versions, deployment and capability entries, editor state (device, canvas locations), \
            cached resources whose images or colours did not change. Frames go back only with --frames. \
            With --staged the staged blob is rewritten and the work-tree file with it (a pre-commit hook). \
            One line per tidied file says what went back. Exit codes: 0 done, 1 with --check when something \
            would be tidied, 2 when a file cannot be read (it is left as it is).
            """,
            arguments: [
                .flag(.staged, help: "Tidy the staged files (the index against HEAD), and the work-tree files with them."),
                .flag(.check, help: "Change nothing; list what would be tidied and exit 1 if anything would."),
                .option(.against, help: "The revision to compare with.", default: "HEAD", complete: .revisions),
                .flag(.frames, help: "Also put back frames that moved by less than a point, where nothing else about the view or its constraints changed."),
                .variadic(.paths, required: false, help: "Limit to these files or folders."),
            ]
        ) { parsed in
            TidyRun(staged: parsed.flag(.staged), check: parsed.flag(.check), against: parsed.string(.against),
                    frames: parsed.flag(.frames), paths: parsed.strings(.paths))
        }
    }
}

/// `tidy` itself, on plain values: one pass over a repository's changed Interface Builder files.
struct TidyRun: CommandRun {
    var staged = false
    var check = false
    var against: String?
    var frames = false
    var paths: [String] = []

    struct Outcome {
        var tidied = 0
        var failed = false
    }

    func run() throws {
        var outcome = Outcome()
        try GitCLI.guarded {
            let repository = try GitCLI.openRepository()
            guard let workdir = repository.workdir else { throw GitCLI.UsageError("tidy needs a work tree") }
            if against == nil && repository.isHeadUnborn { return }  // nothing committed to go back to
            if staged { try Self.refuseAnotherIndex(repository) }
            let base = try repository.resolveCommit(against ?? "HEAD")
            outcome = try tidy(repository, workdir: workdir, base: base, paths: try GitCLI.repositoryPaths(paths, in: repository))
        }
        if outcome.failed { throw Exit.error }
        if check && outcome.tidied > 0 { throw Exit.foundSomething }
    }

    /// `git commit -a` and `git commit PATH` run the pre-commit hook on an index of their own
    /// (`GIT_INDEX_FILE`), which is not the one `--staged` rewrites: refused rather than missed.
    static func refuseAnotherIndex(_ repository: Repository) throws {
        guard let value = getenv("GIT_INDEX_FILE").map({ String(cString: $0) }), !value.isEmpty else { return }
        let path = GitCLI.realPath(value.hasPrefix("/") ? value : GitCLI.currentDirectory() + "/" + value)
        guard path != GitCLI.realPath(repository.gitDir + "/index") else { return }
        throw GitCLI.UsageError("tidy --staged rewrites the repository's index, and this commit uses another (git commit -a, "
                                + "or with paths): stage the files with git add, then run git commit alone")
    }

    private func tidy(_ repository: Repository, workdir: String, base: ObjectID, paths: [String]) throws -> Outcome {
        let changes = staged ? try repository.diffIndex(from: base) : try repository.diffToWorkdir(from: base)
        let options = Tidy.Options(frames: frames, changedResources: Self.resourceNames(changes))
        let within = { (path: String) in paths.isEmpty || paths.contains { $0.isEmpty || path == $0 || path.hasPrefix($0 + "/") } }
        var outcome = Outcome()
        let index = staged ? try repository.index() : nil
        for change in changes {
            guard change.status == .modified || change.status == .renamed, let oldBlob = change.oldBlob,
                  let path = change.newPath, GitCLI.isInterfaceBuilderFile(path), within(path) else { continue }
            do {
                let head = try repository.blobData(id: oldBlob)
                let name = (against: "\(change.oldPath ?? path) (HEAD)", path: path)
                let file = workdir + "/" + path
                if let index {
                    guard let entry = index.entry(path: path) else { continue }
                    let before = try repository.blobData(id: entry.blob)
                    let r = try Tidy.file(head: head, work: before, headName: name.against, workName: path, options: options)
                    guard r.changed else { continue }
                    report(path, r)
                    outcome.tidied += 1
                    if check { continue }
                    try index.add(path: path, blob: try repository.writeBlob(r.bytes), mode: entry.mode)
                    try index.write()
                    try tidyWorkTree(file, staged: before, tidied: r.bytes, head: head, headName: name.against, options: options)
                } else {
                    guard let work = try GitCLI.readWorkTreeFile(file) else { continue }
                    let r = try Tidy.file(head: head, work: work, headName: name.against, workName: path, options: options)
                    guard r.changed else { continue }
                    report(path, r)
                    outcome.tidied += 1
                    if !check { try AtomicWrite.write(r.bytes, to: file) }
                }
            } catch let error as XMLParseError {
                Console.err("\(error.description) (left as it is)")
                outcome.failed = true
            } catch let error as FileIO.WriteError {
                Console.err("xibmerge: \(error)")
                outcome.failed = true
            }
        }
        return outcome
    }

    /// The work-tree file to match the tidied staged one: the same bytes when it held what was
    /// staged, else its own changes tidied the same way.
    private func tidyWorkTree(_ file: String, staged before: [UInt8], tidied: [UInt8], head: [UInt8], headName: String,
                              options: Tidy.Options) throws {
        guard let work = try GitCLI.readWorkTreeFile(file) else { return }
        if work == before {
            try AtomicWrite.write(tidied, to: file)
        } else if let r = try? Tidy.file(head: head, work: work, headName: headName, workName: file, options: options), r.changed {
            try AtomicWrite.write(r.bytes, to: file)
        }
    }

    private func report(_ path: String, _ r: Tidy.Result) {
        let what = (check ? "would put back " : "put back ") + r.summary
        Console.out("\(path): \(what)\(r.noiseOnly ? " (noise only: HEAD's file)" : "")\n")
    }

    /// Names a cached resource may have for the files that changed beside the documents (an
    /// asset catalog's `NAME.imageset`/`NAME.colorset`, a loose `NAME.png`): each path
    /// component, with and without its extension. Their cache entries keep the new values.
    static func resourceNames(_ changes: [FileChange]) -> Set<String> {
        var names = Set<String>()
        for change in changes where !GitCLI.isInterfaceBuilderFile(change.path) {
            for component in change.path.split(separator: "/") {
                names.insert(String(component))
                if let dot = component.lastIndex(of: "."), dot > component.startIndex { names.insert(String(component[..<dot])) }
            }
        }
        return names
    }
}

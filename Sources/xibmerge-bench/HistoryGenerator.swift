import Foundation

/// A git repository whose history is many versions of one real Interface Builder file, for the
/// history benchmarks (`xibmerge log`, `git log -p` with the textconv driver). The corpus holds
/// single versions of files, not their histories, so each commit makes the small edits a person
/// makes in Interface Builder on the one before (`Edits`: a text reworded, a constraint's
/// constant or a frame nudged, a constraint added), and now and then an Xcode upgrade's noise
/// (`toolsVersion`). The edits are chosen by a fixed seed, so every run builds the same history.
struct GeneratedHistory {
    /// The repository's work tree.
    let repository: String
    /// The file's path in it.
    let path: String
    /// The corpus file its first version is.
    let source: String
    let commits: Int

    /// Builds the history in a new repository at `directory` (created), with `source`'s bytes as
    /// the first version at `path`, then `commits - 1` edited versions, through `git fast-import`.
    static func make(from source: String, commits: Int, in directory: String, path: String) throws -> GeneratedHistory {
        guard let git = Bench.which("git") else { throw BenchError("git not found") }
        guard let data = FileManager.default.contents(atPath: source) else { throw BenchError("cannot read \(source)") }
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        guard Bench.run(git, ["-C", directory, "init", "-q", "-b", "main"]) == 0 else { throw BenchError("git init failed") }
        // git's textconv cache is a notes commit, which needs an identity.
        Bench.run(git, ["-C", directory, "config", "user.name", "Ada Lovelace"])
        Bench.run(git, ["-C", directory, "config", "user.email", "ada@example.com"])
        var lines = String(decoding: data, as: UTF8.self).components(separatedBy: "\n")
        var rng = Edits(seed: 200)
        var stream = ""
        for i in 0..<commits {
            var message = "Add \(path)"
            if i > 0 {
                let edits = 1 + rng.below(3)
                for _ in 0..<edits { rng.apply(to: &lines) }
                message = "\(edits) edit(s)"
                if i % 25 == 0 { message += "; " + Edits.upgradeTools(&lines) }
            }
            let time = 1_700_000_000 + i * 3600
            let text = lines.joined(separator: "\n")
            let content = Array(text.utf8)
            stream += "commit refs/heads/main\nmark :\(i + 1)\n"
            stream += "author Ada Lovelace <ada@example.com> \(time) +0000\ncommitter Ada Lovelace <ada@example.com> \(time) +0000\n"
            stream += "data \(message.utf8.count)\n\(message)\n"
            if i > 0 { stream += "from :\(i)\n" }
            stream += "M 100644 inline \(path)\ndata \(content.count)\n\(text)\n\n"
        }
        let input = directory + "/.git/fast-import-stream"
        try Data(stream.utf8).write(to: URL(fileURLWithPath: input))
        defer { try? FileManager.default.removeItem(atPath: input) }
        guard Bench.run("/bin/sh", ["-c", "cd \"$1\" && git fast-import --quiet < \"$2\" && git checkout -q main", "sh", directory, input]) == 0 else {
            throw BenchError("git fast-import failed in \(directory)")
        }
        return GeneratedHistory(repository: directory, path: path, source: source, commits: commits)
    }

    /// The corpus storyboard whose size is closest to `bytes` (a document-format one Xcode wrote).
    static func storyboard(nearest bytes: Int, corpus: String) -> String? {
        let dir = corpus + "/files"
        let names = (try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? []
        return names.filter { $0.hasSuffix(".storyboard") }.map { dir + "/" + $0 }
            .compactMap { path -> (String, Int)? in
                guard let data = FileManager.default.contents(atPath: path),
                      String(decoding: data.prefix(400), as: UTF8.self).contains("<document ") else { return nil }
                return (path, data.count)
            }
            .min { abs($0.1 - bytes) < abs($1.1 - bytes) }?.0
    }
}

struct BenchError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

import Foundation
import XibKit

/// `git log -p` through the textconv driver (`xibmerge textconv`, as `xibmerge install` sets it
/// up) against plain `git log -p` on the same path, over a generated history: a real corpus
/// storyboard of about 250 KB, then 199 commits of one to three small edits each. git runs
/// textconv once per blob and side of each commit's diff, so this is the start-up and reading
/// cost a person pays while scrolling a file's history. With `diff.xibmerge.cachetextconv`, git
/// keeps the outlines in notes: the first run fills them, the second reads them.
func runLogBenchmark(corpus: String, xibmerge: String) -> [String] {
    guard let git = Bench.which("git") else { return ["log: git not found"] }
    guard let source = storyboardNear(bytes: 250 << 10, corpus: corpus) else {
        return ["log: no document-format storyboard under \(corpus)/scenarios"]
    }
    let repo = NSTemporaryDirectory() + "xibmerge-bench-log-\(getpid())"
    defer { try? FileManager.default.removeItem(atPath: repo) }
    guard makeHistory(of: source.path, commits: 200, in: repo, git: git, xibmerge: xibmerge) else {
        return ["log: could not make the history in \(repo)"]
    }
    let path = "UI/Main.storyboard"
    func log(_ config: [String], _ flags: [String] = []) -> Double {
        Bench.median(runs: 1) { Bench.run(git, ["-C", repo] + config + ["log", "-p"] + flags + ["--", path]) }
    }
    let plainRuns = (0..<5).map { _ in log([], ["--no-textconv"]) }
    let plain = plainRuns.sorted()[plainRuns.count / 2]
    let first = log([]), second = log([])
    let cache = ["-c", "diff.xibmerge.cachetextconv=true"]
    let cachedFirst = log(cache), cachedSecond = log(cache)
    func line(_ label: String, _ t: Double) -> String {
        "  \(label): \(Bench.format(t * 1000, 0)) ms, \(Bench.format(t / plain))x plain"
    }
    return [
        "log (git log -p over 200 commits of \(URL(fileURLWithPath: source.path).deletingLastPathComponent().lastPathComponent.prefix(60)), \(source.bytes / 1024) KB; wall time):",
        "  plain git log -p --no-textconv: \(Bench.format(plain * 1000, 0)) ms (median of 5)",
        line("with textconv, first run", first),
        line("with textconv, second run", second),
        line("with textconv and cachetextconv, first run (fills the cache)", cachedFirst),
        line("with textconv and cachetextconv, second run", cachedSecond),
    ]
}

/// The base of the document-format storyboard scenario whose size is nearest `bytes`.
func storyboardNear(bytes: Int, corpus: String) -> (path: String, bytes: Int)? {
    Bench.scenarios(corpus: corpus)
        .filter { $0.ext == "storyboard" }
        .map { (path: "\($0.dir)/base.storyboard", bytes: FileIO.size("\($0.dir)/base.storyboard") ?? 0) }
        .min { abs($0.bytes - bytes) < abs($1.bytes - bytes) }
}

/// A repository at `repo` with `commits` commits of one storyboard: `path` first, then one to
/// three edits a commit; textconv set up as `xibmerge install` sets it.
func makeHistory(of path: String, commits: Int, in repo: String, git: String, xibmerge: String) -> Bool {
    let fm = FileManager.default
    try? fm.removeItem(atPath: repo)
    guard (try? fm.createDirectory(atPath: repo + "/UI", withIntermediateDirectories: true)) != nil else { return false }
    func g(_ arguments: String...) -> Bool { Bench.run(git, ["-C", repo] + arguments) == 0 }
    guard g("init", "-q"), g("config", "user.name", "Bench"), g("config", "user.email", "bench@example.com"),
          g("config", "commit.gpgsign", "false"), g("config", "diff.xibmerge.textconv", "\(xibmerge) textconv")
    else { return false }
    fm.createFile(atPath: repo + "/.gitattributes", contents: Data("*.storyboard diff=xibmerge\n".utf8))
    var lines = Generated.lines(path)
    var rng = Edits(seed: 200)
    for k in 0..<commits {
        if k > 0 { for _ in 0...rng.below(3) { rng.apply(to: &lines) } }
        Generated.write(lines, to: repo + "/UI/Main.storyboard")
        guard g("add", "-A"), g("commit", "-q", "-m", "Edit \(k)") else { return false }
    }
    return true
}

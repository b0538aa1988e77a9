import Foundation
import XibKit

/// `xibmerge merge-preview` and `xibmerge review` cold (a new process each run, as a person runs
/// them) on the shared project with the most source files as a git repository: a base commit and
/// two branches, each changing a Swift or Objective-C file and the same IB file in another place,
/// so both commands run the code rules on whole trees ("breaks the app": merge-preview on ours,
/// theirs and the merged tree, review on both ends of the range). Against git doing its part
/// beside them in the same run: `git merge-tree` (the merge) and `git diff` (the range). Medians
/// of alternating runs, wall time and CPU time (on a busy machine the CPU time says how much
/// work was done). Target: under 3 s each. With `XIBMERGE_BEFORE=BINARY` in the environment,
/// that build (an older one) runs beside them too.
func runBreaksBenchmark(corpus: String, xibmerge: String) -> [String] {
    guard let git = Bench.which("git") else { return ["breaks: git not found"] }
    let projects = URL(fileURLWithPath: corpus).deletingLastPathComponent().appendingPathComponent("projects").path
    let fm = FileManager.default
    func listing(_ dir: String) -> [String] { (fm.enumerator(atPath: dir)?.allObjects as? [String] ?? []).sorted() }
    func isSource(_ path: String) -> Bool { [".swift", ".m", ".h"].contains { path.hasSuffix($0) } }
    let names = ((try? fm.contentsOfDirectory(atPath: projects)) ?? []).filter { Checker.isDirectory("\(projects)/\($0)") }
    guard let largest = names.map({ ($0, listing("\(projects)/\($0)").filter(isSource).count) }).max(by: { $0.1 < $1.1 }) else {
        return ["breaks: no projects in \(projects)"]
    }
    let repo = NSTemporaryDirectory() + "xibmerge-bench-breaks-\(getpid())"
    defer { try? fm.removeItem(atPath: repo) }
    guard (try? fm.copyItem(atPath: "\(projects)/\(largest.0)", toPath: repo)) != nil else { return ["breaks: cannot copy \(largest.0)"] }
    let files = listing(repo)
    // Two sources, and an IB file with two titles on different lines: ours edits the first, theirs the last.
    let sources = files.filter { $0.hasSuffix(".swift") }
    let ib = files.first { f in
        guard f.hasSuffix(".storyboard") || f.hasSuffix(".xib"), let text = try? String(contentsOfFile: "\(repo)/\(f)", encoding: .utf8) else { return false }
        return text.split(separator: "\n").filter { $0.contains("title=\"") }.count >= 2
    }
    guard sources.count >= 2, let ib else { return ["breaks: \(largest.0) has no IB file with two titles or too few sources"] }
    func gitRun(_ args: [String]) -> Int32 {
        Bench.run(git, ["-C", repo, "-c", "user.name=bench", "-c", "user.email=bench@example.com"] + args)
    }
    func edit(_ path: String, _ change: (String) -> String) {
        let url = URL(fileURLWithPath: "\(repo)/\(path)")
        if let text = try? String(contentsOf: url, encoding: .utf8) { try? change(text).write(to: url, atomically: true, encoding: .utf8) }
    }
    func retitle(_ text: String, last: Bool) -> String {
        guard let r = last ? text.range(of: "title=\"", options: .backwards) : text.range(of: "title=\"") else { return text }
        return text.replacingCharacters(in: r, with: "title=\"Bench ")
    }
    _ = gitRun(["init", "-q", "-b", "main"])
    _ = gitRun(["add", "-A"])
    _ = gitRun(["commit", "-q", "-m", "base"])
    for (branch, n) in [("ours", 0), ("theirs", 1)] {
        _ = gitRun(["checkout", "-q", "-b", branch, "main"])
        edit(sources[n]) { $0 + "\n// \(branch)\n" }
        edit(ib) { retitle($0, last: n == 1) }
        _ = gitRun(["commit", "-q", "-a", "-m", branch])
    }
    _ = gitRun(["checkout", "-q", "ours"])
    // Every command from the repository, through one shell for both sides alike.
    let sh = "/bin/sh", inRepo = ["-c", "cd \"$0\" && exec \"$@\"", repo]
    let preview = inRepo + [xibmerge, "merge-preview", "ours", "theirs"]
    let review = inRepo + [xibmerge, "review", "main..ours", "--format", "json", "-o", "\(repo)/.git/review.json"]
    let mergeTree = inRepo + [git, "merge-tree", "--write-tree", "ours", "theirs"]
    let diff = inRepo + [git, "diff", "main..ours"]
    guard Bench.run(sh, preview) <= 1, Bench.run(sh, review) <= 1 else { return ["breaks: xibmerge merge-preview or review failed in \(repo)"] }
    let before = ProcessInfo.processInfo.environment["XIBMERGE_BEFORE"].map { URL(fileURLWithPath: $0).standardizedFileURL.path }
    var commands = [preview, mergeTree, review, diff]
    if let before { commands += [preview, review].map { $0.map { $0 == xibmerge ? before : $0 } } }
    let runs = 5
    var times = [[(wall: Double, cpu: Double)]](repeating: [], count: commands.count)
    for _ in 0..<runs {
        for (k, args) in commands.enumerated() { times[k].append(Bench.measure(sh, args)) }
    }
    func median(_ k: Int) -> (wall: Double, cpu: Double) {
        (times[k].map(\.wall).sorted()[runs / 2], times[k].map(\.cpu).sorted()[runs / 2])
    }
    let p = median(0), m = median(1), r = median(2), d = median(3)
    func ms(_ x: Double) -> String { Bench.format(x * 1000, 0) }
    func target(_ x: Double) -> String { x < 3 ? "met" : "not met" }
    var older: [String] = []
    if let before {
        let bp = median(4), br = median(5)
        older = [
            "  the build XIBMERGE_BEFORE names (\(before)): merge-preview \(ms(bp.wall)) ms wall, \(ms(bp.cpu)) ms CPU; review \(ms(br.wall)) ms wall, \(ms(br.cpu)) ms CPU",
            "  this build against it: merge-preview \(Bench.format(p.wall / bp.wall)) wall, \(Bench.format(p.cpu / bp.cpu)) CPU; review \(Bench.format(r.wall / br.wall)) wall, \(Bench.format(r.cpu / br.cpu)) CPU",
        ]
    }
    return [
        "merge-preview and review cold on \(largest.0) as a git repository (\(largest.1) source files, \(files.count) files; "
            + "both sides change a source and \(ib); \(runs) alternating runs, medians):",
        "  xibmerge merge-preview ours theirs: \(ms(p.wall)) ms wall, \(ms(p.cpu)) ms CPU (target < 3,000 ms: \(target(p.wall)))",
        "  git merge-tree --write-tree (baseline): \(ms(m.wall)) ms wall, \(ms(m.cpu)) ms CPU; ratio \(Bench.format(p.wall / m.wall)) wall, \(Bench.format(p.cpu / m.cpu)) CPU",
        "  xibmerge review main..ours: \(ms(r.wall)) ms wall, \(ms(r.cpu)) ms CPU (target < 3,000 ms: \(target(r.wall)))",
        "  git diff main..ours (baseline): \(ms(d.wall)) ms wall, \(ms(d.cpu)) ms CPU; ratio \(Bench.format(r.wall / d.wall)) wall, \(Bench.format(r.cpu / d.cpu)) CPU",
    ] + older
}

import Foundation
import XibKit

/// Over generated histories of 200 versions of the corpus storyboards nearest 120 KB and 250 KB
/// (`GeneratedHistory`), as a person runs them:
/// - `xibmerge log PATH` against `git log -p -- PATH` (git's line diff of the XML);
/// - `git log -p -- PATH` with the textconv driver `xibmerge install` sets up, on a second run
///   (git keeps the outlines in `refs/notes/textconv/xibmerge`), against plain `git log -p`;
///   the first run, which fills the cache, and a run without the cache are reported beside it.
/// The commands alternate, so that a busy machine slows all alike; figures are medians.
func runHistoryBenchmark(corpus: String, xibmerge: String) -> [String] {
    [120 << 10, 250 << 10].flatMap { runHistoryBenchmark(corpus: corpus, xibmerge: xibmerge, commits: 200, nearBytes: $0) }
}

func runHistoryBenchmark(corpus: String, xibmerge: String, commits: Int, nearBytes: Int) -> [String] {
    guard let git = Bench.which("git") else { return ["history: git not found"] }
    guard let source = GeneratedHistory.storyboard(nearest: nearBytes, corpus: corpus) else {
        return ["history: no document-format storyboard under \(corpus)/files"]
    }
    let bytes = FileIO.size(source) ?? 0
    let tmp = NSTemporaryDirectory() + "xibmerge-bench-history-\(getpid())"
    defer { try? FileManager.default.removeItem(atPath: tmp) }
    let previousDirectory = FileManager.default.currentDirectoryPath
    defer { _ = FileManager.default.changeCurrentDirectoryPath(previousDirectory) }
    // Neither the user's git configuration (an installed driver would make the plain runs use
    // it) nor the system's.
    try? FileManager.default.createDirectory(atPath: tmp + "/home", withIntermediateDirectories: true)
    setenv("HOME", tmp + "/home", 1)
    setenv("GIT_CONFIG_NOSYSTEM", "1", 1)
    setenv("XDG_CONFIG_HOME", tmp + "/home/.config", 1)
    let history: GeneratedHistory
    do {
        history = try GeneratedHistory.make(from: source, commits: commits, in: tmp + "/repo", path: "UI/Main.storyboard")
    } catch {
        return ["history: \(error)"]
    }
    _ = FileManager.default.changeCurrentDirectoryPath(history.repository)
    let path = history.path
    let plain = ["log", "-p", "--no-textconv", "--", path], withDriver = ["log", "-p", "--", path]
    // Warm the page cache, and check that both commands work.
    guard Bench.run(xibmerge, ["log", path]) == 0 else { return ["history: `\(xibmerge) log` failed"] }
    Bench.run(git, plain)

    let runs = 9
    // (An older xibmerge, without --jobs, is measured on all cores only.)
    let oneCore = Bench.run(xibmerge, ["log", "-n", "1", "--jobs", "1", path]) == 0
    let commands: [(name: String, program: String, arguments: [String])] = [
        ("git log -p -- PATH", git, plain),
        ("xibmerge log PATH", xibmerge, ["log", path]),
    ] + (oneCore ? [("xibmerge log --jobs 1 PATH", xibmerge, ["log", "--jobs", "1", path])] : [])
    var times = commands.map { _ in [(wall: Double, cpu: Double)]() }
    for _ in 0..<runs {
        for (i, c) in commands.enumerated() { times[i].append(Bench.measure(c.program, c.arguments)) }
    }
    guard Bench.run(xibmerge, ["install"]) == 0 else { return ["history: `\(xibmerge) install` failed"] }
    let cached = Bench.run(git, ["config", "--get", "diff.xibmerge.cachetextconv"]) == 0
    guard Bench.run(git, withDriver) == 0 else { return ["history: `git log -p` with the textconv driver failed"] }
    let uncached = Bench.measure(git, ["-c", "diff.xibmerge.cachetextconv=false"] + withDriver).wall
    var firstTimes: [Double] = [], textconvTimes: [Double] = [], plainTimes: [Double] = []
    for _ in 0..<3 {
        Bench.run(git, ["update-ref", "-d", "refs/notes/textconv/xibmerge"])
        firstTimes.append(Bench.measure(git, withDriver).wall)
    }
    for _ in 0..<runs {
        textconvTimes.append(Bench.measure(git, withDriver).wall)
        plainTimes.append(Bench.measure(git, plain).wall)
    }
    func median(_ xs: [Double]) -> Double { xs.sorted()[xs.count / 2] }
    func ms(_ x: Double) -> String { Bench.format(x * 1000, 0) + " ms" }
    let wall = times.map { median($0.map(\.wall)) }, cpu = times.map { median($0.map(\.cpu)) }
    let textconv = median(textconvTimes), plainLog = median(plainTimes), first = median(firstTimes)
    let name = URL(fileURLWithPath: source).lastPathComponent
    let ratio = wall[1] / wall[0]
    return ["history (\(commits) versions of \(name), \(bytes / 1024) KB, generated; medians of \(runs) alternating runs):"]
        + commands.indices.map { "  \(commands[$0].name): \(ms(wall[$0])) wall, \(ms(cpu[$0])) CPU" }
        + [
            "  ratio xibmerge log / git log -p: \(Bench.format(ratio)) wall (target ≤ 1.50: \(ratio <= 1.5 ? "met" : "not met")), "
                + "\(Bench.format(cpu[1] / cpu[0])) CPU" + (oneCore ? "; on one core \(Bench.format(wall[2] / wall[0])) wall" : ""),
            "  git log -p with the textconv driver (cachetextconv \(cached ? "on" : "off")): first run \(ms(first)), then \(ms(textconv))",
            "  plain git log -p (--no-textconv): \(ms(plainLog)); with the driver but no cache: \(ms(uncached)) (\(Bench.format(uncached / plainLog)))",
            "  ratio textconv (second run) / plain: \(Bench.format(textconv / plainLog)) (target ≤ 2.00: \(textconv / plainLog <= 2 ? "met" : "not met")); first run: \(Bench.format(first / plainLog))",
        ]
}

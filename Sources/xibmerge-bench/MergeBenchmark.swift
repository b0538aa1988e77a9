import Foundation
import XibKit

/// `xibmerge merge` against `git merge-file` on the same three files (both as processes,
/// as git runs them), on the 30 largest document-format scenarios. Targets: the median ratio at
/// most 3, and every merge under 50 ms.
func runMergeBenchmark(corpus: String, xibmerge: String) -> [String] {
    guard let git = Bench.which("git") else { return ["merge: git not found"] }
    let scenarios = Array(Bench.scenarios(corpus: corpus).prefix(30))
    guard !scenarios.isEmpty else { return ["merge: no scenarios under \(corpus)/scenarios"] }
    // 21 runs: on a machine whose virtual cores stall now and then, 11 left the medians
    // swinging by a third from one run of the script to the next.
    let runs = 21
    var lines = ["merge (largest \(scenarios.count) scenarios, median of \(runs) alternating runs, wall time including process start):"]
    var ratios: [Double] = [], slowest = 0.0
    for s in scenarios {
        guard let (xm, gm) = timeMerge(dir: s.dir, ext: s.ext, runs: runs, xibmerge: xibmerge, git: git) else {
            return ["merge: \(xibmerge) failed on \(s.dir) (is it built?)"]
        }
        ratios.append(xm / gm)
        slowest = max(slowest, xm)
        lines.append("  \(URL(fileURLWithPath: s.dir).lastPathComponent.prefix(70)) (\(s.bytes / 1024) KB): xibmerge \(Bench.format(xm * 1000, 1)) ms, git merge-file \(Bench.format(gm * 1000, 1)) ms, ratio \(Bench.format(xm / gm))")
    }
    let m = median(ratios)
    lines.append("  median ratio xibmerge / git merge-file: \(Bench.format(m)) (target ≤ 3.00: \(m <= 3 ? "met" : "not met"))")
    lines.append("  slowest merge: \(Bench.format(slowest * 1000, 1)) ms (target: every one under 50 ms: \(slowest < 0.050 ? "met" : "not met"))")
    return lines + runHeavyMergeBenchmark(corpus: corpus, xibmerge: xibmerge, git: git, runs: runs)
}

/// Merges where both sides made 100 and more changes (`HeavyMerges`: generated on the largest
/// scenarios under 600 KB, and on the next ones, held out, in two groups). Targets, for each
/// group: the median ratio at most 3, every merge under 60 ms.
func runHeavyMergeBenchmark(corpus: String, xibmerge: String, git: String, runs: Int) -> [String] {
    // XIBMERGE_BENCH_HEAVY_DIR keeps the generated scenarios there, to profile one of them.
    let kept = ProcessInfo.processInfo.environment["XIBMERGE_BENCH_HEAVY_DIR"]
    let dir = kept ?? NSTemporaryDirectory() + "xibmerge-bench-heavy-\(getpid())"
    defer { if kept == nil { try? FileManager.default.removeItem(atPath: dir) } }
    var lines: [String] = []
    for group in HeavyMerges.Group.all {
        let made = HeavyMerges.make(corpus: corpus, into: dir, group: group)
        guard !made.isEmpty else { return lines + ["heavy merges: none could be made from \(corpus)/scenarios"] }
        lines.append("merge where both sides made \(HeavyMerges.editsPerSide) generated edits (\(made.count) scenarios, \(group.what), median of \(runs) alternating runs):")
        var ratios: [Double] = [], slowest = 0.0
        for folder in made {
            let ext = FileManager.default.fileExists(atPath: "\(folder)/base.xib") ? "xib" : "storyboard"
            guard let (xm, gm) = timeMerge(dir: folder, ext: ext, runs: runs, xibmerge: xibmerge, git: git) else {
                return lines + ["heavy merges: \(xibmerge) failed on \(folder)"]
            }
            ratios.append(xm / gm)
            slowest = max(slowest, xm)
            let size = (FileIO.size("\(folder)/base.\(ext)") ?? 0) >> 10
            lines.append("  \(URL(fileURLWithPath: folder).lastPathComponent) (\(size) KB): xibmerge \(Bench.format(xm * 1000, 1)) ms, git merge-file \(Bench.format(gm * 1000, 1)) ms, ratio \(Bench.format(xm / gm))")
        }
        let m = median(ratios)
        lines.append("  median ratio xibmerge / git merge-file: \(Bench.format(m)) (target ≤ 3.00: \(m <= 3 ? "met" : "not met"))")
        lines.append("  slowest merge: \(Bench.format(slowest * 1000, 1)) ms (target: every one under 60 ms: \(slowest < 0.060 ? "met" : "not met"))")
    }
    return lines
}

/// Merges of generated large storyboards (`Generated.largeScenarios`): a real 1 MB one and
/// twelve copies of its scenes, each side with small edits, some on the same lines.
func runLargeMergeBenchmark(corpus: String, xibmerge: String) -> [String] {
    guard let git = Bench.which("git") else { return ["large: git not found"] }
    let dir = NSTemporaryDirectory() + "xibmerge-bench-large-\(getpid())"
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let made = Generated.largeScenarios(corpus: corpus, into: dir)
    guard !made.isEmpty else { return ["large: the corpus's 1 MB storyboard is missing"] }
    var lines = ["merge of generated large storyboards (median of 7 alternating runs):"]
    for scenario in made {
        guard let (xm, gm) = timeMerge(dir: scenario, ext: "storyboard", runs: 7, xibmerge: xibmerge, git: git) else {
            return ["large: \(xibmerge) failed on \(scenario)"]
        }
        let size = (FileIO.size("\(scenario)/base.storyboard") ?? 0) >> 10
        lines.append("  \(URL(fileURLWithPath: scenario).lastPathComponent) (\(size) KB): xibmerge \(Bench.format(xm * 1000, 1)) ms, git merge-file \(Bench.format(gm * 1000, 1)) ms, ratio \(Bench.format(xm / gm))")
    }
    return lines
}

/// Median wall times of `xibmerge merge` and `git merge-file` on the scenario in `dir`, each
/// on a fresh copy of OURS named as git names its scratch copy for a merge driver (`%A`); the
/// copying, measured alone, is taken out. The three alternate, so that a slow spell of the
/// machine slows all alike. Nil if xibmerge failed.
func timeMerge(dir: String, ext: String, runs: Int, xibmerge: String, git: String) -> (xibmerge: Double, git: Double)? {
    let base = "\(dir)/base.\(ext)", ours = "\(dir)/ours.\(ext)", theirs = "\(dir)/theirs.\(ext)"
    let tmp = NSTemporaryDirectory() + "xibmerge-bench-\(getpid())"
    try? FileManager.default.createDirectory(atPath: tmp, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: tmp) }
    let a = "\(tmp)/.merge_file_A"
    func fresh() {
        try? FileManager.default.removeItem(atPath: a)
        try? FileManager.default.copyItem(atPath: ours, toPath: a)
    }
    func seconds(_ body: () -> Void) -> Double {
        let t0 = Bench.now()
        body()
        return Double(Bench.now() - t0) / 1e9
    }
    var xibmergeTimes: [Double] = [], gitTimes: [Double] = [], copyTimes: [Double] = []
    for _ in 0..<runs {
        var status: Int32 = 0
        xibmergeTimes.append(seconds { fresh(); status = Bench.run(xibmerge, ["merge", base, a, theirs, "file.\(ext)"]) })
        if status < 0 || status > 1 { return nil }
        gitTimes.append(seconds { fresh(); Bench.run(git, ["merge-file", "-L", "ours", "-L", "base", "-L", "theirs", a, base, theirs]) })
        copyTimes.append(seconds { fresh() })
    }
    let copy = median(copyTimes)
    return (max(median(xibmergeTimes) - copy, 1e-6), max(median(gitTimes) - copy, 1e-6))
}

/// The middle value (the mean of the two middle ones for an even count).
func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    let mid = sorted.count / 2
    return sorted.count % 2 == 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2
}

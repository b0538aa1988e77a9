import Foundation

/// `xibmerge merge` against `git merge-file` on the same three files (both as processes,
/// as git runs them), on the largest document-format scenarios.
func runMergeBenchmark(corpus: String, xibmerge: String) -> [String] {
    guard let git = Bench.which("git") else { return ["merge: git not found"] }
    let scenarios = Array(Bench.scenarios(corpus: corpus).prefix(8))
    guard !scenarios.isEmpty else { return ["merge: no scenarios under \(corpus)/scenarios"] }
    let tmp = NSTemporaryDirectory() + "xibmerge-bench-\(getpid())"
    try? FileManager.default.createDirectory(atPath: tmp, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: tmp) }
    // 21 runs: on a machine whose virtual cores stall now and then, 11 left the medians
    // swinging by a third from one run of the script to the next.
    let runs = 21
    var lines = ["merge (largest \(scenarios.count) scenarios, median of \(runs) alternating runs, wall time including process start):"]
    var ratios: [Double] = []
    for s in scenarios {
        let base = "\(s.dir)/base.\(s.ext)", ours = "\(s.dir)/ours.\(s.ext)", theirs = "\(s.dir)/theirs.\(s.ext)"
        // Named as git names its scratch copy of OURS for a merge driver (`%A`).
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
        // xibmerge, git merge-file and the copy of OURS alone, in turn, so that a slow spell of
        // the machine slows all three alike.
        var xibmergeTimes: [Double] = [], gitTimes: [Double] = [], copyTimes: [Double] = []
        for _ in 0..<runs {
            var status: Int32 = 0
            xibmergeTimes.append(seconds { fresh(); status = Bench.run(xibmerge, ["merge", base, a, theirs, "file.\(s.ext)"]) })
            if status < 0 || status > 1 { return ["merge: \(xibmerge) failed on \(s.dir) (is it built?)"] }
            gitTimes.append(seconds { fresh(); Bench.run(git, ["merge-file", "-L", "ours", "-L", "base", "-L", "theirs", a, base, theirs]) })
            // Copying the file is part of both; it is measured alone and taken out.
            copyTimes.append(seconds { fresh() })
        }
        let xm = median(xibmergeTimes), gm = median(gitTimes), copy = median(copyTimes)
        let ratio = max(xm - copy, 1e-6) / max(gm - copy, 1e-6)
        ratios.append(ratio)
        lines.append("  \(URL(fileURLWithPath: s.dir).lastPathComponent.prefix(70)) (\(s.bytes / 1024) KB): xibmerge \(Bench.format((xm - copy) * 1000, 1)) ms, git merge-file \(Bench.format((gm - copy) * 1000, 1)) ms, ratio \(Bench.format(ratio))")
    }
    lines.append("  median ratio xibmerge / git merge-file: \(Bench.format(median(ratios)))")
    return lines
}

/// The middle value (the mean of the two middle ones for an even count).
private func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    let mid = sorted.count / 2
    return sorted.count % 2 == 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2
}

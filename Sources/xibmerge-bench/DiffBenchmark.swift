import Foundation

/// `xibmerge diff OLD NEW` (text, the form git's diff driver uses) against `git diff --no-index
/// OLD NEW` on the largest base/ours pair of the corpus (by bytes), both as processes, as a
/// person runs them. The commands alternate, so that a busy machine slows all alike; figures
/// are medians. Also reported: the same diff with an option (`--format text`), which goes
/// through the argument parser, and the start-up of the process alone (textconv of an empty
/// file), a floor that no diffing work can go below.
func runDiffBenchmark(corpus: String, xibmerge: String) -> [String] {
    guard let git = Bench.which("git") else { return ["diff: git not found"] }
    guard let pair = largestDiffPair(corpus: corpus) else { return ["diff: no document-format scenarios under \(corpus)/scenarios"] }
    let runs = 21
    let xibArgs = ["diff", pair.base, pair.ours]
    let optionArgs = ["diff", "--format", "text", pair.base, pair.ours]
    let gitArgs = ["diff", "--no-index", pair.base, pair.ours]
    // Warm the page cache and the dynamic loader, and check that both commands work.
    let status = Bench.run(xibmerge, xibArgs)
    Bench.run(git, gitArgs)
    guard status == 0 else { return ["diff: `\(xibmerge) diff` exited \(status)"] }
    var xibTimes: [Double] = [], gitTimes: [Double] = [], startTimes: [Double] = [], optionTimes: [Double] = []
    for _ in 0..<runs {
        xibTimes.append(Bench.median(runs: 1) { Bench.run(xibmerge, xibArgs) })
        gitTimes.append(Bench.median(runs: 1) { Bench.run(git, gitArgs) })
        optionTimes.append(Bench.median(runs: 1) { Bench.run(xibmerge, optionArgs) })
        startTimes.append(Bench.median(runs: 1) { Bench.run(xibmerge, ["textconv", "/dev/null"]) })
    }
    func median(_ xs: [Double]) -> Double { xs.sorted()[xs.count / 2] }
    let x = median(xibTimes), g = median(gitTimes), s = median(startTimes), o = median(optionTimes)
    let ratio = x / g
    let name = URL(fileURLWithPath: pair.base).deletingLastPathComponent().lastPathComponent
    return [
        "diff (largest base/ours pair: \(name), \(pair.baseBytes / 1024) KB + \(pair.oursBytes / 1024) KB; median of \(runs) alternating runs, wall time including process start):",
        "  xibmerge diff OLD NEW:       \(Bench.format(x * 1000, 1)) ms",
        "  git diff --no-index:         \(Bench.format(g * 1000, 1)) ms",
        "  ratio xibmerge / git diff: \(Bench.format(ratio)) (target ≤ 2.00: \(ratio <= 2 ? "met" : "not met"))",
        "  of which xibmerge process start-up alone (textconv /dev/null): \(Bench.format(s * 1000, 1)) ms; diff work: \(Bench.format(max(x - s, 0) * 1000, 1)) ms",
        "  with an option (xibmerge diff --format text OLD NEW, through the argument parser): \(Bench.format(o * 1000, 1)) ms, ratio \(Bench.format(o / g))",
    ]
}

/// The document-format scenario whose base and ours together are the largest, by meta.json's `bytes`.
func largestDiffPair(corpus: String) -> (base: String, ours: String, baseBytes: Int, oursBytes: Int)? {
    var best: (base: String, ours: String, baseBytes: Int, oursBytes: Int)? = nil
    let fm = FileManager.default
    for set in ["conflicts", "clean"] {
        let root = "\(corpus)/scenarios/\(set)"
        for name in ((try? fm.contentsOfDirectory(atPath: root)) ?? []).sorted() {
            let dir = "\(root)/\(name)"
            guard let data = fm.contents(atPath: "\(dir)/meta.json"),
                  let meta = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
                  meta["file_format"] as? String == "document",
                  let bytes = meta["bytes"] as? [String: Int], let b = bytes["base"], let o = bytes["ours"] else { continue }
            let ext = fm.fileExists(atPath: "\(dir)/base.xib") ? "xib" : "storyboard"
            if b + o > (best.map { $0.baseBytes + $0.oursBytes } ?? -1) {
                best = ("\(dir)/base.\(ext)", "\(dir)/ours.\(ext)", b, o)
            }
        }
    }
    return best
}


import Foundation

/// `xibmerge check DIR` on the corpus's folder of shared files, on every core against one
/// (`--jobs 1`), as processes; the runs alternate so that a busy machine slows both alike,
/// and the figures are medians. The baseline is the single-core run.
func runCheckBenchmark(corpus: String, xibmerge: String) -> [String] {
    let folder = "\(corpus)/files"
    let count = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [])
        .filter { $0.hasSuffix(".xib") || $0.hasSuffix(".storyboard") }.count
    guard count > 0 else { return ["check: no .xib or .storyboard files in \(folder)"] }
    let runs = 21
    let all = ["check", folder], one = ["check", "--jobs", "1", folder]
    // Warm the page cache; exit 2 is expected (the folder holds legacy archives check refuses).
    let status = Bench.run(xibmerge, all)
    guard status == 0 || status == 1 || status == 2 else { return ["check: `\(xibmerge) check` exited \(status)"] }
    Bench.run(xibmerge, one)
    var allTimes: [Double] = [], oneTimes: [Double] = []
    for _ in 0..<runs {
        allTimes.append(Bench.median(runs: 1) { Bench.run(xibmerge, all) })
        oneTimes.append(Bench.median(runs: 1) { Bench.run(xibmerge, one) })
    }
    func median(_ xs: [Double]) -> Double { xs.sorted()[xs.count / 2] }
    let a = median(allTimes), o = median(oneTimes)
    let cores = ProcessInfo.processInfo.activeProcessorCount
    return [
        "check (a folder of \(count) shared files, \(runs) alternating runs, medians, process start included):",
        "  xibmerge check DIR (\(cores) cores):   \(Bench.format(a * 1000, 1)) ms",
        "  xibmerge check --jobs 1 DIR:      \(Bench.format(o * 1000, 1)) ms",
        "  speed-up on \(cores) cores: \(Bench.format(o / a))×",
    ]
}

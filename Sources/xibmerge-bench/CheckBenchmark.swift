import Foundation
import XibKit

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

/// `xibmerge check DIR` with the code rules on the shared project with the most source files,
/// against the same check without them (`--disable` each: the baseline reads the IB files
/// only). Medians of alternating runs, process start included.
func runCodeCheckBenchmark(corpus: String, xibmerge: String) -> [String] {
    let projects = URL(fileURLWithPath: corpus).deletingLastPathComponent().appendingPathComponent("projects").path
    let fm = FileManager.default
    func sources(_ dir: String) -> Int {
        (fm.enumerator(atPath: dir)?.allObjects as? [String] ?? []).filter { $0.hasSuffix(".swift") || $0.hasSuffix(".m") || $0.hasSuffix(".h") }.count
    }
    let names = ((try? fm.contentsOfDirectory(atPath: projects)) ?? []).filter { Checker.isDirectory("\(projects)/\($0)") }
    guard let largest = names.map({ ($0, sources("\(projects)/\($0)")) }).max(by: { $0.1 < $1.1 }) else {
        return ["check-code: no projects in \(projects)"]
    }
    let folder = "\(projects)/\(largest.0)"
    let code = ["check", folder]
    let plain = ["check"] + CheckRule.allCases.filter(\.readsCode).flatMap { ["--disable", $0.id] } + [folder]
    Bench.run(xibmerge, code)
    Bench.run(xibmerge, plain)
    var codeTimes: [Double] = [], plainTimes: [Double] = []
    let runs = 5
    for _ in 0..<runs {
        codeTimes.append(Bench.median(runs: 1) { Bench.run(xibmerge, code) })
        plainTimes.append(Bench.median(runs: 1) { Bench.run(xibmerge, plain) })
    }
    func median(_ xs: [Double]) -> Double { xs.sorted()[xs.count / 2] }
    let c = median(codeTimes), p = median(plainTimes)
    return [
        "check with the code rules (\(largest.0): \(largest.1) source files, \(runs) alternating runs, medians):",
        "  xibmerge check DIR:                 \(Bench.format(c * 1000, 0)) ms (target: under 5,000 ms)",
        "  the same, IB files only (baseline): \(Bench.format(p * 1000, 0)) ms",
        "  reading the code costs \(Bench.format(c / p))× the IB-only check",
    ]
}

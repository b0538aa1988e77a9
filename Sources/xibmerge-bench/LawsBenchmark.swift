import CorpusSupport
import Foundation
import MergeLaws
import XibKit

/// The long run of the merge's laws (`MergeLaws`, as `MergePropertyTests` runs a short one):
/// `count` generated cases over every Xcode-written corpus file under 300 KB, spread over the
/// cores, from `seed`. Prints the counts and every violation; XIBMERGE_LAWS_KEEP=DIR writes each
/// violating case there (base, ours, theirs) to merge again by hand.
func runLawsBenchmark(corpus: String, count: Int, seed: UInt64) -> [String] {
    let keep = ProcessInfo.processInfo.environment["XIBMERGE_LAWS_KEEP"]
    let files = (try? Corpus.xcodeWrittenFiles())?.filter { (FileIO.size($0.path) ?? .max) < 300_000 }.sorted { $0.path < $1.path } ?? []
    guard !files.isEmpty else { return ["laws: no Xcode-written files under \(corpus)"] }
    let perFile = max(1, (count + files.count - 1) / files.count)
    let start = Date()
    let results = parallelMap(Array(files.enumerated()), jobs: nil) { (i, url) -> (cases: Int, clean: Int, violations: [String]) in
        guard let bytes = try? Corpus.bytes(url) else { return (0, 0, []) }
        var rng = SplitMix(seed: seed &+ UInt64(i) &* 0x9E37_79B9)
        var clean = 0
        var violations: [String] = []
        let cases = MergeLaws.cases(base: bytes, name: url.lastPathComponent, count: perFile, rng: &rng)
        for c in cases {
            let r = MergeLaws.check(c)
            if r.clean { clean += 1 }
            violations += r.violations.map { "\($0)\n    in \(url.deletingLastPathComponent().lastPathComponent)/\(c)" }
            if let keep, !r.violations.isEmpty {
                let folder = "\(keep)/\(i)-\(violations.count)-\(url.deletingLastPathComponent().lastPathComponent.prefix(60))"
                let ext = url.pathExtension
                try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
                for (name, bytes) in [("base", c.base), ("ours", c.ours.bytes), ("theirs", c.theirs.bytes)] {
                    try? FileIO.writeAtomically(bytes, to: "\(folder)/\(name).\(ext)")
                }
            }
        }
        return (cases.count, clean, violations)
    }
    let cases = results.map(\.cases).reduce(0, +), clean = results.map(\.clean).reduce(0, +)
    let violations = results.flatMap(\.violations)
    var lines = ["laws (seed \(seed), \(files.count) files, \(String(format: "%.0f", Date().timeIntervalSince(start))) s): \(cases) cases, \(clean) clean, \(cases - clean) conflicted, \(violations.count) violations"]
    lines += violations.prefix(40).map { "  " + $0 }
    return lines
}

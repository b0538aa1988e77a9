import Foundation
import XibKit

/// What git pays for each file it hands to xibmerge: a merge-driver call and a textconv call on
/// the 11 document scenarios around the corpus's median size, against `git merge-file` and
/// `xmllint --noout` on the same files, and a process that does nothing (`--version`) against
/// `git --version`. Small files are the common case, so these figures are mostly process start.
func runDriverBenchmark(corpus: String, xibmerge: String) -> [String] {
    guard let git = Bench.which("git") else { return ["driver: git not found"] }
    let all = Bench.scenarios(corpus: corpus)
    guard all.count >= 11 else { return ["driver: fewer than 11 scenarios under \(corpus)/scenarios"] }
    let middle = Array(all[(all.count / 2 - 5)...(all.count / 2 + 5)])
    let runs = 21
    var merge: [Double] = [], mergeRatios: [Double] = [], textconv: [Double] = [], textconvRatios: [Double] = []
    let xmllint = Bench.which("xmllint")
    for s in middle {
        guard let (xm, gm) = timeMerge(dir: s.dir, ext: s.ext, runs: runs, xibmerge: xibmerge, git: git) else {
            return ["driver: \(xibmerge) failed on \(s.dir) (is it built?)"]
        }
        merge.append(xm)
        mergeRatios.append(xm / gm)
        let file = "\(s.dir)/ours.\(s.ext)"
        let tc = Bench.median(runs: runs) { Bench.run(xibmerge, ["textconv", file]) }
        textconv.append(tc)
        if let xmllint { textconvRatios.append(tc / Bench.median(runs: runs) { Bench.run(xmllint, ["--noout", file]) }) }
    }
    let start = Bench.median(runs: runs) { Bench.run(xibmerge, ["--version"]) }
    let gitStart = Bench.median(runs: runs) { Bench.run(git, ["--version"]) }
    let sizes = middle.map { $0.bytes / 1024 }
    return [
        "driver (the 11 scenarios around the median size, \(sizes.min()!)–\(sizes.max()!) KB; medians of \(runs) runs):",
        "  merge-driver call: \(Bench.format(median(merge) * 1000, 1)) ms, \(Bench.format(median(mergeRatios)))× git merge-file",
        "  textconv call: \(Bench.format(median(textconv) * 1000, 1)) ms"
            + (textconvRatios.isEmpty ? "" : ", \(Bench.format(median(textconvRatios)))× xmllint --noout"),
        "  process start (--version): \(Bench.format(start * 1000, 1)) ms, \(Bench.format(start / gitStart))× git --version",
    ]
}

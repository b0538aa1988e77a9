import Foundation
import XibKit

/// Peak resident memory of `check`, `diff` and `merge` against the largest input (issue 18:
/// at most 10×), on the generated 12 MB storyboard and its edited versions, on the corpus's
/// largest files (check: the largest file; diff: the largest base/ours pair; merge: the largest
/// document scenario) and on the 20 MB one-parent document. Each figure is the median of 5
/// runs, as a raw multiple of the input and as one after taking out the same command's peak on
/// a one-view file: the binary and the Swift runtime, which do not grow with the input.
func runMemoryBenchmark(corpus: String, xibmerge: String) -> [String] {
    let dir = NSTemporaryDirectory() + "xibmerge-bench-memory-\(getpid())"
    try? FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let small = "\(dir)/small", onePath = "\(dir)/one-parent"
    for folder in [small, onePath] { try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true) }
    Bench.write(OneParent.document([OneParent.view(0, y: 0)]), to: "\(small)/base.xib")
    Bench.write(OneParent.document([OneParent.view(0, y: 7)]), to: "\(small)/ours.xib")
    Bench.write(OneParent.document([OneParent.view(1, y: 0)]), to: "\(small)/theirs.xib")
    let cases = MemoryCase.small(small)
    let floor = cases.map { Bench.medianPeak($0, in: dir, xibmerge: xibmerge) }
    var lines = ["peak memory (median of 5 runs; net: after taking out the same command on a one-view file, "
                 + "check \(mib(floor[0])), diff \(mib(floor[1])), merge \(mib(floor[2])); target ≤ 10× the largest input):"]
    var groups: [(String, [MemoryCase])] = []
    let generated = Generated.largeScenarios(corpus: corpus, into: dir)
    if let twelve = generated.last {
        groups.append(("generated 12 MB storyboard", MemoryCase.scenario(twelve, ext: "storyboard")))
    }
    var corpusCases: [MemoryCase] = []
    let largestFile = Bench.largestFile(in: "\(corpus)/files")
    if let largestFile { corpusCases.append(MemoryCase(command: "check", files: [largestFile])) }
    if let pair = largestDiffPair(corpus: corpus) { corpusCases.append(MemoryCase(command: "diff", files: [pair.base, pair.ours])) }
    if let largest = Bench.scenarios(corpus: corpus).first { corpusCases += MemoryCase.scenario(largest.dir, ext: largest.ext).suffix(1) }
    if !corpusCases.isEmpty { groups.append(("largest corpus files", corpusCases)) }
    let (before, after) = OneParent.versions(views: 115_000)
    Bench.write(before, to: "\(onePath)/old.xib")
    Bench.write(after, to: "\(onePath)/new.xib")
    groups.append(("one parent with 115,000 children (20 MB)", [MemoryCase(command: "diff", files: ["\(onePath)/old.xib", "\(onePath)/new.xib"])]))
    for (title, cases) in groups {
        lines.append("  \(title):")
        for c in cases {
            let peak = Bench.medianPeak(c, in: dir, xibmerge: xibmerge)
            let input = c.files.map { FileIO.size($0) ?? 0 }.max() ?? 1
            let net = peak - floor[["check", "diff", "merge"].firstIndex(of: c.command) ?? 0]
            let name = URL(fileURLWithPath: c.files.last!).deletingLastPathComponent().lastPathComponent.prefix(50)
            let shown = c.command == "check" ? URL(fileURLWithPath: c.files[0]).lastPathComponent.prefix(50) : name
            lines.append("    \(c.command) \(shown) (\(input >> 10) KiB): \(mib(peak)), \(Bench.format(Double(peak) / Double(input), 1))× raw, "
                         + "\(Bench.format(Double(net) / Double(input), 1))× net (target ≤ 10×: \(net <= 10 * input ? "met" : "not met"))")
        }
    }
    return lines
}

private func mib(_ bytes: Int) -> String { "\(Bench.format(Double(bytes) / Double(1 << 20), 1)) MiB" }

/// One command to measure and its input files (merge: base, ours, theirs).
struct MemoryCase {
    var command: String
    var files: [String]

    static func small(_ dir: String) -> [MemoryCase] {
        [MemoryCase(command: "check", files: ["\(dir)/base.xib"])] + scenario(dir, ext: "xib").suffix(2)
    }

    /// check of ours, diff of base and ours, merge of the three.
    static func scenario(_ dir: String, ext: String) -> [MemoryCase] {
        let base = "\(dir)/base.\(ext)", ours = "\(dir)/ours.\(ext)", theirs = "\(dir)/theirs.\(ext)"
        return [MemoryCase(command: "check", files: [ours]), MemoryCase(command: "diff", files: [base, ours]),
                MemoryCase(command: "merge", files: [base, ours, theirs])]
    }
}

extension Bench {
    /// The median peak memory of 5 runs of `c`; a merge writes into a fresh copy of ours.
    static func medianPeak(_ c: MemoryCase, in dir: String, xibmerge: String) -> Int {
        var peaks: [Int] = []
        for _ in 0..<5 {
            var args = [c.command] + c.files
            if c.command == "merge" {
                let copy = "\(dir)/.merge_file_A"
                try? FileManager.default.removeItem(atPath: copy)
                try? FileManager.default.copyItem(atPath: c.files[1], toPath: copy)
                args = ["merge", c.files[0], copy, c.files[2], URL(fileURLWithPath: c.files[1]).lastPathComponent]
            }
            peaks.append(peakMemory(xibmerge, args))
        }
        return peaks.sorted()[peaks.count / 2]
    }

    /// The largest `.xib` or `.storyboard` file in `folder`.
    static func largestFile(in folder: String) -> String? {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [])
            .filter { $0.hasSuffix(".xib") || $0.hasSuffix(".storyboard") }
            .map { "\(folder)/\($0)" }
            .max { (FileIO.size($0) ?? 0) < (FileIO.size($1) ?? 0) }
    }
}

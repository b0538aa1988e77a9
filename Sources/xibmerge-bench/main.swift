import Foundation

/// `xibmerge-bench [--corpus DIR] [--xibmerge BINARY] [parse|merge|diff|render|review|check|history ...]`: runs the
/// benchmarks (all by default) and prints each figure beside its baseline from the same run.
/// `make-history=DIR` only builds the history benchmark's repository in DIR, to profile by hand.
var corpus = "../shared/corpus"
var xibmerge = ".build/release/xibmerge"
var selected: [String] = []
var args = CommandLine.arguments.dropFirst()
while let a = args.popFirst() {
    switch a {
    case "--corpus": corpus = args.popFirst() ?? corpus
    case "--xibmerge": xibmerge = args.popFirst() ?? xibmerge
    default: selected.append(a)
    }
}
if selected.isEmpty { selected = ["parse", "merge", "diff", "render", "review", "check", "history"] }
xibmerge = URL(fileURLWithPath: xibmerge).standardizedFileURL.path
for name in selected {
    let lines: [String]
    switch name {
    case "parse": lines = runParseBenchmark(corpus: corpus)
    case "merge": lines = runMergeBenchmark(corpus: corpus, xibmerge: xibmerge)
    case "split": lines = runParseSplit(path: "\(corpus)/files/alin23+Lunar__87a72091__Lunar_Base.lproj_Main.storyboard") + runParseSplit(path: "\(corpus)/files/transmission+transmission__646c6e03__macosx_nl.lproj_PrefsWindow.xib")
    case "diff": lines = runDiffBenchmark(corpus: corpus, xibmerge: xibmerge)
    case "render": lines = runRenderBenchmark(corpus: corpus, xibmerge: xibmerge)
    case "review": lines = runReviewBenchmark(corpus: corpus, xibmerge: xibmerge)
    case "check": lines = runCheckBenchmark(corpus: corpus, xibmerge: xibmerge)
    case "history": lines = runHistoryBenchmark(corpus: corpus, xibmerge: xibmerge)
    case let make where make.hasPrefix("make-history="):
        let dir = String(make.dropFirst("make-history=".count))
        lines = [(try? GeneratedHistory.make(from: GeneratedHistory.storyboard(nearest: 120 << 10, corpus: corpus) ?? "", commits: 200,
                                             in: dir, path: "UI/Main.storyboard")).map { "\($0.path) in \($0.repository)" } ?? "failed"]
    default: lines = ["unknown benchmark '\(name)' (parse, merge, diff, render, review, check, history)"]
    }
    print(lines.joined(separator: "\n"))
    FileHandle.standardOutput.synchronizeFile()
}

import Foundation

/// `xibmerge-bench [--corpus DIR] [--xibmerge BINARY] [parse|merge|driver|large|diff|one-parent|conflicts|render|render-text|review|check|check-code|history|memory|laws ...]`:
/// runs the benchmarks (all by default) and prints each figure beside its baseline from the same run.
/// `make-history=DIR` only builds the history benchmark's repository in DIR, to profile by hand;
/// `xibmerge-bench generate DIR` writes the generated large merge scenarios and a 250 KB
/// storyboard's history into DIR (for head-to-head runs of two builds); `xibmerge-bench hostile
/// DIR [SHAPE...]` writes the hostile inputs of `Scripts/hostile-inputs` into DIR, and `xibmerge-bench
/// measure SECONDS REPORT PROGRAM...` times one of its commands (`Bench.measure`). `laws[=COUNT[,SEED]]`
/// runs COUNT (default 5,000) generated cases of the merge's laws (`MergeLaws`), seeded by the clock
/// unless SEED is given.
var corpus = "../shared/corpus"
var xibmerge = ".build/release/xibmerge"
var selected: [String] = []
var args = CommandLine.arguments.dropFirst()
while let a = args.popFirst() {
    switch a {
    case "--corpus": corpus = args.popFirst() ?? corpus
    case "--xibmerge": xibmerge = args.popFirst() ?? xibmerge
    case "generate":
        let dir = args.popFirst() ?? "."
        xibmerge = URL(fileURLWithPath: xibmerge).standardizedFileURL.path
        print(Generated.largeScenarios(corpus: corpus, into: dir).joined(separator: "\n"))
        if let source = GeneratedHistory.storyboard(nearest: 250 << 10, corpus: corpus),
           let history = try? GeneratedHistory.make(from: source, commits: 200, in: "\(dir)/history", path: "UI/Main.storyboard") {
            print("\(history.repository) (\(history.path), 200 commits)")
        }
        exit(0)
    case "hostile":
        let dir = args.popFirst() ?? "."
        writeHostileInputs(into: dir, shapes: Array(args))
        exit(0)
    case "measure":
        guard let seconds = args.popFirst().flatMap(Double.init), let report = args.popFirst(), !args.isEmpty else {
            FileHandle.standardError.write(Data("usage: xibmerge-bench measure SECONDS REPORT PROGRAM [ARGUMENT...]\n".utf8))
            exit(2)
        }
        exit(Bench.measure(timeout: seconds, report: report, Array(args)))
    default: selected.append(a)
    }
}
if selected.isEmpty { selected = ["parse", "merge", "driver", "large", "diff", "one-parent", "conflicts", "render", "render-text", "review", "check", "check-code", "history", "memory"] }
xibmerge = URL(fileURLWithPath: xibmerge).standardizedFileURL.path
for name in selected {
    let lines: [String]
    switch name {
    case "parse": lines = runParseBenchmark(corpus: corpus)
    case "merge": lines = runMergeBenchmark(corpus: corpus, xibmerge: xibmerge)
    case "driver": lines = runDriverBenchmark(corpus: corpus, xibmerge: xibmerge)
    case "large": lines = runLargeMergeBenchmark(corpus: corpus, xibmerge: xibmerge)
    case "diff": lines = runDiffBenchmark(corpus: corpus, xibmerge: xibmerge)
    case "render": lines = runRenderBenchmark(corpus: corpus, xibmerge: xibmerge)
    case "render-text": lines = runRenderTextBenchmark(corpus: corpus)
    case "review": lines = runReviewBenchmark(corpus: corpus, xibmerge: xibmerge)
    case "check": lines = runCheckBenchmark(corpus: corpus, xibmerge: xibmerge)
    case "check-code": lines = runCodeCheckBenchmark(corpus: corpus, xibmerge: xibmerge)
    case "history": lines = runHistoryBenchmark(corpus: corpus, xibmerge: xibmerge)
    case "one-parent": lines = runOneParentBenchmark(xibmerge: xibmerge)
    case "conflicts": lines = runConflictsBenchmark(xibmerge: xibmerge)
    case "memory": lines = runMemoryBenchmark(corpus: corpus, xibmerge: xibmerge)
    case let laws where laws == "laws" || laws.hasPrefix("laws="):
        // laws[=COUNT[,SEED]]: the long run of the merge's laws; not part of the default set.
        let spec = laws.dropFirst(5).split(separator: ",").compactMap { UInt64($0) }
        lines = runLawsBenchmark(corpus: corpus, count: Int(spec.first ?? 5000), seed: spec.count > 1 ? spec[1] : UInt64(Date().timeIntervalSince1970))
    case let make where make.hasPrefix("make-history="):
        let dir = String(make.dropFirst("make-history=".count))
        lines = [(try? GeneratedHistory.make(from: GeneratedHistory.storyboard(nearest: 120 << 10, corpus: corpus) ?? "", commits: 200,
                                             in: dir, path: "UI/Main.storyboard")).map { "\($0.path) in \($0.repository)" } ?? "failed"]
    default: lines = ["unknown benchmark '\(name)' (parse, merge, driver, large, diff, one-parent, conflicts, render, render-text, review, check, check-code, history, memory, laws)"]
    }
    print(lines.joined(separator: "\n"))
    FileHandle.standardOutput.synchronizeFile()
}

import Foundation

/// `xibmerge-bench [--corpus DIR] [--xibmerge BINARY] [parse|merge|large|diff|log ...]`: runs
/// the benchmarks (all by default) and prints each figure beside its baseline from the same run.
/// `xibmerge-bench generate DIR` writes the generated large merge scenarios and the history of
/// the log benchmark into DIR (for head-to-head runs of two builds).
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
        if let source = storyboardNear(bytes: 250 << 10, corpus: corpus), let git = Bench.which("git"),
           makeHistory(of: source.path, commits: 200, in: "\(dir)/history", git: git, xibmerge: xibmerge) {
            print("\(dir)/history (UI/Main.storyboard, 200 commits)")
        }
        exit(0)
    default: selected.append(a)
    }
}
if selected.isEmpty { selected = ["parse", "merge", "large", "diff", "log"] }
xibmerge = URL(fileURLWithPath: xibmerge).standardizedFileURL.path
for name in selected {
    let lines: [String]
    switch name {
    case "parse": lines = runParseBenchmark(corpus: corpus)
    case "merge": lines = runMergeBenchmark(corpus: corpus, xibmerge: xibmerge)
    case "large": lines = runLargeMergeBenchmark(corpus: corpus, xibmerge: xibmerge)
    case "diff": lines = runDiffBenchmark(corpus: corpus, xibmerge: xibmerge)
    case "log": lines = runLogBenchmark(corpus: corpus, xibmerge: xibmerge)
    default: lines = ["unknown benchmark '\(name)' (parse, merge, large, diff, log)"]
    }
    print(lines.joined(separator: "\n"))
    FileHandle.standardOutput.synchronizeFile()
}

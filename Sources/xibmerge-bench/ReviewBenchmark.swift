import Foundation
import XibKit

/// `xibmerge render` of the largest real storyboard (about 1 MB), against `xmllint --noout` of
/// the same file (reading it, no drawing); target: under a second.
func runRenderBenchmark(corpus: String, xibmerge: String) -> [String] {
    let file = "\(corpus)/files/alin23+Lunar__87a72091__Lunar_Base.lproj_Main.storyboard"
    guard FileManager.default.fileExists(atPath: file) else { return ["render: \(file) not found"] }
    let out = NSTemporaryDirectory() + "xibmerge-bench-render-\(getpid()).html"
    defer { try? FileManager.default.removeItem(atPath: out) }
    let args = ["render", "--format", "html", "-o", out, file]
    guard Bench.run(xibmerge, args) == 0 else { return ["render: `\(xibmerge) render` failed"] }
    let xmllint = Bench.which("xmllint")
    var times: [Double] = [], baseline: [Double] = []
    for _ in 0..<11 {
        times.append(Bench.median(runs: 1) { Bench.run(xibmerge, args) })
        if let xmllint { baseline.append(Bench.median(runs: 1) { Bench.run(xmllint, ["--noout", file]) }) }
    }
    let t = times.sorted()[times.count / 2]
    let size = (FileIO.size(file) ?? 0) / 1024
    var lines = [
        "render (largest storyboard, \(size) KB, every scene to one HTML page; median of 11 runs, wall time including process start):",
        "  xibmerge render --format html: \(Bench.format(t * 1000, 1)) ms (target < 1000 ms: \(t < 1 ? "met" : "not met"))",
    ]
    if !baseline.isEmpty {
        let b = baseline.sorted()[baseline.count / 2]
        lines.append("  xmllint --noout (reading the file only): \(Bench.format(b * 1000, 1)) ms; ratio \(Bench.format(t / b))")
    }
    return lines
}

/// `xibmerge review` over a range touching 30 real files: a repository whose first commit holds
/// the base versions of 30 corpus scenarios, each as `UI/NAME/Base.lproj/View.EXT` with fr and de
/// (UTF-16) `.strings` of its text beside it, and whose second their "ours" versions (so the
/// review reads the translations and reports what the change does to them). Against `git diff`
/// of the same range (text); target: under 2 s for the HTML report.
func runReviewBenchmark(corpus: String, xibmerge: String) -> [String] {
    guard let git = Bench.which("git") else { return ["review: git not found"] }
    let repo = NSTemporaryDirectory() + "xibmerge-bench-review-\(getpid())"
    defer { try? FileManager.default.removeItem(atPath: repo) }
    let scenarios = Bench.scenarios(corpus: corpus).sorted { $0.dir < $1.dir }
    guard scenarios.count >= 30 else { return ["review: fewer than 30 document-format scenarios under \(corpus)"] }
    // Spread over the corpus's repositories: every n-th scenario by name.
    let step = scenarios.count / 30
    let chosen = (0..<30).map { scenarios[$0 * step] }
    let fm = FileManager.default
    func gitRun(_ args: [String]) { Bench.run(git, ["-C", repo, "-c", "user.name=bench", "-c", "user.email=bench@example.com"] + args) }
    try? fm.createDirectory(atPath: repo + "/UI", withIntermediateDirectories: true)
    gitRun(["init", "-q", "-b", "main"])
    for (side, message) in [("base", "base"), ("ours", "ours")] {
        if side == "ours" { gitRun(["checkout", "-q", "-b", "feature"]) }
        for s in chosen {
            let folder = "\(repo)/UI/\(URL(fileURLWithPath: s.dir).lastPathComponent)"
            let target = "\(folder)/Base.lproj/View.\(s.ext)"
            try? fm.createDirectory(atPath: "\(folder)/Base.lproj", withIntermediateDirectories: true)
            try? fm.removeItem(atPath: target)
            try? fm.copyItem(atPath: "\(s.dir)/\(side).\(s.ext)", toPath: target)
            if side == "base" { writeTranslations(of: target, into: folder) }
        }
        gitRun(["add", "-A"])
        gitRun(["commit", "-q", "-m", message])
    }
    let bytes = chosen.reduce(0) { $0 + $1.bytes }
    let out = repo + "/review.html"
    let args = ["review", "--format", "html", "-o", out, "main..feature"]
    // xibmerge finds the repository from the current folder, as git does.
    let cwd = fm.currentDirectoryPath
    defer { _ = fm.changeCurrentDirectoryPath(cwd) }
    guard fm.changeCurrentDirectoryPath(repo) else { return ["review: cannot enter \(repo)"] }
    guard Bench.run(xibmerge, args) == 0 else { return ["review: `\(xibmerge) review` failed in \(repo)"] }
    var times: [Double] = [], baseline: [Double] = [], markdown: [Double] = []
    for _ in 0..<11 {
        times.append(Bench.median(runs: 1) { Bench.run(xibmerge, args) })
        markdown.append(Bench.median(runs: 1) { Bench.run(xibmerge, ["review", "--format", "markdown", "main..feature"]) })
        baseline.append(Bench.median(runs: 1) { Bench.run(git, ["diff", "main..feature"]) })
    }
    func median(_ xs: [Double]) -> Double { xs.sorted()[xs.count / 2] }
    let t = median(times), m = median(markdown), g = median(baseline)
    return [
        "review (a range touching 30 real files, \(bytes / 1024) KB in their new versions; median of 11 alternating runs, wall time):",
        "  xibmerge review --format html:     \(Bench.format(t * 1000, 1)) ms (target < 2000 ms: \(t < 2 ? "met" : "not met"))",
        "  xibmerge review --format markdown: \(Bench.format(m * 1000, 1)) ms",
        "  git diff (text, the same range):   \(Bench.format(g * 1000, 1)) ms; ratio html / git diff \(Bench.format(t / g))",
    ]
}

/// `fr.lproj/View.strings` (UTF-8) and `de.lproj/View.strings` (UTF-16, as older Xcodes wrote
/// them) beside a document, one key per text as Xcode exports them.
private func writeTranslations(of document: String, into folder: String) {
    guard let bytes = try? FileIO.read(document), let doc = try? IBDocument(bytes: bytes, name: document) else { return }
    let keys = LocalizationCheck.localizableKeys(in: IBGraph(doc))
    for (language, utf16) in [("fr", false), ("de", true)] {
        var text = ""
        for (_, key, value) in keys {
            let escaped = value.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
                .replacingOccurrences(of: "\n", with: "\\n")
            text += "\"\(key.key)\" = \"[\(language)] \(escaped)\";\n"
        }
        let data = utf16 ? Data([0xFF, 0xFE]) + text.data(using: .utf16LittleEndian)! : Data(text.utf8)
        try? FileManager.default.createDirectory(atPath: "\(folder)/\(language).lproj", withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: "\(folder)/\(language).lproj/View.strings", contents: data)
    }
}

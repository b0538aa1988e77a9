import Foundation
import XibKit

/// Parse + graph throughput (and write) on the largest corpus files, against
/// `xmllint --noout` (libxml2) on the same files in the same run.
func runParseBenchmark(corpus: String) -> [String] {
    let dir = "\(corpus)/files"
    let fm = FileManager.default
    var files: [(String, [UInt8])] = []
    for name in (try? fm.contentsOfDirectory(atPath: dir)) ?? [] {
        let path = "\(dir)/\(name)"
        guard let data = fm.contents(atPath: path) else { continue }
        let bytes = [UInt8](data)
        guard (try? IBDocument(bytes: bytes, name: path)) != nil else { continue }
        files.append((path, bytes))
    }
    files.sort { $0.1.count > $1.1.count }
    files = Array(files.prefix(5))
    guard !files.isEmpty else { return ["parse: no corpus files found under \(dir)"] }
    var lines = ["parse + graph (largest \(files.count) corpus files, median of runs):"]
    let xmllint = Bench.which("xmllint")
    var ratios: [Double] = []
    for (path, bytes) in files {
        let mb = Double(bytes.count) / 1e6
        let runs = bytes.count < 500_000 ? 100 : 30  // enough runs that the median shrugs off a busy moment
        let parseGraph = Bench.median(runs: runs) {
            let doc = try! IBDocument(bytes: bytes, name: path)
            _ = IBGraph(doc)
        }
        let doc = try! IBDocument(bytes: bytes, name: path)
        let write = Bench.median(runs: runs) { _ = doc.serialized() }
        var line = "  \(URL(fileURLWithPath: path).lastPathComponent.prefix(60)) \(Bench.format(mb)) MB: parse+graph \(Bench.format(mb / parseGraph, 0)) MB/s, write of the unchanged file \(Bench.format(mb / write, 0)) MB/s"
        if let xmllint {
            let lint = Bench.median(runs: 10) { Bench.run(xmllint, ["--noout", path]) }
            let ratio = lint / parseGraph
            ratios.append(ratio)
            line += "; xmllint --noout \(Bench.format(mb / lint, 0)) MB/s (process included); xibmerge is \(Bench.format(ratio))x xmllint"
        }
        lines.append(line)
    }
    if !ratios.isEmpty {
        lines.append("  median speed ratio parse+graph / xmllint: \(Bench.format(ratios.sorted()[ratios.count / 2]))x")
    }
    return lines
}

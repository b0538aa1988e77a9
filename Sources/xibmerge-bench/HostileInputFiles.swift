import CorpusSupport
import Foundation

/// Writes each hostile shape (all, or those named) into `dir` at the size issue 18 names
/// (`SHAPE.xib`) and at the largest size the reader accepts (`SHAPE-within.xib`), and the small
/// base and ours of the merges (`small-base.xib`, `small-ours.xib`).
func writeHostileInputs(into dir: String, shapes names: [String]) {
    try? FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    func write(_ bytes: [UInt8], _ name: String) {
        Bench.write(bytes, to: "\(dir)/\(name).xib")
    }
    write(HostileInputs.smallBase, "small-base")
    write(HostileInputs.smallOurs, "small-ours")
    for shape in HostileInputs.shapes where names.isEmpty || names.contains(shape.name) {
        write(shape.make(shape.fullSize), shape.name)
        write(shape.make(shape.withinLimits), "\(shape.name)-within")
        print("\(shape.name): \(shape.fullSize) and \(shape.withinLimits) \(shape.unit)")
    }
}

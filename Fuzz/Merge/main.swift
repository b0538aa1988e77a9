import XibKit
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// libFuzzer target for the merge (`Scripts/fuzz merge`): the input is THEIRS of one of the
/// merge scenarios in `XIBMERGE_FUZZ_SCENARIOS` (a folder of `<case>/base.*`, `ours.*`), the
/// scenario whose theirs shares the most leading and trailing bytes with it. Every merge must
/// end (no crash, no hang), and a result called clean must read back and pass the integrity
/// check, as `check` would, shortcuts included (ours equal to base: theirs is taken only if it
/// reads back), but for references base already had to ids no version has
/// (`missingEverywhere`), which the merge leaves as they were.
struct Scenario {
    var base: [UInt8]
    var ours: [UInt8]
    var theirs: [UInt8]
}

func readFile(_ path: String) -> [UInt8]? {
    guard let f = fopen(path, "rb") else { return nil }
    defer { fclose(f) }
    var out: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 1 << 16)
    while true {
        let n = fread(&buffer, 1, buffer.count, f)
        if n <= 0 { break }
        out += buffer[0..<n]
    }
    return out
}

let scenarios: [Scenario] = {
    guard let folder = getenv("XIBMERGE_FUZZ_SCENARIOS").map({ String(cString: $0) }), let dir = opendir(folder) else {
        fatalError("set XIBMERGE_FUZZ_SCENARIOS to a folder of merge scenarios (Scripts/fuzz does)")
    }
    defer { closedir(dir) }
    var result: [Scenario] = []
    var names: [String] = []
    while let entry = readdir(dir) {
        let name = withUnsafeBytes(of: entry.pointee.d_name) { String(cString: $0.bindMemory(to: CChar.self).baseAddress!) }
        if !name.hasPrefix(".") { names.append(name) }
    }
    for name in names.sorted() {
        for ext in ["xib", "storyboard"] {
            let path = "\(folder)/\(name)/"
            if let b = readFile(path + "base." + ext), let o = readFile(path + "ours." + ext), let t = readFile(path + "theirs." + ext) {
                result.append(Scenario(base: b, ours: o, theirs: t))
            }
        }
    }
    precondition(!result.isEmpty, "no scenario in \(folder)")
    return result
}()

func shared(_ a: [UInt8], _ b: UnsafeBufferPointer<UInt8>) -> Int {
    var head = 0
    while head < a.count && head < b.count && a[head] == b[head] { head += 1 }
    var tail = 0
    while tail < a.count - head && tail < b.count - head && a[a.count - 1 - tail] == b[b.count - 1 - tail] { tail += 1 }
    return head + tail
}

/// Ids base refers to and no version has: a dangling reference base already had, which a
/// merge leaves as it was (it changes only what a side changed, and repairs nothing). A side's
/// new reference to no object is not one: the merge falls back to lines.
func missingEverywhere(base: [UInt8], _ others: [[UInt8]]) -> Set<String> {
    guard let b = try? IBDocument(bytes: base, name: "base") else { return [] }
    let graphs = [IBGraph(b)] + others.compactMap { try? IBDocument(bytes: $0, name: "input") }.map { IBGraph($0) }
    let defined = Set(graphs.flatMap(\.objectIndex.keys))
    return Set(graphs[0].references.map(\.target)).subtracting(defined)
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzMerge(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let input = UnsafeBufferPointer(start: data, count: size)
    var best = 0, bestShared = -1
    for (i, s) in scenarios.enumerated() {
        let n = shared(s.theirs, input)
        if n > bestShared { best = i; bestShared = n }
    }
    let s = scenarios[best]
    let outcome = XibMerger.merge(base: .init(bytes: s.base, name: "base.xib"), ours: .init(bytes: s.ours, name: "ours.xib"),
                                  theirs: .init(bytes: Array(input), name: "theirs.xib"))
    if outcome.isClean {
        let document: IBDocument
        do {
            document = try IBDocument(bytes: outcome.bytes, name: "merged.xib")
        } catch {
            preconditionFailure("a clean merge (\(outcome.method)) does not read back: \(error)")
        }
        let problems = IntegrityCheck.problems(in: IBGraph(document), ignoringMissing: missingEverywhere(base: s.base, [s.ours, Array(input)]))
        precondition(problems.isEmpty, "a clean merge (\(outcome.method)) does not pass check: \(problems.first!)")
    }
    return 0
}

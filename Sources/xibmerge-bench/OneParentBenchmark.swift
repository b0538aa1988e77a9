import Foundation

/// `xibmerge diff OLD NEW` of a generated 20 MB xib whose 115,000 views share one superview
/// (a diff that scans the siblings per child grows with their square), against `git diff
/// --no-index` of the same files. NEW deletes every 97th view, moves a block of 1,000 to the
/// end, changes every 50th view's frame and adds 1,000: deletions, a reorder, edits and
/// additions under the one parent. Reports wall and CPU time (medians of 5 alternating runs),
/// peak memory against the input, and the target: under 2 s.
func runOneParentBenchmark(xibmerge: String) -> [String] {
    guard let git = Bench.which("git") else { return ["one-parent: git not found"] }
    let dir = NSTemporaryDirectory() + "xibmerge-bench-one-parent-\(getpid())"
    try? FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let old = "\(dir)/old.xib", new = "\(dir)/new.xib"
    let (before, after) = OneParent.versions(views: 115_000)
    Bench.write(before, to: old)
    Bench.write(after, to: new)
    let xibArgs = ["diff", old, new], gitArgs = ["diff", "--no-index", old, new]
    guard Bench.run(xibmerge, xibArgs) == 0 else { return ["one-parent: `\(xibmerge) diff` failed"] }
    var xib: [(wall: Double, cpu: Double)] = [], gitTimes: [Double] = []
    for _ in 0..<5 {
        xib.append(Bench.measure(xibmerge, xibArgs))
        gitTimes.append(Bench.measure(git, gitArgs).wall)
    }
    func median(_ xs: [Double]) -> Double { xs.sorted()[xs.count / 2] }
    let wall = median(xib.map(\.wall)), cpu = median(xib.map(\.cpu)), g = median(gitTimes)
    let peak = Bench.peakMemory(xibmerge, xibArgs)
    let largest = max(before.count, after.count)
    return [
        "diff of one parent with 115,000 children (generated, \(before.count >> 20) MB; medians of 5 alternating runs):",
        "  xibmerge diff OLD NEW: \(Bench.format(wall, 2)) s wall, \(Bench.format(cpu, 2)) s CPU (target < 2 s: \(wall < 2 ? "met" : "not met"))",
        "  git diff --no-index:   \(Bench.format(g, 2)) s; ratio \(Bench.format(wall / g))",
        "  peak memory: \(peak >> 20) MB, \(Bench.format(Double(peak) / Double(largest), 1))x the larger input (target ≤ 10x: \(peak <= 10 * largest ? "met" : "not met"))",
    ]
}

/// The two versions of the one-parent document.
enum OneParent {
    static func versions(views: Int) -> (old: [UInt8], new: [UInt8]) {
        let all = (0..<views).map { view($0, y: $0) }
        var kept = all.indices.filter { $0 % 97 != 0 }
        kept = Array(kept[1_000...]) + Array(kept[..<1_000])  // a block moved to the end
        var changed = kept.map { $0 % 50 == 0 ? view($0, y: $0 + 7) : all[$0] }
        changed += (views..<views + 1_000).map { view($0, y: $0) }
        return (document(all), document(changed))
    }

    static func view(_ i: Int, y: Int) -> String {
        let id = String(format: "v%02d-%02d-%04d", i / 1_000_000, i / 10_000 % 100, i % 10_000)
        return """
                                <view contentMode="scaleToFill" id="\(id)">
                                    <rect key="frame" x="0.0" y="\(y).0" width="320" height="44"/>
                                </view>

            """
    }

    static func document(_ views: [String]) -> [UInt8] {
        var out = """
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" toolsVersion="23504" targetRuntime="iOS.CocoaTouch" propertyAccessControl="none" useAutolayout="YES" useSafeAreas="YES" colorMatched="YES">
                <objects>
                    <view contentMode="scaleToFill" id="root-00-000">
                        <rect key="frame" x="0.0" y="0.0" width="320" height="480"/>
                        <subviews>

            """
        out.reserveCapacity(views.count * 150)
        for v in views { out += v }
        out += """
                        </subviews>
                    </view>
                </objects>
            </document>

            """
        return Array(out.utf8)
    }
}

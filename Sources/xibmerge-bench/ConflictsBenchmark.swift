import Foundation
import XibKit

/// `xibmerge merge` of generated xibs with N conflicts of one kind among the N subviews of one
/// view (each is quadratic if a step per conflict scans them all), against
/// `git merge-file -p` of the same files, for N of 20,000 and 100,000 (the count of
/// duplicate ids). Medians of 3 alternating runs; the target: linear time (under 2 s at 20,000).
/// - delete/edit: ours deletes every subview, theirs relabels each (each conflict described with
///   the edit and its referrers);
/// - move/move: ours moves every subview into one new container, theirs into another;
/// - delete/reference: ours deletes every subview, theirs connects an outlet to each (the
///   cascade drops each outlet the merge keeps).
func runConflictsBenchmark(xibmerge: String) -> [String] {
    guard let git = Bench.which("git") else { return ["conflicts: git not found"] }
    let dir = NSTemporaryDirectory() + "xibmerge-bench-conflicts-\(getpid())"
    try? FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: dir) }
    var lines = ["merges with N conflicts among one view's N subviews (generated; medians of 3 alternating runs):"]
    for (name, make) in ConflictShapes.all {
        for count in [20_000, 100_000] {
            let (b, o, t) = make(count)
            let base = "\(dir)/base.xib", ours = "\(dir)/ours.xib", theirs = "\(dir)/theirs.xib", out = "\(dir)/out.xib"
            Bench.write(b, to: base)
            Bench.write(o, to: ours)
            Bench.write(t, to: theirs)
            let xibArgs = ["merge", "--output", out, base, ours, theirs, "views.xib"]
            guard Bench.run(xibmerge, xibArgs) == 1 else { return lines + ["conflicts: `\(xibmerge) merge` did not report conflicts (\(name))"] }
            var xib: [Double] = [], gitTimes: [Double] = []
            for _ in 0..<3 {
                xib.append(Bench.measure(xibmerge, xibArgs).wall)
                gitTimes.append(Bench.measure(git, ["merge-file", "-p", ours, base, theirs]).wall)
            }
            let wall = xib.sorted()[1], g = gitTimes.sorted()[1]
            lines.append("  \(name), N = \(count) (\(b.count >> 20) MB): xibmerge merge \(Bench.format(wall, 2)) s, "
                         + "git merge-file \(Bench.format(g, 2)) s, ratio \(Bench.format(wall / g))")
        }
    }
    return lines
}

/// Base, ours and theirs of each shape, for N subviews.
enum ConflictShapes {
    static let all: [(String, @Sendable (Int) -> ([UInt8], [UInt8], [UInt8]))] = [
        ("delete/edit", { n in (document(views(n, "a")), document(""), document(views(n, "b"))) }),
        ("move/move", { n in
            (document(views(n, "a") + container("A", "") + container("B", "")),
             document(container("A", views(n, "a", indent: 6)) + container("B", "")),
             document(container("A", "") + container("B", views(n, "a", indent: 6))))
        }),
        ("delete/reference", { n in
            let outlets = (0..<n).map { "                <outlet property=\"p\($0)\" destination=\"v\($0)\" id=\"c\($0)\"/>\n" }.joined()
            return (document(views(n, "a")), document(""),
                    document(views(n, "a"), connections: "            <connections>\n\(outlets)            </connections>\n"))
        }),
    ]

    static func views(_ n: Int, _ label: String, indent: Int = 4) -> String {
        let pad = String(repeating: "    ", count: indent)
        return (0..<n).map { "\(pad)<view contentMode=\"scaleToFill\" id=\"v\($0)\" userLabel=\"\(label)\($0)\"/>\n" }.joined()
    }

    static func container(_ id: String, _ subviews: String) -> String {
        "                <view contentMode=\"scaleToFill\" id=\"\(id)\">\n                    <subviews>\n"
            + subviews + "                    </subviews>\n                </view>\n"
    }

    /// A document of one view whose subviews are `subviews`.
    static func document(_ subviews: String, connections: String = "") -> [UInt8] {
        Array(("""
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" toolsVersion="23504" targetRuntime="iOS.CocoaTouch" propertyAccessControl="none">
                <objects>
                    <view contentMode="scaleToFill" id="root">
                        <rect key="frame" x="0.0" y="0.0" width="320" height="480"/>
                        <subviews>

            """ + subviews + "            </subviews>\n" + connections + """
                    </view>
                </objects>
            </document>

            """).utf8)
    }
}

import Foundation
import XibKit

/// `xibmerge merge` of a generated xib whose one view has N subviews that ours deletes and
/// theirs relabels, each a deletion against an edit, a conflict described in the diff's words
/// (issue 18: describing each searched every reference and every edit, and 20,000 conflicts
/// took a minute), against `git merge-file -p` of the same files. N is 20,000 and 100,000 (the
/// issue's count of duplicate ids). Medians of 3 alternating runs; the target: under 2 s.
func runConflictsBenchmark(xibmerge: String) -> [String] {
    guard let git = Bench.which("git") else { return ["conflicts: git not found"] }
    let dir = NSTemporaryDirectory() + "xibmerge-bench-conflicts-\(getpid())"
    try? FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: dir) }
    var lines = ["merge with N deletions against edits (generated; medians of 3 alternating runs):"]
    for count in [20_000, 100_000] {
        let base = "\(dir)/base.xib", ours = "\(dir)/ours.xib", theirs = "\(dir)/theirs.xib", out = "\(dir)/out.xib"
        FileManager.default.createFile(atPath: base, contents: Data(DeleteEdit.document(views: count, label: "a")))
        FileManager.default.createFile(atPath: ours, contents: Data(DeleteEdit.document(views: 0, label: "")))
        FileManager.default.createFile(atPath: theirs, contents: Data(DeleteEdit.document(views: count, label: "b")))
        let xibArgs = ["merge", "--output", out, base, ours, theirs, "views.xib"]
        guard Bench.run(xibmerge, xibArgs) == 1 else { return lines + ["conflicts: `\(xibmerge) merge` did not report conflicts"] }
        var xib: [Double] = [], gitTimes: [Double] = []
        for _ in 0..<3 {
            xib.append(Bench.measure(xibmerge, xibArgs).wall)
            gitTimes.append(Bench.measure(git, ["merge-file", "-p", ours, base, theirs]).wall)
        }
        let wall = xib.sorted()[1], g = gitTimes.sorted()[1]
        lines.append("  N = \(count) (\(FileIO.size(base).map { $0 >> 20 } ?? 0) MB): xibmerge merge \(Bench.format(wall, 2)) s "
                     + "(target < 2 s: \(wall < 2 ? "met" : "not met")), git merge-file \(Bench.format(g, 2)) s, ratio \(Bench.format(wall / g))")
    }
    return lines
}

/// A document of one view with `views` subviews, each labelled `label` and its number.
enum DeleteEdit {
    static func document(views: Int, label: String) -> [UInt8] {
        var out = """
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" toolsVersion="23504" targetRuntime="iOS.CocoaTouch" propertyAccessControl="none">
                <objects>
                    <view contentMode="scaleToFill" id="root">
                        <rect key="frame" x="0.0" y="0.0" width="320" height="480"/>
                        <subviews>

            """
        for i in 0..<views {
            out += "                <view contentMode=\"scaleToFill\" id=\"v\(i)\" userLabel=\"\(label)\(i)\"/>\n"
        }
        out += """
                        </subviews>
                    </view>
                </objects>
            </document>

            """
        return Array(out.utf8)
    }
}

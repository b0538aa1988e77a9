import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Promises of issue 18 that show only from outside the process: messages inside git name the
/// path, not git's scratch files.
@Suite struct MergePromiseCLITests {
    typealias Inputs = MergeCLITests.Inputs

    /// Inside git, base and theirs are scratch files: a message about one names the path (`%P`)
    /// and the version, and a message about a whole file has no line and column.
    @Test func messagesInsideGitNameThePathAndTheVersion() throws {
        let xib = try Inputs("attribute-conflict")
        let g = try MergeCLITests.Repository(["UI/Cell.xib": xib])
        defer { try? FileManager.default.removeItem(atPath: g.root) }
        try g.installDriver()
        try g.git("checkout", "-q", "feature")
        let text = try xib.original("theirs")
        try text.prefix(text.count / 2).write(to: URL(fileURLWithPath: g.repo + "/UI/Cell.xib"))
        try g.commit("truncated")
        try g.git("checkout", "-q", "main")
        let merge = try g.git("merge", "--no-edit", "feature", status: 1)
        #expect(merge.stderr.contains("UI/Cell.xib:") && merge.stderr.contains("their version"), "\(merge.stderr)")
        #expect(!merge.stderr.contains(".merge_file"), "\(merge.stderr)")

        let missing = try xib.merge(base: xib.dir + "/gone.xib")
        #expect(missing.status == 2)
        #expect(missing.stderr.hasPrefix("xibmerge: UI/Fixture.xib: error: base version (\(xib.dir)/gone.xib): cannot open file"), "\(missing.stderr)")
        let check = try CLI.xibmerge(["check", xib.dir + "/gone.xib"])
        #expect((check.stdout + check.stderr).contains("\(xib.dir)/gone.xib: error: cannot open file"), "\(check.stdout)\(check.stderr)")
        #expect(!(check.stdout + check.stderr).contains(":0:0"))
    }
}

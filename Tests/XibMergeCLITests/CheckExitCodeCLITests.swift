import Foundation
import Testing

/// `check`'s exit codes on inputs that are not what it checks: a file that is not IB is the
/// user's mistake (2, with the usage); a legacy file met in a folder is a note, so that one old
/// file does not fail a whole tree; the same file named on its own cannot be checked (2).
@Suite struct CheckExitCodeCLITests {
    @Test func aFileThatIsNotIBIsAUsageError() throws {
        let r = try CLI.xibmerge(["check", "README.md"], cwd: CLI.packageRoot.path)
        #expect(r.status == 2)
        #expect(r.stderr.contains("'README.md' is not a .xib or .storyboard file"))
        #expect(r.stderr.contains("Usage: xibmerge check"))
        #expect(!r.stdout.contains("malformed"))
    }

    @Test func aLegacyFileInAFolderIsANote() throws {
        let dir = try CLI.temporaryDirectory()
        let legacy = CLI.fixtures.appendingPathComponent("real/legacy-archive.xib").path
        try FileManager.default.copyItem(atPath: legacy, toPath: dir + "/Old.xib")
        try FileManager.default.copyItem(atPath: CLI.fixtures.appendingPathComponent("check/duplicate-id.storyboard").path,
                                         toPath: dir + "/Broken.storyboard")
        let tree = try CLI.xibmerge(["check", "."], cwd: dir)
        #expect(tree.status == 1, "the other file's error still fails the tree")
        #expect(tree.stdout.contains("Broken.storyboard:"))
        #expect(tree.stderr.contains("note: Old.xib: not checked: unsupported format: legacy Interface Builder 3 archive"))
        try FileManager.default.removeItem(atPath: dir + "/Broken.storyboard")
        #expect(try CLI.xibmerge(["check", "."], cwd: dir).status == 0)
        let named = try CLI.xibmerge(["check", "Old.xib"], cwd: dir)
        #expect(named.status == 2)
    }
}

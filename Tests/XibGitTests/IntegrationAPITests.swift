import Foundation
import Testing
import XibGit

// The wrapper API added for `install`, `resolve`, history diffs and `merge-preview`.

@Test func predictingConflictsWritesNoObjects() throws {
    let t = try TestRepo()
    try t.commit("base", ["a.txt": "1\n2\n3\n4\n5\n", "b.txt": "x\n"])
    try t.git("checkout", "-q", "-b", "feature")
    let theirs = try t.commit("theirs", ["a.txt": "1\n2\n3\n4\nfive\n", "b.txt": "theirs\n"])
    try t.git("checkout", "-q", "main")
    let ours = try t.commit("ours", ["a.txt": "one\n2\n3\n4\n5\n", "b.txt": "ours\n"])
    let objects = try t.git("count-objects", "-v")

    let conflicts = try t.open().predictMergeConflicts(ours: ours, theirs: theirs)
    #expect(conflicts.map(\.path) == ["b.txt"])
    // a.txt merged cleanly in memory; its merged blob must not have reached the object database.
    #expect(try t.git("count-objects", "-v") == objects)
    #expect(try t.git("status", "--porcelain").isEmpty)
}

@Test func treeContainsFilesAndFolders() throws {
    let t = try TestRepo()
    let c = try t.commit("first", ["UI/Screens/Main.storyboard": "<document/>\n"])
    let repo = try t.open()
    #expect(try repo.contains(path: "UI", in: c))
    #expect(try repo.contains(path: "UI/Screens/Main.storyboard", in: c))
    #expect(try !repo.contains(path: "UI/Other.xib", in: c))
    #expect(try repo.entry(in: c, path: "UI") == nil)
}

@Test func commonDirOfALinkedWorkTree() throws {
    let t = try TestRepo()
    try t.commit("first", ["a.txt": "a\n"])
    #expect(try t.open().commonDir == t.root + "/.git")
    let linked = makeTempDir("linked") + "/tree"
    try t.git("worktree", "add", "-q", linked)
    defer { try? FileManager.default.removeItem(atPath: URL(fileURLWithPath: linked).deletingLastPathComponent().path) }
    let repo = try Repository(path: linked)
    #expect(repo.commonDir == t.root + "/.git")
    #expect(repo.gitDir != repo.commonDir)
}

@Test func diffFromACommitToTheIndex() throws {
    let t = try TestRepo()
    let first = try t.commit("first", ["a.xib": "1\n"])
    try t.commit("second", ["a.xib": "2\n", "b.xib": "b\n"])
    try t.write("a.xib", "3\n")
    try t.git("add", "a.xib")
    let repo = try t.open()
    let sinceFirst = try repo.diffIndex(from: first)
    #expect(sinceFirst.map(\.path) == ["a.xib", "b.xib"])
    #expect(sinceFirst.map(\.status) == [.modified, .added])
    #expect(try repo.diffCached().map(\.path) == ["a.xib"])
    #expect(try repo.diffIndex(from: nil).count == 2)
}

import Foundation
import Testing
import XibGit

@Test func discoversRepositoryFromSubfolder() throws {
    let t = try TestRepo()
    try t.commit("initial", ["Sources/App/View.xib": "<document/>\n"])
    let repo = try Repository(discoveringFrom: t.root + "/Sources/App")
    #expect(repo.workdir == t.root)
    #expect(repo.gitDir == t.root + "/.git")
    #expect(!repo.isBare)
    #expect(!repo.isHeadUnborn)
    #expect(repo.currentBranch == "main")
    #expect(!repo.isMerging)
    #expect(try Repository(path: t.root).workdir == t.root)
    #expect(try Repository(path: t.root + "/.git").workdir == t.root)

    // The exact initialiser does not search upwards.
    let error = try #require(throws: GitError.self) { try Repository(path: t.root + "/Sources") }
    #expect(error.code == .notFound)
    #expect(error.description.hasPrefix("cannot open git repository at '\(t.root)/Sources': "))
}

@Test func reportsMissingRepository() throws {
    _ = libgit2Home
    let dir = makeTempDir("not-a-repo")
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let error = try #require(throws: GitError.self) { try Repository(discoveringFrom: dir) }
    #expect(error.code == .notFound)
    #expect(error.operation == "cannot find a git repository at or above '\(dir)'")
    #expect(!error.message.isEmpty)
}

@Test func opensBareRepository() throws {
    let source = try TestRepo()
    let head = try source.commit("initial", ["Main.storyboard": "<document/>\n"])
    let bareDir = makeTempDir("bare")
    defer { try? FileManager.default.removeItem(atPath: bareDir) }
    try runGit(["clone", "-q", "--bare", source.root, bareDir], in: source.root)

    let repo = try Repository(discoveringFrom: bareDir)
    #expect(repo.isBare)
    #expect(repo.workdir == nil)
    #expect(repo.gitDir == bareDir)
    #expect(try repo.resolveCommit("HEAD") == head)
    #expect(try repo.blob(at: "main", path: "Main.storyboard").text == "<document/>\n")
    #expect(try Repository(discoveringFrom: bareDir + "/refs/heads").gitDir == bareDir)
}

@Test func unbornHeadIsReportedClearly() throws {
    let t = try TestRepo()
    let repo = try t.open()
    #expect(repo.isHeadUnborn)
    #expect(repo.currentBranch == "main")
    let error = try #require(throws: GitError.self) { try repo.resolveCommit("HEAD") }
    #expect(error.code == .unbornBranch)
    #expect(error.description == "cannot resolve revision 'HEAD': HEAD points to branch 'main', which has no commits yet")
    #expect(try repo.log(path: "a.xib").isEmpty)

    // Staged files in a fresh repository diff against the empty tree.
    try t.write("a.xib", "a\n")
    try t.git("add", "a.xib")
    let staged = try repo.diffCached()
    #expect(staged.map(\.status) == [.added])
    #expect(staged.first?.newPath == "a.xib")
    #expect(staged.first?.oldPath == nil)
}

@Test func unknownRevisionMessage() throws {
    let t = try TestRepo()
    try t.commit("initial", ["a.xib": "a\n"])
    let repo = try t.open()
    let error = try #require(throws: GitError.self) { try repo.resolveCommit("foo") }
    #expect(error.code == .notFound)
    #expect(error.description == "cannot resolve revision 'foo': revspec 'foo' not found")
    #expect(error.operation == "cannot resolve revision 'foo'")
    #expect(error.message == "revspec 'foo' not found")
}

@Test func resolvesRevisionsAndReadsCommits() throws {
    let t = try TestRepo()
    let first = try t.commit("first\n\nbody text", ["a.xib": "1\n"])
    let second = try t.commit("second", ["a.xib": "2\n"])
    try t.git("tag", "-a", "v1", "-m", "annotated tag")
    let repo = try t.open()

    #expect(try repo.resolveCommit("HEAD") == second)
    #expect(try repo.resolveCommit("HEAD~1") == first)
    #expect(try repo.resolveCommit("v1") == second)            // annotated tag peeled to its commit
    #expect(try repo.resolveCommit(String(first.hex.prefix(8))) == first)
    #expect(try repo.resolveCommit("main") == second)
    let notCommit = try #require(throws: GitError.self) { try repo.resolveCommit("HEAD^{tree}") }
    #expect(notCommit.operation == "revision 'HEAD^{tree}' is not a commit")

    let info = try repo.commit(first)
    #expect(info.id == first)
    #expect(info.summary == "first")
    #expect(info.message == "first\n\nbody text\n")
    #expect(info.author.name == "Test User")
    #expect(info.author.email == "test@example.com")
    #expect(info.author.timeZoneOffsetMinutes == 60)
    #expect(info.author.date.timeIntervalSince1970 == Double(try t.git("log", "-1", "--format=%at", first.hex))!)
    #expect(info.parents.isEmpty)
    #expect(try repo.commit(second).parents == [first])

    #expect(ObjectID(hex: first.hex.uppercased()) == first)
    #expect(ObjectID(hex: "xyz") == nil)
    #expect(first.short.count == 7)
}

@Test func readsAndWritesBlobs() throws {
    let t = try TestRepo()
    let path = "Base.lproj/Über Screen.storyboard"
    try t.commit("first", [path: "v1\n", "bin.dat": "\u{0}\u{1}\u{2}"])
    try t.commit("second", [path: "v2\n"])
    let repo = try t.open()

    #expect(try repo.blob(at: "HEAD", path: path).text == "v2\n")
    #expect(try repo.blob(at: "HEAD~1", path: path).text == "v1\n")
    #expect(try repo.blob(at: "HEAD", path: "bin.dat") == [0, 1, 2])
    #expect(try repo.blobID(in: repo.resolveCommit("HEAD"), path: path) == t.id("HEAD:\(path)"))
    #expect(try repo.entry(in: repo.resolveCommit("HEAD"), path: path)?.mode == .regular)
    #expect(try repo.blobID(in: repo.resolveCommit("HEAD"), path: "Base.lproj") == nil)   // a directory
    #expect(try repo.blobID(in: repo.resolveCommit("HEAD"), path: "missing.xib") == nil)

    let missing = try #require(throws: GitError.self) { try repo.blob(at: "HEAD~1", path: "Base.lproj/Missing.xib") }
    #expect(missing.code == .notFound)
    #expect(missing.description == "cannot read 'HEAD~1:Base.lproj/Missing.xib': path 'Base.lproj/Missing.xib' does not exist in 'HEAD~1'")
    #expect(throws: GitError.self) { try repo.blob(at: "nope", path: path) }

    let bytes = Array("merged <xib/>\n".utf8)
    let id = try repo.writeBlob(bytes)
    #expect(try repo.blobData(id: id) == bytes)
    try t.write("hash-me", "merged <xib/>\n")
    #expect(id.hex == (try t.git("hash-object", "hash-me")))
    let empty = try repo.writeBlob([])
    #expect(empty.hex == "e69de29bb2d1d6434b8b29ae775ad8c2e48c5391")
    #expect(try repo.blobData(id: empty).isEmpty)
}

@Test func findsMergeBase() throws {
    let t = try TestRepo()
    let base = try t.commit("base", ["a.xib": "base\n"])
    try t.git("checkout", "-q", "-b", "feature")
    let feature = try t.commit("feature", ["b.xib": "b\n"])
    try t.git("checkout", "-q", "main")
    let main = try t.commit("main", ["c.xib": "c\n"])
    try t.git("checkout", "-q", "--orphan", "unrelated")
    let unrelated = try t.commit("unrelated", ["d.xib": "d\n"])
    let repo = try t.open()

    #expect(try repo.mergeBase(main, feature) == base)
    #expect(try repo.mergeBase(main, feature) == t.id(try t.git("merge-base", "main", "feature")))
    #expect(try repo.mergeBase(base, main) == base)
    #expect(try repo.mergeBase(main, unrelated) == nil)
    #expect(try repo.predictMergeConflicts(ours: main, theirs: feature).isEmpty)
    let changes = try repo.mergeChanges(ours: main, theirs: feature)
    #expect(changes.base == base && changes.changedOnBothSides.isEmpty)
    #expect(changes.ours.map(\.path) == ["c.xib"] && changes.theirs.map(\.path) == ["b.xib"])
}

@Test func logsCommitsThatChangedAPath() throws {
    let t = try TestRepo()
    let path = "Base.lproj/Über Screen.storyboard"
    let c1 = try t.commit("add", [path: "1\n"])
    try t.commit("unrelated", ["other.xib": "x\n"])
    let c3 = try t.commit("change", [path: "2\n"])
    try t.git("rm", "-q", path)
    try t.git("commit", "-q", "-m", "delete")
    let c4 = try t.id("HEAD")
    let c5 = try t.commit("re-add", [path: "3\n"])
    let repo = try t.open()

    let history = try repo.log(path: path)
    #expect(history.map(\.commit.id) == [c5, c4, c3, c1])
    #expect(history.map(\.commit.id) == (try t.git("log", "--format=%H", "--", path)).split(separator: "\n").compactMap { ObjectID(hex: String($0)) })
    #expect(try history[0].oldBlob == nil && history[0].newBlob == (t.id("\(c5.hex):\(path)")))
    #expect(try history[1].oldBlob == (t.id("\(c3.hex):\(path)")) && history[1].newBlob == nil)
    #expect(history[2].oldBlob == (try t.id("\(c1.hex):\(path)")))
    #expect(history[3].oldBlob == nil)
    #expect(history[3].commit.summary == "add")

    #expect(try repo.log(path: path, limit: 2).map(\.commit.id) == [c5, c4])
    #expect(try repo.log(path: path, from: c3.hex).map(\.commit.id) == [c3, c1])
    #expect(try repo.log(path: "never.xib").isEmpty)
}

@Test func logFollowsRenamesLikeGitLogFollow() throws {
    let t = try TestRepo()
    let body = (1...40).map { "line \($0) of an Interface Builder file\n" }.joined()
    let c1 = try t.commit("add", ["Old.xib": body])
    try t.git("mv", "Old.xib", "Middle.xib")
    try t.git("commit", "-q", "-m", "rename only")
    let c2 = try t.id("HEAD")
    try t.git("mv", "Middle.xib", "New.xib")
    let c3 = try t.commit("rename and edit", ["New.xib": body + "one more line\n"])
    let repo = try t.open()

    let history = try repo.log(path: "New.xib")
    #expect(history.map(\.commit.id) == [c3, c2, c1])
    #expect(history.map(\.commit.id) == (try t.git("log", "--follow", "--format=%H", "--", "New.xib")).split(separator: "\n").compactMap { ObjectID(hex: String($0)) })
    #expect(history.map(\.renamedFrom) == ["Middle.xib", "Old.xib", nil])
    #expect(try history[0].oldBlob == t.id("\(c2.hex):Middle.xib") && history[0].newBlob == t.id("\(c3.hex):New.xib"))
    #expect(history[1].oldBlob == history[1].newBlob)   // a pure rename is still listed
    #expect(history[2].oldBlob == nil)

    #expect(try repo.log(path: "New.xib", followRenames: false).map(\.commit.id) == [c3])
}

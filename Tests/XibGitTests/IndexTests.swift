import Foundation
import Testing
import XibGit

private let screen = "Base.lproj/Über Screen.storyboard"

/// main and feature conflict on: modify/modify (`screen`), add/add (`New.xib`), delete/modify (`Gone.xib`);
/// `Clean.xib` merges cleanly. Returns (main, feature) before merging.
private func conflictingBranches(_ t: TestRepo) throws -> (ObjectID, ObjectID) {
    try t.commit("base", [screen: "line 1\nbase\nline 3\n", "Gone.xib": "gone\n", "Clean.xib": "a\nb\nc\nd\ne\n"])
    try t.git("checkout", "-q", "-b", "feature")
    let feature = try t.commit("feature", [screen: "line 1\ntheirs\nline 3\n", "New.xib": "theirs new\n",
                                           "Gone.xib": "modified by feature\n", "Clean.xib": "A\nb\nc\nd\ne\n"])
    try t.git("checkout", "-q", "main")
    try t.git("rm", "-q", "Gone.xib")
    let main = try t.commit("main", [screen: "line 1\nours\nline 3\n", "New.xib": "ours new\n", "Clean.xib": "a\nb\nc\nd\nE\n"])
    return (main, feature)
}

private func unmergedPaths(_ t: TestRepo) throws -> [String] {
    try t.git("diff", "--name-only", "--diff-filter=U").split(separator: "\n").map(String.init)
}

@Test func readsConflictStagesAfterGitMerge() throws {
    let t = try TestRepo()
    let (main, feature) = try conflictingBranches(t)
    let repo = try t.open()

    // In-memory prediction agrees with the real merge that follows.
    let predicted = try repo.predictMergeConflicts(ours: main, theirs: feature)
    #expect(predicted.map(\.path) == ["Base.lproj/Über Screen.storyboard", "Gone.xib", "New.xib"])
    #expect(try t.git("status", "--porcelain").isEmpty)   // work tree and index untouched

    let changes = try repo.mergeChanges(ours: main, theirs: feature)
    #expect(changes.base == (try t.id("main~1")))
    #expect(changes.changedOnBothSides.map(\.basePath) == ["Base.lproj/Über Screen.storyboard", "Clean.xib", "Gone.xib", "New.xib"])
    let gone = try #require(changes.changedOnBothSides.first { $0.basePath == "Gone.xib" })
    #expect(gone.ours.status == .deleted && gone.theirs.status == .modified)

    let status = try runGit(["merge", "-q", "feature"], in: t.root, allowFailure: true).status
    #expect(status == 1)
    #expect(repo.isMerging)
    #expect(try repo.resolveCommit("MERGE_HEAD") == feature)

    let index = try repo.index()
    #expect(index.hasConflicts)
    let conflicts = try index.conflicts()
    #expect(conflicts.map(\.path) == (try unmergedPaths(t)).sorted())
    #expect(conflicts.map(\.path) == predicted.map(\.path))

    let modify = try #require(conflicts.first { $0.path == screen })
    #expect(modify.ancestor?.blob == (try t.id(":1:\(screen)")))
    #expect(modify.ours?.blob == (try t.id(":2:\(screen)")))
    #expect(modify.theirs?.blob == (try t.id(":3:\(screen)")))
    #expect([modify.ancestor?.stage, modify.ours?.stage, modify.theirs?.stage] == [1, 2, 3])
    #expect(modify.ours?.mode == .regular)
    #expect(try repo.blobData(id: #require(modify.theirs?.blob)).text == "line 1\ntheirs\nline 3\n")

    let addAdd = try #require(conflicts.first { $0.path == "New.xib" })
    #expect(addAdd.ancestor == nil)
    #expect(try repo.blobData(id: #require(addAdd.ours?.blob)).text == "ours new\n")
    #expect(try repo.blobData(id: #require(addAdd.theirs?.blob)).text == "theirs new\n")

    let deleteModify = try #require(conflicts.first { $0.path == "Gone.xib" })
    #expect(deleteModify.ancestor != nil && deleteModify.ours == nil && deleteModify.theirs != nil)

    // Stage entries are also visible individually and in the full list.
    #expect(index.entry(path: screen, stage: 2)?.blob == modify.ours?.blob)
    #expect(index.entry(path: screen) == nil)
    #expect(index.entry(path: "Clean.xib")?.blob == (try t.id(":Clean.xib")))
    #expect(index.entries.count == (try t.git("ls-files", "-s")).split(separator: "\n").count)
}

@Test func stagingResolutionsClearsConflicts() throws {
    let t = try TestRepo()
    let (_, _) = try conflictingBranches(t)
    _ = try runGit(["merge", "-q", "feature"], in: t.root, allowFailure: true)
    let repo = try t.open()
    let index = try repo.index()

    // 1. A merged blob staged directly (the work tree is written separately, as the merge tool would).
    let merged = "line 1\nours+theirs\nline 3\n"
    let blob = try repo.writeBlob(Array(merged.utf8))
    try t.write(screen, merged)
    try index.add(path: screen, blob: blob, mode: .regular)
    // 2. A work-tree file staged like `git add`.
    try t.write("New.xib", "both new\n")
    try index.addFromWorkdir(path: "New.xib")
    // 3. Resolved as deleted (git left their version in the work tree).
    try index.remove(path: "Gone.xib")
    try FileManager.default.removeItem(atPath: t.root + "/Gone.xib")
    #expect(!index.hasConflicts)
    try index.write()

    #expect(try unmergedPaths(t).isEmpty)
    let porcelain = try t.git("status", "--porcelain", "-z").split(separator: "\0").map(String.init).sorted()
    #expect(porcelain == ["M  \(screen)", "M  Clean.xib", "M  New.xib"].sorted())   // Gone.xib: deleted, as in HEAD
    #expect(try t.git("ls-files", "--stage", "--", "Gone.xib").isEmpty)
    #expect(try t.git("show", ":\(screen)") + "\n" == merged)
    #expect(try t.git("show", ":New.xib") == "both new")
    try t.git("commit", "-q", "--no-edit")
    #expect(try repo.resolveCommit("HEAD") == (try t.id("HEAD")))
    #expect(try repo.commit(repo.resolveCommit("HEAD")).parents.count == 2)
}

@Test func removeConflictAndStageWithMode() throws {
    let t = try TestRepo()
    let (_, _) = try conflictingBranches(t)
    _ = try runGit(["merge", "-q", "feature"], in: t.root, allowFailure: true)
    let repo = try t.open()
    let index = try repo.index()

    try index.removeConflict(path: "New.xib")
    try index.removeConflict(path: "Clean.xib")   // not conflicted: no error
    #expect(try index.conflicts().map(\.path) == [screen, "Gone.xib"])
    #expect(index.entry(path: "New.xib") == nil)

    let blob = try repo.writeBlob(Array("#!/bin/sh\n".utf8))
    try index.add(path: screen, blob: blob, mode: .executable)
    #expect(index.entry(path: screen)?.mode == .executable)
    #expect(try index.conflicts().map(\.path) == ["Gone.xib"])

    // Nothing reaches disk until write(); reload(force:) discards in-memory changes.
    #expect(Set(try unmergedPaths(t)) == [screen, "Gone.xib", "New.xib"])
    try index.reload()
    #expect(try index.conflicts().count == 3)
    try index.add(path: screen, blob: blob, mode: .executable)
    try index.write()
    #expect(try t.git("ls-files", "-s", "--", screen).hasPrefix("100755 \(blob.hex) 0\t"))
    #expect(Set(try unmergedPaths(t)) == ["Gone.xib", "New.xib"])
}

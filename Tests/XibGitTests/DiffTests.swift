import Foundation
import Testing
import XibGit

/// A storyboard-ish body long enough for rename similarity to be meaningful.
private func document(_ tag: String) -> String {
    (1...40).map { "    <view id=\"view-\($0)\" tag=\"\($0)\"/>\n" }.joined() + "<!-- \(tag) -->\n"
}

@Test func diffsTreesWithRenames() throws {
    let t = try TestRepo()
    let old = try t.commit("old", ["Old.storyboard": document("a"), "Gone.xib": "gone\n", "Kept.xib": "kept 1\n"])
    try FileManager.default.createDirectory(atPath: t.root + "/Base.lproj", withIntermediateDirectories: true)
    try t.git("mv", "Old.storyboard", "Base.lproj/Über Screen.storyboard")
    try t.write("Base.lproj/Über Screen.storyboard", document("b"))
    try t.git("rm", "-q", "Gone.xib")
    let new = try t.commit("new", ["Kept.xib": "kept 2\n", "New View.xib": "new\n"])
    let repo = try t.open()

    let changes = try repo.diff(from: old, to: new)
    let byPath = Dictionary(uniqueKeysWithValues: changes.map { ($0.path, $0) })
    #expect(changes.count == 4)

    let renamed = try #require(byPath["Base.lproj/Über Screen.storyboard"])
    #expect(renamed.status == .renamed)
    #expect(renamed.oldPath == "Old.storyboard")
    #expect(renamed.oldBlob == (try t.id("\(old.hex):Old.storyboard")))
    #expect(renamed.newBlob == (try t.id("\(new.hex):Base.lproj/Über Screen.storyboard")))
    #expect((renamed.similarity ?? 0) > 50 && (renamed.similarity ?? 0) < 100)

    let deleted = try #require(byPath["Gone.xib"])
    #expect(deleted.status == .deleted && deleted.newPath == nil && deleted.newBlob == nil && deleted.oldMode == .regular)
    let added = try #require(byPath["New View.xib"])
    #expect(added.status == .added && added.oldPath == nil && added.oldBlob == nil && added.newMode == .regular)
    let modified = try #require(byPath["Kept.xib"])
    #expect(modified.status == .modified && modified.oldPath == "Kept.xib")
    #expect(try modified.oldBlob == (t.id("\(old.hex):Kept.xib")) && modified.newBlob == (t.id("\(new.hex):Kept.xib")))

    // Without rename detection the rename is a delete plus an add.
    let plain = try repo.diff(from: old, to: new, detectRenames: false)
    #expect(plain.count == 5 && !plain.contains { $0.status == .renamed })

    // From the empty tree everything is added.
    #expect(try repo.diff(from: nil, to: old).map(\.status) == [.added, .added, .added])
    #expect(try repo.diff(from: old, to: nil).map(\.status) == [.deleted, .deleted, .deleted])
}

@Test func pathFilterIsLiteral() throws {
    let t = try TestRepo()
    let special = "Base.lproj/Über Screen [iPad] *.storyboard"
    let old = try t.commit("old", [special: "1\n", "Base.lproj/Über Screen i.storyboard": "1\n", "Other.xib": "1\n"])
    let new = try t.commit("new", [special: "2\n", "Base.lproj/Über Screen i.storyboard": "2\n", "Other.xib": "2\n"])
    let repo = try t.open()

    // Brackets and '*' are not glob characters here: only the exact file matches.
    #expect(try repo.diff(from: old, to: new, paths: [special]).map(\.path) == [special])
    // A directory is a prefix filter.
    #expect(try repo.diff(from: old, to: new, paths: ["Base.lproj"]).count == 2)
    #expect(try repo.diff(from: old, to: new, paths: ["Base.lproj", "Other.xib"]).count == 3)
    #expect(try repo.diff(from: old, to: new, paths: ["Base"]).isEmpty)

    // Paths round-trip byte for byte (git itself agrees, unquoted).
    let names = try t.git("diff", "--name-only", old.hex, new.hex).split(separator: "\n").map(String.init)
    #expect(Set(try repo.diff(from: old, to: new).map(\.path)) == Set(names))
}

@Test func diffsAgainstWorkdirAndIndex() throws {
    let t = try TestRepo()
    let head = try t.commit("initial", ["Staged.xib": "s1\n", "Unstaged.xib": "u1\n", "Both.xib": "b1\n", "Same.xib": "same\n"])
    try t.write("Staged.xib", "s2\n")
    try t.write("Both.xib", "b2\n")
    try t.git("add", "Staged.xib", "Both.xib")
    try t.write("Both.xib", "b3\n")
    try t.write("Unstaged.xib", "u2\n")
    try t.write("Base.lproj/Über Untracked.xib", "new\n")
    let repo = try t.open()

    let cached = try repo.diffCached()
    #expect(cached.map(\.path) == ["Both.xib", "Staged.xib"])
    #expect(cached.first?.newBlob == (try t.id(":Both.xib")))

    let workdir = try repo.diffToWorkdir(from: head)
    #expect(workdir.map(\.path) == ["Both.xib", "Staged.xib", "Unstaged.xib"])
    #expect(workdir.allSatisfy { $0.status == .modified })
    let both = try #require(workdir.first)
    #expect(both.oldBlob == (try t.id("HEAD:Both.xib")))
    #expect(both.newBlob?.hex == (try t.git("hash-object", "Both.xib")))   // the work-tree content, not the staged one
    #expect(try repo.diffToWorkdir(from: head, paths: ["Unstaged.xib"]).map(\.path) == ["Unstaged.xib"])

    let withUntracked = try repo.diffToWorkdir(from: head, includeUntracked: true)
    let untracked = try #require(withUntracked.first { $0.path == "Base.lproj/Über Untracked.xib" })
    #expect(untracked.status == .untracked)
    #expect(untracked.newBlob?.hex == (try t.git("hash-object", "Base.lproj/Über Untracked.xib")))

    // Against the empty tree, every tracked file is "added".
    #expect(try repo.diffToWorkdir(from: nil).count == 4)
}

@Test func workdirRenameIsDetected() throws {
    let t = try TestRepo()
    let head = try t.commit("initial", ["A.storyboard": document("x")])
    try t.git("mv", "A.storyboard", "B.storyboard")
    let repo = try t.open()
    let changes = try repo.diffToWorkdir(from: head)
    #expect(changes.count == 1)
    #expect(changes.first?.status == .renamed)
    #expect(changes.first?.oldPath == "A.storyboard" && changes.first?.newPath == "B.storyboard")
    #expect(changes.first?.similarity == 100)
}

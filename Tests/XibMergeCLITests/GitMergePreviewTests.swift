import Foundation
import Testing

/// `xibmerge merge-preview`: predicts, without touching anything, exactly the files a real merge
/// (through the driver) leaves conflicted.
@Suite struct GitMergePreviewTests {
    /// `main` and `feature` diverge on: a storyboard that merges structurally, one with a true
    /// conflict, a xib added on both sides compatibly, a xib deleted on one side and changed on the
    /// other, a renamed-and-edited storyboard, a text file that conflicts, and one that merges.
    private func divergedRepository() throws -> GitSandbox {
        let g = try GitSandbox()
        let sb = IBFixture.storyboard, xib = IBFixture.xib
        try g.commit("base", ["Clean.storyboard": sb, "Clash.storyboard": sb, "Gone.xib": xib, "Moved/Before.storyboard": sb,
                              "README.md": "title\n", "other.txt": "1\n2\n3\n4\n5\n"])
        #expect(try g.xibmerge(["install"]).status == 0)
        try g.commit("install xibmerge")
        try g.git(["checkout", "-q", "-b", "feature"])
        try g.git(["rm", "-q", "Gone.xib"])
        try g.commit("feature", ["Clean.storyboard": IBFixture.theirsEdit(sb), "Clash.storyboard": IBFixture.background(sb, "0"),
                                 "Both.xib": smallXib("insetsLayoutMarginsFromSafeArea=\"NO\""), "Moved/Before.storyboard": IBFixture.theirsEdit(sb),
                                 "README.md": "feature title\n", "other.txt": "1\n2\n3\n4\nfive\n"])
        try g.git(["checkout", "-q", "main"])
        try g.git(["mv", "Moved/Before.storyboard", "Moved/After.storyboard"])
        try g.commit("main", ["Clean.storyboard": IBFixture.oursEdit(sb), "Clash.storyboard": IBFixture.background(sb, "0.5"),
                              "Both.xib": smallXib("userLabel=\"Root\""), "Moved/After.storyboard": IBFixture.oursEdit(sb),
                              "Gone.xib": IBFixture.background(xib, "0.5"), "README.md": "main title\n", "other.txt": "one\n2\n3\n4\n5\n"])
        return g
    }

    /// A small xib unlike every other file here (so rename detection cannot pair it), with an attribute added to its label.
    private func smallXib(_ attribute: String) -> String {
        IBFixture.replace(IBFixture.text("Small.xib"), #"text="Hello" id="hLo-xy-Z01">"#, #"text="Hello" id="hLo-xy-Z01" "# + attribute + ">")
    }

    private func repositoryState(_ g: GitSandbox) throws -> [String] {
        [try g.gitOutput("status", "--porcelain", "--ignored"), try g.gitOutput("for-each-ref"), try g.gitOutput("rev-parse", "HEAD"),
         try g.gitOutput("count-objects", "-v"), String(decoding: g.readBytes(g.repo + "/.git/index") ?? Data(), as: UTF8.self)]
    }

    @Test func predictsExactlyTheFilesTheRealMergeConflictsOn() throws {
        let g = try divergedRepository()
        let before = try repositoryState(g)
        let preview = try g.xibmerge(["merge-preview", "--format", "json", "main", "feature"])
        #expect(preview.status == 1, "\(preview.stderr)")
        #expect(try repositoryState(g) == before)   // wrote nothing

        let json = try preview.json()
        #expect(json["clean"] as? Bool == false)
        let files = try #require(json["files"] as? [[String: Any]])
        let predicted = files.filter { $0["clean"] as? Bool == false }.map { $0["path"] as! String }
            + (try #require(json["otherConflicts"] as? [String]))
        let clash = try #require(files.first { $0["path"] as? String == "Clash.storyboard" })
        #expect((clash["conflicts"] as? [String])?.first?.hasPrefix("View Controller Scene > View: ours changed its backgroundColor to white 0.5 alpha 1") == true)
        let clean = try #require(files.first { $0["path"] as? String == "Clean.storyboard" })
        #expect(clean["conflictsWithoutDriver"] as? Bool == true)
        #expect(files.first { $0["path"] as? String == "Moved/After.storyboard" }?["basePath"] as? String == "Moved/Before.storyboard")

        let merge = try g.git(["merge", "--no-edit", "feature"], allowFailure: true)
        #expect(merge.status != 0)
        #expect(predicted.sorted() == (try g.unmergedPaths()))
        #expect(predicted.sorted() == ["Clash.storyboard", "Gone.xib", "README.md"])
        let both = try g.read("Both.xib")   // added on both sides: the driver merged against the common part
        #expect(both.contains(#"insetsLayoutMarginsFromSafeArea="NO""#) && both.contains(#"userLabel="Root""#), "\(both)")
        #expect(try g.read("Moved/After.storyboard") == IBFixture.bothEdits(IBFixture.storyboard))
    }

    @Test func cleanMergeExitsZeroInEveryFormat() throws {
        let g = try GitSandbox()
        let sb = IBFixture.storyboard
        try g.commit("base", ["A.storyboard": sb, "B.xib": IBFixture.xib])
        try g.git(["checkout", "-q", "-b", "feature"])
        try g.commit("feature", ["A.storyboard": IBFixture.theirsEdit(sb), "B.xib": IBFixture.background(IBFixture.xib, "0")])
        try g.git(["checkout", "-q", "main"])
        try g.commit("main", ["A.storyboard": IBFixture.oursEdit(sb)])

        let text = try g.xibmerge(["merge-preview", "main", "feature"])
        #expect(text.status == 0, "\(text.stdout)\(text.stderr)")
        #expect(text.stdout.contains("clean    A.storyboard: merges cleanly (a plain git merge would conflict)"))
        #expect(text.stdout.contains("1 changed on one side only"))
        #expect(text.stdout.hasSuffix("Result: everything would merge cleanly.\n"))
        let markdown = try g.xibmerge(["merge-preview", "--format", "markdown", "main", "feature"])
        #expect(markdown.status == 0)
        #expect(markdown.stdout.contains("| `A.storyboard` | merges cleanly"))
        let json = try g.xibmerge(["merge-preview", "--format", "json", "main", "feature"])
        #expect(try json.json()["clean"] as? Bool == true)
    }
}

import Foundation
import Testing

/// History commands in a partial clone (`git clone --filter=blob:none`), which has every commit
/// and tree but fetches blobs from its remote when they are needed: `diff A..B`, `log`, `review`
/// and `merge-preview` fetch what they need through git, read only .xib/.storyboard blobs, and
/// with the remote gone report each file they cannot read and go on.
@Suite struct GitPartialCloneTests {
    /// The source: `v1` has a storyboard, two xibs and a text file; `v2` renames the storyboard
    /// (with an edit), edits a xib, deletes the other, adds one, and renames the text file with an
    /// edit: the change that made rename detection read a blob no IB command needs. `feature`,
    /// off `v1`, edits the storyboard under its old name.
    private func source() throws -> GitSandbox {
        let g = try GitSandbox()
        let sb = IBFixture.storyboard, xib = IBFixture.xib
        try g.commit("first", ["Old.storyboard": sb, "Main.xib": xib, "Doomed.xib": IBFixture.text("Small.xib"),
                               "notes.txt": "one\ntwo\nthree\n"])
        try g.git(["tag", "v1"])
        try g.git(["mv", "Old.storyboard", "New.storyboard"])
        try g.git(["mv", "notes.txt", "notes-renamed.txt"])
        try g.git(["rm", "-q", "Doomed.xib"])
        try g.commit("second", ["New.storyboard": IBFixture.oursEdit(sb), "Main.xib": IBFixture.background(xib, "0.5"),
                                "Added.xib": IBFixture.background(xib, "0"), "notes-renamed.txt": "one\ntwo\nthree\nfour\n"])
        try g.git(["tag", "v2"])
        try g.git(["checkout", "-q", "-b", "feature", "v1"])
        try g.commit("feature", ["Old.storyboard": IBFixture.theirsEdit(sb), "notes.txt": "1\ntwo\nthree\n"])
        try g.git(["checkout", "-q", "main"])
        try g.git(["config", "uploadpack.allowFilter", "true"])
        return g
    }

    /// A blobless clone of `source` beside it (`file://`, so that the filter applies).
    private func partialClone(of g: GitSandbox, checkout: Bool) throws -> String {
        let clone = g.root + "/clone-\(UUID().uuidString.prefix(8))"
        try g.git(["clone", "-q", "--filter=blob:none"] + (checkout ? [] : ["--no-checkout"]) + ["file://" + g.repo, clone], cwd: g.root)
        try g.git(["branch", "feature", "origin/feature"], cwd: clone)
        return clone
    }

    /// Blob ids the clone lacks, asked without making git fetch them.
    private func missingBlobs(_ g: GitSandbox, in clone: String) throws -> Set<String> {
        let list = try g.git(["rev-list", "--objects", "--missing=print", "--all"], cwd: clone).stdout
        return Set(list.split(separator: "\n").filter { $0.hasPrefix("?") }.map { String($0.dropFirst()) })
    }

    private func blob(_ g: GitSandbox, _ spec: String) throws -> String { try g.gitOutput("rev-parse", spec) }

    @Test func historyCommandsFetchOnlyTheInterfaceBuilderBlobsTheyNeed() throws {
        let g = try source()
        let clone = try partialClone(of: g, checkout: false)
        let notes = try blob(g, "v2:notes-renamed.txt"), oldNotes = try blob(g, "v1:notes.txt")
        let storyboard = try blob(g, "v1:Old.storyboard")
        #expect(try missingBlobs(g, in: clone).isSuperset(of: [notes, oldNotes, storyboard]))

        // The same output as in the full repository, renames included.
        let json = try g.xibmerge(["diff", "--format", "json", "v1..v2"], cwd: clone)
        #expect(json.status == 0, "\(json.stderr)")
        #expect(json.stdout == (try g.xibmerge(["diff", "--format", "json", "v1..v2"])).stdout)
        #expect(json.stdout.contains("Old.storyboard"))
        let missing = try missingBlobs(g, in: clone)
        #expect(!missing.contains(storyboard), "the storyboard's blobs were fetched")
        #expect(missing.isSuperset(of: [notes, oldNotes]), "rename detection did not read the text file")

        for path in ["New.storyboard", "Main.xib"] {
            let log = try g.xibmerge(["log", path], cwd: clone)
            #expect(log.status == 0, "\(log.stderr)")
            #expect(log.stdout == (try g.xibmerge(["log", path])).stdout)
        }
        #expect(try g.xibmerge(["log", "New.storyboard"], cwd: clone).stdout.contains("renamed Old.storyboard → New.storyboard"))

        let review = try g.xibmerge(["review", "--format", "json", "v1..v2"], cwd: clone)
        #expect(review.status == 0, "\(review.stderr)")
        #expect(review.stdout == (try g.xibmerge(["review", "--format", "json", "v1..v2"])).stdout)
        #expect(try missingBlobs(g, in: clone).isSuperset(of: [notes, oldNotes]))

        let preview = try g.xibmerge(["merge-preview", "--format", "json", "v2", "feature"], cwd: clone)
        let full = try g.xibmerge(["merge-preview", "--format", "json", "v2", "feature"])
        #expect(preview.status == full.status, "\(preview.stderr)")
        #expect(preview.stdout == full.stdout)
        #expect(preview.stdout.contains("New.storyboard"))
    }

    /// A text diff's files, by their first line (`diff a/X b/X`).
    private func sections(_ text: String) -> [String: String] {
        var out: [String: String] = [:]
        for section in ("\n" + text).components(separatedBy: "\ndiff ").dropFirst() {
            out["diff " + (section.split(separator: "\n").first.map(String.init) ?? "")] = section
        }
        return out
    }

    @Test func withTheSourceGoneEachUnreadableFileIsReportedAndTheRestGoesOn() throws {
        let g = try source()
        // Checked out at v2: v2's blobs are here, v1's and feature's are not.
        let clone = try partialClone(of: g, checkout: true)
        let fullDiff = try g.xibmerge(["diff", "v1..v2"]).stdout
        let doomed = try blob(g, "v1:Doomed.xib"), main = try blob(g, "v1:Main.xib"), storyboard = try blob(g, "v1:Old.storyboard")
        let gone = g.root + "/gone"
        try FileManager.default.moveItem(atPath: g.repo, toPath: gone)
        defer { try? FileManager.default.moveItem(atPath: gone, toPath: g.repo) }

        let diff = try g.xibmerge(["diff", "v1..v2"], cwd: clone)
        #expect(diff.status == 2)
        // Added.xib needs only v2's blob: shown as in the full repository. The storyboard's old
        // version is gone, so its rename cannot be seen: it shows as added, the old one unreadable.
        let added = "diff /dev/null b/Added.xib"
        #expect(sections(diff.stdout)[added] != nil)
        #expect(sections(diff.stdout)[added] == sections(fullDiff)[added])
        #expect(sections(diff.stdout)["diff /dev/null b/New.storyboard"] != nil)
        let lines = diff.stderr.split(separator: "\n").map(String.init)
        for (path, id) in [("Doomed.xib", doomed), ("Main.xib", main), ("Old.storyboard", storyboard)] {
            #expect(lines.contains { $0.hasPrefix("xibmerge: cannot read \(path) (blob \(id)): git could not fetch it: ") && $0.hasSuffix("; \(path) not shown") },
                    "\(diff.stderr)")
        }
        #expect(diff.stderr.hasSuffix("\n"))

        let log = try g.xibmerge(["log", "Main.xib"], cwd: clone)
        #expect(log.status == 0, "\(log.stderr)")
        #expect(log.stdout.contains("cannot read Main.xib (blob \(main)): git could not fetch it"))
        #expect(log.stdout.components(separatedBy: "\ncommit ").count == 2, "both commits listed")

        let review = try g.xibmerge(["review", "--format", "json", "v1..v2"], cwd: clone)
        #expect(review.status == 2)
        #expect(review.stderr.contains("xibmerge: cannot read Doomed.xib (blob \(doomed)): git could not fetch it"), "\(review.stderr)")
        #expect(review.stdout.contains("Added.xib"))

        // The storyboard's base version (v1) is not here: that file is reported, not previewed.
        let preview = try g.xibmerge(["merge-preview", "v2", "feature"], cwd: clone)
        #expect(preview.status == 2)
        #expect(preview.stderr.contains("(blob \(storyboard)): git could not fetch it"), "\(preview.stderr)")
        #expect(preview.stdout.contains("merging feature"))
        #expect(preview.stderr.hasSuffix("\n"))
    }
}

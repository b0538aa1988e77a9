import Foundation
import Testing

/// `xibmerge review`'s "breaks the app" section in a real repository, with MacDown's own files
/// (Tests/Fixtures/review/breaks-the-app): on `main` the parent of MacDown's commit 178aa13
/// ("Outlets naming"), where the export panel's xib already connects two outlets its class
/// lacks; on `feature` that commit, which renamed two outlets in the code and not in the xib;
/// on `code` the commit's Objective-C half alone.
@Suite(.serialized)
struct GitReviewBreaksTests {
    static let fixture = CLI.fixtures.appendingPathComponent("review/breaks-the-app")
    static let xib = "MacDown/Code/Preferences/MPTerminalPreferencesViewController.xib"
    static let header = "MacDown/Code/Preferences/MPTerminalPreferencesViewController.h"
    static let implementation = "MacDown/Code/Preferences/MPTerminalPreferencesViewController.m"

    static func repository() throws -> GitSandbox {
        let git = try GitSandbox()
        func copy(_ side: String, only: [String]? = nil) throws {
            let dir = fixture.appendingPathComponent(side)
            let files = try only ?? FileManager.default.subpathsOfDirectory(atPath: dir.path).filter {
                var folder: ObjCBool = false
                return FileManager.default.fileExists(atPath: dir.appendingPathComponent($0).path, isDirectory: &folder) && !folder.boolValue
            }
            for file in files {
                let target = URL(fileURLWithPath: git.path(file))
                try FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data(contentsOf: dir.appendingPathComponent(file)).write(to: target)
            }
        }
        try copy("base")
        try git.commit("base")
        try git.git(["checkout", "-q", "-b", "feature"])
        try copy("head")
        try git.commit("Outlets naming")
        try git.git(["checkout", "-q", "-b", "code", "main"])
        try copy("head", only: [header, implementation])
        try git.commit("Outlets naming, code only")
        return git
    }

    /// `rule file:line path message-start` of each entry of a JSON list.
    static func entries(_ list: JSONValue?) -> [String] {
        (list?.array ?? []).map { f in
            let line = if case .int(let n) = f["line"]! { n } else { 0 }
            return "\(f["kind"]!.string!) \(f["file"]!.string!):\(line) \(f["path"]!.string ?? "") \(f["message"]!.string!.prefix(40))"
        }
    }

    @Test func aChangeToEitherHalfShowsWhatItBreaks() throws {
        let git = try Self.repository()
        for branch in ["feature", "code"] {
            let report = try GitReviewTests.checkLaws(git, range: "main..\(branch)")
            let code = try #require(report["code"])
            let breaks = Self.entries(code["breaks"])
            #expect(breaks.count == 2, "\(branch): \(breaks)")
            #expect(breaks.contains { $0.hasPrefix("missing-outlet \(Self.xib):13 File's Owner outlet 'location' is not a property") })
            #expect(breaks.contains { $0.contains(" File's Owner outlet 'supportText' is not a property") })
            // The code side: the class and the file:line of its declaration.
            for f in code["breaks"]!.array {
                #expect(f["message"]!.string!.contains("(\(Self.header):12)"), "\(f)")
            }
            #expect(Self.entries(code["alreadyBroken"]).map { $0.split(separator: " ")[1] } == [
                "MacDown/Localization/Base.lproj/MPExportPanelAccessoryViewController.xib:9",
                "MacDown/Localization/Base.lproj/MPExportPanelAccessoryViewController.xib:10",
            ])
        }
        let markdown = try git.xibmerge(["review", "--format", "markdown", "main..feature"]).stdout
        #expect(markdown.contains("### ⚠️ Breaks the app\n\n2 new mismatches between IB and code (2 already there)"), "\(markdown)")
        #expect(markdown.contains("- `missing-outlet` `\(Self.xib):13:17` File's Owner: outlet 'location' is not a property of MPTerminalPreferencesViewController (\(Self.header):12) or its superclasses\n"), "\(markdown)")
        #expect(markdown.contains("<summary>2 already at the base</summary>"))
        let html = try git.xibmerge(["review", "--format", "html", "main..feature"]).stdout
        #expect(html.contains("<h2>⚠️ Breaks the app</h2>"))
        #expect(html.components(separatedBy: "<li data-rule=\"missing-outlet\">").count - 1 == 4)
    }

    /// Undoing the change breaks nothing new; a range that touches neither IB files nor code
    /// is not compared.
    @Test func aFixOrAnUnrelatedChangeBreaksNothing() throws {
        let git = try Self.repository()
        let report = try GitReviewTests.checkLaws(git, range: "feature..main")
        #expect(report["code"]?["breaks"]?.array.isEmpty == true)
        #expect(Self.entries(report["code"]?["alreadyBroken"]).count == 2)
        let markdown = try git.xibmerge(["review", "--format", "markdown", "feature..main"]).stdout
        #expect(markdown.contains("No new mismatch between IB and code (2 already there)"), "\(markdown)")
        #expect(!markdown.contains("Breaks the app"))

        try git.commit("notes", ["NOTES.txt": "not code\n"])
        let unrelated = try GitReviewTests.checkLaws(git, range: "code~1..code")
        #expect(unrelated["code"] == .null)
    }
}

import Foundation
import Testing

/// `xibmerge merge-preview` checks the merged tree with the code rules: a merge that leaves IB
/// and code disagreeing although each side agrees on its own. Element's real Main.storyboard
/// and SettingsViewController (Tests/Fixtures/check-code-history/element-ios-b3a2420f66/fix)
/// on `main`; `ours` renames the storyboard identifier SettingsViewController in the storyboard
/// and in the call that instantiates it; `theirs` adds a second call with the old identifier.
@Suite(.serialized)
struct GitMergePreviewBreaksTests {
    static let fixture = CLI.fixtures.appendingPathComponent("check-code-history/element-ios-b3a2420f66/fix")
    static let storyboard = "Riot/Assets/Base.lproj/Main.storyboard"
    static let source = "Riot/Modules/Settings/SettingsViewController.m"
    static let call = "instantiateViewControllerWithIdentifier:@\"SettingsViewController\"]"

    static func repository() throws -> GitSandbox {
        let git = try GitSandbox()
        for file in [storyboard, source, "Riot/Modules/Settings/SettingsViewController.h"] {
            let target = URL(fileURLWithPath: git.path(file))
            try FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(contentsOf: fixture.appendingPathComponent(file)).write(to: target)
        }
        try git.commit("base")
        let (board, code) = (try git.read(storyboard), try git.read(source))
        try git.git(["checkout", "-q", "-b", "ours"])
        try git.commit("rename the storyboard identifier", [
            storyboard: board.replacingOccurrences(of: "storyboardIdentifier=\"SettingsViewController\"", with: "storyboardIdentifier=\"Settings\""),
            source: code.replacingOccurrences(of: call, with: "instantiateViewControllerWithIdentifier:@\"Settings\"]"),
        ])
        try git.git(["checkout", "-q", "-b", "theirs", "main"])
        try git.commit("a second way in", [source: code + """

            @implementation SettingsViewController (Deeplink)

            + (instancetype)instantiateForDeeplink
            {
                UIStoryboard *storyboard = [UIStoryboard storyboardWithName:@"Main" bundle:[NSBundle mainBundle]];
                return [storyboard \(call);
            }

            @end

            """])
        try git.git(["checkout", "-q", "ours"])
        return git
    }

    @Test func theMergedTreeBreaksWhatNeitherSideBreaks() throws {
        let git = try Self.repository()
        for side in ["ours", "theirs"] {
            let alone = try git.xibmerge(["check", "."])
            #expect(!alone.stdout.contains("[missing-identifier]"), "\(side): \(alone.stdout)")
            try git.git(["checkout", "-q", side == "ours" ? "theirs" : "ours"])
        }
        let json = try git.xibmerge(["merge-preview", "--format", "json", "ours", "theirs"])
        #expect(json.status == 1, "\(json.stderr)")
        let report = try JSONValue.parse(json.stdout)
        let breaks = report["codeBreaks"]?.array ?? []
        #expect(breaks.count == 1, "\(json.stdout)")
        #expect(breaks.first?["kind"]?.string == "missing-identifier")
        #expect(breaks.first?["file"]?.string == Self.source)
        #expect(breaks.first?["message"]?.string == "storyboard identifier 'SettingsViewController' is not defined by any IB file")
        let text = try git.xibmerge(["merge-preview", "ours", "theirs"]).stdout
        #expect(text.contains("Breaks the app: 1 mismatch between IB and code that neither side has:\n\(Self.source):"), "\(text)")
        #expect(text.hasSuffix("Result: everything would merge cleanly, but the result breaks the app.\n"), "\(text)")
        let markdown = try git.xibmerge(["merge-preview", "--format", "markdown", "ours", "theirs"]).stdout
        #expect(markdown.contains("#### ⚠️ Breaks the app: 1 mismatch between IB and code that neither side has"))
    }

    /// `resolve` in the merge itself, once nothing is conflicted: the work tree is checked.
    @Test func resolveChecksTheMergedWorkTree() throws {
        let git = try Self.repository()
        try git.git(["merge", "--no-commit", "--no-ff", "-q", "theirs"])
        let resolve = try git.xibmerge(["resolve"])
        #expect(resolve.status == 0, "\(resolve.stdout)\(resolve.stderr)")
        #expect(resolve.stdout.contains("xibmerge: the merge breaks the app: 1 mismatch between IB and code that neither side has:\n\(Self.source):"),
                "\(resolve.stdout)")
    }

    /// Merging one side into the base creates nothing new: the side's own state.
    @Test func aMergeWithNothingOnOneSideBreaksNothing() throws {
        let git = try Self.repository()
        let json = try git.xibmerge(["merge-preview", "--format", "json", "ours", "main"])
        #expect(json.status == 0, "\(json.stdout)\(json.stderr)")
        #expect(try JSONValue.parse(json.stdout)["codeBreaks"]?.array.isEmpty == true)
    }
}

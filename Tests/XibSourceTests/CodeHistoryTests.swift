import Foundation
import Testing
import XibKit
import XibSource

/// Real mismatches between IB and code from the histories of the shared apps
/// (`Tests/Fixtures/check-code-history/<repo>-<fix>/`): a commit that fixed one, with the
/// parent's (`parent/`) and the fix's (`fix/`) versions of the files involved, unmodified, and
/// `case.txt` (repository, commits, subject, why it is a mismatch, and each `finding:` as `check`
/// prints it on the parent). Each finding is reported on the parent and no longer at the fix.
@Suite struct CodeHistoryTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/check-code-history")

    static var cases: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: fixtures.path)) ?? []).filter { !$0.hasPrefix(".") }.sorted()
    }

    /// The code rules' findings under `folder` as `check` prints them, paths relative to it.
    static func findings(_ folder: String) -> [String] {
        let code = CodeIndexer.index(folders: [folder])
        let results = Checker.check(Checker.documents(in: [folder]), configuration: CheckConfiguration(), code: code)
        return results.flatMap(\.findings).filter(\.kind.readsCode).map {
            $0.description.replacingOccurrences(of: folder + "/", with: "")
        }
    }

    /// A finding without its line and column numbers (the fix may move the lines).
    static func identity(_ finding: String) -> String {
        finding.replacingOccurrences(of: #":[0-9]+"#, with: "", options: .regularExpression)
    }

    @Test(arguments: cases) func reportedBeforeTheFixOnly(_ name: String) throws {
        let folder = Self.fixtures.appendingPathComponent(name).path
        let facts = try String(contentsOfFile: folder + "/case.txt", encoding: .utf8).split(separator: "\n")
        let expected = facts.filter { $0.hasPrefix("finding: ") }.map { String($0.dropFirst("finding: ".count)) }
        try #require(!expected.isEmpty, "\(name)/case.txt names no finding")
        let parent = Self.findings(folder + "/parent")
        for f in expected { #expect(parent.contains(f), "\(name): not reported on the parent: \(f)") }
        let fixed = Set(Self.findings(folder + "/fix").map(Self.identity))
        for f in expected { #expect(!fixed.contains(Self.identity(f)), "\(name): still reported at the fix: \(f)") }
    }

    /// At least ten cases, covering each rule that compares documents and code.
    @Test func coversTheRules() throws {
        var rules: Set<String> = []
        for name in Self.cases {
            let text = try String(contentsOfFile: Self.fixtures.appendingPathComponent(name + "/case.txt").path, encoding: .utf8)
            for line in text.split(separator: "\n") where line.hasPrefix("rule: ") { rules.insert(String(line.dropFirst(6))) }
        }
        #expect(Self.cases.count >= 10)
        #expect(rules.isSuperset(of: ["missing-outlet", "missing-action", "unknown-class", "missing-identifier"]))
    }
}

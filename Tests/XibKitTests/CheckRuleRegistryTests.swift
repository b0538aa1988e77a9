import Foundation
import Testing
@testable import XibKit

/// The rules table of the documentation is the registry's: each rule's id, default and what it
/// finds, in the registry's order.
@Suite struct CheckRuleRegistryTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let begin = "<!-- check-rules:begin -->\n", end = "<!-- check-rules:end -->"

    /// The table between the markers of doc/cli.md (or the README, where it was before), or nil.
    static func documentedTable() throws -> (file: String, table: String)? {
        for file in ["doc/cli.md", "README.md"] {
            let url = root.appendingPathComponent(file)
            guard FileManager.default.fileExists(atPath: url.path) else { continue }
            let text = try String(contentsOf: url, encoding: .utf8)
            guard let b = text.range(of: begin), let e = text.range(of: end, range: b.upperBound..<text.endIndex) else { continue }
            return (file, String(text[b.upperBound..<e.lowerBound]))
        }
        return nil
    }

    @Test func theDocumentedTableIsTheRegistrys() throws {
        let documented = try #require(try Self.documentedTable(), "no \(Self.begin.dropLast()) in doc/cli.md or README.md")
        let expected = CheckRuleRegistry.markdownTable()
        #expect(documented.table == expected, """
            the rules table of \(documented.file) is not the registry's; replace the lines between the markers with:
            \(expected)
            """)
    }

    @Test func everyRuleIsListedOnceWithItsWords() {
        let ids = CheckRuleRegistry.rules.map(\.id)
        #expect(Set(ids).count == ids.count)
        for rule in CheckRuleRegistry.rules {
            #expect(CheckRule(rawValue: rule.id) == rule)
            #expect(!rule.summary.isEmpty && !rule.help.isEmpty && !rule.finds.isEmpty, "\(rule.id)")
            #expect(CheckRule.Category.allCases.contains(rule.category), "\(rule.id)")
        }
        #expect(CheckRule(rawValue: "no-such-rule") == nil)
    }

    /// Each rule file under `Check/Rules/` (`DuplicateID.swift`: `duplicate-id`) is listed in the
    /// registry. A name another file of XibKit has takes `Rule` after it (`ConflictMarkersRule.swift`):
    /// a module's file names are unique.
    @Test func everyRuleFileIsInTheRegistry() throws {
        let folder = Self.root.appendingPathComponent("Sources/XibKit/Check/Rules")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path)
            .filter { $0.hasSuffix(".swift") && $0 != "CheckRuleRegistry.swift" }.sorted()
        let ids = files.map { file in
            var id = ""
            var previous: Character = "-"
            var name = file.dropLast(".swift".count)
            if name.hasSuffix("Rule") { name = name.dropLast("Rule".count) }
            for c in name {
                if c.isUppercase && previous.isLowercase { id += "-" }
                id += c.lowercased()
                previous = c
            }
            return id
        }
        #expect(Set(ids) == Set(CheckRuleRegistry.rules.map(\.id)), "rule files: \(files)")
    }
}

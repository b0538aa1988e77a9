import Foundation
import Testing
@testable import XibKit

/// `.xibmerge.yml`: the settings teams commit, and errors that name the line of a typo.
@Suite struct CheckConfigurationTests {
    @Test func defaults() {
        let c = CheckConfiguration()
        #expect(c.severity(of: .duplicateID) == .error)
        #expect(c.severity(of: .lostTranslation) == .error)
        #expect(c.severity(of: .orphanedTranslation) == .warning)
        #expect(c.severity(of: .misplacedView) == .warning)
        #expect(c.severity(of: .duplicateConstraint) == .warning)
        #expect(!c.isEnabled(.missingTranslation))
    }

    @Test func fileSettings() throws {
        let yaml = """
        # team settings
        ---
        check:
          enable: [missing-translation, "duplicate-constraint"]
          disable:
            - ambiguous-layout   # noisy in our project
          severity:
            orphaned-translation: error
            misplaced-view: error
            duplicate-constraint: off
        """
        let c = try CheckConfiguration(yaml: Array(yaml.utf8), name: ".xibmerge.yml")
        #expect(c.severity(of: .missingTranslation) == .warning)
        #expect(!c.isEnabled(.ambiguousLayout))
        #expect(c.severity(of: .orphanedTranslation) == .error)
        #expect(c.severity(of: .misplacedView) == .error)
        #expect(!c.isEnabled(.duplicateConstraint))
        #expect(c.severity(of: .duplicateID) == .error)

        let sameIndent = try CheckConfiguration(yaml: Array("check:\n  disable:\n  - misplaced-view\n  enable: missing-translation\n".utf8), name: "x")
        #expect(!sameIndent.isEnabled(.misplacedView))
        #expect(sameIndent.isEnabled(.missingTranslation))
        #expect(try CheckConfiguration(yaml: Array("# nothing yet\n".utf8), name: "x") == CheckConfiguration())
    }

    @Test(arguments: [
        ("check:\n  disable: [misplaced-veiw]\n", 2, 13, "unknown rule 'misplaced-veiw'"),
        ("check:\n  severity:\n    duplicate-id: fatal\n", 3, 19, "unknown severity 'fatal'"),
        ("check:\n  disabled: [a]\n", 2, 3, "unknown setting 'disabled' under `check`"),
        ("chek:\n  disable: []\n", 1, 1, "unknown setting 'chek'"),
        ("check:\n\tdisable: []\n", 2, 1, "a tab in the indentation"),
        ("check:\n  enable: &rules [a]\n", 2, 11, "'&' starts YAML"),
        ("check:\n  enable: [a\n", 2, 11, "a flow list must close on its line"),
        ("check:\n  disable:\n    - misplaced-view\n      - x\n", 4, 7, "unexpected"),
    ])
    func errorsNameLineAndColumn(yaml: String, line: Int, column: Int, message: String) {
        expectParseError(at: ".xibmerge.yml", line, column, message) {
            _ = try CheckConfiguration(yaml: Array(yaml.utf8), name: ".xibmerge.yml")
        }
    }

    @Test func foundFromTheWorkingDirectoryUpward() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("xibmerge-config-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let deep = root.appendingPathComponent("a/b/c")
        try FileManager.default.createDirectory(at: deep, withIntermediateDirectories: true)
        try "check:\n  enable: [missing-translation]\n".write(to: root.appendingPathComponent("a/.xibmerge.yml"), atomically: true, encoding: .utf8)
        #expect(CheckConfiguration.find(from: deep.path) == root.appendingPathComponent("a/.xibmerge.yml").path)
        #expect(CheckConfiguration.find(from: root.path) == nil || !CheckConfiguration.find(from: root.path)!.hasPrefix(root.path))
    }
}

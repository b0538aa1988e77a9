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
        ("check:\n  ignore:\n    - rule: missing-outlet\n      objet: abc-De-fgh\n", 4, 7, "unknown key 'objet' in an `ignore` entry"),
        ("check:\n  ignore:\n    - rule: missing-outlett\n", 3, 13, "unknown rule 'missing-outlett'"),
        ("check:\n  ignore: missing-outlet\n", 2, 11, "`ignore` must be a list"),
        ("check:\n  excluded:\n    - path: Pods\n", 3, 7, "expected a path"),
    ])
    func errorsNameLineAndColumn(yaml: String, line: Int, column: Int, message: String) {
        expectParseError(at: ".xibmerge.yml", line, column, message) {
            _ = try CheckConfiguration(yaml: Array(yaml.utf8), name: ".xibmerge.yml")
        }
    }

    /// SwiftLint's `excluded:` and per-finding `ignore:` entries (IB files cannot carry comments).
    @Test func excludedAndIgnored() throws {
        let yaml = """
        check:
          excluded:
            - Pods
            - "**/Legacy/*.xib"
          ignore:
            - rule: missing-outlet
              file: App/Base.lproj/Main.storyboard
              object: abc-De-fgh
            - file: "Vendor/**"
          disable: [ambiguous-layout]
        """
        let c = try CheckConfiguration(yaml: Array(yaml.utf8), name: ".xibmerge.yml")
        #expect(c.excluded.map(\.pattern) == ["Pods", "**/Legacy/*.xib"])
        #expect(c.ignored == [Suppression(rule: .missingOutlet, file: Glob("App/Base.lproj/Main.storyboard"), object: "abc-De-fgh"),
                              Suppression(file: Glob("Vendor/**"))])
        #expect(!c.isEnabled(.ambiguousLayout))
        #expect(c.isExcluded("Pods/Foo/Bar.xib"))
        #expect(c.isExcluded("App/Legacy/Old.xib") && c.isExcluded("Legacy/Old.xib"))
        #expect(!c.isExcluded("App/Legacy/Old.storyboard") && !c.isExcluded("App/Podsfile.xib"))

        func result(_ file: String, _ kind: CheckRule, _ id: String) -> Checker.FileResult {
            Checker.FileResult(file: file, outcome: .checked([IntegrityProblem(kind: kind, file: file, line: 1, column: 1, objectID: id, message: "m")]))
        }
        let (kept, count) = c.suppressing([
            result("App/Base.lproj/Main.storyboard", .missingOutlet, "abc-De-fgh"),
            result("App/Base.lproj/Main.storyboard", .missingOutlet, "other-id-1"),
            result("App/Base.lproj/Main.storyboard", .missingAction, "abc-De-fgh"),
            result("Vendor/Kit/View.xib", .unknownClass, "x"),
        ])
        #expect(count == 2)
        #expect(kept.flatMap(\.findings).map { "\($0.kind.id) \($0.objectID!)" } == ["missing-outlet other-id-1", "missing-action abc-De-fgh"])
    }

    @Test func globs() {
        #expect(Glob("*.xib").matches("A.xib") && !Glob("*.xib").matches("x/A.xib"))
        #expect(Glob("**/*.xib").matches("x/y/A.xib") && Glob("**/*.xib").matches("A.xib"))
        #expect(Glob("a/**/b").matches("a/b") && Glob("a/**/b").matches("a/x/y/b/c.xib"))
        #expect(Glob("L?gacy").matches("Legacy/x") && !Glob("L?gacy").matches("Lgacy"))
        #expect(Glob("*a*a*a*a*a*b").matches(String(repeating: "a", count: 40) + "b"))
        #expect(!Glob("*a*a*a*a*a*b").matches(String(repeating: "a", count: 4000)))
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

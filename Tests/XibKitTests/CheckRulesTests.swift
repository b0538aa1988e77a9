import CorpusSupport
import Foundation
import Testing
@testable import XibKit

/// The rules beyond integrity: Xcode's layout flags, duplicate constraints and translations,
/// on fixtures made from Examples/CrashReport.storyboard and on the shared corpus.
@Suite struct CheckRulesTests {
    static let fixtures = IntegrityCheckTests.fixtures

    func findings(_ name: String, _ configuration: CheckConfiguration = CheckConfiguration()) -> [IntegrityProblem] {
        Checker.check(file: Self.fixtures.appendingPathComponent(name).path, configuration: configuration).findings
    }

    @Test func layoutFlags() {
        let f = findings("layout-flags.storyboard")
        #expect(f.map(\.kind) == [.ambiguousLayout, .misplacedView])
        #expect(f.map(\.line) == [20, 31])
        #expect(f.map(\.column) == [29, 29])
        #expect(f.allSatisfy { $0.severity == .warning })
        #expect(f.last?.path == "Crash ReportVC Scene > View > MultilineButton \"{Learn more}\"")
        var quiet = CheckConfiguration()
        quiet.disable(.ambiguousLayout)
        #expect(findings("layout-flags.storyboard", quiet).map(\.kind) == [.misplacedView])
    }

    /// The same equation written the other way round (`a = b` and `b = a`) is a duplicate.
    @Test func duplicateConstraint() {
        let f = findings("duplicate-constraint.storyboard")
        #expect(f.map(\.kind) == [.duplicateConstraint])
        #expect(f.first?.line == 50)
        #expect(f.first?.objectID == "dUp-Cn-Str")
        #expect(f.first?.message == "constraint Label \"It seems that AutoFill did not close co…\".leading = MultilineButton \"{Learn more}\".leading duplicates 'ecw-vf-sHK' at line 49")
        #expect(Checker.status(of: [Checker.FileResult(file: "x", outcome: .checked(f))]) == 0)
        #expect(Checker.status(of: [Checker.FileResult(file: "x", outcome: .checked(f))], strict: true) == 1)
    }

    /// Two equal constraints that size classes install apart are not duplicates.
    @Test func constraintsInDifferentSizeClasses() throws {
        var text = try String(contentsOf: Self.fixtures.appendingPathComponent("duplicate-constraint.storyboard"), encoding: .utf8)
        text = text.replacingOccurrences(of: "                    </view>\n                    <connections>", with: """
                                <variation key="heightClass=compact">
                                    <mask key="constraints">
                                        <exclude reference="dUp-Cn-Str"/>
                                    </mask>
                                </variation>
                            </view>
                            <connections>
        """)
        guard case .checked(let f) = IntegrityCheck.check(bytes: Array(text.utf8), name: "x.storyboard") else { Issue.record(); return }
        #expect(f.isEmpty)
        let graph = IBGraph(try IBDocument(bytes: Array(text.utf8), name: "x.storyboard"))
        #expect(LayoutRules.findings(in: graph).isEmpty)
    }

    /// Base.lproj/CrashReport.storyboard with a UTF-8 French file (comments, escapes, one key
    /// of a deleted button) and a UTF-16 German one without the button's title.
    @Test func translations() throws {
        let document = "localized/Base.lproj/CrashReport.storyboard"
        let fr = Self.fixtures.appendingPathComponent("localized/fr.lproj/CrashReport.strings").path
        let de = Self.fixtures.appendingPathComponent("localized/de.lproj/CrashReport.strings").path
        #expect(LocalizationCheck.stringsFiles(for: Self.fixtures.appendingPathComponent(document).path) == [de, fr])
        #expect(LocalizationCheck.document(translatedBy: fr) == Self.fixtures.appendingPathComponent(document).path)

        let f = findings(document)
        #expect(f.map(\.kind) == [.orphanedTranslation])
        #expect(f.first?.file == fr)
        #expect(f.first?.line == 9)
        #expect(f.first?.column == 1)
        #expect(f.first?.severity == .warning)
        #expect(f.first?.message == "translation \"cLs-Bt-9Qa.normalTitle\" is dead: \(Self.fixtures.path)/\(document) has no object 'cLs-Bt-9Qa' (fr); it translated \"Close\"")

        let french = try StringsFile.load(path: fr)
        #expect(french.entries.first?.value == "Il semble qu'AutoFill ne se soit pas fermé correctement.\n\nContactez-nous : \"aide\".")

        var all = CheckConfiguration()
        all.enable(.missingTranslation)
        let missing = findings(document, all).filter { $0.kind == .missingTranslation }
        #expect(missing.count == 1)
        #expect(missing.first?.line == 31)
        #expect(missing.first?.message.hasPrefix("de has no translation of normalTitle (\"1To-fA-tCt.normalTitle\"") == true)
    }

    /// A file written on one line: columns are exact (not-ASCII text before them included),
    /// and each costs a bounded scan, not the line's.
    @Test func columnsOnOneLongLine() throws {
        let views = (0..<4000).map { "<label misplaced=\"YES\" text=\"é\($0)\" id=\"L\(String(format: "%05d", $0))\"/>" }
        let xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?><document type=\"com.apple.InterfaceBuilder3.CocoaTouch.XIB\" version=\"3.0\"><objects><view id=\"root\"><subviews>"
            + views.joined() + "</subviews></view></objects></document>\n"
        let document = try IBDocument(bytes: Array(xml.utf8), name: "OneLine.xib")
        let f = LayoutRules.findings(in: IBGraph(document))
        #expect(f.count == 4000)
        for finding in f.enumerated().filter({ $0.offset % 397 == 0 }).map(\.element) {
            let offset = try #require(xml.utf8.firstRange(of: Array("id=\"\(finding.objectID!)\"".utf8))).lowerBound
            let start = xml.utf8[..<offset].lastIndex(of: UInt8(ascii: "<"))!
            #expect(finding.line == 1)
            #expect(finding.column == document.xml.source.location(of: xml.utf8.distance(from: xml.utf8.startIndex, to: start)).column)
        }
    }

    /// No error on any document-format file of the corpus (Xcode-written or hand-edited, as
    /// people committed them); the warnings found are printed by rule.
    @Test(.enabled(if: Corpus.isAvailable, Corpus.skipped))
    func noErrorOnTheDocumentCorpus() throws {
        let urls = try Corpus.documentFiles().map(\.url) + Corpus.documentScenarioFiles()
        #expect(urls.count >= Corpus.minimumFiles)
        var all = CheckConfiguration()
        for rule in CheckRule.allCases { all.enable(rule) }
        let results = Checker.check(urls.map(\.path), configuration: all)
        var warnings: [CheckRule: Int] = [:]
        var files: [CheckRule: Set<String>] = [:]
        for r in results {
            switch r.outcome {
            case .unsupported(let e): Issue.record("\(e)")
            case .checked(let findings):
                for f in findings {
                    #expect(f.severity == .warning, "\(f)")
                    warnings[f.kind, default: 0] += 1
                    files[f.kind, default: []].insert(r.file)
                }
            }
        }
        let summary = CheckRule.allCases.map { "\($0.id) \(warnings[$0, default: 0]) in \(files[$0]?.count ?? 0) files" }
        print("check on \(urls.count) corpus files: warnings by rule: \(summary.joined(separator: ", "))")
    }

    /// A Base.lproj / fr.lproj / de.lproj tree built from real storyboards: French and German
    /// `.strings` generated from their text-bearing objects with ibtool's comments (German in
    /// UTF-16), keys of made-up ids added, and one translated object given a new id in the base
    /// file (what a delete and re-create in Xcode does). `check` reports exactly the made-up keys
    /// as dead (one finding per key), and each text of the re-created object as lost in both
    /// languages, naming its old key; no other key.
    @Test(.enabled(if: Corpus.isAvailable, Corpus.skipped))
    func deadAndLostKeysInAGeneratedTree() throws {
        let storyboards = try Corpus.documentFiles().map(\.url)
            .filter { $0.pathExtension == "storyboard" && $0.lastPathComponent.contains("Base.lproj") }
            .prefix(4)
        #expect(storyboards.count >= 2)
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("xibmerge-l10n-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        var checked = 0
        for (i, url) in storyboards.enumerated() {
            let name = "Story\(i)"
            var text = try String(contentsOf: url, encoding: .utf8)
            let graph = IBGraph(try IBDocument(bytes: Array(text.utf8), name: name))
            let keys = LocalizableStrings.strings(in: graph)
            guard let renamed = keys.last?.key.objectID else { continue }
            // The object re-created with a new id: every reference follows, its translations do not.
            let newID = "nEw-\(i)d-Obj"
            text = text.replacingOccurrences(of: "\"\(renamed)\"", with: "\"\(newID)\"")
            let base = root.appendingPathComponent("Base.lproj/\(name).storyboard")
            var expected: Set<String> = Set(keys.filter { $0.key.objectID == renamed }.map {
                "lost \(newID).\($0.key.property) was \($0.key.key) in de, fr"
            })
            for (language, utf16) in [("fr", false), ("de", true)] {
                var lines: [String] = []
                for s in keys {
                    lines.append("/* \(s.comment) */")
                    lines.append("\"\(s.key.key)\" = \"\(escaped(translation(of: graph, s.node, s.key.property, language)))\";")
                    lines.append("")
                }
                for orphan in ["zZ9-\(language)-Or1.text", "Xq\(i)-Pp-\(language)k.normalTitle"] {
                    lines.append("// no such object")
                    lines.append("\"\(orphan)\" = \"\\\"orphan\\\"\";")
                    expected.insert("dead \(language).lproj/\(name).strings:\(lines.count)")
                }
                let body = lines.joined(separator: "\n") + "\n"
                let data = utf16 ? Data([0xFF, 0xFE]) + body.data(using: .utf16LittleEndian)! : Data(body.utf8)
                let file = root.appendingPathComponent("\(language).lproj/\(name).strings")
                try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
                try data.write(to: file)
                // Every value reads back as written, escapes and all.
                let parsed = try StringsFile.load(path: file.path)
                #expect(parsed.entries.count == keys.count + 2)
                for (entry, s) in zip(parsed.entries, keys) {
                    #expect(entry.key == s.key.key)
                    #expect(entry.value == translation(of: graph, s.node, s.key.property, language))
                }
            }
            try FileManager.default.createDirectory(at: base.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: base, atomically: true, encoding: .utf8)
            let findings = Checker.check(file: base.path, configuration: CheckConfiguration()).findings
            var found: Set<String> = []
            for f in findings {
                if f.kind == .orphanedTranslation { found.insert("dead \(f.file.dropFirst(root.path.count + 1)):\(f.line)") }
                if f.kind == .lostTranslation, let old = f.message.firstMatch(of: /under "([^"]+)"/)?.1,
                   let property = f.message.split(separator: " ").first, let languages = f.message.firstMatch(of: /translation in ([^:]+):/)?.1 {
                    found.insert("lost \(f.objectID ?? "?").\(property) was \(old) in \(languages)")
                }
            }
            #expect(found == expected, "\(url.lastPathComponent)")
            checked += 1
        }
        #expect(checked >= 2)
    }

    /// A translation that exercises escapes: the base text with quotes, a backslash and a line break added.
    private func translation(of graph: IBGraph, _ n: Int, _ property: String, _ language: String) -> String {
        "[\(language)] \"\(graph.displayName(n))\" \\ \(property)\n→ é"
    }

    private func escaped(_ s: String) -> String {
        s.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"").replacingOccurrences(of: "\n", with: "\\n")
    }
}

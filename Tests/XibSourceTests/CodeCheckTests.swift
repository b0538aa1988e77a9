import CorpusSupport
import Foundation
import Testing
import XibKit
@testable import XibSource

/// The code rules (`missing-outlet`, `missing-action`, `unknown-class`, `missing-identifier`,
/// `unconnected-outlet`) on fixture projects, one folder per source of false alarms
/// (`Tests/Fixtures/check-code/<case>/`, with `expected.txt`), and on the shared real apps.
@Suite struct CodeCheckTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/check-code")

    static var cases: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: fixtures.path)) ?? []).filter { !$0.hasPrefix(".") }.sorted()
    }

    static var allCodeRules: CheckConfiguration {
        var c = CheckConfiguration()
        for rule in CheckRule.allCases where rule.readsCode { c.enable(rule) }
        return c
    }

    /// `rule file:line` for each finding of the code rules, and the notes.
    static func run(_ folder: String, configuration: CheckConfiguration = allCodeRules) -> (lines: [String], results: [Checker.FileResult]) {
        let project = ProjectReader.model(around: [folder])
        let code = CodeIndexer.index(folders: [folder], project: project)
        let results = Checker.check(Checker.documents(in: [folder]), configuration: configuration, code: code, project: project)
        var lines = results.flatMap(\.findings).filter(\.kind.readsCode).map {
            "\($0.kind.id) \($0.file.dropFirst(folder.count + 1)):\($0.line)"
        }
        lines += Checker.notes(results).map { $0.replacingOccurrences(of: folder + "/", with: "") }
        lines += CodeRules.notes(results, code: code)
        return (lines.sorted(), results)
    }

    /// The folder must not vanish or empty: the cases below would pass by checking nothing.
    @Test func fixturesArePresent() {
        #expect(Self.cases.count >= 8, "\(Self.fixtures.path) holds \(Self.cases.count) cases")
    }

    /// `expected.txt`: the findings and notes, and `connections checked: N` (how many outlets
    /// and actions were compared with the code: a case whose classes went unread fails).
    @Test(arguments: cases) func fixture(_ name: String) throws {
        let folder = Self.fixtures.appendingPathComponent(name).path
        let checkedPrefix = "connections checked: "
        let lines = try String(contentsOfFile: folder + "/expected.txt", encoding: .utf8)
            .split(separator: "\n").map(String.init).filter { !$0.hasPrefix("#") && !$0.isEmpty }
        let expected = lines.filter { !$0.hasPrefix(checkedPrefix) }.sorted()
        let checked = try #require(lines.first { $0.hasPrefix(checkedPrefix) }.flatMap { Int($0.dropFirst(checkedPrefix.count)) },
                                   "\(name)/expected.txt must say `\(checkedPrefix)N`")
        let (found, results) = Self.run(folder)
        #expect(found == expected)
        #expect(CodeRules.connectionsChecked(results) == checked)
        // Each finding in a document names the code side too: the class and where it is declared.
        // (First Responder's actions have no one class to name.)
        for f in results.flatMap(\.findings) where (f.kind == .missingOutlet || f.kind == .missingAction) && !f.message.contains("First Responder") {
            #expect(f.message.contains(".swift:") || f.message.contains(".h:") || f.message.contains(".m:"), "\(f)")
            #expect(f.path != nil)
        }
    }

    /// A commit's files held in memory (`FileTree`, as `review` and `merge-preview` read them
    /// from git's objects) read as the same files in a folder: the same findings and notes.
    @Test(arguments: cases) func aTreeInMemoryReadsAsTheFolder(_ name: String) throws {
        let folder = Self.fixtures.appendingPathComponent(name).path
        var files: [String: [UInt8]] = [:]
        for path in try FileManager.default.subpathsOfDirectory(atPath: folder) where !Checker.isDirectory(folder + "/" + path) {
            files[path] = [UInt8](try Data(contentsOf: URL(fileURLWithPath: folder + "/" + path)))
        }
        let tree = FileTree(files: files)
        let project = ProjectReader.model(around: ["."], tree: tree)
        let code = CodeIndexer.index(folders: ["."], project: project, tree: tree)
        let results = Checker.check(Checker.documents(in: ["."], tree: tree), configuration: Self.allCodeRules, code: code,
                                    project: project, tree: tree)
        var lines = results.flatMap(\.findings).filter(\.kind.readsCode).map { "\($0.kind.id) \($0.file):\($0.line)" }
        lines += Checker.notes(results)
        lines += CodeRules.notes(results, code: code)
        #expect(lines.sorted() == Self.run(folder).lines)
        #expect(code.sourceFiles == CodeIndexer.index(folders: [folder]).sourceFiles)
    }

    /// `merge-preview` and `review` index several trees of one repository with one memo: a file
    /// whose path and content id another tree had is not read again, and gives what reading it
    /// gives; a file whose content changed is read anew.
    @Test func aMemoReusesOnlyTheSameContent() throws {
        let folder = Self.fixtures.appendingPathComponent("swift-ios").path
        var files: [String: [UInt8]] = [:], ids: [String: String] = [:]
        for path in try FileManager.default.subpathsOfDirectory(atPath: folder) where !Checker.isDirectory(folder + "/" + path) {
            files[path] = [UInt8](try Data(contentsOf: URL(fileURLWithPath: folder + "/" + path)))
            ids[path] = "v1"
        }
        let source = try #require(files.keys.sorted().first { $0.hasSuffix(".swift") })
        func outlets(_ index: CodeIndex) -> [String] { index.classes.values.flatMap { c in c.outlets.keys.map { c.name + "." + $0 } }.sorted() }
        let memo = CodeIndexer.Memo()
        let plain = CodeIndexer.index(folders: ["."], tree: FileTree(files: files))
        let first = CodeIndexer.index(folders: ["."], tree: FileTree(files: files, ids: ids), memo: memo)
        let again = CodeIndexer.index(folders: ["."], tree: FileTree(files: files, ids: ids), memo: memo)
        #expect(!outlets(plain).isEmpty)
        #expect(outlets(first) == outlets(plain) && outlets(again) == outlets(plain))
        // The same path with new content (a new blob): the outlet it adds is seen.
        files[source]! += Array("\nextension \(try #require(plain.classes.keys.sorted().first)) { @IBOutlet weak var memoProbe: UIView! }\n".utf8)
        ids[source] = "v2"
        let changed = CodeIndexer.index(folders: ["."], tree: FileTree(files: files, ids: ids), memo: memo)
        #expect(outlets(changed).contains { $0.hasSuffix(".memoProbe") })
    }

    @Test func defaultsLeaveUnconnectedOutletsOff() {
        let (lines, _) = Self.run(Self.fixtures.appendingPathComponent("swift-ios").path, configuration: CheckConfiguration())
        #expect(!lines.contains { $0.hasPrefix("unconnected-outlet") })
        #expect(lines.contains { $0.hasPrefix("missing-outlet") })
    }

    /// Swift's rule for Objective-C selectors.
    @Test func selectors() {
        #expect(ObjCSelector.swift(base: "save", labels: [""]) == "save:")
        #expect(ObjCSelector.swift(base: "foo", labels: ["sender"]) == "fooWithSender:")
        #expect(ObjCSelector.swift(base: "done", labels: ["with"]) == "doneWith:")
        #expect(ObjCSelector.swift(base: "refresh", labels: []) == "refresh")
        #expect(ObjCSelector.swift(base: "buttonTapped", labels: ["", "forEvent"]) == "buttonTapped:forEvent:")
        #expect(ObjCSelector.swift(base: "moveTo", labels: ["point"]) == "moveToPoint:")
    }

    /// Regex-breaking Objective-C: a forward `@protocol X;`, `NSWindowController<Proto>`, a long
    /// ivar block with a bit field, comments and strings that look like code.
    @Test func objcScanner() {
        let index = CodeIndexer.index(file: "A.h", text: """
            @protocol Later;
            // @interface Commented : NSObject
            @interface A : NSWindowController<NSWindowDelegate>
            {
                IBOutlet NSButton *button;
                NSString *_name, *other;
                unsigned flag : 1;
            }
            @property (nonatomic, weak) IBOutlet NSTextField *field NS_AVAILABLE_MAC(10_9);
            - (IBAction)press:(id)sender with:(int)x;
            @end
            """)
        let a = index.classes["A"]
        #expect(index.classes["Commented"] == nil)
        #expect(a?.superclass == "NSWindowController")
        #expect(a?.keys.isSuperset(of: ["button", "name", "other", "flag", "field"]) == true)
        #expect(a?.selectors == ["press:with:"])
        #expect(Set(a?.outlets.keys.map { $0 } ?? []) == ["button", "field"])
    }
}

import Foundation
import Testing
import XibKit
@testable import XibSource

/// Translation keys the code reads are live (`TranslationFates.readByCode`), never dead: on
/// Rectangle's snippet (`Tests/Fixtures/strings/code-keys/`), `NSLocalizedString("D99-0O-MB6.title",
/// tableName: "Main", …)` reads the key of a menu item the storyboard no longer has, and
/// `"Use frontmost.app as Todo App"` is a key of the code's that only looks split at its dot.
@Suite struct TranslationCodeTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/strings/code-keys").path

    @Test func keysTheCodeReadsAreLive() throws {
        let document = Self.folder + "/Base.lproj/Main.storyboard"
        let code = CodeIndexer.index(folders: [Self.folder])
        #expect(code.stringLiterals.contains("D99-0O-MB6.title"))
        let with = Checker.check(file: document, configuration: CheckConfiguration(), code: code).findings
        #expect(with.filter { $0.kind == .orphanedTranslation }.map(\.objectID) == ["1tx-W0-xDw"])
        let without = Checker.check(file: document, configuration: CheckConfiguration()).findings
        #expect(without.filter { $0.kind == .orphanedTranslation }.map(\.objectID) == ["1tx-W0-xDw", "D99-0O-MB6"])

        let graph = IBGraph(try IBDocument.load(path: document))
        let catalog = try StringCatalog.load(path: Self.folder + "/mul.lproj/Main.xcstrings")
        let fates = TranslationFates(graph: graph, texts: LocalizableStrings.strings(in: graph), files: [], catalogs: [catalog],
                                     codeStrings: code.stringLiterals)
        #expect(fates.readByCode.map(\.key.key) == ["D99-0O-MB6.title"])
        #expect(fates.dead.map(\.key.key) == ["1tx-W0-xDw.title"])
        #expect(fates.readByCode.first?.languages == ["de", "fr"])
        #expect(fates.lost.isEmpty)
    }
}

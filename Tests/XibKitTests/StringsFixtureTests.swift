import Foundation
import Testing
@testable import XibKit

/// Translations fixtures, one folder per case in `Tests/Fixtures/strings/<case>/`: a document
/// in `Base.lproj/`, its `.strings` files and String Catalogs, and
/// - `expected-check.txt`: what `check` says with every localisation rule on (paths relative to the case);
/// - `expected/NAME.strings` or `.xcstrings`: what `xibmerge strings` writes for `Base.lproj/NAME.*`;
/// - `update/PATH`: a translation file after `strings --update`; without one, the update must
///   give the file's own bytes back. Updating the result again changes nothing.
/// - `prune/PATH`: a translation file after `strings --prune` (its dead keys out, without the
///   code); without one, the prune must give the file's own bytes back.
@Suite struct StringsFixtureTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/strings")

    static let cases: [String] = (try? FileManager.default.contentsOfDirectory(atPath: root.path).filter { !$0.hasPrefix(".") }.sorted()) ?? []

    static func documents(_ dir: String) -> [String] {
        let base = dir + "/Base.lproj"
        return ((try? FileManager.default.contentsOfDirectory(atPath: base)) ?? [])
            .filter { $0.hasSuffix(".xib") || $0.hasSuffix(".storyboard") }.sorted().map { base + "/" + $0 }
    }

    @Test func thereAreCases() { #expect(Self.cases.count >= 5) }

    @Test(arguments: cases) func check(_ name: String) throws {
        let dir = Self.root.appendingPathComponent(name).path
        var configuration = CheckConfiguration()
        configuration.enable(.missingTranslation)
        var lines: [String] = []
        for document in Self.documents(dir) {
            lines += Checker.check(file: document, configuration: configuration).findings.map {
                $0.description.replacingOccurrences(of: dir + "/", with: "")
            }
        }
        let expected = try String(contentsOfFile: dir + "/expected-check.txt", encoding: .utf8)
        #expect(lines.map { $0 + "\n" }.joined() == expected)
    }

    @Test(arguments: cases) func generate(_ name: String) throws {
        let dir = Self.root.appendingPathComponent(name).path
        let expected = (try? FileManager.default.contentsOfDirectory(atPath: dir + "/expected")) ?? []
        for file in expected {
            let stem = file.prefix { $0 != "." }
            let document = try #require(Self.documents(dir).first { $0.split(separator: "/").last!.hasPrefix(stem + ".") })
            let strings = LocalizableStrings.strings(in: IBGraph(try IBDocument.load(path: document)))
            let bytes = file.hasSuffix(".xcstrings") ? JSONWriter.write(StringsExport.catalog(strings, sourceLanguage: "en"))
                : StringsFile.encode(StringsExport.stringsText(strings), as: .utf16LittleEndian, byteOrderMark: true)
            #expect(bytes == Array(try Data(contentsOf: URL(fileURLWithPath: dir + "/expected/" + file))), "\(name)/expected/\(file)")
        }
    }

    @Test(arguments: cases) func update(_ name: String) throws {
        let dir = Self.root.appendingPathComponent(name).path
        for document in Self.documents(dir) {
            let strings = LocalizableStrings.strings(in: IBGraph(try IBDocument.load(path: document)))
            for path in LocalizationCheck.stringsFiles(for: document) {
                let relative = String(path.dropFirst(dir.count + 1))
                let input = try FileIO.read(path)
                let result = try Self.update(input, name: path, strings)
                let expectedPath = dir + "/update/" + relative
                let expected = FileManager.default.fileExists(atPath: expectedPath) ? try FileIO.read(expectedPath) : input
                #expect(result.bytes == expected, "\(name)/\(relative)")
                #expect(try Self.update(result.bytes, name: path, strings).bytes == result.bytes, "\(name)/\(relative) again")
                if expected == input { #expect(result.changes.isEmpty) }
            }
        }
    }

    /// The dead keys go, every other entry stays as it was (its bytes), and pruning again changes nothing.
    @Test(arguments: cases) func prune(_ name: String) throws {
        let dir = Self.root.appendingPathComponent(name).path
        for document in Self.documents(dir) {
            let graph = IBGraph(try IBDocument.load(path: document))
            let paths = LocalizationCheck.stringsFiles(for: document)
            let strings = try paths.filter { $0.hasSuffix(".strings") }.map { try StringsFile.load(path: $0) }
            let catalogs = try paths.filter { $0.hasSuffix(".xcstrings") }.map { try StringCatalog.load(path: $0) }
            let fates = TranslationFates(graph: graph, texts: LocalizableStrings.strings(in: graph), files: strings, catalogs: catalogs)
            let dead = Set(fates.dead.map(\.key.key))
            for path in paths {
                let relative = String(path.dropFirst(dir.count + 1))
                let input = try FileIO.read(path)
                let result = try Self.prune(input, name: path, dead)
                let expectedPath = dir + "/prune/" + relative
                let expected = FileManager.default.fileExists(atPath: expectedPath) ? try FileIO.read(expectedPath) : input
                #expect(result == expected, "\(name)/\(relative)")
                #expect(try Self.prune(result, name: path, dead) == result, "\(name)/\(relative) again")
                let before = try Self.keys(input, name: path), after = try Self.keys(result, name: path)
                #expect(after == before.filter { !dead.contains($0) }, "\(name)/\(relative)")
            }
        }
    }

    static func prune(_ bytes: [UInt8], name: String, _ keys: Set<String>) throws -> [UInt8] {
        name.hasSuffix(".xcstrings") ? StringsPrune.catalog(try StringCatalog(bytes: bytes, name: name), bytes: bytes, removing: keys)
            : StringsPrune.strings(try StringsFile(bytes: bytes, name: name), bytes: bytes, removing: keys)
    }

    static func keys(_ bytes: [UInt8], name: String) throws -> [String] {
        name.hasSuffix(".xcstrings") ? try StringCatalog(bytes: bytes, name: name).entries.map(\.key)
            : try StringsFile(bytes: bytes, name: name).entries.map(\.key)
    }

    static func update(_ bytes: [UInt8], name: String, _ strings: [LocalizableString]) throws -> StringsUpdate.Result {
        name.hasSuffix(".xcstrings")
            ? StringsUpdate.catalog(try StringCatalog(bytes: bytes, name: name), bytes: bytes, with: strings)
            : StringsUpdate.strings(try StringsFile(bytes: bytes, name: name), bytes: bytes, with: strings)
    }

    /// The stale and orphaned keys are reported, and nothing is lost: every translation of
    /// the catalog is still in the updated one.
    @Test func catalogUpdateReportsAndKeeps() throws {
        let dir = Self.root.appendingPathComponent("catalog-stale-manual").path
        let path = dir + "/mul.lproj/Edit.xcstrings"
        let strings = LocalizableStrings.strings(in: IBGraph(try IBDocument.load(path: dir + "/Base.lproj/Edit.xib")))
        let result = try Self.update(try FileIO.read(path), name: path, strings)
        #expect(result.changes.map { "\($0.kind.rawValue) \($0.key)" } == [
            "stale Old-Mi-001.title", "stale Ren-Mi-001.title", "stale Stl-Mi-001.title", "added New-Mi-001.title",
        ])
        let before = try StringCatalog.load(path: path), after = try StringCatalog(bytes: result.bytes, name: path)
        for e in before.entries {
            let kept = try #require(after.entries.first { $0.key == e.key })
            #expect(kept.languages.map(\.name) == e.languages.map(\.name))
        }
    }

    /// `review`: a change that deletes a menu item orphans its catalog translations, per
    /// language of the catalog; the new item lacks every language's.
    @Test func reviewImpactCoversCatalogs() throws {
        let dir = Self.root.appendingPathComponent("catalog-stale-manual").path
        let newText = try String(contentsOfFile: dir + "/Base.lproj/Edit.xib", encoding: .utf8)
        let oldText = newText.replacingOccurrences(of: "<menuItem title=\"Find…\" keyEquivalent=\"f\" id=\"New-Mi-001\"/>",
                                                   with: "<menuItem title=\"Copy\" id=\"Old-Mi-001\"/>")
        #expect(oldText != newText)
        let old = IBGraph(try IBDocument(bytes: Array(oldText.utf8), name: "a/Edit.xib"))
        let new = IBGraph(try IBDocument(bytes: Array(newText.utf8), name: "b/Edit.xib"))
        let catalog = try StringCatalog.load(path: dir + "/mul.lproj/Edit.xcstrings")
        let impact = LocalizationImpact(old: old, new: new, translations: [], catalogs: [catalog])
        #expect(impact.languages.map { "\($0.name) \($0.orphaned) \($0.untranslated)" } == ["fr 1 1"])
        #expect(impact.orphaned.map(\.id) == ["Old-Mi-001"])
        #expect(impact.orphaned.first?.keys == [.init(key: "Old-Mi-001.title", languages: ["fr"])])
        #expect(impact.untranslated.map(\.id) == ["New-Mi-001"])
    }

    /// A kept translation keeps its bytes, escapes included, when the file around it is rewritten.
    @Test func keptValuesKeepTheirEscapes() throws {
        let dir = Self.root.deletingLastPathComponent().appendingPathComponent("check/localized").path
        let path = dir + "/fr.lproj/CrashReport.strings"
        let strings = LocalizableStrings.strings(in: IBGraph(try IBDocument.load(path: dir + "/Base.lproj/CrashReport.storyboard")))
        let result = try Self.update(try FileIO.read(path), name: path, strings)
        #expect(result.changes.map { "\($0.kind.rawValue) \($0.key)" } == ["dropped cLs-Bt-9Qa.normalTitle"])
        let text = String(decoding: result.bytes, as: UTF8.self)
        #expect(text.contains("\"kmV-si-Nrg.text\" = \"Il semble qu'AutoFill ne se soit pas ferm\\U00E9 correctement.\\n\\nContactez-nous : \\\"aide\\\".\";"))
        #expect(text.contains("/* Class = \"UIButton\"; normalTitle = \"{Learn more}\"; ObjectID = \"1To-fA-tCt\"; Note = \"#bc-ignore!\"; */\n\"1To-fA-tCt.normalTitle\" = \"En savoir plus\";"))
    }
}

import Foundation
import Testing
@testable import XibKit

/// What a change does to a document's translations (`LocalizationImpact`), on the fixture in
/// Tests/Fixtures/review/localization: a real KeePassium storyboard with fr and de (UTF-16)
/// `.strings` made from its text-bearing objects (de lacks one key), and a change that re-creates
/// a label with a new id, deletes a bar button item and adds a label, translated in fr only.
@Suite struct LocalizationImpactTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/review/localization")
    static let name = "DiagnosticsViewerVC"

    static func graph(_ side: String) throws -> IBGraph {
        let path = root.appendingPathComponent("\(side)/Base.lproj/\(name).storyboard").path
        return IBGraph(try IBDocument(bytes: try FileIO.read(path), name: path))
    }

    /// The `.strings` files of a side: ours changed fr only.
    static func strings(_ side: String) throws -> [StringsFile] {
        try ["de", "fr"].map { language in
            let own = root.appendingPathComponent("\(side)/\(language).lproj/\(name).strings").path
            let path = FileIO.size(own) != nil ? own : root.appendingPathComponent("base/\(language).lproj/\(name).strings").path
            return try StringsFile.load(path: path)
        }
    }

    @Test func theFixtureTranslatesEveryTextButOneInGerman() throws {
        let keys = Set(LocalizationCheck.localizableKeys(in: try Self.graph("base")).map(\.key.key))
        let files = try Self.strings("base")
        #expect(files.map(\.encoding) == [.utf16LittleEndian, .utf8])
        #expect(Set(files[1].entries.map(\.key)) == keys)
        #expect(keys.subtracting(files[0].entries.map(\.key)) == ["Bti-aV-bQB.title"])
    }

    @Test func recreatedDeletedAndNewObjects() throws {
        let impact = LocalizationImpact(old: try Self.graph("base"), new: try Self.graph("ours"), translations: try Self.strings("ours"))
        #expect(impact.languages.map { [$0.name, "\($0.orphaned)", "\($0.untranslated)"] } == [["de", "1", "2"], ["fr", "2", "1"]])
        #expect(impact.orphaned.map(\.id) == ["VTC-44-cgF", "Bti-aV-bQB"])
        #expect(impact.orphaned.map(\.counterpart) == ["p3K-8d-Vxe", nil])
        #expect(impact.orphaned.map(\.keys) == [[.init(key: "VTC-44-cgF.text", languages: ["de", "fr"])],
                                                [.init(key: "Bti-aV-bQB.title", languages: ["fr"])]])
        #expect(impact.orphaned[1].path == "Diagnostics Scene > Bar Button Item \"{Contact Support}\"")
        #expect(impact.untranslated.map(\.id) == ["p3K-8d-Vxe", "Lh5-Qe-2Zs"])
        #expect(impact.untranslated.map(\.counterpart) == ["VTC-44-cgF", nil])
        #expect(impact.untranslated.map(\.keys) == [[.init(key: "p3K-8d-Vxe.text", languages: ["de", "fr"])],
                                                    [.init(key: "Lh5-Qe-2Zs.text", languages: ["de"])]])
        #expect(impact.untranslated[1].name == "Label \"Level\"")
    }

    /// Only what the change does: de's missing key was missing before, and nothing changes here.
    @Test func anUnchangedDocumentHasNoImpact() throws {
        let base = try Self.graph("base")
        let impact = LocalizationImpact(old: base, new: base, translations: try Self.strings("base"))
        #expect(!impact.hasImpact)
        #expect(impact.languages.map(\.name) == ["de", "fr"])
    }

    /// A deleted document orphans every translation its strings files still hold; an added one
    /// orphans none and lacks what its languages do not translate.
    @Test func deletedAndAddedDocuments() throws {
        let base = try Self.graph("base"), files = try Self.strings("base")
        let deleted = LocalizationImpact(old: base, new: nil, translations: files)
        #expect(deleted.languages.map(\.orphaned) == files.map(\.entries.count))
        #expect(deleted.orphaned.allSatisfy { $0.counterpart == nil })
        #expect(deleted.untranslated.isEmpty)
        let added = LocalizationImpact(old: nil, new: base, translations: files)
        #expect(added.orphaned.isEmpty)
        #expect(added.languages.map(\.untranslated) == [1, 0])
        #expect(added.untranslated.map(\.id) == ["Bti-aV-bQB"])
    }

    @Test func reviewCarriesTheImpactOnlyWithTranslations() throws {
        func bytes(_ side: String) throws -> [UInt8] {
            try FileIO.read(Self.root.appendingPathComponent("\(side)/Base.lproj/\(Self.name).storyboard").path)
        }
        let with = try Review.file(oldBytes: try bytes("base"), newBytes: try bytes("ours"), path: "Base.lproj/X.storyboard",
                                   translations: try Self.strings("ours"))
        #expect(with.localization?.orphaned.count == 2)
        let without = try Review.file(oldBytes: try bytes("base"), newBytes: try bytes("ours"), path: "Base.lproj/X.storyboard")
        #expect(without.localization == nil)
    }
}

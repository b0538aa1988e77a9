import CorpusSupport
import Foundation
import Testing
@testable import XibKit

/// Translations of the shared projects' documents (`../shared/projects`): String Catalogs read
/// and written back byte for byte, the keys and comments `xibmerge strings` makes against the
/// ones Xcode and ibtool wrote, dead and lost keys against an independent count, and `--update`
/// with unchanged documents.
@Suite(.enabled(if: Projects.isAvailable, Projects.skipped)) struct TranslationsCorpusTests {
    /// Every document that has translation files, with them.
    static let documents: [(project: String, document: String, files: [String])] = (try? translated()) ?? []

    static func translated() throws -> [(project: String, document: String, files: [String])] {
        var out: [(String, String, [String])] = []
        for project in try Projects.folders() {
            for url in Projects.files(under: project, suffixes: [".xib", ".storyboard"]) {
                let files = LocalizationCheck.stringsFiles(for: url.path)
                if !files.isEmpty { out.append((project.lastPathComponent, url.path, files)) }
            }
        }
        return out
    }

    @Test func catalogsReadAndWriteBackByteForByte() throws {
        var count = 0, sorted = 0
        for project in try Projects.folders() {
            for url in Projects.files(under: project, suffixes: [".xcstrings"]) {
                let bytes = try FileIO.read(url.path)
                let catalog = try StringCatalog(bytes: bytes, name: url.path)
                #expect(JSONWriter.write(catalog.root) == bytes, "\(url.path)")
                let keys = catalog.entries.map(\.key)
                if keys == keys.sorted(by: StandardOrder.areInIncreasingOrder) { sorted += 1 }
                count += 1
            }
        }
        print("TranslationsCorpus: \(count) catalogs written back byte for byte; \(sorted) in StandardOrder")
        #expect(count > 0)
        // One of CotEditor's code catalogs is in no order Xcode keeps (hand-edited); all others are.
        #expect(sorted >= count - 1)
    }

    /// `extracted_with_value` keys are what Xcode extracted from the document as it is: the
    /// generated keys and comments must be exactly those. ibtool's comments in `.strings` files
    /// must match wherever the text they record is still the document's.
    @Test func generatedKeysAndCommentsMatchXcodeAndIbtool() throws {
        var catalogKeys = 0, catalogMatches = 0, stringsKeys = 0, stringsMatches = 0, gone = 0
        for (_, document, files) in Self.documents {
            let graph = IBGraph(try IBDocument.load(path: document))
            let generated = Dictionary(LocalizableStrings.strings(in: graph).map { ($0.key.key, $0) }, uniquingKeysWith: { a, _ in a })
            for file in files where file.hasSuffix(".xcstrings") {
                let catalog = try StringCatalog.load(path: file)
                for e in catalog.entries where e.extractionState == StringCatalog.State.extracted {
                    catalogKeys += 1
                    if generated[e.key]?.comment == e.comment { catalogMatches += 1 } else { Issue.record("\(file): \(e.key)") }
                }
                // Nothing extracted that Xcode did not.
                let keys = Set(catalog.entries.map(\.key))
                for key in generated.keys where !keys.contains(key) { Issue.record("\(file): \(key) generated, not in the catalog") }
            }
            for file in files where file.hasSuffix(".strings") {
                for e in try StringsFile.load(path: file).entries where e.comment?.hasPrefix("Class = ") == true {
                    guard let key = e.objectKey, graph.node(forObjectID: key.objectID) != nil else { continue }
                    stringsKeys += 1
                    if generated[e.key]?.comment == e.comment { stringsMatches += 1 } else if generated[e.key] == nil { gone += 1 }
                }
            }
        }
        print("TranslationsCorpus: catalogs \(catalogMatches)/\(catalogKeys) extracted keys and comments reproduced; "
              + ".strings \(stringsMatches)/\(stringsKeys) ibtool comments reproduced, \(gone) keys of text no longer in the document")
        #expect(catalogKeys > 0 && catalogMatches == catalogKeys)
        #expect(stringsMatches + gone == stringsKeys)
    }

    /// `check` reports a key as dead (`orphaned-translation`, one finding per key) or lost
    /// exactly when it starts with an id of Interface Builder's form that the document has no
    /// `id="…"` of (an independent count on the raw bytes, each key once over all languages).
    @Test func deadKeysAgainstAnIndependentCount() throws {
        var perProject: [String: (reported: Int, counted: Int)] = [:]
        for (project, document, files) in Self.documents {
            let ids = Self.ids(in: try FileIO.read(document))
            var gone = Set<String>()
            for file in files {
                let keys = file.hasSuffix(".xcstrings") ? try StringCatalog.load(path: file).entries.map(\.key)
                    : try StringsFile.load(path: file).entries.map(\.key)
                for key in keys {
                    let id = String(key.prefix { $0 != "." })
                    if key.contains("."), id.wholeMatch(of: /[A-Za-z0-9]{3}-[A-Za-z0-9]{2}-[A-Za-z0-9]{3}|-?[0-9]+/) != nil, !ids.contains(id) {
                        gone.insert(key)
                    }
                }
            }
            let findings = Checker.check(file: document, configuration: CheckConfiguration()).findings
            let reported = findings.filter { $0.kind == .orphanedTranslation || $0.kind == .lostTranslation }.count
            perProject[project, default: (0, 0)].reported += reported
            perProject[project, default: (0, 0)].counted += gone.count
        }
        for (project, c) in perProject.sorted(by: { $0.key < $1.key }) {
            print("TranslationsCorpus: \(project): \(c.reported) dead or lost keys reported, \(c.counted) counted")
            #expect(c.reported == c.counted, "\(project)")
        }
        #expect(perProject.values.reduce(0) { $0 + $1.counted } > 0)
    }

    /// The values of every ` id="…"` in the bytes.
    static func ids(in bytes: [UInt8]) -> Set<String> {
        let marker = Array(" id=\"".utf8)
        var out = Set<String>()
        var i = 0
        while i + marker.count <= bytes.count {
            if bytes[i] == marker[0] && Array(bytes[i..<i + marker.count]) == marker {
                let start = i + marker.count
                var end = start
                while end < bytes.count && bytes[end] != UInt8(ascii: "\"") { end += 1 }
                out.insert(String(decoding: bytes[start..<end], as: UTF8.self))
                i = end
            }
            i += 1
        }
        return out
    }

    /// `strings --update` with the document unchanged: a file in step with it comes back byte
    /// for byte; one that is not reports what it changes.
    @Test func updateWithUnchangedDocumentsKeepsTheBytes() throws {
        var same = 0, changed = 0
        for (_, document, files) in Self.documents {
            let strings = LocalizableStrings.strings(in: IBGraph(try IBDocument.load(path: document)))
            for file in files {
                let bytes = try FileIO.read(file)
                let result = file.hasSuffix(".xcstrings")
                    ? StringsUpdate.catalog(try StringCatalog(bytes: bytes, name: file), bytes: bytes, with: strings)
                    : StringsUpdate.strings(try StringsFile(bytes: bytes, name: file), bytes: bytes, with: strings)
                if result.bytes == bytes { same += 1 } else { changed += 1; #expect(!result.changes.isEmpty, "\(file)") }
                if file.hasSuffix(".xcstrings") { #expect(result.bytes == bytes, "\(file)") }
            }
        }
        print("TranslationsCorpus: --update gives \(same) files back unchanged, rewrites \(changed) (out of step with their documents)")
        #expect(same > 0)
    }
}

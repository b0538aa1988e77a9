import CorpusSupport
import Foundation
import Testing
@testable import XibKit
import XibReport

/// Laws of `diff` over every document-format scenario of the shared corpus, run in-process:
/// diff(x, x) shows nothing; every object id added or removed between base and ours/theirs is
/// in the JSON output as an added or removed change; something is shown exactly when
/// `--exit-code` would exit 1.
struct DiffCorpusTests {
    static var available: Bool { Corpus.isAvailable }
    typealias Scenario = Corpus.Scenario

    static func documentScenarios() -> [Scenario] { Corpus.documentScenarios() }

    static func load(_ url: URL) throws -> IBDocument {
        try IBDocument(bytes: [UInt8](try Data(contentsOf: url)), name: url.lastPathComponent)
    }

    @Test("diff(x, x) shows nothing, in every format and with every option",
          .enabled(if: available, "the shared corpus is not available; skipping"))
    func identicalFilesShowNothing() throws {
        var files = 0
        for scenario in Self.documentScenarios() {
            for (_, url) in scenario.files.sorted(by: { $0.key < $1.key }) {
                let bytes = [UInt8](try Data(contentsOf: url))
                for options in [DiffOptions(), DiffOptions(includeNoise: true, layout: true)] {
                    let file = try SemanticDiff.files(oldBytes: bytes, newBytes: bytes, oldName: "a", newName: "b", options: options)
                    #expect(!file.hasChangesToShow && file.noiseHidden == 0 && file.status == .unchanged, "\(url.path)")
                    #expect(DiffReport.render([file], format: .text).isEmpty)
                    #expect(DiffReport.render([file], format: .markdown).isEmpty)
                }
                files += 1
            }
        }
        #expect(files >= Corpus.minimumFiles, "the corpus has too few files to test: \(files)")
    }

    /// The byte-equality shortcut must not change the result: with it off, two separately
    /// parsed copies of a file compare object by object and still show nothing. (A sample:
    /// the full comparison of every file is slow in a debug build.)
    @Test("diff(x, x) shows nothing when every object is compared",
          .enabled(if: available, "the shared corpus is not available; skipping"))
    func identicalFilesObjectByObject() throws {
        for (n, scenario) in Self.documentScenarios().enumerated() where n % 4 == 0 {
            guard let url = scenario.files["base"] else { continue }
            let a = try Self.load(url), b = try Self.load(url)
            let file = SemanticDiff.compare(old: a, new: b, oldName: nil, newName: nil, displayName: "",
                                            options: DiffOptions(includeNoise: true, layout: true), skipIdenticalSubtrees: false)
            #expect(file.groups.isEmpty && file.framesChanged == 0 && file.noiseHidden == 0, "\(url.path)")
        }
    }

    @Test("every object id added or removed between base and ours/theirs is in the JSON output",
          .enabled(if: available, "the shared corpus is not available; skipping"))
    func addedAndRemovedIDsAreReported() throws {
        var pairs = 0, ids = 0
        for scenario in Self.documentScenarios() {
            guard let baseURL = scenario.files["base"] else { continue }
            let base = try Self.load(baseURL)
            let baseIDs = Set(IBGraph(base).objectIndex.keys)
            for side in ["ours", "theirs"] {
                guard let url = scenario.files[side] else { continue }
                let other = try Self.load(url)
                let otherIDs = Set(IBGraph(other).objectIndex.keys)
                let file = SemanticDiff.compare(old: base, new: other, oldName: "base", newName: side)
                let json = try JSONSerialization.jsonObject(with: Data(DiffReport.render([file], format: .json).utf8)) as! [String: Any]
                #expect(json["version"] as? Int == JSON.schemaVersion)
                var shown: [String: Set<String>] = [:]
                for f in json["files"] as! [[String: Any]] {
                    for g in f["groups"] as! [[String: Any]] {
                        for c in g["changes"] as! [[String: Any]] {
                            if let id = c["id"] as? String { shown[c["kind"] as! String, default: []].insert(id) }
                        }
                    }
                }
                let added = otherIDs.subtracting(baseIDs), removed = baseIDs.subtracting(otherIDs)
                #expect(added.subtracting(shown["added"] ?? []).isEmpty, "\(scenario.folder.lastPathComponent) \(side): added ids missing")
                #expect(removed.subtracting(shown["removed"] ?? []).isEmpty, "\(scenario.folder.lastPathComponent) \(side): removed ids missing")
                // Something is shown exactly when there is a change to show (what --exit-code reports).
                let text = DiffReport.render([file], format: .text)
                #expect(text.isEmpty == !file.hasChangesToShow)
                #expect(DiffReport.render([file], format: .markdown).isEmpty == text.isEmpty)
                pairs += 1
                ids += added.count + removed.count
            }
        }
        #expect(pairs >= Corpus.minimumScenarios, "the corpus has too few scenarios to test: \(pairs) pairs")
        #expect(ids > 0)
    }
}

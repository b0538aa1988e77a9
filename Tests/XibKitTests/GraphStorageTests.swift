import CorpusSupport
import Foundation
import Testing
@testable import XibKit

/// The graph's compact storage says what a plain one would: a graph built beside another
/// version's (sharing its key strings) has the keys, ids, parents and children of one built
/// alone; `children(of:)` lists the element children in order; a graph without keys, and the
/// ids and references collected without a graph (the merge's check of its result), have the
/// graph's own ids, duplicates and references. On every merge fixture and, when it is there,
/// every version of every corpus scenario.
@Suite struct GraphStorageTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/merge", isDirectory: true)

    /// base, ours and theirs of every merge fixture and corpus scenario that has all three, and
    /// files with duplicate ids.
    static func versions() throws -> [(name: String, base: [UInt8], sides: [[UInt8]])] {
        // Duplicate ids and keys too (`~2`).
        var out: [(String, [UInt8], [[UInt8]])] = [("duplicates", HostileInputs.duplicateIDs(100),
                                                    [HostileInputs.duplicateIDs(120), HostileInputs.siblingsWithOneID(50)])]
        let fm = FileManager.default
        for name in try fm.contentsOfDirectory(atPath: fixtures.path).sorted() {
            let dir = fixtures.appendingPathComponent(name)
            let files = (try? fm.contentsOfDirectory(atPath: dir.path)) ?? []
            func read(_ side: String) -> [UInt8]? {
                files.first { $0.hasPrefix(side + ".") }.flatMap { fm.contents(atPath: dir.appendingPathComponent($0).path) }.map { [UInt8]($0) }
            }
            guard let b = read("base"), let o = read("ours"), let t = read("theirs") else { continue }
            out.append((name, b, [o, t]))
        }
        for scenario in Corpus.isAvailable ? Corpus.documentScenarios() : [] {
            guard let b = scenario.files["base"], let o = scenario.files["ours"], let t = scenario.files["theirs"] else { continue }
            out.append((scenario.folder.lastPathComponent, try Corpus.bytes(b), [try Corpus.bytes(o), try Corpus.bytes(t)]))
        }
        return out
    }

    /// The first way `a` and `b` differ, or nil.
    static func difference(_ a: IBGraph, _ b: IBGraph) -> String? {
        guard a.nodes.count == b.nodes.count else { return "\(a.nodes.count) vs \(b.nodes.count) nodes" }
        for i in a.nodes.indices {
            let (x, y) = (a.nodes[i], b.nodes[i])
            guard x.key == y.key, x.objectID == y.objectID, x.parent == y.parent, x.depth == y.depth,
                  x.indexInParent == y.indexInParent, Array(a.children(of: i)) == Array(b.children(of: i)),
                  a.byKey[x.key] == i
            else { return "node \(i) (\(x.key))" }
        }
        return nil
    }

    /// A graph holds one node per element, three graphs a merge: 40 bytes each, with no
    /// padding (a child count, which the next node's start gives, made it 48).
    @Test func aNodeTakesFortyBytes() {
        #expect(MemoryLayout<IBGraph.Node>.stride == 40)
    }

    @Test("graphs sharing keys, keyless graphs and the ids and references alone agree with a graph")
    func compactStorageAgrees() throws {
        var documents = 0
        for (name, baseBytes, sides) in try Self.versions() {
            guard let baseDoc = try? XMLReader.parse(baseBytes, name: "base") else { continue }
            let base = IBGraph(xml: baseDoc)
            for (k, bytes) in sides.enumerated() {
                guard let doc = try? XMLReader.parse(bytes, name: "side") else { continue }
                let alone = IBGraph(xml: doc)
                let shared = IBGraph(xml: doc, sharingKeysWith: base)
                let d = Self.difference(alone, shared)
                #expect(d == nil, "\(name) side \(k): \(d ?? "")")
                for i in alone.nodes.indices {
                    let elements = alone.nodes[i].element.elements.map(\.name)
                    #expect(alone.children(of: i).map { alone.nodes[$0].tag } == elements, "\(name) side \(k): children of node \(i)")
                }
                let keyless = IBGraph(xml: doc, keyed: false)
                #expect(keyless.objectIndex.keys == alone.objectIndex.keys && keyless.duplicateIDs == alone.duplicateIDs
                        && keyless.references == alone.references, "\(name) side \(k): keyless graph")
                let scan = IBGraph.IDsAndReferences(doc)
                #expect(scan.ids.keys == alone.objectIndex.keys && scan.hasDuplicateIDs == !alone.duplicateIDs.isEmpty
                        && scan.references.map { [$0.attribute, $0.target] } == alone.references.map { [$0.attribute, $0.target] },
                        "\(name) side \(k): ids and references")
                documents += 1
            }
        }
        // The hostile file and the merge fixtures at least: a folder that moved checks nothing.
        #expect(documents > 15)
    }
}

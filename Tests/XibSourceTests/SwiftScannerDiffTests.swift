import CorpusSupport
import Foundation
import Testing
import XibKit
@testable import XibSource

/// Temporary: SwiftIndexer (swift-syntax) against SwiftScanner on every Swift file of the
/// shared projects and the fixtures. `XIBMERGE_SWIFT_DIFF=/path/out.txt swift test --filter SwiftScannerDiff`.
@Suite struct SwiftScannerDiffTests {
    static func describe(_ f: FileIndex) -> [String: [String]] {
        func loc(_ l: CodeIndex.Location) -> String { "\(l.line):\(l.column)" }
        var d: [String: [String]] = [:]
        d["classes"] = f.classes.map { c in
            "\(c.name) super=\(c.superclass ?? "nil") at=\(loc(c.location)) decl=\(c.isDeclared) keys=\(c.keys.sorted()) sel=\(c.selectors.sorted()) outlets=\(c.outlets.map { "\($0.key)@\(loc($0.value))" }.sorted())"
        }.sorted()
        d["aliases"] = f.aliases.map { "\($0.key)=\($0.value)" }.sorted()
        d["protocolSelectors"] = f.protocolSelectors.sorted()
        d["literals"] = f.index.stringLiterals.sorted()
        d["registered"] = f.index.registeredReuseIDs.sorted()
        d["uses"] = f.index.identifierUses.map { "\($0.kind.rawValue) \($0.value) \(loc($0.location))" }.sorted()
        return d
    }

    static func swiftFiles(_ root: String) -> [String] {
        guard let e = FileManager.default.enumerator(atPath: root) else { return [] }
        return e.compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }.map { root + "/" + $0 }
    }

    @Test(.enabled(if: ProcessInfo.processInfo.environment["XIBMERGE_SWIFT_DIFF"] != nil))
    func sameIndex() throws {
        let out = ProcessInfo.processInfo.environment["XIBMERGE_SWIFT_DIFF"]!
        let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fixtures").path
        let files = (Self.swiftFiles(Corpus.projectsDirectory.path) + Self.swiftFiles(fixtures)).sorted()
        let reports = parallelMap(files, jobs: 2) { path -> String in
            guard let bytes = try? FileIO.read(path) else { return "" }
            let a = Self.describe(SwiftIndexer.index(file: path, text: String(decoding: bytes, as: UTF8.self)))
            let b = Self.describe(SwiftScanner.index(file: path, bytes: bytes))
            var report = ""
            for key in a.keys.sorted() where a[key] != b[key] {
                let x = Set(a[key]!), y = Set(b[key]!)
                for v in x.subtracting(y).sorted() { report += "\(path) \(key) -syntax: \(v)\n" }
                for v in y.subtracting(x).sorted() { report += "\(path) \(key) +scanner: \(v)\n" }
            }
            return report
        }
        let text = reports.joined()
        try text.write(toFile: out, atomically: true, encoding: .utf8)
        print("compared \(files.count) files; \(reports.filter { !$0.isEmpty }.count) differ")
    }
}

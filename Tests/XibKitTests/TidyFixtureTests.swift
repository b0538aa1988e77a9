import Foundation
import Testing
@testable import XibKit

/// `Tidy.file` on the cases of `Tests/Fixtures/tidy/<case>/`: `head.xib` the committed version,
/// `work.xib` the new one, `expected.xib` the tidied bytes and `expected.txt` what went back
/// (with ` (noise only)` when the file was only noise); `options`, when there, holds `frames`
/// and `changed NAME` lines (a resource whose asset changed).
struct TidyFixtureTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/tidy", isDirectory: true)

    static var cases: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted()
    }

    /// The folder must not move or empty: the cases would pass by checking nothing.
    @Test func fixturesArePresent() {
        #expect(Self.cases.count >= 5, "expected the tidy fixtures in \(Self.folder.path)")
    }

    @Test(arguments: cases)
    func fixture(_ name: String) throws {
        let dir = Self.folder.appendingPathComponent(name, isDirectory: true)
        func bytes(_ file: String) throws -> [UInt8] { [UInt8](try Data(contentsOf: dir.appendingPathComponent(file))) }
        var options = Tidy.Options()
        if let text = try? String(contentsOf: dir.appendingPathComponent("options"), encoding: .utf8) {
            for line in text.split(separator: "\n") {
                if line == "frames" { options.frames = true }
                if line.hasPrefix("changed ") { options.changedResources.insert(String(line.dropFirst(8))) }
            }
        }
        let r = try Tidy.file(head: try bytes("head.xib"), work: try bytes("work.xib"), headName: "head.xib", workName: "work.xib", options: options)
        #expect(r.bytes == (try bytes("expected.xib")), "\(String(decoding: r.bytes, as: UTF8.self))")
        let summary = r.summary + (r.noiseOnly ? " (noise only)" : "") + "\n"
        #expect(summary == String(decoding: try bytes("expected.txt"), as: UTF8.self), "\(summary)")
        // The tidied file is tidy.
        let again = try Tidy.file(head: try bytes("head.xib"), work: r.bytes, headName: "head.xib", workName: "tidied", options: options)
        #expect(!again.changed && again.bytes == r.bytes)
    }

    @Test func malformedAndConflictedFilesAreRefusedWithTheirPlace() throws {
        let head = Array(try String(contentsOf: Self.folder.appendingPathComponent("noise-only/head.xib"), encoding: .utf8).utf8)
        let conflicted = Array("<<<<<<< ours\n".utf8) + head
        #expect(throws: XMLParseError.self) { try Tidy.file(head: head, work: conflicted, headName: "HEAD", workName: "a.xib") }
        do {
            _ = try Tidy.file(head: head, work: Array(head.dropLast(20)), headName: "HEAD", workName: "a.xib")
            Issue.record("a truncated file was tidied")
        } catch {
            #expect(error.description.hasPrefix("a.xib:"), "\(error)")
        }
    }
}

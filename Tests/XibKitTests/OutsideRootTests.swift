import Foundation
import Testing
import XibKit

/// What stands before and after the root element (issue 18: `format` dropped a comment after
/// `</document>`, and `merge` dropped one theirs added, exiting 0).
@Suite struct OutsideRootTests {
    static let fixture = MergeFixtureTests.root.appendingPathComponent("attribute-edit-vs-new-constraint")

    static func read(_ stem: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: fixture.appendingPathComponent("\(stem).xib")))
    }

    static func merge(_ base: [UInt8], _ ours: [UInt8], _ theirs: [UInt8], style: XibMerger.Options.ConflictStyle = .markers) -> XibMerger.Outcome {
        var options = XibMerger.Options()
        options.conflictStyle = style
        return XibMerger.merge(base: .init(bytes: base, name: "base.xib"), ours: .init(bytes: ours, name: "ours.xib"),
                               theirs: .init(bytes: theirs, name: "theirs.xib"), options: options)
    }

    /// `text` inserted after the XML declaration's line.
    static func withProlog(_ bytes: [UInt8], _ text: String) -> [UInt8] {
        var b = bytes
        b.insert(contentsOf: Array(text.utf8), at: b.firstIndex(of: 0x0A)! + 1)
        return b
    }

    static func contains(_ bytes: [UInt8], _ text: String) -> Bool { bytes.firstRange(of: Array(text.utf8)) != nil }

    @Test func formatKeepsCommentsAndInstructionsAfterTheRoot() throws {
        let epilog = "\n<!-- kept -->\n<?pi kept?>\n"
        var bytes = try Self.read("base")
        bytes.removeLast()  // the final newline
        bytes += Array(epilog.utf8)
        let formatted = XMLWriter.write(try XMLReader.parse(bytes, name: "a.xib").formatted(emptyPairs: IBRules.textElements))
        #expect(String(decoding: formatted, as: UTF8.self).hasSuffix("</document>" + epilog))
        #expect(formatted == bytes)
    }

    /// The fixture merges structurally (its line merge conflicts); theirs also adds a comment
    /// before the root, and ours one after it; then theirs a processing instruction after it.
    @Test func mergeKeepsWhatEachSideAddedOutsideTheRoot() throws {
        let base = try Self.read("base")
        let ours = try Self.read("ours") + Array("<!-- ours after -->\n".utf8)
        let theirs = Self.withProlog(try Self.read("theirs"), "<!-- theirs before -->\n")
        let outcome = Self.merge(base, ours, theirs)
        #expect(outcome.method == .structural && outcome.isClean, "\(outcome.method) \(outcome.fallbackReason ?? "")")
        #expect(Self.contains(outcome.bytes, "?>\n<!-- theirs before -->\n<document "))
        #expect(Self.contains(outcome.bytes, "</document>\n<!-- ours after -->\n"))
        let withInstruction = Self.merge(base, try Self.read("ours"), try Self.read("theirs") + Array("<?theirs after?>\n".utf8))
        #expect(withInstruction.method == .structural && withInstruction.isClean)
        #expect(Self.contains(withInstruction.bytes, "</document>\n<?theirs after?>\n"))
    }

    @Test func differentChangesOutsideTheRootConflict() throws {
        let base = try Self.read("base")
        let ours = Self.withProlog(try Self.read("ours"), "<!-- ours -->\n")
        let theirs = Self.withProlog(try Self.read("theirs"), "<!-- theirs -->\n")
        let marked = Self.merge(base, ours, theirs)
        #expect(!marked.isClean && marked.conflicts == 1 && marked.markerHunks == 1)
        #expect(Self.contains(marked.bytes, "<<<<<<< ours\n<!-- ours -->\n=======\n<!-- theirs -->\n>>>>>>> theirs\n<document "))
        #expect(marked.events.contains { $0.kind == .conflict && $0.subject == "text before the root element" })
        for (style, kept) in [(XibMerger.Options.ConflictStyle.ours, "<!-- ours -->"), (.theirs, "<!-- theirs -->")] {
            let resolved = Self.merge(base, ours, theirs, style: style)
            #expect(resolved.conflicts == 1 && resolved.markerHunks == 0)
            #expect(Self.contains(resolved.bytes, "?>\n\(kept)\n<document "), "\(style)")
        }
    }
}

import Foundation
import Testing
@testable import XibKit

/// The textconv outline: one line per object, attributes indented below, stable.
struct TextconvOutlineTests {
    static func fixture(_ path: String) throws -> IBDocument {
        let url = DiffFixtureTests.root.appendingPathComponent(path)
        return try IBDocument(bytes: [UInt8](try Data(contentsOf: url)), name: url.lastPathComponent)
    }

    @Test func outlineNamesObjectsByPathAndID() throws {
        let lines = Outline.lines(of: try Self.fixture("storyboard-segues/new.storyboard"))
        #expect(lines.first == "Document (storyboard, iOS)")
        for expected in [
            "Rocket.Chat Scene (sPN-TU-rHY)",
            "Rocket.Chat Scene > ChatViewController (A1E-cs-q8E)",
            "Rocket.Chat Scene > View > constraint View.centerY = View.centerY - 20 (cGn-Mi-wTF)",
            "Rocket.Chat Scene > Navigation Item \"Chat\" > Bar Button Item > segue show \"toSettings\" → Settings Scene (Sg2-Sq-e4e)",
            "Settings Scene > outlet serverLabel → Label \"Server\" (S3t-Ou-c2c)",
            "    title: \"Chat\"",
            "Image \"Gear\"",
        ] {
            #expect(lines.contains(expected), "missing: \(expected)")
        }
        // Object lines start in the first column, attributes are indented (git's xfuncname relies on it).
        #expect(lines.allSatisfy { !$0.hasPrefix(" ") || $0.hasPrefix("    ") && !$0.hasPrefix("     ") })
    }

    @Test func noiseAndFramesOnlyWhenAsked() throws {
        let doc = try Self.fixture("noise-and-frames/new.xib")
        let plain = Outline.text(of: doc)
        #expect(!plain.contains("toolsVersion") && !plain.contains("frame:") && !plain.contains("canvasLocation") && !plain.contains("misplaced"))
        let full = Outline.text(of: doc, options: DiffOptions(includeNoise: true, layout: true))
        #expect(full.contains("    toolsVersion: 15705") && full.contains("    frame: (178.5, 21, 58, 58)") && full.contains("    misplaced: YES"))
        // Noise-only and frame-only differences vanish from the outline.
        #expect(Outline.text(of: try Self.fixture("noise-and-frames/old.xib")) == plain)
    }

    @Test("the outline is stable: the same for a reformatted file, and line-oriented")
    func stableUnderReformatting() throws {
        for path in ["ios-xib-values/old.xib", "macos-xib/new.xib", "storyboard-segues/old.storyboard"] {
            let doc = try Self.fixture(path)
            let reformatted = try IBDocument(bytes: XMLWriter.write(doc.xml.formatted(emptyPairs: IBRules.textElements)), name: "f")
            #expect(Outline.text(of: doc) == Outline.text(of: reformatted), "\(path)")
            #expect(!Outline.lines(of: doc).contains { $0.contains("\n") })
        }
    }
}

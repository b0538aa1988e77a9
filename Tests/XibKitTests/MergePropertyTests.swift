import CorpusSupport
import Foundation
import MergeLaws
import Testing
import XibKit

/// The merge's laws (`MergeLaws`) over realistic edits generated on real Xcode-written files:
/// the base of every merge fixture, and, when the shared corpus is there, its Xcode-written
/// files under 80 KB (40 of them, spread over the corpus). Each side gets one edit: an
/// attribute changed, a view deleted with its constraints and outlets, a subtree duplicated
/// with fresh ids, a view moved to another superview, siblings swapped, a constraint added,
/// Xcode's noise. A fixed seed per file; `Scripts/bench laws` runs thousands of cases with any.
@Suite struct MergePropertyTests {
    struct Base: Sendable, CustomTestStringConvertible {
        var name: String
        var url: URL
        var testDescription: String { name }
    }

    static let casesPerFile = 14

    static let fixtureBases: [Base] = MergeFixtureTests.cases.map { c in Base(name: "fixture " + c.name, url: c.url("base")) }

    static let corpusBases: [Base] = {
        guard Corpus.isAvailable, let files = try? Corpus.xcodeWrittenFiles() else { return [] }
        let small = files.filter { url in
            let size = (try? FileManager.default.attributesOfItem(atPath: url.path)[.size]) as? Int
            return (size ?? .max) < 80_000
        }.sorted { $0.path < $1.path }
        let step = max(1, small.count / 40)
        return stride(from: 0, to: small.count, by: step).prefix(40).map { i in
            Base(name: small[i].deletingLastPathComponent().lastPathComponent + "/" + small[i].lastPathComponent, url: small[i])
        }
    }()

    @Test func fixtureBasesArePresent() {
        #expect(Self.fixtureBases.count >= 15, "expected the merge fixtures in \(MergeFixtureTests.root.path)")
    }

    @Test(arguments: MergePropertyTests.fixtureBases + MergePropertyTests.corpusBases)
    func lawsHold(_ base: Base) throws {
        let bytes = [UInt8](try Data(contentsOf: base.url))
        var rng = SplitMix(seed: 0x1A75_0F3E_26 &+ UInt64(base.name.utf8.reduce(0) { $0 &* 31 &+ Int($1) }.magnitude))
        let cases = MergeLaws.cases(base: bytes, name: base.url.lastPathComponent, count: Self.casesPerFile, rng: &rng)
        var violations: [String] = []
        for c in cases {
            violations += MergeLaws.check(c).violations.map { "\($0)\n    in \(c)" }
        }
        #expect(violations.isEmpty, "\(violations.count) violation(s) in \(cases.count) cases:\n\(violations.prefix(6).joined(separator: "\n"))")
    }

    /// Found by `Scripts/bench laws`: ours moves a view into a second one, theirs moves the
    /// second into a view inside the first. Each move alone is fine; together they close a cycle,
    /// which the merge must report, not drop (437 facts were lost).
    @Test(.enabled(if: Corpus.isAvailable, Corpus.skipped))
    func movesThatCloseACycleConflict() throws {
        let (_, result) = try Self.moves(in: "theirs.xib", ours: ("hxt-ih-KEM", "sMa-ht-Pf7"), theirs: ("sMa-ht-Pf7", "JdD-uc-D3h"))
        #expect(!result.clean)
        #expect(result.violations.isEmpty, "\(result.violations)")
    }

    /// Found by `Scripts/bench laws` (seed 4949): ours moves a view, theirs moves a button out of
    /// it, into the same superview. The generator indented the button's base64 `keyEquivalent`
    /// text with its tags, two ways, where Xcode writes that text at the start of its lines: the
    /// two moves then changed one value, and the merge rightly called it a conflict.
    @Test(.enabled(if: Corpus.isAvailable, Corpus.skipped))
    func movedTextStaysAsXcodeWritesIt() throws {
        let (edits, result) = try Self.moves(in: "ours.xib", ours: ("sMa-ht-Pf7", "7HO-48-dNs"), theirs: ("nYS-Qc-j0P", "7HO-48-dNs"))
        let text = Array("base64-UTF8=\"YES\">\nDQ\n</string>".utf8)
        for edit in edits { #expect(edit.bytes.firstRange(of: text) != nil, "the moved button's text was indented") }
        #expect(result.clean)
        #expect(result.violations.isEmpty, "\(result.violations)")
    }

    /// A move on each side (a view's id, the id of its new superview) of one version of
    /// mac-mouse-fix's ScrollOverridePanel scenario, and what the laws say of the case.
    static func moves(in version: String, ours: (String, String), theirs: (String, String)) throws -> (edits: [Edit], result: MergeLaws.Result) {
        let url = Corpus.scenariosDirectory.appendingPathComponent(
            "conflicts/noah-nuebling+mac-mouse-fix__b5bb4cc1__App_Overrides_ScrollOverridePanel.xib/" + version)
        let bytes = try Corpus.bytes(url)
        let generator = try EditGenerator(bytes: bytes, name: version)
        let o = try #require(generator.move(ours.0, into: ours.1)), t = try #require(generator.move(theirs.0, into: theirs.1))
        return ([o, t], MergeLaws.check(MergeLaws.Case(name: version, base: bytes, ours: o, theirs: t)))
    }

    /// The suite's size: at least 500 cases when the corpus is there.
    @Test(.enabled(if: Corpus.isAvailable, Corpus.skipped))
    func enoughCases() {
        #expect((Self.fixtureBases.count + Self.corpusBases.count) * Self.casesPerFile >= 500)
    }
}

import CorpusSupport
import Foundation
import Testing
@testable import XibKit

/// `check` on real files: silent on what Xcode wrote, precise on each defect class that hand
/// merges leave behind (fixtures in Tests/Fixtures/check, made from Examples/CrashReport.storyboard).
@Suite struct IntegrityCheckTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/check")

    func problems(_ name: String) throws -> [IntegrityProblem] {
        let url = Self.fixtures.appendingPathComponent(name)
        let bytes = [UInt8](try Data(contentsOf: url))
        guard case .checked(let problems) = IntegrityCheck.check(bytes: bytes, name: name) else {
            Issue.record("\(name) could not be checked")
            return []
        }
        return problems
    }

    @Test func duplicateID() throws {
        let p = try problems("duplicate-id.storyboard")
        #expect(p.count == 1)
        #expect(p.first?.kind == .duplicateID)
        #expect(p.first?.line == 46)
        #expect(p.first?.objectID == "te6-OX-DTW")
        #expect(p.first?.path == "Crash ReportVC Scene > View > Constraint (leading)")
        #expect(p.first?.message.contains("also used at line 43") == true)
    }

    @Test func danglingOutlet() throws {
        let p = try problems("dangling-outlet.storyboard")
        #expect(p.map(\.kind) == [.danglingReference])
        #expect(p.first?.line == 55)
        #expect(p.first?.path == "Crash ReportVC Scene > Outlet learnMoreButton")
        #expect(p.first?.message == "outlet 'learnMoreButton' points at a missing object 'Zq9-xx-0Ab'")
    }

    @Test func danglingConstraintItem() throws {
        let p = try problems("dangling-constraint-item.storyboard")
        #expect(p.map(\.kind) == [.danglingReference])
        #expect(p.first?.line == 47)
        #expect(p.first?.message == "constraint secondItem points at a missing object 'Gon-e0-Vw1'")
    }

    @Test func conflictMarkers() throws {
        let p = try problems("conflict-markers.storyboard")
        #expect(p.map(\.kind) == [.conflictMarkers, .conflictMarkers, .conflictMarkers])
        #expect(p.map(\.line) == [34, 36, 38])
    }

    @Test func malformedXMLWithLineAndColumn() throws {
        let p = try problems("malformed.storyboard")
        #expect(p.count == 1)
        #expect(p.first?.kind == .malformed)
        #expect(p.first?.line == 30)
        #expect(p.first?.column == 29)
        #expect(p.first?.message == "end tag </label> does not match start tag <nil> opened at line 29, column 33")
    }

    /// A half-resolved conflict can leave a marker line that is well-formed XML (text inside
    /// an element): the reader accepts it, `check` must still flag it.
    @Test func markerLineThatParsesAsText() throws {
        let xml = """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0">
            <objects>
        >>>>>>> feature
            </objects>
        </document>

        """
        guard case .checked(let p) = IntegrityCheck.check(bytes: Array(xml.utf8), name: "x.xib") else {
            Issue.record("not checked"); return
        }
        #expect(p.map(\.kind) == [.conflictMarkers])
        #expect(p.first?.line == 4)
    }

    @Test func legacyArchiveIsUnsupportedNotAProblem() throws {
        let xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<archive type=\"com.apple.InterfaceBuilder3.CocoaTouch.XIB\" version=\"8.00\">\n</archive>\n"
        guard case .unsupported(let e) = IntegrityCheck.check(bytes: Array(xml.utf8), name: "old.xib") else {
            Issue.record("a legacy archive must be refused as unsupported"); return
        }
        #expect(e.kind == .unsupportedFormat)
        #expect(e.location.line == 2)
        #expect(e.message.contains("open and save it in Xcode 5 or later"))
    }

    @Test(.enabled(if: Corpus.isAvailable, Corpus.skipped))
    func documentCorpusFilesHaveNoProblems() throws {
        var urls = try Corpus.documentFiles().map(\.url)
        urls += Corpus.documentScenarioFiles()
        #expect(urls.count >= Corpus.minimumFiles)
        for url in urls {
            let bytes = [UInt8](try Data(contentsOf: url))
            switch IntegrityCheck.check(bytes: bytes, name: url.path) {
            case .checked(let p):
                #expect(p.isEmpty, "\(p.map(\.description).joined(separator: "\n"))")
            case .unsupported(let e):
                Issue.record("\(e)")
            }
        }
    }
}

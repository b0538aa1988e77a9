import CorpusSupport
import Foundation
import Testing

/// `xibmerge render` as a user runs it: formats, `--scene`, `-o`, and what it says about bad input.
struct RenderCLITests {
    static let storyboard = CLI.fixtures.appendingPathComponent("render/ios-storyboard-table/input.storyboard").path
    static let xib = CLI.fixtures.appendingPathComponent("render/macos-xib-window/input.xib").path

    @Test("SVG to standard output, HTML to a file; both well-formed and naming each object")
    func formats() throws {
        let svg = try CLI.xibmerge(["render", Self.storyboard])
        #expect(svg.status == 0)
        let scan = MarkupScan(svg.stdout)
        #expect(scan.error == nil)
        #expect(scan.ids.contains("wMj-PV-4r2"))  // the table view
        let dir = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let out = dir + "/xib.html"
        let html = try CLI.xibmerge(["render", "--format", "html", "-o", out, Self.xib])
        #expect(html.status == 0 && html.stdout.isEmpty)
        let page = try String(contentsOfFile: out, encoding: .utf8)
        #expect(MarkupScan(page).error == nil)
        #expect(page.contains("Hammerspoon Console"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir) == ["xib.html"])  // no temporary file left
    }

    @Test("--scene picks scenes by id or name; an unknown one is an error naming the others")
    func scenes() throws {
        let byName = try CLI.xibmerge(["render", "--scene", "Database Timeout", Self.storyboard])
        let byID = try CLI.xibmerge(["render", "--scene", "xzu-31-m8K", Self.storyboard])
        #expect(byName.status == 0 && byName.stdout == byID.stdout)
        let unknown = try CLI.xibmerge(["render", "--scene", "Nope", Self.storyboard])
        #expect(unknown.status == 2)
        #expect(unknown.stderr.contains("no scene or top-level object named Nope; there are: Database Timeout Scene (xzu-31-m8K)"))
    }

    @Test("a font of size 0 (Xcode's \"system size\", in real storyboards) is drawn at a size that fits")
    func zeroFontSize() throws {
        let source = try String(contentsOfFile: Self.storyboard, encoding: .utf8)
        let zero = source.replacingOccurrences(of: #"style="UICTFontTextStyleBody""#, with: #"type="system" pointSize="0.0""#)
        #expect(zero != source)
        let dir = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = dir + "/zero.storyboard"
        try zero.write(toFile: path, atomically: true, encoding: .utf8)
        let r = try CLI.xibmerge(["render", path])
        #expect(r.status == 0)
        #expect(r.stdout.contains(">{Title}</tspan>"))
    }

    @Test("input that does not parse: file:line:column, exit 2; a legacy archive: said so")
    func badInput() throws {
        let malformed = CLI.fixtures.appendingPathComponent("check/malformed.storyboard").path
        let r = try CLI.xibmerge(["render", malformed])
        #expect(r.status == 2)
        #expect(r.stderr.range(of: #"malformed\.storyboard:\d+:\d+: "#, options: .regularExpression) != nil)
        let legacy = CLI.fixtures.appendingPathComponent("real/legacy-archive.xib").path
        let l = try CLI.xibmerge(["render", legacy])
        #expect(l.status == 2)
        #expect(l.stderr.contains("legacy Interface Builder 3 archive"))
    }
}

import Foundation
import Testing
import XibKit

/// Issue 39 in a real browser: for each class of defect, `xibmerge render` draws the scene of a real
/// file that shows it (Tests/Fixtures/render, README.md says where each comes from), headless
/// Chromium screenshots it, and probes look at the pixels where the object is drawn: the colour
/// a state, a kind of control or an appearance gives it must cover (or must not touch) part of
/// its frame. The frames come from the same wireframe, built in process; the page draws the SVG
/// at 1 pixel a point, so a point of the canvas is a pixel of the screenshot.
struct RenderClassScreenshotTests {
    typealias Rect = Wireframe.Rect
    typealias RGB = (UInt8, UInt8, UInt8)

    /// Part of an object's frame where `colour` (within 24 a channel) must cover a share of the
    /// pixels; or, with `inkRows`, where that many rows hold dark ink (a text's height).
    struct Probe {
        var id: String
        var area: @Sendable (Rect) -> Rect
        var colour: RGB = (0, 0, 0)
        var share: ClosedRange<Double> = 0...1
        var inkRows: ClosedRange<Int>?
        var what: String

        init(id: String, area: @escaping @Sendable (Rect) -> Rect, colour: RGB, share: ClosedRange<Double>, what: String) {
            (self.id, self.area, self.colour, self.share, self.what) = (id, area, colour, share, what)
        }

        init(id: String, inkRows: ClosedRange<Int>, what: String) {
            (self.id, self.area, self.inkRows, self.what) = (id, { $0 }, inkRows, what)
        }
    }

    static func whole(_ f: Rect) -> Rect { f }
    static func glyph(_ size: Double, trailing: Bool = false) -> @Sendable (Rect) -> Rect {
        { f in Rect(x: trailing ? f.maxX - 2 - size : f.x + 2, y: f.y + (f.height - size) / 2, width: size, height: size) }
    }
    static func slice(_ from: Double, _ to: Double) -> @Sendable (Rect) -> Rect {
        { f in Rect(x: f.x + f.width * from, y: f.y, width: f.width * (to - from), height: f.height) }
    }
    static func top(_ points: Double) -> @Sendable (Rect) -> Rect {
        { f in Rect(x: f.x, y: f.y, width: f.width, height: min(points, f.height)) }
    }

    static let blue: RGB = (0x1F, 0x6F, 0xEB), green: RGB = (0x34, 0xC7, 0x59), segment: RGB = (0xC5, 0xD8, 0xF7)
    static let glyphGrey: RGB = (0x59, 0x63, 0x6E), cross: RGB = (0xC3, 0xC8, 0xCF), dark: RGB = (0x1C, 0x1C, 0x1E)
    static let itemBlue: RGB = (0x0A, 0x5B, 0xD3), barGrey: RGB = (0xF2, 0xF3, 0xF5), black: RGB = (0x1D, 0x1D, 0x1F)
    /// A button's 1-point edge (#3b78e7) on a whole point: half on each of two pixel columns.
    static let bezel: RGB = (0x94, 0xB5, 0xF0)

    static let cases: [(name: String, fixture: String, probes: [Probe])] = [
        ("usesAppearanceFont: 13 points, as the labels beside it", "render/macos-controls-state/input.storyboard", [
            Probe(id: "CvE-De-52u", inkRows: 9...16, what: "\"Color\" at 13 points, not 8.8"),
        ]),
        ("a custom font's stand-in: no false ellipsis", "render/ios-custom-fonts/input.xib", [
            Probe(id: "EOF-M5-5od", area: slice(0.8, 1), colour: (0xF2, 0xF2, 0xF5), share: 0.02...1, what: "\"Create an account?\" to its end"),
        ]),
        ("system text colours: disabledControlTextColor is grey", "real/large-prefs-window.xib", [
            Probe(id: "1834", area: whole, colour: black, share: 0...0.001, what: "no black text"),
            Probe(id: "1834", area: whole, colour: (0xB1, 0xB1, 0xB1), share: 0.02...1, what: "grey text"),
        ]),
        ("standard toolbar items: Colors, Fonts, Print from the leading edge", "render/macos-toolbar-names/input.xib", [
            Probe(id: "owf-WR-5UO", area: slice(0, 0.25), colour: itemBlue, share: 0.001...1, what: "the items at the leading edge"),
            Probe(id: "owf-WR-5UO", area: slice(0.4, 1), colour: itemBlue, share: 0...0.001, what: "not spread across the bar"),
        ]),
        ("state: a chosen radio button, a ticked check box", "render/macos-radio-help/input.storyboard", [
            Probe(id: "qF5-CX-w0a", area: glyph(14), colour: blue, share: 0.3...1, what: "the chosen radio button is filled"),
            Probe(id: "mgd-Xn-r0g", area: glyph(14), colour: blue, share: 0...0.02, what: "the other radio button is not"),
            Probe(id: "rjk-vu-JNM", area: glyph(14), colour: blue, share: 0.3...1, what: "a check box that is on is ticked"),
        ]),
        ("state: switches on and off, a selected segment", "render/macos-controls-state/input.storyboard", [
            Probe(id: "5oG-pS-6uI", area: whole, colour: green, share: 0.2...1, what: "the switch that is on"),
            Probe(id: "NX9-Wy-k9a", area: whole, colour: green, share: 0...0.01, what: "a switch that is off"),
            Probe(id: "Y6C-KD-Qlx", area: slice(0.38, 0.62), colour: segment, share: 0.3...1, what: "the selected segment"),
            Probe(id: "Y6C-KD-Qlx", area: slice(0.05, 0.3), colour: segment, share: 0...0.05, what: "a segment not selected"),
        ]),
        ("NSMatrix: its cells in their grid", "render/macos-matrix/input.xib", ["769", "771", "773", "fG2-SY-8g2"].map {
            Probe(id: $0, area: top(30), colour: cross, share: 0.01...1, what: "a matrix cell's image")
        }),
        ("a disclosure triangle and a help button", "render/macos-disclosure/input.xib", [
            Probe(id: "ajh-AN-cfv", area: whole, colour: glyphGrey, share: 0.1...1, what: "the disclosure triangle"),
        ]),
        ("push buttons: two rounded bezels apart, not one bar", "render/macos-disclosure/input.xib", [
            Probe(id: "14", area: { f in Rect(x: f.x - 1, y: f.y + 4, width: 2, height: f.height - 8) }, colour: bezel, share: 0.4...1,
                  what: "\"Log In\"'s bezel starts here"),
            Probe(id: "14", area: { f in Rect(x: f.x - 7, y: f.y + 4, width: 4, height: f.height - 8) }, colour: bezel, share: 0...0.01,
                  what: "no bezel in the gap after \"Cancel\""),
        ]),
        ("a help button", "render/macos-radio-help/input.storyboard", [
            Probe(id: "pfv-Xq-7Aq", area: glyph(14), colour: (0xFF, 0xFF, 0xFF), share: 0.3...1, what: "the help button's round face"),
            Probe(id: "pfv-Xq-7Aq", area: glyph(14), colour: black, share: 0.02...1, what: "its question mark"),
        ]),
        ("mini check boxes: 10 points", "render/macos-mini-right/input.storyboard", ["tCa-64-4Oa", "dpY-iW-JEG"].flatMap { id in [
            Probe(id: id, area: glyph(10), colour: blue, share: 0.3...1, what: "a mini check box that is on"),
            Probe(id: id, area: { f in Rect(x: f.x + 13, y: f.y, width: 3, height: f.height) }, colour: blue, share: 0...0.05, what: "no 14-point box"),
        ] }),
        ("imagePosition=right: the box after the title", "render/macos-mini-right/input.storyboard", [
            Probe(id: "vaQ-8m-fY6", area: glyph(14, trailing: true), colour: blue, share: 0.3...1, what: "the box at the right"),
            Probe(id: "vaQ-8m-fY6", area: glyph(14), colour: blue, share: 0...0.01, what: "no box at the left"),
        ]),
        ("a colour well's colour; a disabled text's grey", "real/large-prefs-window.xib", [
            Probe(id: "1800", area: { f in Rect(x: f.x + 8, y: f.y + 8, width: f.width - 16, height: f.height - 16) },
                  colour: (0x0F, 0x0E, 0xFF), share: 0.7...1, what: "the well's blue"),
        ]),
        ("appearance=\"dark\"", "render/ios-dark-cell/input.xib", [
            Probe(id: "l5E-LT-0kT", area: whole, colour: (0x0E, 0x0E, 0x0F), share: 0.5...1, what: "the cell dark (black, on the dark canvas)"),
            Probe(id: "r8c-Jr-MKH", area: whole, colour: (0xF2, 0xF2, 0xF5), share: 0.02...1, what: "its label in light text"),
        ]),
        ("a watch scene: dark, as tall as its items", "render/watch-scenes/input.storyboard", [
            Probe(id: "rNf-Mh-tID", area: { f in Rect(x: f.x, y: 172, width: f.width, height: 12) }, colour: dark, share: 0.3...1,
                  what: "the screen below 170 points"),
        ]),
        ("bars: left and right bar button items", "render/ios-left-bar-items/input.storyboard", [
            Probe(id: "cQN-uN-CZi", area: slice(0, 0.3), colour: itemBlue, share: 0.01...1, what: "the left item"),
            Probe(id: "cQN-uN-CZi", area: slice(0.7, 1), colour: itemBlue, share: 0.01...1, what: "the right item"),
        ]),
        ("bars: a toolbar's fixed spaces", "render/ios-fixed-spaces/input.storyboard", [
            Probe(id: "87s-YI-3sS", area: slice(0, 0.1), colour: itemBlue, share: 0.01...1, what: "the first item at the leading margin"),
            Probe(id: "87s-YI-3sS", area: slice(0.82, 1), colour: itemBlue, share: 0...0.001, what: "no item spread to the far end"),
        ]),
        ("bars: Apple TV's tabs, centred at the top", "render/tvos-bars/input.storyboard", [
            Probe(id: "W28-zg-YXA", area: slice(0, 0.3), colour: itemBlue, share: 0...0.001, what: "no tab at the left"),
            Probe(id: "W28-zg-YXA", area: slice(0.35, 0.65), colour: itemBlue, share: 0.005...1, what: "the tabs in the middle"),
        ]),
        ("layers: views sharing a frame print one name", "render/ios-shared-frames/input.xib", [
            Probe(id: "iN0-l3-epB", area: { f in Rect(x: f.x + 2, y: f.y + 1, width: 60, height: 11) }, colour: (0x6A, 0x71, 0x7B), share: 0.02...1,
                  what: "a name at the top-left, once"),
        ]),
        ("a navigation controller as wide as its 320-point scenes", "render/ios-left-bar-items/input.storyboard", [
            Probe(id: "u18-76-eDe", area: slice(0.9, 1), colour: (0xF2, 0xF3, 0xF5), share: 0.5...1, what: "its bar to the screen's edge"),
        ]),
        ("layers: a table's header below the navigation bar", "render/ios-header-below-bar/input.storyboard", [
            Probe(id: "924-tm-gcf", area: whole, colour: (0x9E, 0xA2, 0xA8), share: 0.02...1, what: "the header's \"Directory\", not hidden by the bar"),
        ]),
    ]

    @Test("render in a browser: each class of issue 39, probed where it is drawn", .enabled(if: Chromium.testable, Chromium.missing),
          arguments: 0..<cases.count)
    func probes(_ i: Int) throws {
        _ = try Chromium.required()
        let c = Self.cases[i]
        let url = CLI.fixtures.appendingPathComponent(c.fixture)
        let graph = IBGraph(try IBDocument(bytes: [UInt8](try Data(contentsOf: url)), name: url.lastPathComponent))
        let all = WireframeBuilder.build(graph)
        // The scene holding the first probed object, drawn alone.
        let canvas = try #require(all.canvases.first { $0.shapes.contains { $0.id == c.probes[0].id } }, "\(c.name): \(c.probes[0].id) is not drawn")
        if c.name.hasPrefix("a navigation controller") { #expect(canvas.bounds.width == 320, "\(canvas.bounds)") }
        let svg = try CLI.xibmerge(["render", "--format", "svg", "--scene", canvas.id, url.path])
        #expect(svg.status == 0)
        let body = svg.stdout.split(separator: "?>", maxSplits: 1).last.map(String.init) ?? svg.stdout
        let page = "<!DOCTYPE html><html><body style=\"margin:0;background:#fff\">\(body)</body></html>"
        let size = (Int(canvas.bounds.width) + 20, max(Int(canvas.bounds.height) + 40, 300))
        let png = try PNGImage(try Chromium.screenshot(page, width: size.0, height: size.1))
        for p in c.probes {
            let shape = try #require(canvas.shapes.first { $0.id == p.id && !$0.hidden }, "\(c.name): \(p.id) is not shown in \(canvas.title)")
            let a = p.area(shape.frame)
            // The canvas is drawn 24 points below its title, 8 points inside its padding.
            let x0 = Int((a.x - canvas.bounds.x + 8).rounded()), y0 = Int((a.y - canvas.bounds.y + 32).rounded())
            let (w, h) = (Int(a.width.rounded()), Int(a.height.rounded()))
            if let rows = p.inkRows {
                let ink = png.inkRows(x: x0, y: y0, width: w, height: h)
                #expect(rows.contains(ink), "\(c.name): \(p.what) (\(p.id)): \(ink) rows of ink, expected \(rows)")
            } else {
                let share = png.share(of: p.colour, x: x0, y: y0, width: w, height: h)
                #expect(p.share.contains(share), "\(c.name): \(p.what) (\(p.id)): \(share) of the pixels, expected \(p.share)")
            }
        }
        // Views sharing a frame print one name there, whatever the file.
        let places = svg.stdout.split(separator: "<text class=\"caption\" x=\"").dropFirst().compactMap { part -> String? in
            guard let y = part.split(separator: "<tspan ").dropFirst().first?.split(separator: "y=\"").dropFirst().first else { return nil }
            return "\(part.prefix { $0 != "\"" }),\(y.prefix { $0 != "\"" })"
        }
        #expect(Set(places).count == places.count, "\(c.name): two names printed at one place")
    }

    /// The review of openhab's commit adding a cell below the screen's height (the Settings scene of
    /// base and ours, Tests/Fixtures/render/ios-review-cell-below-screen): the added cell is outlined.
    @Test("review in a browser: a cell added below the screen is inside the picture, outlined",
          .enabled(if: Chromium.testable, Chromium.missing))
    func reviewGrows() throws {
        _ = try Chromium.required()
        let folder = CLI.fixtures.appendingPathComponent("render/ios-review-cell-below-screen")
        let git = try GitSandbox()
        let file = URL(fileURLWithPath: git.path("openHAB/Main.storyboard"))
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(contentsOf: folder.appendingPathComponent("input.storyboard")).write(to: file)
        try git.commit("base")
        try Data(contentsOf: folder.appendingPathComponent("ours.storyboard")).write(to: file)
        try git.commit("ours")
        let html = try git.xibmerge(["review", "--format", "html", "HEAD~1..HEAD"])
        #expect(html.status == 0 && html.stdout.contains("data-id=\"IpI-uV-VcH\""))
        let png = try PNGImage(try Chromium.screenshot(html.stdout, width: 1400, height: 2400))
        // The mark's green (#1a7f37), 2.5 points wide around a 375 x 44 cell scaled into its column; the legend's swatch is a few dozen pixels.
        let green = png.share(of: (0x1A, 0x7F, 0x37), x: 0, y: 0, width: png.width, height: png.height) * Double(png.width * png.height)
        #expect(green > 400, "\(green) pixels of the added cell's outline")
    }

    @Test("a navigation controller is as wide as the 320-point scenes it holds (no <device> in the file)")
    func controllerWidth() throws {
        let url = CLI.fixtures.appendingPathComponent("render/ios-left-bar-items/input.storyboard")
        let svg = try CLI.xibmerge(["render", "--format", "svg", "--scene", "Navigation Controller Scene", url.path])
        #expect(svg.status == 0 && svg.stdout.contains("class=\"wf\" viewBox=\"-8 -8 336 "), "\(svg.stdout.prefix(600))")
    }
}

extension PNGImage {
    /// The share of the pixels of a rectangle within 24 of `colour` on every channel.
    func share(of colour: (UInt8, UInt8, UInt8), x: Int, y: Int, width w: Int, height h: Int) -> Double {
        var hits = 0, total = 0
        for row in Swift.stride(from: max(0, y), to: min(height, y + max(h, 1)), by: 1) {
            for col in Swift.stride(from: max(0, x), to: min(width, x + max(w, 1)), by: 1) {
                let p = (row * width + col) * 4
                total += 1
                if abs(Int(pixels[p]) - Int(colour.0)) <= 24, abs(Int(pixels[p + 1]) - Int(colour.1)) <= 24, abs(Int(pixels[p + 2]) - Int(colour.2)) <= 24 {
                    hits += 1
                }
            }
        }
        return total == 0 ? 0 : Double(hits) / Double(total)
    }
}

extension PNGImage {
    /// How many rows of a rectangle hold a dark pixel (a text's height in pixels).
    func inkRows(x: Int, y: Int, width w: Int, height h: Int) -> Int {
        var rows = 0
        for row in Swift.stride(from: max(0, y), to: min(height, y + max(h, 1)), by: 1) {
            let dark = Swift.stride(from: max(0, x), to: min(width, x + max(w, 1)), by: 1).contains { col in
                let p = (row * width + col) * 4
                return Int(pixels[p]) + Int(pixels[p + 1]) + Int(pixels[p + 2]) < 3 * 110
            }
            if dark { rows += 1 }
        }
        return rows
    }
}

import Foundation
import Testing

/// `xibmerge render` in a real browser (headless Chromium): a macOS preferences window whose tabs
/// are a toolbar (Vienna), a macOS tab view (Transmission's preferences), an iOS storyboard
/// with navigation and tab bars (Open Food Facts), macOS controls' state (CotEditor) and watch
/// screens (Loop); `RenderClassScreenshotTests` probes each class of issue 39. Each screenshot must show what the picture is
/// about: the selected tab filled, the bars' grey. `UPDATE_SCREENSHOTS=1` writes them to doc/.
struct RenderScreenshotTests {
    static let cases: [(fixture: String, scenes: [String], png: String, colour: (UInt8, UInt8, UInt8), what: String)] = [
        ("render/macos-tab-toolbar/input.storyboard", [], "render-macos-preferences.png", (0xD6, 0xE4, 0xFB), "the selected toolbar tab"),
        ("real/large-prefs-window.xib", ["41", "28"], "render-macos-tabs.png", (0xD6, 0xE4, 0xFB), "the selected tab"),
        // History: a navigation bar with its title and buttons, a toolbar and a tab bar; Scanner: a tab bar.
        ("render/ios-nav-tab-bars/input.storyboard", ["Cy1-Fs-syj", "uxI-SU-r8a", "wPq-85-qPt"], "render-ios-bars.png", (0xF2, 0xF3, 0xF5), "the bars"),
        // CotEditor's print options: switches on and off, selected segments, a stepper, 13-point labels.
        ("render/macos-controls-state/input.storyboard", [], "render-macos-controls.png", (0x34, 0xC7, 0x59), "the switch that is on"),
        // Loop's watch app: dark screens, grown to hold their items.
        ("render/watch-scenes/input.storyboard", [], "render-watch.png", (0x1C, 0x1C, 0x1E), "the dark screens"),
    ]

    @Test("render in a browser: tabs, toolbars and bars are on the screenshot", .enabled(if: Chromium.testable, Chromium.missing),
          arguments: 0..<cases.count)
    func screenshot(_ i: Int) throws {
        _ = try Chromium.required()
        let c = Self.cases[i]
        // Run from the package root: the page's title is the file's relative path.
        let root = CLI.fixtures.deletingLastPathComponent().deletingLastPathComponent()
        let page = try CLI.xibmerge(["render", "--format", "html"] + c.scenes.flatMap { ["--scene", $0] } + ["Tests/Fixtures/" + c.fixture], cwd: root.path)
        #expect(page.status == 0)
        let data = try Chromium.screenshot(page.stdout, width: 1400, height: 900)
        let png = try PNGImage(data)
        let (ink, colours) = png.inkAndColours
        #expect(ink > 0.02 && colours >= 8, "\(c.fixture): nearly blank (\(ink), \(colours) colours)")
        var found = 0
        for p in stride(from: 0, to: png.pixels.count, by: 4)
        where png.pixels[p] == c.colour.0 && png.pixels[p + 1] == c.colour.1 && png.pixels[p + 2] == c.colour.2 {
            found += 1
        }
        #expect(found > 50, "\(c.fixture): \(c.what) is not on the screenshot")
        if ProcessInfo.processInfo.environment["UPDATE_SCREENSHOTS"] == "1" {
            let doc = root.appendingPathComponent("doc/" + c.png)
            try data.write(to: doc)
        }
    }
}

import Foundation
import Testing
@testable import XibKit
import XibReport

/// Issue 39's classes, each from the real file that shows it (Tests/Fixtures/render/README.md):
/// controls' state and kind, sizes, fonts, colours and appearance, bars, layers and the review's
/// canvas, as Xcode's canvas draws them. `RenderScreenshotTests` looks at the same files in a browser.
struct WireframeStateTests {
    typealias Chrome = WireframeChromeTests

    static func shapes(_ w: Wireframe) -> [Wireframe.Shape] { w.canvases.flatMap(\.shapes) }
    static func shape(_ w: Wireframe, _ id: String) throws -> Wireframe.Shape { try #require(Chrome.shape(w, id), "\(id) is not drawn") }

    @Test("check boxes, radio buttons, switches and segments show their state")
    func state() throws {
        let (_, vienna, svg) = try Chrome.build("macos-radio-help")
        // "After a short delay" is the chosen radio button; "After Next Unread" is not.
        #expect(try Self.shape(vienna, "qF5-CX-w0a").sketch == .radio && Self.shape(vienna, "qF5-CX-w0a").state == .on)
        #expect(try Self.shape(vienna, "mgd-Xn-r0g").sketch == .radio && Self.shape(vienna, "mgd-Xn-r0g").state == .off)
        #expect(svg.contains("<circle class=\"checkbox on\"") && svg.contains("<path class=\"tick\""))
        let checks = Self.shapes(vienna).filter { $0.sketch == .check }
        #expect(checks.contains { $0.state == .on } && checks.contains { $0.state == .off })
        let (_, print, _) = try Chrome.build("macos-controls-state")
        #expect(try Self.shape(print, "5oG-pS-6uI").state == .on && Self.shape(print, "NX9-Wy-k9a").state == .off)
        // AppKit's selected="YES" on the second segment; UIKit's selectedSegmentIndex (unless momentary).
        #expect(try Self.shape(print, "Y6C-KD-Qlx").selected == 1)
        let (_, food, _) = try Chrome.build("ios-header-below-bar")
        #expect(Self.shapes(food).filter { $0.sketch == .segmented }.allSatisfy { $0.selected == nil || $0.items.indices.contains($0.selected!) })
    }

    @Test("NSMatrix cells in their grid; disclosure triangles, help buttons, colour wells, push buttons' bezels")
    func controls() throws {
        let (_, munki, _) = try Chrome.build("macos-matrix")
        let matrix = try Self.shape(munki, "796").frame
        let cells = ["769", "771", "773", "fG2-SY-8g2"].compactMap { Chrome.shape(munki, $0) }
        #expect(cells.count == 4)
        for (k, c) in cells.enumerated() {
            #expect(c.frame == Wireframe.Rect(x: matrix.x + Double(k) * 76, y: matrix.y, width: 67, height: 48), "\(c.path)")
        }
        #expect(Chrome.shape(munki, "796")?.background == nil)  // NSMatrix draws no background unless asked
        let (_, credentials, _) = try Chrome.build("macos-disclosure")
        #expect(try Self.shape(credentials, "ajh-AN-cfv").sketch == .disclosure && Self.shape(credentials, "ajh-AN-cfv").state == .off)
        // "Cancel" and "Log In": 32-point frames that overlap by 2 points, 21-point bezels 10 points apart.
        let (cancel, logIn) = (try Self.shape(credentials, "8").frame, try Self.shape(credentials, "14").frame)
        #expect(cancel.height == 21 && logIn.height == 21 && logIn.x - cancel.maxX == 10, "\(cancel) \(logIn)")
        let (_, vienna, _) = try Chrome.build("macos-radio-help")
        #expect(try Self.shape(vienna, "pfv-Xq-7Aq").sketch == .help)
        let prefs = WireframeBuilder.build(try Chrome.realPrefs())
        let well = try Self.shape(prefs, "1800")
        #expect(well.sketch == .colorWell && (well.swatch?.blue ?? 0) > 0.99 && (well.swatch?.red ?? 1) < 0.1)
    }

    @Test("mini check boxes are 10 points; imagePosition=right puts the box after the title")
    func sizes() throws {
        let (_, lunar, _) = try Chrome.build("macos-mini-right")
        let mini = Self.shapes(lunar).filter { $0.sketch == .check && $0.glyphSize == 10 }
        #expect(mini.count == 2)
        // Two mini check boxes 11 points tall, one above the other, do not overlap.
        #expect(mini.allSatisfy { $0.frame.height <= 11 })
        let right = Self.shapes(lunar).filter { $0.sketch == .check && $0.glyphTrailing }
        #expect(right.count == 3 && right.allSatisfy { $0.text == "Control all monitors" && $0.state == .on })
    }

    @Test("usesAppearanceFont is the system font at the control's size; measured text is not cut where Xcode fits it")
    func text() throws {
        let (_, print, svg) = try Chrome.build("macos-controls-state")
        #expect(try Self.shape(print, "CvE-De-52u").fontSize == 13)
        #expect(!svg.contains("font-size=\"8.8\""))
        let (_, _, options) = try Chrome.build("macos-text-tolerance")
        let cut = Chrome.texts(options).cut
        #expect(!cut.contains { $0.hasPrefix("Transfer Priorit") || $0.hasPrefix("Seeding Limi") || $0.hasPrefix("Transfer Bandwid") }, "\(cut)")
        let (_, ello, elloSVG) = try Chrome.build("ios-custom-fonts")
        #expect(Self.shapes(ello).contains { $0.substituteFont })
        let drawn = Chrome.texts(elloSVG)
        #expect(drawn.all.contains("Forgot your password?") && drawn.all.contains("Create an account?"), "\(drawn.cut)")
    }

    @Test("appearance: a dark document, macOS darkAqua views, watch screens; system text colours")
    func appearance() throws {
        let (_, cell, svg) = try Chrome.build("ios-dark-cell")
        #expect(cell.canvases.allSatisfy { $0.dark } && svg.contains("class=\"ground\""))
        #expect(try Self.shape(cell, "r8c-Jr-MKH").onDark)
        let (_, lunar, _) = try Chrome.build("macos-mini-right")
        let hotkeys = try #require(lunar.canvases.first { $0.id == "JMM-DS-vfd" })
        #expect(!hotkeys.dark && hotkeys.shapes.filter { $0.sketch == .label || $0.sketch == .field }.allSatisfy { $0.darkAppearance })
        let (_, watch, _) = try Chrome.build("watch-scenes")
        #expect(watch.canvases.allSatisfy { $0.dark })
        // The Loop scenes' items reach below a 38 mm watch's 170 points: the scenes grow to hold them.
        #expect(watch.canvases.filter { $0.bounds.height > 180 }.count == 2)
        let prefs = WireframeBuilder.build(try Chrome.realPrefs())
        let disabled = try #require(Self.shape(prefs, "268").textColor)
        #expect(disabled.alpha < 0.3 && disabled.red < 0.1)
    }

    @Test("bars: left and right items, toolbar spaces, Apple TV tabs, standard toolbar items, controllers' width")
    func bars() throws {
        let (_, rocket, _) = try Chrome.build("ios-left-bar-items")
        let bar = try #require(Self.shapes(rocket).first { $0.id == "cQN-uN-CZi" })
        #expect(bar.items == ["Left", "Right"] && bar.itemFrames.count == 2)
        #expect(bar.itemFrames[0].maxX < bar.frame.x + bar.frame.width / 2 && bar.itemFrames[1].x > bar.frame.x + bar.frame.width / 2)
        // No <device>, scenes 320 wide: the navigation controller is as wide as the scene it holds.
        let navigation = try #require(rocket.canvases.first { $0.title == "Navigation Controller Scene" })
        #expect(navigation.shapes[0].frame.width == 320)
        let (_, toolbar, _) = try Chrome.build("ios-toolbar-items")
        let items = try Self.shape(toolbar, "kgj-Hq-tEB")
        // Flexible spaces between the items: the first at the leading margin, the last at the trailing one.
        #expect(items.itemFrames.first!.x - items.frame.x == 16 && abs(items.frame.maxX - items.itemFrames.last!.maxX - 16) < 0.5)
        let (_, monal, _) = try Chrome.build("ios-fixed-spaces")
        let fixed = try Self.shape(monal, "87s-YI-3sS").itemFrames
        #expect(fixed.count == 5 && zip(fixed, fixed.dropFirst()).allSatisfy { $1.x - $0.maxX >= 42 })
        let (_, tv, _) = try Chrome.build("tvos-bars")
        let tabs = Self.shapes(tv).filter { $0.kind == .view && $0.tag == "tabBar" }
        #expect(!tabs.isEmpty && tabs.allSatisfy { $0.frame.y == 0 && $0.itemFrames.first!.x > $0.frame.x + $0.frame.width / 3 })
        let (_, macdown, _) = try Chrome.build("macos-toolbar-names")
        #expect(try Self.shape(macdown, "owf-WR-5UO").items == ["Colors", "Fonts", "Print"])
    }

    @Test("layers: one name per place; table content below a top bar; opaque cells")
    func layers() throws {
        let (_, _, svg) = try Chrome.build("ios-shared-frames")
        var places: [String] = []
        for part in svg.split(separator: "<text class=\"caption\" x=\"").dropFirst() {
            let x = part.prefix { $0 != "\"" }
            guard let y = part.split(separator: "y=\"").dropFirst().first?.prefix(while: { $0 != "\"" }) else { continue }
            places.append("\(x),\(y)")
        }
        #expect(!places.isEmpty && Set(places).count == places.count, "\(places)")
        let (_, subscriptions, _) = try Chrome.build("ios-header-below-bar")
        let bar = try #require(Self.shapes(subscriptions).first { $0.id == "cIZ-6h-3cC" })
        #expect(bar.frame.y == 0)  // <nil key="simulatedStatusBarMetrics"/>: no status bar
        #expect(try Self.shape(subscriptions, "zAp-Gg-lES").frame.y >= bar.frame.maxY)
        #expect(Self.shapes(subscriptions).filter { $0.tag == "tableViewCell" }.allSatisfy { $0.background != nil })
    }

    @Test("review: an added cell below the screen's height is inside the canvas, outlined")
    func reviewGrows() throws {
        let folder = WireframeTests.root.appendingPathComponent("ios-review-cell-below-screen")
        let old = [UInt8](try Data(contentsOf: folder.appendingPathComponent("input.storyboard")))
        let new = [UInt8](try Data(contentsOf: folder.appendingPathComponent("ours.storyboard")))
        let review = try Review.file(oldBytes: old, newBytes: new, path: "Main.storyboard")
        let scene = try #require(review.scenes.first { $0.added.contains("IpI-uV-VcH") })
        let after = try #require(scene.after)
        let cell = try #require(after.shapes.first { $0.id == "IpI-uV-VcH" }).frame
        #expect(cell.y > 812 && after.bounds.maxY >= cell.maxY && after.bounds.y <= cell.y)
        let svg = WireframeSVG.canvas(after, marks: WireframeSVG.Marks(added: Set(scene.added)))
        #expect(svg.contains("data-id=\"IpI-uV-VcH\"") && svg.contains("<rect class=\"mark added\""))
    }
}

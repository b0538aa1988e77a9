import CorpusSupport
import Foundation
import Testing
@testable import XibKit
import XibReport

/// What the wireframes draw as Xcode's canvas does, one construct per real file
/// (Tests/Fixtures/render/<case>, from ../shared): the selected tab only, bars only where a
/// controller shows them, text in full where it fits, table headers, toolbars, menus, colours,
/// hidden views, watch layouts.
struct WireframeChromeTests {
    static func build(_ name: String, reveal: Set<String> = []) throws -> (IBGraph, Wireframe, String) {
        let (_, graph) = try WireframeTests.input(name)
        let w = WireframeBuilder.build(graph, reveal: reveal)
        return (graph, w, RenderReport.render(w, title: name, format: .svg))
    }

    static func realPrefs() throws -> IBGraph {
        let url = WireframeTests.root.deletingLastPathComponent().appendingPathComponent("real/large-prefs-window.xib")
        return IBGraph(try IBDocument(bytes: [UInt8](try Data(contentsOf: url)), name: "PrefsWindow.xib"))
    }

    static func shape(_ w: Wireframe, _ id: String) -> Wireframe.Shape? { w.canvases.flatMap(\.shapes).first { $0.id == id } }
    static func drawn(_ svg: String, _ id: String) -> Bool { svg.contains("data-id=\"\(id)\"") }
    static func texts(_ svg: String) -> (all: [String], cut: [String]) { WireframeSVG.drawnTexts(svg) }

    @Test("a tab view draws its selected tab and a tab strip; a revealed object selects its tab")
    func tabs() throws {
        let graph = try Self.realPrefs()
        let w = WireframeBuilder.build(graph)
        let svg = RenderReport.render(w, title: "prefs", format: .svg)
        // Tab view 252: tab 253 ("Toevoegen", initial) shows view 255; tab 254 ("Beheer") view 256.
        let tabView = try #require(Self.shape(w, "252"))
        #expect(tabView.items == ["Toevoegen", "Beheer"] && tabView.selected == 0)
        #expect(svg.contains(">Toevoegen<") && svg.contains(">Beheer<"))
        #expect(Self.drawn(svg, "255") && !Self.drawn(svg, "256") && !Self.drawn(svg, "257"))
        let revealed = WireframeBuilder.build(graph, reveal: ["257"])
        let again = RenderReport.render(revealed, title: "prefs", format: .svg)
        #expect(Self.shape(revealed, "252")?.selected == 1)
        #expect(Self.drawn(again, "256") && Self.drawn(again, "257") && !Self.drawn(again, "255"))
    }

    @Test("a tab view controller with tabStyle toolbar draws its tabs as a toolbar")
    func tabToolbar() throws {
        let (_, w, svg) = try Self.build("macos-tab-toolbar")
        let bar = try #require(w.canvases.flatMap(\.shapes).first { $0.kind == .bar && $0.tag == "tabViewController" })
        #expect(bar.items == ["General", "Appearance", "Syncing", "Updates", "Advanced"] && bar.selected == 0)
        #expect(svg.contains(">Syncing<"))
    }

    @Test("no navigation bar where no navigation controller shows one")
    func phantomBars() throws {
        let (graph, w, svg) = try Self.build("ios-nav-hidden")
        // "Carbohydrates" is pushed inside a navigation controller that hides its bar.
        #expect(graph.nodes.contains { $0.element[attribute: "title"] == "Carbohydrates" })
        #expect(!w.canvases.flatMap(\.shapes).contains { $0.kind == .bar && $0.tag == "navigationItem" })
        #expect(!svg.contains(">Carbohydrates<"))
        // A storyboard whose scenes are in a shown navigation stack keeps its bars.
        let (_, table, _) = try Self.build("ios-storyboard-table")
        let stacks = ControllerStacks(try WireframeTests.input("ios-storyboard-table").1)
        let navigated = table.canvases.flatMap(\.shapes).filter { $0.kind == .bar && $0.tag == "navigationItem" }
        #expect(navigated.isEmpty == stacks.navigated.isEmpty)
    }

    @Test("macOS text stored as <string key=\"title\"> in a cell is drawn")
    func cellStringTitle() throws {
        let (graph, w, svg) = try Self.build("macos-cell-string-title")
        let holders = graph.nodes.indices.filter { i in
            graph.nodes[i].objectID != nil && graph.nodes[i].element.elements.contains { cell in
                cell[attribute: "key"] == "cell" && cell.elements.contains { $0.name == "string" && $0[attribute: "key"] == "title" }
            }
        }
        try #require(!holders.isEmpty)
        for i in holders {
            let s = try #require(w.canvases.flatMap(\.shapes).first { $0.node == i })
            let title = try #require(s.text)
            #expect(svg.contains(WireframeSVG.xml(String(title.prefix(9)))), "\(title)")
        }
    }

    @Test("text is measured: labels Xcode sized to fit are drawn in full; under 5% of texts cut")
    func textWidths() throws {
        let svg = RenderReport.render(WireframeBuilder.build(try Self.realPrefs()), title: "prefs", format: .svg)
        let (all, cut) = Self.texts(svg)
        #expect(all.contains("Verkies gecodeerde peers") && all.contains("Toon meldingen"))
        #expect(Double(cut.count) < 0.05 * Double(all.count), "\(cut.count) of \(all.count) cut: \(cut)")
        // Widths: Inter at 13 points, scaled to SF Pro's and tracked.
        let m = TextMetrics.standard
        let w = m.width("Verkies gecodeerde peers", size: 13, face: .system)
        #expect(w > 150 && w < 160, "\(w)")
        #expect(m.width("abc", size: 10, face: .mono) == 18)
        #expect(m.width("漢字", size: 10, face: .helvetica) == 20)
    }

    @Test("view-based table: cells in their column once, header titles, first row below the header")
    func tableColumns() throws {
        let (_, w, svg) = try Self.build("macos-table-columns")
        let scroll = try #require(Self.shape(w, "UTT-Uw-P7a")).frame  // the outline's header view
        let command = try #require(Self.shape(w, "rYO-UK-6m9")).frame, key = try #require(Self.shape(w, "bQJ-P8-Oc8")).frame
        #expect(command.x == scroll.x + 14 && key.x == scroll.x + 323)
        #expect(command.y >= scroll.maxY)
        #expect(svg.contains(">Command<") && svg.contains(">Key<") && svg.contains(">Menu<"))
        let headers = w.canvases.flatMap(\.shapes).filter { $0.sketch == .header }
        #expect(headers.map(\.text) == ["Menu", "Command", "Key"])
    }

    @Test("a scroll view's content insets move its document below them")
    func contentInsets() throws {
        let (_, w, _) = try Self.build("macos-content-insets")
        let shapes = w.canvases.flatMap(\.shapes)
        let clip = try #require(Self.shape(w, "Cld-aq-MYg")).frame
        let table = try #require(shapes.first { $0.tag == "tableView" && $0.frame.x == clip.x })
        #expect(table.frame.y == clip.y + 22)
    }

    @Test("window toolbars, the main menu, hidden titles")
    func toolbarAndMenu() throws {
        let (_, w, _) = try Self.build("macos-window-toolbar")
        let toolbar = try #require(Self.shape(w, "owf-WR-5UO"))
        #expect(toolbar.kind == .bar && toolbar.frame.y == IBRules.windowTitleBarHeight)
        let window = try #require(w.canvases.flatMap(\.shapes).first { $0.sketch == .window })
        let content = try #require(w.canvases.flatMap(\.shapes).first { $0.depth == 1 && $0.kind == .view && $0.frame.x == window.frame.x })
        #expect(content.frame.y == IBRules.windowTitleBarHeight + IBRules.windowToolbarHeight)
        let (graph, menu, svg) = try Self.build("macos-menu-title-hidden")
        let bar = try #require(menu.canvases.flatMap(\.shapes).first { $0.kind == .bar && $0.tag == "menu" })
        #expect(bar.items.first == "Adaptivo" && svg.contains(">Adaptivo<"))
        let hidden = graph.nodes.indices.filter { graph.nodes[$0].element[attribute: "titleVisibility"] == "hidden" }
        try #require(!hidden.isEmpty)
        for i in hidden { #expect(menu.canvases.flatMap(\.shapes).first { $0.node == i }?.text == nil) }
    }

    @Test("text colour, system bar items, standalone toolbars, tvOS bars, separators")
    func smallerThings() throws {
        let (_, _, avatar) = try Self.build("ios-text-color")
        #expect(avatar.contains("style=\"fill:#ffffff\"><tspan") && avatar.contains(">L<"))
        let (_, directory, _) = try Self.build("ios-system-items")
        #expect(directory.canvases.flatMap(\.shapes).contains { $0.items.contains("✕") })
        let (_, toolbar, _) = try Self.build("ios-toolbar-items")
        #expect(Self.shape(toolbar, "kgj-Hq-tEB")?.items == ["Copy", "Reply", "Edit", "More"])
        let (_, tv, _) = try Self.build("tvos-bars")
        let tabBars = tv.canvases.flatMap(\.shapes).filter { $0.kind == .bar && $0.tag == "tabBarItem" }
        #expect(!tabBars.isEmpty && tabBars.allSatisfy { $0.frame.y == 0 && $0.frame.height == 140 })
        let (_, chooser, svg) = try Self.build("macos-separator")
        #expect(Self.shape(chooser, "6rA-6M-we2")?.sketch == .separator && svg.contains("class=\"rule\""))
    }

    @Test("Xcode 8's frameInset: an origin and a size given or left by insets")
    func frameInset() throws {
        // The avatar's label, its frame rewritten in the older form (no file of ../shared uses it).
        let url = WireframeTests.root.appendingPathComponent("ios-text-color/input.xib")
        let text = String(decoding: try Data(contentsOf: url), as: UTF8.self)
        let frame = "<rect key=\"frame\" x=\"0.0\" y=\"0.0\" width=\"44\" height=\"44\"/>\n                    <color key=\"backgroundColor\" red=\"1\""
        try #require(text.contains(frame))
        let old = text.replacingOccurrences(of: frame, with: frame.replacingOccurrences(
            of: "<rect key=\"frame\" x=\"0.0\" y=\"0.0\" width=\"44\" height=\"44\"/>",
            with: "<rect key=\"frameInset\" minX=\"2\" minY=\"3\" maxX=\"4\" maxY=\"5\"/>"))
        let graph = IBGraph(try IBDocument(bytes: Array(old.utf8), name: "avatar.xib"))
        let w = WireframeBuilder.build(graph)
        let label = try #require(w.canvases.flatMap(\.shapes).first { $0.tag == "label" })
        #expect(label.kind == .view && label.frame == Wireframe.Rect(x: 2, y: 3, width: 38, height: 36))
    }

    @Test("hidden views are not drawn, unless a review marks them")
    func hiddenViews() throws {
        let (_, w, svg) = try Self.build("macos-xib-window")
        #expect(Self.shape(w, "bBB-1O-Jf0")?.hidden == true && !Self.drawn(svg, "bBB-1O-Jf0"))
        let marked = WireframeSVG.canvas(w.canvases[0], marks: WireframeSVG.Marks(modified: ["bBB-1O-Jf0"]))
        #expect(Self.drawn(marked, "bBB-1O-Jf0") && marked.contains(">hidden<"))
    }

    @Test("watchOS: items stacked in the screen, groups side by side or stacked")
    func watchLayout() throws {
        let (_, w, svg) = try Self.build("watch-groups")
        #expect(!svg.contains("no frame"))
        for c in w.canvases {
            let screen = c.shapes[0].frame
            for s in c.shapes.dropFirst() where s.depth == 1 {
                #expect(s.frame.x >= screen.x && s.frame.maxX <= screen.maxX + 0.001, "\(s.path)")
            }
            let top = c.shapes.filter { $0.depth == 1 }.map(\.frame.y)
            #expect(top == top.sorted(), "\(c.title)")
        }
    }

    @Test("review: a change inside a tab that is not selected is drawn in that tab")
    func reviewRevealsTab() throws {
        let url = WireframeTests.root.deletingLastPathComponent().appendingPathComponent("real/large-prefs-window.xib")
        let old = [UInt8](try Data(contentsOf: url))
        // Field 257 lies in tab "Beheer" (254), not the initial one.
        let text = String(decoding: old, as: UTF8.self)
        let marker = "<textField verticalHuggingPriority=\"750\" id=\"257\">"
        try #require(text.contains(marker))
        let new = Array(text.replacingOccurrences(of: marker, with: "<textField verticalHuggingPriority=\"749\" id=\"257\">").utf8)
        let review = try Review.file(oldBytes: old, newBytes: new, path: "PrefsWindow.xib")
        let scene = try #require(review.scenes.first { $0.after?.shapes.contains { $0.id == "257" } ?? false })
        let after = try #require(scene.after)
        #expect(after.shapes.first { $0.id == "257" }?.hidden == false)
        #expect(after.shapes.first { $0.id == "255" }?.hidden == true)
    }
}

import CorpusSupport
import Foundation
import Testing
@testable import XibKit
import XibReport

/// `xibmerge render`: the wireframe model and its SVG. Every folder of Tests/Fixtures/render
/// holds a real file (`input.xib` or `input.storyboard`) and `expected.txt`, the outline of its
/// wireframe (one line per shape: kind, type, id, frame in canvas points, text). Regenerate with
/// `UPDATE_GOLDEN=1 swift test --filter Wireframe` and read the changes: they are the specification.
struct WireframeTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/render", isDirectory: true)

    /// The fixture folders (README.md says where each file comes from).
    static var cases: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: root.path)) ?? []).filter { name in
            var folder: ObjCBool = false
            return FileManager.default.fileExists(atPath: root.appendingPathComponent(name).path, isDirectory: &folder) && folder.boolValue
        }.sorted()
    }

    static func input(_ name: String) throws -> (URL, IBGraph) {
        let folder = root.appendingPathComponent(name, isDirectory: true)
        let file = try FileManager.default.contentsOfDirectory(atPath: folder.path).first { $0.hasPrefix("input.") }!
        let url = folder.appendingPathComponent(file)
        return (url, IBGraph(try IBDocument(bytes: [UInt8](try Data(contentsOf: url)), name: file)))
    }

    /// One line per shape, indented by depth.
    static func outline(_ w: Wireframe) -> String {
        var out = ""
        for c in w.canvases {
            out += "canvas \(c.id) \"\(c.title)\"\(c.isInitial ? " initial" : "") \(rect(c.bounds))\n"
            for s in c.shapes {
                out += String(repeating: "  ", count: s.depth + 1) + "\(s.kind.rawValue) \(s.tag)"
                if let id = s.id { out += " \(id)" }
                out += " \(rect(s.frame))"
                if let t = s.text { out += " \"\(t.replacingOccurrences(of: "\n", with: "\\n"))\"" }
                if !s.items.isEmpty { out += " [\(s.items.joined(separator: " | "))]" }
                if let i = s.image { out += " image=\(i)" }
                if let state = s.state, state != .off { out += " \(state.rawValue)" }
                if let i = s.selected { out += " selected=\(i)" }
                if s.hidden { out += " hidden" }
                out += "\n"
            }
        }
        return out
    }

    static func rect(_ r: Wireframe.Rect) -> String {
        "\(WireframeTests.n(r.x)),\(WireframeTests.n(r.y)) \(WireframeTests.n(r.width))x\(WireframeTests.n(r.height))"
    }

    static func n(_ d: Double) -> String { d == d.rounded() ? String(Int(d)) : String(d) }

    @Test("fixtures: the wireframe outline matches the golden file", arguments: cases)
    func golden(_ name: String) throws {
        let (url, graph) = try Self.input(name)
        let w = WireframeBuilder.build(graph)
        try DiffFixtureTests.check(Self.outline(w), url.deletingLastPathComponent().appendingPathComponent("expected.txt"))
        let svg = RenderReport.render(w, title: name, format: .svg)
        try Self.checkSVG(svg, graph: graph, wireframe: w, name: name)
    }

    /// macOS: y counts from the bottom of a view unless it is flipped; a window's content view
    /// fills its content rect below the title bar. Figures worked out by hand from the file.
    @Test("macOS coordinates: bottom-left origin, flipped scroll views, window content rect")
    func macOSCoordinates() throws {
        let (_, graph) = try Self.input("macos-xib-window")
        let shapes = WireframeBuilder.build(graph).canvases[0].shapes
        func frame(_ id: String) -> Wireframe.Rect? { shapes.first { $0.id == id }?.frame }
        // Window content 510 x 389 below a 28-point title bar.
        #expect(frame("P23-aL-ez6") == Wireframe.Rect(x: 0, y: 0, width: 510, height: 417))
        #expect(frame("2jF-WS-ElT") == Wireframe.Rect(x: 0, y: 28, width: 510, height: 389))
        // Scroll view at y=47 from the bottom of the content view: 28 + 389 - 47 - 322 = 48 from the top.
        #expect(frame("gls-wS-aCi") == Wireframe.Rect(x: 20, y: 48, width: 470, height: 322))
        // Text field at y=20 from the bottom: 28 + 389 - 20 - 19 = 378.
        #expect(frame("vJ5-eP-Q1d") == Wireframe.Rect(x: 20, y: 378, width: 470, height: 19))
        // A scroll view is flipped: its clip view and scroller count y from its top.
        #expect(frame("vxQ-4d-mld") == Wireframe.Rect(x: 21, y: 49, width: 468, height: 320))
        #expect(frame("Kjj-rY-Bja") == Wireframe.Rect(x: 473, y: 49, width: 16, height: 320))
    }

    @Test("views without a frame get a placeholder, stacked in their superview")
    func noFrames() throws {
        let (_, graph) = try Self.input("ios-no-frame")
        let w = WireframeBuilder.build(graph)
        let placeholders = w.canvases.flatMap(\.shapes).filter { $0.kind == .noFrame }
        #expect(!placeholders.isEmpty)
        let svg = RenderReport.render(w, title: "cell", format: .svg)
        #expect(svg.contains("no frame"))
    }

    /// A tab view shows its initial tab (the others' views are hidden); check boxes are
    /// drawn as check boxes. A real macOS preferences window (Tests/Fixtures/real).
    @Test("tab views show one tab; check boxes and radio buttons are sketched as such")
    func tabsAndChecks() throws {
        let url = Self.root.deletingLastPathComponent().appendingPathComponent("real/large-prefs-window.xib")
        let graph = IBGraph(try IBDocument(bytes: [UInt8](try Data(contentsOf: url)), name: "PrefsWindow.xib"))
        let shapes = WireframeBuilder.build(graph).canvases.flatMap(\.shapes)
        let tabView = try #require(graph.node(forObjectID: "252"))
        let items = graph.children(of: tabView).filter { graph.nodes[$0].tag == "tabViewItems" }.flatMap { graph.children(of: $0) }
        #expect(items.count == 2)
        for item in items {
            let view = try #require(graph.children(of: item).first { graph.nodes[$0].element[attribute: "key"] == "view" })
            let shape = try #require(shapes.first { $0.node == view })
            #expect(shape.hidden == (graph.nodes[item].objectID != "253"), "\(graph.displayPath(view))")
        }
        let checks = graph.nodes.indices.filter { i in
            graph.nodes[i].tag == "button" && graph.nodes[i].element.elements.contains { $0[attribute: "key"] == "cell" && $0[attribute: "type"] == "check" }
        }
        #expect(!checks.isEmpty)
        for i in checks { #expect(shapes.first { $0.node == i }?.sketch == .check) }
    }

    /// Well-formed XML, and exactly one shape (`data-id`) for every object with a frame, none
    /// for a hidden one (hidden in the file, or in a tab not shown), as Xcode draws them.
    static func checkSVG(_ svg: String, graph: IBGraph, wireframe: Wireframe, name: String) throws {
        let parsed = MarkupScan(svg, idsOf: ["g"])
        #expect(parsed.error == nil, "\(name): SVG is not well-formed: \(parsed.error ?? "")")
        let counts = parsed.idCounts
        let hidden = Set(wireframe.canvases.flatMap(\.shapes).filter(\.hidden).compactMap(\.id))
        let framed = graph.nodes.indices.filter { i in
            graph.nodes[i].objectID != nil && graph.nodes[i].element.elements.contains { $0.name == "rect" && $0[attribute: "key"] == "frame" }
        }
        for i in framed {
            let id = graph.nodes[i].objectID!
            let expected = hidden.contains(id) ? 0 : 1
            #expect(counts[id] == (expected == 0 ? nil : 1), "\(name): \(graph.displayPath(i)) (\(id)) drawn \(counts[id] ?? 0) times, not \(expected)")
        }
    }

    @Test("a picture stops at its element budget, in document order, and says what it left out")
    func budget() throws {
        let (_, graph) = try Self.input("macos-storyboard")
        let roots = WireframeBuilder.canvasRoots(graph)
        try #require(roots.count >= 2)
        let first = graph.subtreeEnd(of: roots[0]) - roots[0]
        let w = WireframeBuilder.build(graph, budget: first)
        #expect(w.canvases.map(\.node) == [roots[0]])
        #expect(w.omitted == roots.count - 1)
        #expect(w.firstOmitted == "\(graph.displayName(roots[1])) (\(WireframeBuilder.canvasID(graph, roots[1])))")
        let svg = RenderReport.render(w, title: "t", format: .svg)
        #expect(MarkupScan(svg, idsOf: ["g"]).error == nil)
        #expect(svg.contains("\(roots.count - 1) of \(roots.count) scenes not drawn, from \(w.firstOmitted!) on"))
        // Named alone, a canvas past the budget is drawn: the budget counts what is drawn.
        let second = graph.subtreeEnd(of: roots[1]) - roots[1]
        let named = WireframeBuilder.build(graph, only: [WireframeBuilder.canvasID(graph, roots[1])], budget: second)
        #expect(named.canvases.map(\.node) == [roots[1]] && named.omitted == 0)
        // A first canvas over the budget leaves the picture empty but for the note; with no
        // budget (scenes a person named), it is drawn.
        let none = WireframeBuilder.build(graph, budget: 0)
        #expect(none.canvases.isEmpty && none.omitted == roots.count)
        #expect(WireframeBuilder.build(graph, budget: nil).canvases.count == roots.count)
        let all = WireframeBuilder.build(graph)
        #expect(all.omitted == 0 && all.firstOmitted == nil && all.canvases.count == roots.count)
    }

    @Test("corpus: every document-format file renders to well-formed SVG with one shape per view with a frame")
    func corpus() throws {
        guard Corpus.isAvailable else {
            print(Corpus.unavailableMessage)
            return
        }
        let files = try Corpus.documentFiles()
        #expect(files.count >= Corpus.minimumFiles)
        let failures = parallelMap(files) { row -> String? in
            do {
                let graph = IBGraph(try IBDocument(bytes: try Corpus.bytes(row.url), name: row.file))
                let w = WireframeBuilder.build(graph, jobs: 1)
                try Self.checkSVG(RenderReport.render(w, title: row.file, format: .svg), graph: graph, wireframe: w, name: row.file)
                _ = RenderReport.render(w, title: row.file, format: .html)
                return nil
            } catch {
                return "\(row.file): \(error)"
            }
        }.compactMap { $0 }
        #expect(failures.isEmpty, "\(failures)")
    }
}

import XibKit
import XibReport

enum RenderCommand {
    enum Format: String, ArgumentValue, CaseIterable { case svg, html }

    static func spec() -> CommandSpec {
        CommandSpec(
            name: "render",
            abstract: "Draw a .xib or .storyboard as wireframes (SVG or HTML): each scene, or each top-level view or window.",
            discussion: """
            Every view is a rectangle at its frame, with its text, image name and background colour; bars are drawn; \
            each shape carries the object's id (data-id) and human path (shown on hover). A sketch like Xcode's outline \
            mode, not pixel-exact. Exit codes: 0 drawn, 2 errors (unreadable input, unknown scene).
            """,
            arguments: [
                .repeated(.scene, help: "Only this scene or top-level object (its id, or its name as the diff shows it); repeatable.", complete: .nothing),
                .option(.format, of: Format.self, help: "Output format.", default: "svg"),
                .option(.output, short: "o", help: "Write to this file instead of standard output."),
                .positional(.file, help: "The .xib or .storyboard file."),
            ]
        ) { parsed in
            RenderRun(scene: parsed.strings(.scene), format: try parsed.value(.format) ?? .svg, output: parsed.string(.output),
                      file: parsed.argument(.file))
        }
    }
}

/// `render` itself, on plain values.
struct RenderRun: CommandRun {
    var scene: [String] = []
    var format: RenderCommand.Format = .svg
    var output: String?
    var file: String

    func run() throws {
        let graph: IBGraph
        do {
            graph = IBGraph(try IBDocument.load(path: file))
        } catch {
            Console.err("xibmerge: \(error.description)")
            throw Exit.error
        }
        if !scene.isEmpty {
            let roots = WireframeBuilder.canvasRoots(graph)
            let unknown = scene.filter { name in !roots.contains { WireframeBuilder.matches(graph, $0, name) } }
            if !unknown.isEmpty {
                let all = roots.prefix(50).map { "\(graph.displayName($0)) (\(WireframeBuilder.canvasID(graph, $0)))" }
                    + (roots.count > 50 ? ["and \(roots.count - 50) more"] : [])
                Console.err("xibmerge: \(file): no scene or top-level object named \(unknown.joined(separator: ", ")); there are: \(all.joined(separator: ", "))")
                throw Exit.error
            }
        }
        // Scenes a person names are drawn whole; the budget guards a picture nobody asked for.
        let wireframe = scene.isEmpty ? WireframeBuilder.build(graph) : WireframeBuilder.build(graph, only: scene, budget: nil)
        if wireframe.omitted > 0, let first = wireframe.firstOmitted {
            Console.err("xibmerge: \(file): warning: \(WireframeSVG.omittedNote(wireframe) ?? first)")
        }
        let text = RenderReport.render(wireframe, title: file, format: format == .svg ? .svg : .html)
        try CommandOutput.write(text, to: output)
    }
}

/// Where a report goes: standard output, or a file written atomically.
enum CommandOutput {
    static func write(_ text: String, to path: String?) throws {
        guard let path else { return Console.out(text) }
        do {
            try AtomicWrite.write(Array(text.utf8), to: path)
        } catch {
            Console.err("xibmerge: \(error.description)")
            throw Exit.error
        }
    }
}

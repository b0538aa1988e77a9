import XibKit
import XibReport

enum OutlineCommand {
    static func spec() -> CommandSpec {
        CommandSpec(
            name: "outline",
            abstract: "List the objects of a .xib or .storyboard with their paths, ids and attributes, in words.",
            discussion: """
            One entry per object, as textconv prints it: its human path and id (constraints as equations, \
            connections as what they connect), its line in the file, and its attributes as the diff reads them. \
            Noise and frames are left out unless asked for. --scene and --object limit it to scenes, top-level \
            objects or objects and what they contain. \
            Exit codes: 0 listed, 2 errors (input that does not parse: file:line:column; an unknown scene or object).
            """,
            arguments: [
                .flag(.includeNoise, help: "Include Xcode's noise (toolsVersion, plug-in versions, <device>, canvasLocation, misplaced)."),
                .flag(.layout, help: "Include frames."),
                .repeated(.scene, value: "NAME|ID", help: "Only this scene or top-level object (its id, or its name as the diff shows it); repeatable."),
                .repeated(.object, value: "ID", help: "Only this object and what it contains; repeatable.", complete: .nothing),
                .option(.format, of: Format.self, help: "Output format.", default: "text"),
                .positional(.file, help: "The .xib or .storyboard file."),
            ]
        ) { parsed in
            OutlineRun(selection: Outline.Selection(scenes: parsed.strings(.scene), objects: parsed.strings(.object)),
                       options: DiffOptions(includeNoise: parsed.flag(.includeNoise), layout: parsed.flag(.layout)),
                       format: try parsed.value(.format) ?? .text, file: parsed.argument(.file))
        }
    }

    enum Format: String, ArgumentValue, CaseIterable { case text, json }
}

/// `outline` itself, on plain values.
struct OutlineRun: CommandRun {
    var selection = Outline.Selection()
    var options = DiffOptions()
    var format = OutlineCommand.Format.text
    var file: String

    func run() throws {
        let document: IBDocument
        do {
            document = try IBDocument.load(path: file)
        } catch {
            Console.err("xibmerge: \(error.description)")
            throw Exit.error
        }
        let entries: [Outline.Entry]
        do {
            entries = try Outline.entries(of: document, options: options, only: selection)
        } catch {
            Console.err("xibmerge: \(file): no scene or object named \(error.unknown.joined(separator: ", ")); "
                        + "the scenes and top-level objects are: \(error.available.joined(separator: ", "))")
            throw Exit.error
        }
        switch format {
        case .text: Console.out(Outline.lines(entries).map { $0 + "\n" }.joined())
        case .json: Console.out(OutlineJSONRenderer.render(file: file, document: document, entries: entries).rendered())
        }
    }
}

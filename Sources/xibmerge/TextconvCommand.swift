import XibKit

enum TextconvCommand {
    static func spec() -> CommandSpec {
        CommandSpec(
            name: "textconv",
            abstract: "Print a stable, line-oriented semantic outline of a .xib or .storyboard (git's diff.<driver>.textconv).",
            discussion: """
            One line per object (its human path and id; constraints as equations, connections as what they \
            connect), its attributes indented below it. Noise and frames are left out unless asked for. \
            With `git config diff.xib.textconv "xibmerge textconv"` and `*.storyboard diff=xib` in \
            .gitattributes, `git diff`, `git log -p` and `git show` print these outlines' differences. \
            A file that is not an Interface Builder document in Xcode 5+ form, or that is over one of the \
            reader's limits (256 MiB, ...), is printed as it is (with a warning), so git still shows its \
            line diff. Exit codes: 0 printed (the outline, or the file as it is), 2 the file could not be read.
            """,
            arguments: [
                .flag(.includeNoise, help: "Include Xcode's noise (toolsVersion, plug-in versions, <device>, canvasLocation, misplaced)."),
                .flag(.layout, help: "Include frames."),
                .positional(.file, help: "The .xib or .storyboard file."),
            ]
        ) { parsed in
            TextconvRun(file: parsed.argument(.file), includeNoise: parsed.flag(.includeNoise), layout: parsed.flag(.layout))
        }
    }
}

/// `textconv` itself, on plain values.
struct TextconvRun: CommandRun {
    var file: String
    var includeNoise = false
    var layout = false

    func run() throws {
        let bytes: [UInt8]
        do {
            bytes = try FileIO.read(file)
        } catch {
            guard error.kind == .tooLarge else {
                Console.err("\(error.location.file): error: \(error.message)")
                throw Exit.error
            }
            return try printAsIs(error.description) { () throws(FileIO.WriteError) in try FileIO.copy(file, to: 1) }
        }
        if bytes.isEmpty { return }
        do {
            let document = try IBDocument(bytes: bytes, name: file)
            Console.out(Outline.text(of: document, options: DiffOptions(includeNoise: includeNoise, layout: layout)))
        } catch {
            try printAsIs(error.description) { () throws(FileIO.WriteError) in try FileIO.write(bytes[...], to: 1) }
        }
    }

    /// A textconv driver that prints nothing makes git stop the whole `git diff` or `git log -p`:
    /// a file that does not read as a document, or is too large to read, is shown as it is.
    private func printAsIs(_ why: String, _ write: () throws(FileIO.WriteError) -> Void) throws {
        Console.err("xibmerge textconv: \(why); printing the file as it is")
        do { try write() } catch {
            Console.err("xibmerge textconv: \(error)")
            throw Exit.error
        }
    }
}

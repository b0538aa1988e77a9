import XibKit

enum FormatCommand {
    static func spec() -> CommandSpec {
        CommandSpec(
            name: "format",
            abstract: "Rewrite files in Xcode's form (a no-op on files Xcode wrote).",
            discussion: "With --check nothing is written: the files that would change are listed. Exit codes: 0 done (or nothing to change), 1 with --check when a file would change, 2 a file could not be read or written.",
            arguments: [
                .flag(.check, help: "Write nothing; list files that would change and exit 1 if any."),
                .variadic(.files, required: true, help: "The .xib or .storyboard files."),
            ]
        ) { parsed in
            FormatRun(check: parsed.flag(.check), files: parsed.strings(.files))
        }
    }
}

/// `format` itself, on plain values.
struct FormatRun: CommandRun {
    var check = false
    var files: [String]

    func run() throws {
        var changed = 0
        var failed = false
        for file in files {
            do {
                let document = try IBDocument.load(path: file)
                let original = document.xml.source.bytes
                let formatted = XMLWriter.write(document.xml.formatted(emptyPairs: IBRules.textElements))
                guard formatted != original else { continue }
                changed += 1
                if check {
                    Console.out("\(file)\n")
                } else {
                    try AtomicWrite.write(formatted, to: file)
                    Console.out("formatted \(file)\n")
                }
            } catch let e as XMLParseError {
                Console.err(e.description)
                failed = true
            } catch {
                Console.err("\(error)")
                failed = true
            }
        }
        if failed { throw Exit.error }
        if check && changed > 0 { throw Exit.foundSomething }
    }
}

import ArgumentParser
import XibKit
import XibReport

struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Validate integrity: well-formed XML, no conflict markers, unique object ids, no dangling references.",
        discussion: "Exit codes: 0 clean, 1 problems found, 2 a file could not be read or is in an unsupported format."
    )

    @Option(name: .long, help: "Output format: text or json.")
    var format: OutputFormat = .text

    @Argument(help: "The .xib or .storyboard files.")
    var files: [String]

    func run() throws {
        var results: [CheckReport.FileResult] = []
        for file in files {
            let outcome: IntegrityCheck.Outcome
            do {
                outcome = IntegrityCheck.check(bytes: try FileIO.read(file), name: file)
            } catch {
                outcome = .unsupported(error)
            }
            results.append(CheckReport.FileResult(file: file, outcome: outcome))
        }
        switch format {
        case .json: Console.out(CheckReport.json(results).rendered())
        default: Console.out(CheckReport.text(results))
        }
        if results.contains(where: { if case .unsupported = $0.outcome { return true }; return false }) { throw Exit.error }
        if results.contains(where: { if case .checked(let p) = $0.outcome { return !p.isEmpty }; return false }) { throw Exit.foundSomething }
    }
}

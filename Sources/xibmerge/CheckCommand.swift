import ArgumentParser
import XibKit
import XibReport
import XibSource

struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Check integrity, layout flags and translations of .xib and .storyboard files.",
        discussion: """
            Rules (default severity): \(CheckRule.allCases.map { "\($0.id) (\($0.isEnabledByDefault ? $0.defaultSeverity.rawValue : "off"))" }.joined(separator: ", ")).
            Settings come from .xibmerge.yml, found from the working directory upward, then --enable/--disable.
            A folder is searched for .xib and .storyboard files; a LANG.lproj/NAME.strings file or NAME.xcstrings String Catalog stands for the document it translates.
            The code rules read the Swift and Objective-C files under the folders given (or --sources): see doc/code-check.md.
            Exit codes: 0 no errors (warnings allowed unless --strict), 1 errors found, 2 a file could not be read or is in an unsupported format.
            """
    )

    @Option(name: .long, help: "Output format: \(CheckReport.Format.allCases.map(\.rawValue).joined(separator: ", ")).")
    var format: CheckReport.Format = .text

    @Option(name: .long, help: ArgumentHelp("Turn a rule on (repeatable).", valueName: "rule"))
    var enable: [CheckRule] = []

    @Option(name: .long, help: ArgumentHelp("Turn a rule off (repeatable).", valueName: "rule"))
    var disable: [CheckRule] = []

    @Option(name: .long, help: ArgumentHelp("Settings file instead of the .xibmerge.yml found from the working directory.", valueName: "file"))
    var config: String?

    @Option(name: .long, help: ArgumentHelp("Folder of Swift and Objective-C sources for the code rules, instead of the folders given (repeatable).", valueName: "dir"))
    var sources: [String] = []

    @Flag(help: "Say how many connections were compared with how many source files.")
    var verbose = false

    @Flag(help: "Exit 1 on warnings too.")
    var strict = false

    @OptionGroup var parallel: JobsOption

    @Argument(help: "The .xib or .storyboard files, folders to search, or LANG.lproj/NAME.strings or NAME.xcstrings files.")
    var paths: [String]

    func run() throws {
        try CheckRun(format: format, enable: enable, disable: disable, config: config, sources: sources, verbose: verbose,
                     strict: strict, jobs: parallel.jobs, paths: paths).run()
    }
}

/// `check` itself, on plain values.
struct CheckRun: CommandRun {
    var format: CheckReport.Format = .text
    var enable: [CheckRule] = []
    var disable: [CheckRule] = []
    var config: String?
    var sources: [String] = []
    var verbose = false
    var strict = false
    var jobs: Int?
    var paths: [String]

    func run() throws {
        var settings = CheckConfiguration()
        if let file = config ?? CheckConfiguration.find(from: ".") {
            do {
                settings = try CheckConfiguration.load(path: file)
            } catch {
                Console.err(error.description)
                throw Exit.error
            }
        }
        for rule in enable { settings.enable(rule) }
        for rule in disable { settings.disable(rule) }
        let documents = Checker.documents(in: paths)
        if documents.isEmpty { Console.err("xibmerge check: no .xib or .storyboard file in \(paths.joined(separator: " "))") }
        let folders = sources.isEmpty ? paths.filter(Checker.isDirectory) : sources
        var code: CodeIndex?
        if !folders.isEmpty && CheckRule.allCases.contains(where: { $0.readsCode && settings.isEnabled($0) }) {
            // A folder without any Swift or Objective-C file has no code to compare with.
            let index = CodeIndexer.index(folders: folders, jobs: jobs)
            if index.sourceFiles > 0 { code = index }
        }
        let results = Checker.check(documents, configuration: settings, code: code, jobs: jobs)
        if let code {
            for note in CodeRules.notes(results, code: code) { Console.err(note) }
            if verbose {
                Console.err("\(CodeRules.connectionsChecked(results)) connections compared with \(code.sourceFiles) source files")
            }
        }
        Console.out(CheckReport.render(results, as: format, toolVersion: XibMerge.configuration.version))
        let status = Checker.status(of: results, strict: strict)
        if status != 0 { throw ExitCode(status) }
    }
}

extension CheckRule: ExpressibleByArgument {}
extension CheckReport.Format: ExpressibleByArgument {}

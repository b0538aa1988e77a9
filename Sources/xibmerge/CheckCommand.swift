import XibKit
import XibReport
import XibSource

enum CheckCommand {
    static func spec() -> CommandSpec {
        CommandSpec(
            name: "check",
            abstract: "Check integrity, layout flags and translations of .xib and .storyboard files.",
            discussion: """
                Rules (default severity): \(CheckRule.allCases.map { "\($0.id) (\($0.isEnabledByDefault ? $0.defaultSeverity.rawValue : "off"))" }.joined(separator: ", ")).
                Settings come from .xibmerge.yml, found from the working directory upward, then --enable/--disable.
                A folder is searched for .xib and .storyboard files; a LANG.lproj/NAME.strings file or NAME.xcstrings String Catalog stands for the document it translates.
                The code rules read the Swift and Objective-C files under the folders given (or --sources): see doc/code-check.md.
                Exit codes: 0 no errors (warnings allowed unless --strict), 1 errors found, 2 a file could not be read or is in an unsupported format.
                """,
            arguments: [
                .option(.format, of: CheckReport.Format.self, help: "Output format.", default: "text"),
                .repeated(.enable, value: "rule", of: CheckRule.self, help: "Turn a rule on (repeatable)."),
                .repeated(.disable, value: "rule", of: CheckRule.self, help: "Turn a rule off (repeatable)."),
                .option(.config, value: "file", help: "Settings file instead of the .xibmerge.yml found from the working directory."),
                .repeated(.sources, value: "dir", help: "Folder of Swift and Objective-C sources for the code rules, instead of the folders given (repeatable).",
                          complete: .directories),
                .flag(.verbose, help: "Say how many connections were compared with how many source files."),
                .flag(.strict, help: "Exit 1 on warnings too."),
            ] + JobsOption.specs + [
                .variadic(.paths, required: true,
                          help: "The .xib or .storyboard files, folders to search, or LANG.lproj/NAME.strings or NAME.xcstrings files."),
            ]
        ) { parsed in
            CheckRun(format: try parsed.value(.format) ?? .text, enable: try parsed.values(.enable),
                     disable: try parsed.values(.disable), config: parsed.string(.config), sources: parsed.strings(.sources),
                     verbose: parsed.flag(.verbose), strict: parsed.flag(.strict), jobs: try JobsOption.jobs(parsed),
                     paths: parsed.strings(.paths))
        }
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
        Console.out(CheckReport.render(results, as: format, toolVersion: XibMerge.version))
        let status = Checker.status(of: results, strict: strict)
        if status != 0 { throw ExitCode(status) }
    }
}

extension CheckRule: ArgumentValue {}
extension CheckReport.Format: ArgumentValue {}

import Testing
@testable import xibmerge

/// Every subcommand's spec, walked as swift-argument-parser validates its commands: the rules
/// the parser, the help, the completions and the manual page rely on, which a new option could
/// break without any test of its own noticing.
struct CommandSpecTests {
    static var commands: [CommandSpec] { XibMerge.dispatch.documentedCommands() }
    /// The subcommands of issue 36's count, plus `completions`, `manpage` and `help`: fewer means
    /// the table lost one.
    static let atLeast = 16

    @Test("the table has every subcommand, each named once, in kebab case")
    func table() {
        #expect(Self.commands.count >= Self.atLeast, "\(Self.commands.map(\.name))")
        let names = Self.commands.map(\.name)
        #expect(Set(names).count == names.count, "\(names)")
        for name in names { #expect(isKebab(name), "\(name)") }
    }

    @Test("each spec: unique names and letters, kebab-case keys, sentences for help, exit codes said")
    func names() {
        for command in Self.commands {
            let keys = command.arguments.map(\.key.name)
            #expect(Set(keys).count == keys.count, "\(command.name): \(keys)")
            let shorts = command.arguments.compactMap(\.short)
            #expect(Set(shorts).count == shorts.count && !shorts.contains("h"), "\(command.name): \(shorts)")
            #expect(!keys.contains("--help") && !keys.contains("--version"), "\(command.name) redefines --help or --version")
            for spec in command.arguments {
                let bare = spec.isPositional ? spec.key.name : String(spec.key.name.dropFirst(2))
                #expect(spec.key.isOption != spec.isPositional && (spec.isPositional || spec.key.name.hasPrefix("--")) && isKebab(bare),
                        "\(command.name) \(spec.key)")
                #expect(spec.help.first?.isUppercase == true && spec.help.hasSuffix("."), "\(command.name) \(spec.key): \(spec.help)")
                if spec.defaultValue != nil { #expect(!spec.help.contains("default"), "\(command.name) \(spec.key) says its default twice") }
            }
            #expect(command.abstract.hasSuffix("."), "\(command.name)")
            if command.name != "help" { #expect(command.discussion.contains("Exit codes"), "\(command.name) does not say its exit codes") }
        }
    }

    @Test("values and defaults: a default is one of the values; the help prints both from the spec")
    func valuesAndDefaults() {
        var withValues = 0
        for command in Self.commands {
            // The help unwrapped: a value may be on the next line.
            let help = HelpText.command(command, tool: "xibmerge").split(whereSeparator: \.isWhitespace).joined(separator: " ")
            for spec in command.arguments {
                if let value = spec.defaultValue, !spec.values.isEmpty { #expect(spec.values.contains(value), "\(command.name) \(spec.key)") }
                if !spec.values.isEmpty {
                    withValues += 1
                    #expect(spec.completion == .values(spec.values), "\(command.name) \(spec.key)")
                    #expect(help.contains(spec.values.last!), "\(command.name) --help does not list \(spec.key)'s values")
                }
                if let value = spec.defaultValue { #expect(help.contains("default: \(value)"), "\(command.name) \(spec.key)") }
                if spec.kind == .flag { #expect(spec.values.isEmpty && spec.defaultValue == nil, "\(command.name) \(spec.key)") }
            }
        }
        // --format of seven commands, --color, --take, --conflict-style, --encoding, --enable, --disable, <shell>, help's.
        #expect(withValues >= 15)
    }

    @Test("positional arguments: required ones first, at most one variadic and it comes last")
    func positionals() {
        for command in Self.commands {
            let kinds = command.arguments.filter(\.isPositional).map(\.kind)
            let firstOptional = kinds.firstIndex { $0 != .positional } ?? kinds.count
            #expect(kinds[firstOptional...].allSatisfy { $0 != .positional }, "\(command.name): \(kinds)")
            let variadic = kinds.indices.filter { if case .variadic = kinds[$0] { return true } else { return false } }
            #expect(variadic.count <= 1 && variadic.allSatisfy { $0 == kinds.count - 1 }, "\(command.name): \(kinds)")
            #expect(!(variadic.count == 1 && kinds.contains(.optionalPositional)), "\(command.name): an optional before a variadic is ambiguous")
        }
    }

    @Test("the help fits 79 columns, USAGE wrapped between its parts and naming every argument")
    func helpLayout() {
        for command in Self.commands {
            let help = HelpText.command(command, tool: "xibmerge")
            for line in help.split(separator: "\n") where line.count > HelpText.width {
                // Only a word that is longer than the line may stick out.
                #expect(!line.trimmingPrefix(" ").contains(" "), "\(command.name): \(line)")
            }
            let usage = help.split(separator: "\n\n").first { $0.hasPrefix("USAGE: ") } ?? ""
            let joined = usage.split(separator: "\n").map { $0.drop { $0 == " " } }.joined(separator: " ")
            #expect(joined == "USAGE: " + HelpText.usage(command, tool: "xibmerge"), "\(command.name)")
            for part in HelpText.usageParts(command) { #expect(usage.contains(part), "\(command.name): \(part) split across lines") }
        }
    }

    @Test("completions and the manual page name every subcommand and every option, and offer every value")
    func generatedFromSpecs() {
        let scripts = Completions.Shell.allCases.map { Completions.script($0, tool: "xibmerge", commands: Self.commands) }
        let page = ManPage.page(tool: "xibmerge", version: "0", abstract: "A.", discussion: "D.", commands: Self.commands)
        for command in Self.commands {
            for (shell, script) in zip(Completions.Shell.allCases, scripts) {
                #expect(script.contains(command.name), "\(shell): \(command.name)")
                for spec in command.arguments where !spec.isPositional {
                    let name = shell == .fish ? "-l " + spec.key.name.dropFirst(2) : spec.key.name
                    #expect(script.contains(name), "\(shell): \(command.name) \(spec.key)")
                }
                for spec in command.arguments { for value in spec.values { #expect(script.contains(value), "\(shell): \(value)") } }
            }
            #expect(page.contains(".SS \"xibmerge \(command.name)\""))
            for spec in command.arguments { #expect(page.contains(ManPage.escape(spec.key.name)), "manpage: \(command.name) \(spec.key)") }
        }
    }

    @Test("did you mean: one typo (a letter wrong, missing, extra or two swapped) or a unique beginning")
    func suggestions() {
        let options = ["--format", "--output", "--jobs", "--verbose", "--strict", "--strict-layout"]
        #expect(Suggestion.nearest("--formt", among: options) == "--format")
        #expect(Suggestion.nearest("--fromat", among: options) == "--format")
        #expect(Suggestion.nearest("--ouptut", among: options) == "--output")
        #expect(Suggestion.nearest("--verbosee", among: options) == "--verbose")
        #expect(Suggestion.nearest("--strict-lay", among: options) == "--strict-layout")
        #expect(Suggestion.nearest("--bogus", among: options) == nil)
        #expect(Suggestion.nearest("--format", among: options) == nil, "an exact name is no typo")
        #expect(Suggestion.nearest("mrege", among: ["merge", "diff", "merge-preview"]) == "merge")
        #expect(Suggestion.distance("kitten", "sitting") == 3)
        #expect(Suggestion.distance("ab", "ba") == 1)
        #expect(Suggestion.didYouMean("--jbos", among: options) == ". Did you mean '--jobs'?")
    }

    @Test("an unexpected error: one Error: prefix, also for a description that says error: itself")
    func errorLine() {
        struct Described: Error, CustomStringConvertible { var description: String }
        #expect(Dispatch.errorLine(Described(description: "out.strings: error: cannot write: No such file or directory"))
                == "Error: out.strings: cannot write: No such file or directory")
        #expect(Dispatch.errorLine(Described(description: "Error: broken")) == "Error: broken")
        #expect(Dispatch.errorLine(Described(description: "broken")) == "Error: broken")
    }

    private func isKebab(_ name: String) -> Bool {
        !name.isEmpty && name.allSatisfy { $0.isLowercase || $0.isNumber || $0 == "-" } && !name.hasPrefix("-") && !name.hasSuffix("-")
    }
}

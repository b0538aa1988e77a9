import ArgumentParser

/// git starts the merge driver, the external diff and textconv once per file, always with
/// plain positional arguments. Those forms are built here without ArgumentParser, whose
/// reflection-based set-up costs about 1.5 ms a start (callgrind: 9-11 M instructions, as much
/// as parsing a 100 KB file). Anything with an option, or any other shape, goes through the
/// parser as usual, so the two paths cannot disagree on what an option means.
enum PositionalFastPath {
    /// The command for `arguments` (without the executable's name), or nil to use the parser.
    static func command(_ arguments: [String]) -> ParsableCommand? {
        guard let name = arguments.first else { return nil }
        let positional = Array(arguments.dropFirst())
        guard !positional.isEmpty, positional.allSatisfy({ !$0.hasPrefix("-") }) else { return nil }
        switch name {
        case "merge" where (3...4).contains(positional.count):
            return MergeCommand(positional: positional)
        case "diff" where positional.count == 2 || positional.count == 7 || positional.count == 9:
            return DiffCommand(positional: positional)
        case "textconv" where positional.count == 1:
            return TextconvCommand(file: positional[0])
        default:
            return nil
        }
    }
}

extension MergeCommand {
    /// `merge BASE OURS THEIRS [PATH]` with every option at its default.
    init(positional: [String]) {
        self.init()
        output = nil
        conflictStyle = .markers
        report = nil
        strictLayout = false
        noLineFastPath = false
        base = positional[0]
        ours = positional[1]
        theirs = positional[2]
        path = positional.count > 3 ? positional[3] : nil
    }
}

extension DiffCommand {
    /// `diff OLD NEW`, or git's external-diff arguments, with every option at its default.
    init(positional: [String]) {
        self.init()
        display = .defaults
        exitCode = false
        cached = false
        arguments = positional
    }
}

extension DiffDisplayOptions {
    static var defaults: DiffDisplayOptions {
        var options = DiffDisplayOptions()
        options.format = .text
        options.includeNoise = false
        options.layout = false
        options.color = .auto
        return options
    }
}

extension TextconvCommand {
    init(file: String) {
        self.init()
        includeNoise = false
        layout = false
        self.file = file
    }
}

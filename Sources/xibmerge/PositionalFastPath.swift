/// What a subcommand does, on plain values. `DiffRun`, `MergeRun` and `TextconvRun` are built
/// either by their ParsableCommand from the parsed options, or by `PositionalFastPath`.
protocol CommandRun {
    func run() throws
}

/// git starts the merge driver, the external diff and textconv once per file, always with
/// plain positional arguments. Those forms are built here without ArgumentParser: its
/// reflection-based set-up cost about 1.5 ms a start (callgrind: 9-11 M instructions, as much
/// as parsing a 100 KB file), and even building a ParsableCommand's property wrappers without
/// parsing cost the runtime's generic-type set-up another 0.6 M. The runs take every option at
/// its default (the values the commands declare). Anything with an option, or any other shape,
/// goes through the parser as usual, so the two paths cannot disagree on what an option means;
/// the CLI tests hold them to the same output.
enum PositionalFastPath {
    /// The run for `arguments` (without the executable's name), or nil to use the parser.
    static func command(_ arguments: [String]) -> CommandRun? {
        guard let name = arguments.first else { return nil }
        let positional = Array(arguments.dropFirst())
        guard !positional.isEmpty, positional.allSatisfy({ !$0.hasPrefix("-") }) else { return nil }
        switch name {
        case "merge" where (3...4).contains(positional.count):
            return MergeRun(base: positional[0], ours: positional[1], theirs: positional[2],
                            path: positional.count > 3 ? positional[3] : nil)
        case "merge" where positional.count == 5:
            // `merge %O %A %B %P %L`: a marker size the parser would refuse goes to it for the message.
            guard let size = Int(positional[4]), size >= 1 else { return nil }
            return MergeRun(base: positional[0], ours: positional[1], theirs: positional[2], path: positional[3], markerSize: size)
        case "diff" where positional.count == 2 || positional.count == 7 || positional.count == 9:
            return DiffRun(arguments: positional)
        case "textconv" where positional.count == 1:
            return TextconvRun(file: positional[0])
        default:
            return nil
        }
    }
}

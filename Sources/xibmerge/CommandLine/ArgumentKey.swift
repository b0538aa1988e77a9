/// The name of an option (`--output`) or of a positional argument (`path`), as the specs declare
/// it and the commands read it back. Only the names listed here exist (the initialiser is
/// private), so a misspelt name in a spec or in `parsed.flag(...)` does not compile, where a
/// string would have read as an option nobody gave.
///
/// A new option is a line here, then its spec: `.flag(.dryRun, help: ...)`.
struct ArgumentKey: Hashable, Sendable, CustomStringConvertible {
    let name: String
    private init(_ name: String) { self.name = name }

    var description: String { name }
    var isOption: Bool { name.hasPrefix("-") }
}

// Options, by their long names.
extension ArgumentKey {
    static let against = ArgumentKey("--against")
    static let base = ArgumentKey("--base")
    static let cached = ArgumentKey("--cached")
    static let check = ArgumentKey("--check")
    static let color = ArgumentKey("--color")
    static let config = ArgumentKey("--config")
    static let conflictStyle = ArgumentKey("--conflict-style")
    static let disable = ArgumentKey("--disable")
    static let enable = ArgumentKey("--enable")
    static let encoding = ArgumentKey("--encoding")
    static let exitCode = ArgumentKey("--exit-code")
    static let force = ArgumentKey("--force")
    static let format = ArgumentKey("--format")
    static let frames = ArgumentKey("--frames")
    static let fullReviewAt = ArgumentKey("--full-review-at")
    static let global = ArgumentKey("--global")
    static let htmlName = ArgumentKey("--html-name")
    static let includeNoise = ArgumentKey("--include-noise")
    static let interactive = ArgumentKey("--interactive")
    static let jobs = ArgumentKey("--jobs")
    static let layout = ArgumentKey("--layout")
    static let list = ArgumentKey("--list")
    static let markerSize = ArgumentKey("--marker-size")
    static let maxCount = ArgumentKey("--max-count")
    static let maxLength = ArgumentKey("--max-length")
    static let mergeInto = ArgumentKey("--merge-into")
    static let noAdd = ArgumentKey("--no-add")
    static let object = ArgumentKey("--object")
    static let only = ArgumentKey("--only")
    static let ours = ArgumentKey("--ours")
    static let output = ArgumentKey("--output")
    static let report = ArgumentKey("--report")
    static let rev = ArgumentKey("--rev")
    static let root = ArgumentKey("--root")
    static let scene = ArgumentKey("--scene")
    static let sources = ArgumentKey("--sources")
    static let staged = ArgumentKey("--staged")
    static let strict = ArgumentKey("--strict")
    static let strictLayout = ArgumentKey("--strict-layout")
    static let take = ArgumentKey("--take")
    static let theirs = ArgumentKey("--theirs")
    static let tidy = ArgumentKey("--tidy")
    static let timeout = ArgumentKey("--timeout")
    static let uninstall = ArgumentKey("--uninstall")
    static let update = ArgumentKey("--update")
    static let verbose = ArgumentKey("--verbose")
}

// Positional arguments, by the names the help shows as `<name>`.
extension ArgumentKey {
    static let arguments = ArgumentKey("arguments")
    static let baseFile = ArgumentKey("base")
    static let file = ArgumentKey("file")
    static let files = ArgumentKey("files")
    static let markerSizeArgument = ArgumentKey("marker-size")
    static let oursFile = ArgumentKey("ours")
    static let oursRev = ArgumentKey("ours-rev")
    static let path = ArgumentKey("path")
    static let paths = ArgumentKey("paths")
    static let shell = ArgumentKey("shell")
    static let subcommand = ArgumentKey("subcommand")
    static let theirsFile = ArgumentKey("theirs")
    static let theirsRev = ArgumentKey("theirs-rev")
}

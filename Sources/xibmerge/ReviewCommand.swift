import XibGit
import XibKit
import XibReport

enum ReviewCommand {
    enum Format: String, ArgumentValue, CaseIterable { case markdown, html, json }

    static func spec() -> CommandSpec {
        CommandSpec(
            name: "review",
            abstract: "Review the .xib and .storyboard changes of a range with pictures: HTML, Markdown (a PR comment) or JSON.",
            discussion: """
            RANGE is BASE..HEAD (two commits), BASE...HEAD (HEAD since their merge base) or BASE (HEAD since \
            its merge base with BASE, as --base). Without one: HEAD since its merge base with the default branch \
            (origin/HEAD, main or master). Per file: the semantic diff; per changed scene or top-level object, \
            before and after wireframes (added green, removed red and dashed, modified amber) with the constraint \
            and connection changes beside them; for storyboards, the flow graph. Exit codes: 0 reviewed, 1 with \
            --exit-code when there are changes, 2 errors (also when a changed file cannot be read; the report \
            names it).
            """,
            arguments: [
                .option(.format, of: Format.self, help: "Output format.", default: "markdown"),
                .option(.output, short: "o", help: "Write to this file instead of standard output."),
                .option(.base, help: "Review HEAD since its merge base with this revision.", complete: .revisions),
                .option(.mergeInto, help: "Also say what merging HEAD into this revision would do to each file.", complete: .revisions),
                .option(.htmlName, help: "Where the HTML report is published (Markdown points there when it leaves files out).", complete: .nothing),
                .option(.fullReviewAt, help: "Markdown: where the full review is, in Markdown (a link), named when it leaves something out.", complete: .nothing),
                .option(.maxLength, of: Int.self, help: "Markdown: at most this many characters (at least 1000).", default: "65536"),
                .flag(.includeNoise, help: "Show Xcode's noise instead of counting it."),
                .flag(.layout, help: "List each changed frame instead of counting them."),
                .flag(.exitCode, help: "Exit 1 when there are changes to review."),
                .variadic(.arguments, required: false, help: "A range (BASE..HEAD, BASE...HEAD, BASE), then -- and paths."),
            ],
            makeRun: run
        )
    }

    private static func run(_ parsed: ParsedArguments) throws -> any CommandRun {
        let format: Format = try parsed.value(.format) ?? .markdown
        let kind: ReviewReport.Format = format == .html ? .html : format == .json ? .json : .markdown
        // Paths are what follows `--`.
        let arguments = parsed.strings(.arguments), split = parsed.countAfterSeparator(.arguments)
        let maxLength: Int = try parsed.value(.maxLength) ?? ReviewMarkdownRenderer.limit
        guard maxLength >= ReviewMarkdownRenderer.minimumLimit else {
            throw ArgumentError("--max-length must be at least \(ReviewMarkdownRenderer.minimumLimit) (\(maxLength))")
        }
        return ReviewRun(format: kind, output: parsed.string(.output), base: parsed.string(.base),
                         mergeInto: parsed.string(.mergeInto), htmlName: parsed.string(.htmlName),
                         fullReviewAt: parsed.string(.fullReviewAt), maxLength: maxLength,
                         options: DiffOptions(includeNoise: parsed.flag(.includeNoise), layout: parsed.flag(.layout)),
                         exitCode: parsed.flag(.exitCode), ranges: Array(arguments.dropLast(split)), paths: Array(arguments.suffix(split)))
    }
}

/// `review` itself, on plain values.
struct ReviewRun: CommandRun {
    var format: ReviewReport.Format = .markdown
    var output: String?
    var base: String?
    var mergeInto: String?
    var htmlName: String?
    var fullReviewAt: String?
    var maxLength = ReviewMarkdownRenderer.limit
    var options = DiffOptions()
    var exitCode = false
    /// The positional arguments before `--`: at most one range.
    var ranges: [String] = []
    var paths: [String] = []

    func run() throws {
        var failed = false, changed = false
        try GitCLI.guarded {
            let repository = try GitCLI.openRepository()
            guard ranges.count <= 1 else { throw GitCLI.UsageError("review takes one range; paths go after --") }
            var paths = try GitCLI.repositoryPaths(paths, in: repository)
            if paths.contains("") { paths = [] }
            let range = try ReviewRange.resolve(ranges.first, base: base, in: repository)
            var report = try ReviewReading.review(repository, range: range, paths: paths, options: options)
            if let target = mergeInto {
                report.mergePreview = try MergePreviewRun.preview(repository, ours: target, theirs: range.report.head) { problem in
                    Console.err("xibmerge: \(problem)")
                    failed = true
                }
            }
            do {
                report.code = try CodeTree.review(repository, old: range.old, new: range.new)
            } catch {
                Console.err("xibmerge: IB files and code not compared: \(error)")
            }
            report.htmlName = htmlName
            report.fullReviewAt = fullReviewAt
            report.markdownLimit = maxLength
            for p in report.problems { Console.err("xibmerge: \(p.message); \(p.path) not reviewed") }
            failed = failed || !report.problems.isEmpty
            changed = report.files.contains(where: \.hasChanges)
            try CommandOutput.write(report.render(format), to: output)
        }
        if failed { throw Exit.error }
        if exitCode && changed { throw Exit.foundSomething }
    }
}

/// The two commits a review compares, and how the user named them.
struct ReviewRange {
    var old: ObjectID
    var new: ObjectID
    var report: ReviewReport.Range

    /// `A..B`, `A...B`, `A` (HEAD since the merge base with A), or nothing (the default branch).
    static func resolve(_ argument: String?, base: String?, in repository: Repository) throws -> ReviewRange {
        if let argument, base != nil { throw GitCLI.UsageError("give a range or --base, not both (\(argument))") }
        var (oldRev, newRev, fromMergeBase) = ("", "HEAD", true)
        if let argument, let dots = argument.firstRange(of: "...") ?? argument.firstRange(of: "..") {
            oldRev = String(argument[..<dots.lowerBound])
            newRev = String(argument[dots.upperBound...])
            fromMergeBase = argument[dots].count == 3
            if oldRev.isEmpty { oldRev = "HEAD" }
            if newRev.isEmpty { newRev = "HEAD" }
        } else if let rev = argument ?? base {
            oldRev = rev
        } else {
            oldRev = try defaultBranch(repository)
        }
        let new = try repository.resolveCommit(newRev)
        var old = try repository.resolveCommit(oldRev)
        if fromMergeBase {
            guard let b = try repository.mergeBase(old, new) else {
                throw GitCLI.UsageError("'\(oldRev)' and '\(newRev)' have no common ancestor")
            }
            old = b
        }
        return ReviewRange(old: old, new: new, report: .init(base: oldRev, head: newRev, baseCommit: old.hex, headCommit: new.hex))
    }

    /// The branch pull requests go into: the remote's default, else main or master.
    static func defaultBranch(_ repository: Repository) throws -> String {
        for candidate in ["origin/HEAD", "upstream/HEAD", "main", "master", "origin/main", "origin/master"]
        where (try? repository.resolveCommit(candidate)) != nil {
            return candidate
        }
        throw GitCLI.UsageError("no default branch found (origin/HEAD, main, master); name the base: xibmerge review BASE..HEAD")
    }
}

/// Reads and reviews the changed files of a range.
enum ReviewReading {
    /// A changed file and the `.strings` files and String Catalogs beside it in the range's new commit.
    struct Item {
        var change: FileChange
        var translations: [(path: String, blob: ObjectID)]
    }

    /// The .xib/.storyboard changes of the range, their versions and translations read once each
    /// and fetched by git in a partial clone (`HistoryReading`); a version that does not parse, or
    /// a blob git cannot fetch, is a problem for its file only.
    static func review(_ repository: Repository, range: ReviewRange, paths: [String], options: DiffOptions) throws -> ReviewReport {
        let changes = try HistoryReading.changes(repository, from: range.old, to: range.new, paths: paths)
        let items = try changes.map { Item(change: $0, translations: try translations(of: $0.path, in: repository, at: range.new)) }
        let store = BlobStore(repository)
        // Files over the cores; each file's scenes on its own core (nested parallelism buys nothing).
        let results = HistoryReading.map(items, store: store, jobs: nil,
                                         blobs: { [$0.change.oldBlob, $0.change.newBlob] + $0.translations.map(\.blob) }) { item, _ in
            var problems: [ReviewReport.Problem] = [], strings: [StringsFile] = [], catalogs: [StringCatalog] = []
            for t in item.translations {
                do {
                    let bytes = try store.bytes(t.blob) ?? []
                    if t.path.hasSuffix("." + LocalizationCheck.catalogExtension) {
                        catalogs.append(try StringCatalog(bytes: bytes, name: t.path))
                    } else {
                        strings.append(try StringsFile(bytes: bytes, name: t.path))
                    }
                } catch {
                    problems.append(.init(path: t.path, message: HistoryReading.problem(error, path: t.path)))
                }
            }
            let c = item.change
            let review = Result { () throws -> FileReview in
                try Review.file(oldBytes: store.bytes(c.oldBlob), newBytes: store.bytes(c.newBlob), path: c.path,
                                oldPath: c.status == .renamed ? c.oldPath : nil, translations: strings, catalogs: catalogs, options: options,
                                jobs: changes.count > 1 ? 1 : nil)
            }
            return (review, problems)
        }
        var files: [FileReview] = [], problems: [ReviewReport.Problem] = []
        for (change, (result, translationProblems)) in zip(changes, results) {
            switch result {
            case .success(let f): files.append(f)
            case .failure(let e): problems.append(.init(path: change.path, message: HistoryReading.problem(e, path: change.path)))
            }
            problems += translationProblems
        }
        return ReviewReport(range: range.report, files: files, problems: problems)
    }

    /// The `.strings` files and String Catalogs that translate the document at `path` in `commit`
    /// (`LocalizationCheck.stringsFiles`), with their blobs.
    static func translations(of path: String, in repository: Repository, at commit: ObjectID) throws -> [(path: String, blob: ObjectID)] {
        var blobs: [String: ObjectID] = [:]
        let paths = try LocalizationCheck.stringsFiles(for: path, names: { try repository.names(in: commit, folder: $0) }) { file in
            blobs[file] = try repository.blobID(in: commit, path: file)
            return blobs[file] != nil
        }
        return paths.map { ($0, blobs[$0]!) }
    }
}

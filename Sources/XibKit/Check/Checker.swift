#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `check` over files and folders: every rule of `CheckRuleRegistry` the configuration enables,
/// each document read once, documents spread over cores with `parallelMap`.
public enum Checker {
    public struct FileResult: Sendable {
        /// The document checked (its findings may be in its `.strings` files too).
        public var file: String
        public var outcome: IntegrityCheck.Outcome
        /// What the document says that the code rules over the whole project need.
        public var code: CodeRules.DocumentFacts?

        public init(file: String, outcome: IntegrityCheck.Outcome, code: CodeRules.DocumentFacts? = nil) {
            self.file = file
            self.outcome = outcome
            self.code = code
        }

        public var findings: [IntegrityProblem] {
            if case .checked(let f) = outcome { return f }
            return []
        }
    }

    public static let documentExtensions = ["xib", "storyboard"]

    /// The documents named by `paths`: files as given; folders walked for `.xib` and
    /// `.storyboard` files (hidden folders such as `.git` skipped), sorted; a `.strings` file or String Catalog
    /// stands for the document it translates. Each document once, in the order met. `tree`: where
    /// the files are (the disk, or a commit's in memory).
    public static func documents(in paths: [String], tree: FileTree = .disk) -> [String] {
        var out: [String] = []
        var seen = Set<String>()
        func add(_ p: String) { if seen.insert(p).inserted { out.append(p) } }
        for path in paths {
            if tree.isDirectory(path) {
                walk(path.count > 1 && path.hasSuffix("/") ? String(path.dropLast()) : path, tree: tree, add)
            } else if path.hasSuffix(".strings") || path.hasSuffix(".xcstrings") {
                if let document = LocalizationCheck.document(translatedBy: path) { add(document) }
            } else {
                add(path)
            }
        }
        return out
    }

    private static func walk(_ dir: String, tree: FileTree, _ add: (String) -> Void) {
        for name in tree.entries(of: dir).sorted() where !name.hasPrefix(".") {
            // `check .` names files as git does (`UI/Main.storyboard`): GitHub matches annotations by that path.
            let path = dir == "." ? name : dir == "/" ? "/" + name : dir + "/" + name
            // Symbolic links to folders are not followed: a link cycle would never end.
            if tree.isDirectory(path, followingLinks: false) {
                walk(path, tree: tree, add)
            } else if let dot = name.lastIndex(of: "."), documentExtensions.contains(String(name[name.index(after: dot)...])) {
                add(path)
            }
        }
    }

    public static func isDirectory(_ path: String) -> Bool {
        var st = stat()
        return stat(path, &st) == 0 && (st.st_mode & S_IFMT) == S_IFDIR
    }

    /// Checks documents on up to `jobs` cores (nil: all), results in the documents' order.
    /// With `code`, the code rules too: the documents' findings, then one result per source
    /// file with findings of its own (`missing-identifier`, `unconnected-outlet`).
    public static func check(_ documents: [String], configuration: CheckConfiguration, code: CodeIndex? = nil,
                             jobs: Int? = nil, tree: FileTree = .disk) -> [FileResult] {
        let results = parallelMap(documents, jobs: jobs) { check(file: $0, configuration: configuration, code: code, tree: tree) }
        guard let code else { return results }
        return CodeRules.project(results, code: code, configuration: configuration)
    }

    public static func check(file: String, configuration: CheckConfiguration, code: CodeIndex? = nil,
                             tree: FileTree = .disk) -> FileResult {
        let bytes: [UInt8]
        do {
            bytes = try tree.read(file)
        } catch {
            return FileResult(file: file, outcome: .unsupported(error))
        }
        let document: IBDocument
        do {
            document = try IBDocument(bytes: bytes, name: file)
        } catch {
            let outcome = IntegrityCheck.outcome(of: error, bytes: bytes, name: file)
            guard case .checked(let findings) = outcome else { return FileResult(file: file, outcome: outcome) }
            return FileResult(file: file, outcome: .checked(configuration.apply(findings)))
        }
        let graph = IBGraph(document)
        var scan = DocumentScan(graph)
        var findings = scan.run(CheckRule.allCases, enabled: configuration.isEnabled)
        if CheckRule.allCases.contains(where: { $0.readsTranslations && configuration.isEnabled($0) }) {
            findings += LocalizationCheck.findings(in: graph, strings: LocalizationCheck.stringsFiles(for: file, in: tree),
                                                   enabled: configuration.isEnabled)
        }
        var facts: CodeRules.DocumentFacts?
        if let code {
            let (codeFindings, documentFacts) = CodeRules.check(graph, code: code)
            findings += codeFindings
            facts = documentFacts
        }
        findings = configuration.apply(findings)
        IntegrityCheck.sort(&findings)
        return FileResult(file: file, outcome: .checked(findings), code: facts)
    }

    /// The exit status: 2 when a file could not be checked, 1 when an error was found (or,
    /// `strict`, a warning), else 0.
    public static func status(of results: [FileResult], strict: Bool = false) -> Int32 {
        if results.contains(where: { if case .unsupported = $0.outcome { return true }; return false }) { return 2 }
        let failing = results.contains { $0.findings.contains { $0.severity == .error || strict } }
        return failing ? 1 : 0
    }
}

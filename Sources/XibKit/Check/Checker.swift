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
        /// Keys of its translation files whose object is gone and that the code names: live.
        public var keysReadByCode = 0
        /// Said of the document instead of findings: no target builds it, or it is in a format
        /// `check` cannot read and was met in a folder (`note: FILE: NOTE` on standard error).
        public var note: String?

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

    /// Whether `check` reads the file as given: a document, or a translation standing for one.
    public static func isCheckable(_ path: String) -> Bool {
        let ext = path.lastIndex(of: ".").map { String(path[path.index(after: $0)...]) } ?? ""
        return documentExtensions.contains(ext) || ext == LocalizationCheck.stringsExtension || ext == LocalizationCheck.catalogExtension
    }

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
    /// file with findings of its own (`missing-identifier`, `unconnected-outlet`). With
    /// `project`, a document no target builds keeps a note instead of its findings.
    public static func check(_ documents: [String], configuration: CheckConfiguration, code: CodeIndex? = nil,
                             project: ProjectModel? = nil, jobs: Int? = nil, tree: FileTree = .disk) -> [FileResult] {
        var results = parallelMap(documents, jobs: jobs) { check(file: $0, configuration: configuration, code: code, tree: tree) }
        if let project {
            for i in results.indices { results[i].withholdIfNotBuilt(project) }
        }
        guard let code else { return results }
        return CodeRules.project(results, code: code, configuration: configuration)
    }

    /// Results of documents met in folders (not in `named`) that are in a format `check` cannot
    /// read (a legacy Interface Builder 3 archive, a compiled nib): a note each, so that one
    /// old file does not fail the tree. A file named on its own is still an error.
    public static func notingUnsupported(_ results: [FileResult], named: Set<String>) -> [FileResult] {
        results.map { result in
            guard case .unsupported(let error) = result.outcome, error.kind == .unsupportedFormat, !named.contains(result.file) else {
                return result
            }
            var out = result
            out.outcome = .checked([])
            out.note = "not checked: \(error.message)"
            return out
        }
    }

    /// One line per document with a note (`note: FILE: …`).
    public static func notes(_ results: [FileResult]) -> [String] {
        results.compactMap { r in r.note.map { "note: \(r.file): \($0)" } }
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
        var keysReadByCode = 0
        if CheckRule.allCases.contains(where: { $0.readsTranslations && configuration.isEnabled($0) }) {
            let translations = LocalizationCheck.findings(in: graph, strings: LocalizationCheck.stringsFiles(for: file, in: tree),
                                                          codeStrings: code?.stringLiterals, enabled: configuration.isEnabled)
            findings += translations.findings
            keysReadByCode = translations.readByCode
        }
        var facts: CodeRules.DocumentFacts?
        if let code {
            let (codeFindings, documentFacts) = CodeRules.check(graph, code: code)
            findings += codeFindings
            facts = documentFacts
        }
        findings = configuration.apply(findings)
        IntegrityCheck.sort(&findings)
        var result = FileResult(file: file, outcome: .checked(findings), code: facts)
        result.keysReadByCode = keysReadByCode
        return result
    }

    /// The exit status: 2 when a file could not be checked, 1 when an error was found (or,
    /// `strict`, a warning), else 0.
    public static func status(of results: [FileResult], strict: Bool = false) -> Int32 {
        if results.contains(where: { if case .unsupported = $0.outcome { return true }; return false }) { return 2 }
        let failing = results.contains { $0.findings.contains { $0.severity == .error || strict } }
        return failing ? 1 : 0
    }
}

extension Checker.FileResult {
    /// With no target of the projects around building the document, its findings become one
    /// note: what no user can load breaks nothing they see.
    mutating func withholdIfNotBuilt(_ project: ProjectModel) {
        guard case .notBuilt(let projects) = project.verdict(for: file) else { return }
        let count = findings.count
        let list = projects.joined(separator: ", ")
        note = "no target of \(list) builds it" + (count == 0 ? "" : " (\(count) finding\(count == 1 ? "" : "s") not reported)")
        outcome = .checked([])
    }
}

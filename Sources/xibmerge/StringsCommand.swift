import XibKit

enum StringsCommand {
    enum Format: String, ArgumentValue, CaseIterable { case strings, xcstrings }
    enum Encoding: String, ArgumentValue, CaseIterable { case utf16, utf8 }

    static func spec() -> CommandSpec {
        CommandSpec(
            name: "strings",
            abstract: "Write a document's translatable texts as ibtool or Xcode's String Catalog extraction does.",
            discussion: """
                For each .xib or .storyboard, the keys (OBJECT-ID.property), ibtool's comments and the base texts, \
                sorted as ibtool and Xcode sort them. --format strings (default) writes what `ibtool --generate-strings-file` \
                writes, in UTF-16 with a byte-order mark unless --encoding utf8; --format xcstrings a String Catalog as Xcode writes it.
                With --update EXISTING, EXISTING (.strings or .xcstrings) is brought up to date instead: new keys added, \
                translations whose source text is unchanged kept byte for byte, every dropped or stale key reported.
                Exit codes: 0 written, 1 keys were dropped or marked stale (--update), 2 errors.
                """,
            arguments: [
                .option(.format, of: Format.self, help: "Output format (default: strings, or the format of --update's file)."),
                .option(.encoding, of: Encoding.self, help: "Encoding of a new .strings file (utf16 is ibtool's, with a byte-order mark).", default: "utf16"),
                .option(.output, short: "o", help: "Write here instead of standard output (with several files: a folder)."),
                .option(.update, help: "Bring this .strings or .xcstrings file up to date (written in place unless -o)."),
                .variadic(.files, required: true, help: "The .xib or .storyboard files."),
            ]
        ) { parsed in
            let (files, output, update) = (parsed.strings(.files), parsed.string(.output), parsed.string(.update))
            if update != nil && files.count != 1 { throw ArgumentError("--update takes exactly one document") }
            if files.count > 1 && output == nil { throw ArgumentError("with several documents, -o names the folder to write their files in") }
            return StringsRun(format: try parsed.value(.format), encoding: try parsed.value(.encoding) ?? .utf16, output: output,
                              update: update, files: files)
        }
    }
}

/// `strings` itself, on plain values.
struct StringsRun: CommandRun {
    var format: StringsCommand.Format?
    var encoding: StringsCommand.Encoding = .utf16
    var output: String?
    var update: String?
    var files: [String]

    func run() throws {
        var failed = false
        var status: Int32 = 0
        for file in files {
            do {
                let graph = IBGraph(try IBDocument.load(path: file))
                let strings = LocalizableStrings.strings(in: graph)
                if let update {
                    if try runUpdate(strings, file: file, existing: update) { status = 1 }
                    continue
                }
                let format = self.format ?? .strings
                let bytes: [UInt8] = format == .strings
                    ? StringsFile.encode(StringsExport.stringsText(strings), as: encoding == .utf8 ? .utf8 : .utf16LittleEndian,
                                         byteOrderMark: encoding == .utf16)
                    : JSONWriter.write(StringsExport.catalog(strings, sourceLanguage: "en"))
                try emit(bytes, for: file, extension: format.rawValue)
            } catch let e as XMLParseError {
                Console.err(e.description)
                failed = true
            }
        }
        if failed { throw Exit.error }
        if status != 0 { throw Exit.foundSomething }
    }

    private func emit(_ bytes: [UInt8], for file: String, extension ext: String) throws {
        guard let output else { return Console.outBytes(bytes) }
        var path = output
        if files.count > 1 {
            let name = file.split(separator: "/").last.map(String.init) ?? file
            let stem = name.lastIndex(of: ".").map { String(name[..<$0]) } ?? name
            path = output + "/" + stem + "." + ext
        }
        try AtomicWrite.write(bytes, to: path)
    }

    /// Returns whether keys were dropped or marked stale.
    private func runUpdate(_ strings: [LocalizableString], file: String, existing: String) throws -> Bool {
        let bytes = try FileIO.read(existing)
        let result: StringsUpdate.Result = existing.hasSuffix(".xcstrings")
            ? try StringsUpdate.catalog(StringCatalog(bytes: bytes, name: existing), bytes: bytes, with: strings)
            : try StringsUpdate.strings(StringsFile(bytes: bytes, name: existing), bytes: bytes, with: strings)
        for change in result.changes where change.kind != .added {
            Console.err("\(existing):\(change.line): \(change.kind.rawValue): \(change.key)\(change.detail.map { " (\($0))" } ?? "")")
        }
        if result.bytes != bytes || output != nil { try AtomicWrite.write(result.bytes, to: output ?? existing) }
        return result.changes.contains { $0.kind == .dropped || $0.kind == .stale }
    }
}

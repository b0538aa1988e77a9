import XibKit

/// Builds `check`'s `CodeIndex` from the Swift and Objective-C files under folders, a file per
/// task across cores (`parallelMap`).
public enum CodeIndexer {
    /// `project`: what the Xcode projects around say (`ProjectReader.model(around: folders)` if nil).
    public static func index(folders: [String], project: ProjectModel? = nil, jobs: Int? = nil) -> CodeIndex {
        let files = SourceFiles(folders: folders, project: project ?? ProjectReader.model(around: folders))
        let work = files.swift.map { ($0, true) } + files.objc.map { ($0, false) }
        let parts = parallelMap(work, jobs: jobs) { path, isSwift -> FileIndex in
            guard let bytes = try? FileIO.read(path) else { return FileIndex() }
            var part = isSwift ? SwiftScanner.index(file: path, bytes: bytes) : ObjCScanner.index(file: path, bytes: bytes)
            // A file no target builds (left in the tree, dropped from the project) loads nothing.
            if !files.isBuilt(path) { part.index.identifierUses = [] }
            return part
        }
        var index = combine(parts)
        index.stringLiterals.formUnion(files.plistStrings)
        index.absentSources = files.absentSources
        index.modules = files.modules
        index.absentDependencies = files.absentDependencies
        index.sourceFiles = work.count
        return index
    }

    /// Whether the index (or `check` beside it) reads a file of this name: sources, IB files,
    /// property lists and the manifests that declare dependencies. A commit's tree written out
    /// for the code rules needs only these.
    public static func reads(_ name: String) -> Bool {
        let ext = name.lastIndex(of: ".").map { String(name[name.index(after: $0)...]) } ?? ""
        return SourceFiles.isSource(name) || Checker.documentExtensions.contains(ext) || ext == "plist"
            || SourceFiles.manifestNames.contains(name) || name == ProjectReader.projectFile
    }

    /// One source file's index (the tests' way in).
    public static func index(file: String, text: String) -> CodeIndex {
        let bytes = Array(text.utf8)
        return combine([file.hasSuffix(".swift") ? SwiftScanner.index(file: file, bytes: bytes) : ObjCScanner.index(file: file, bytes: bytes)])
    }

    /// The files' parts as one index: extensions under a Swift name join the class's
    /// Objective-C name (`@objc(RCLogin) class Login` and `extension Login`).
    static func combine(_ parts: [FileIndex]) -> CodeIndex {
        var aliases: [String: String] = [:]
        for part in parts { aliases.merge(part.aliases) { a, _ in a } }
        var index = CodeIndex()
        for part in parts {
            index.merge(part.index)
            index.allSelectors.formUnion(part.protocolSelectors)
            for var c in part.classes {
                if let objc = aliases[c.name] { c.name = objc }
                if let s = c.superclass, let objc = aliases[s] { c.superclass = objc }
                index.add(c)
            }
        }
        return index
    }
}

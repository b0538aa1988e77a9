import XibKit

/// Builds `check`'s `CodeIndex` from the Swift and Objective-C files under folders (on disk, or
/// of a tree in memory: a commit's), a file per task across cores (`parallelMap`).
public enum CodeIndexer {
    /// `project`: what the Xcode projects around say (`ProjectReader.model(around: folders)` if nil).
    public static func index(folders: [String], project: ProjectModel? = nil, jobs: Int? = nil, tree: FileTree = .disk,
                             memo: Memo? = nil) -> CodeIndex {
        let files = SourceFiles(folders: folders, project: project ?? ProjectReader.model(around: folders, tree: tree), tree: tree)
        let work = files.swift.map { ($0, true) } + files.objc.map { ($0, false) }
        // What `memo` knows is read on every core; what is new goes into it after.
        let known = memo?.parts ?? [:]
        let keys = work.map { path, _ in memo == nil ? nil : tree.contentID(path).map { path + "\u{0}" + $0 } }
        var parts = parallelMap(Array(zip(work, keys)), jobs: jobs) { file, key -> FileIndex in
            if let key, let part = known[key] { return part }
            guard let bytes = try? tree.read(file.0) else { return FileIndex() }
            return file.1 ? SwiftScanner.index(file: file.0, bytes: bytes) : ObjCScanner.index(file: file.0, bytes: bytes)
        }
        for (i, key) in keys.enumerated() {
            if let key, known[key] == nil { memo?.parts[key] = parts[i] }
            // A file no target builds (left in the tree, dropped from the project) loads nothing.
            if !files.isBuilt(work[i].0) { parts[i].index.identifierUses = [] }
        }
        var index = combine(parts)
        index.stringLiterals.formUnion(files.plistStrings)
        index.absentSources = files.absentSources
        index.modules = files.modules
        index.absentDependencies = files.absentDependencies
        index.sourceFiles = work.count
        return index
    }

    /// Source files already read, by path and content (`FileTree.contentID`): the trees of one
    /// `merge-preview` (ours, theirs, the merge) or `review` (both ends) share most files.
    public final class Memo {
        fileprivate var parts: [String: FileIndex] = [:]

        public init() {}
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
    /// Objective-C name (`@objc(RCLogin) class Login` and `extension Login`); `@objcMembers`
    /// reaches the members of the class's extensions and subclasses in every file.
    static func combine(_ parts: [FileIndex]) -> CodeIndex {
        var aliases: [String: String] = [:]
        for part in parts { aliases.merge(part.aliases) { a, _ in a } }
        var index = CodeIndex()
        var implicit: [String: FileIndex.Members] = [:]
        var objcMembers: Set<String> = []
        for part in parts {
            index.merge(part.index)
            index.allSelectors.formUnion(part.protocolSelectors)
            for var c in part.classes {
                if let objc = aliases[c.name] { c.name = objc }
                if let s = c.superclass, let objc = aliases[s] { c.superclass = objc }
                index.add(c)
            }
            objcMembers.formUnion(part.objcMembers)
            for (name, members) in part.implicitMembers {
                implicit[aliases[name] ?? name, default: .init()].keys.formUnion(members.keys)
                implicit[aliases[name] ?? name, default: .init()].selectors.formUnion(members.selectors)
            }
        }
        for (name, members) in implicit where inherits(name, from: objcMembers, in: index) {
            index.classes[name]?.keys.formUnion(members.keys)
            index.classes[name]?.selectors.formUnion(members.selectors)
            index.allSelectors.formUnion(members.selectors)
        }
        return index
    }

    /// Whether the class or one of its superclasses in the project is one of `classes`.
    static func inherits(_ name: String, from classes: Set<String>, in index: CodeIndex) -> Bool {
        var current: String? = name
        var seen = Set<String>()
        while let c = current, seen.insert(c).inserted {
            if classes.contains(c) { return true }
            current = index.classes[c]?.superclass
        }
        return false
    }
}

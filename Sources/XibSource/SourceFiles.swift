import XibKit

/// The Swift and Objective-C files under the source folders, the module names their folders
/// give, and the dependencies the project declares but does not contain.
struct SourceFiles {
    static let swiftExtensions: Set<String> = ["swift"]
    static let objcExtensions: Set<String> = ["h", "m", "mm"]
    /// Build products and tool folders, never sources of the app.
    static let skippedFolders: Set<String> = ["build", "DerivedData", "node_modules"]
    /// Files that declare dependencies and the project's sources.
    static let manifestNames: Set<String> = ["Podfile", "Cartfile", ".gitmodules", "Package.swift", "project.pbxproj"]

    var swift: [String] = []
    var objc: [String] = []
    var modules: Set<String> = []
    var absentDependencies: [String] = []
    /// Source files (names without extension) an Xcode project lists and the tree lacks.
    var absentSources: Set<String> = []
    /// String values of property lists (`Info.plist` names the main storyboard or nib).
    var plistStrings: Set<String> = []
    private var manifests: [String] = []
    private var plists: [String] = []
    /// Source file names the Xcode projects list; nil when there is none, or one whose
    /// folders are synchronised (Xcode 16: files are not listed).
    private var listed: Set<String>? = nil
    /// Folders of Swift packages: their files are in no Xcode project.
    private var packageFolders: [String] = []
    /// Where the files are: the disk, or a commit's in memory.
    let tree: FileTree

    init(folders: [String], tree: FileTree = .disk) {
        self.tree = tree
        for folder in folders { walk(folder.count > 1 && folder.hasSuffix("/") ? String(folder.dropLast()) : folder) }
        findAbsentDependencies()
        readProjectsAndPlists()
    }

    /// Whether an Xcode project builds the file, as far as the projects say.
    func isBuilt(_ path: String) -> Bool {
        guard let listed else { return true }
        let name = path.lastIndex(of: "/").map { String(path[path.index(after: $0)...]) } ?? path
        return listed.contains(name) || packageFolders.contains { path.hasPrefix($0) }
    }

    private mutating func readProjectsAndPlists() {
        var names: Set<String> = [], synchronised = false
        for manifest in manifests where manifest.hasSuffix("project.pbxproj") {
            let bytes = (try? tree.read(manifest)) ?? []
            synchronised = synchronised || ByteSearch.contains(bytes, "PBXFileSystemSynchronizedRootGroup")
            for line in ByteSearch.lines(of: bytes, containing: "isa = PBXFileReference") {
                for key in ["path = ", "name = "] {
                    guard let value = ByteSearch.value(after: key, in: line, upTo: UInt8(ascii: ";")) else { continue }
                    let name = value.split(separator: "/").last.map(String.init) ?? ""
                    if Self.isSource(name) { names.insert(name) }
                }
            }
        }
        if !names.isEmpty && !synchronised {
            listed = names
            let present = Set((swift + objc).map { $0.split(separator: "/").last.map(String.init) ?? $0 })
            absentSources = Set(names.subtracting(present).filter { !$0.hasSuffix(".h") }.map { String($0.prefix { $0 != "." }) })
        }
        for plist in plists {
            plistStrings.formUnion(ByteSearch.values(in: (try? tree.read(plist)) ?? [], between: "<string>", and: "</string>"))
        }
    }

    static func isSource(_ name: String) -> Bool {
        guard let dot = name.lastIndex(of: ".") else { return false }
        let ext = String(name[name.index(after: dot)...])
        return swiftExtensions.contains(ext) || objcExtensions.contains(ext)
    }

    private mutating func walk(_ dir: String) {
        var hasSource = false
        for name in tree.entries(of: dir).sorted() where !name.hasPrefix(".") || name == ".gitmodules" {
            let path = dir == "." ? name : dir + "/" + name
            if tree.isDirectory(path, followingLinks: false) {
                if !Self.skippedFolders.contains(name) && !name.hasSuffix(".xcassets") { walk(path) }
                continue
            }
            let ext = name.lastIndex(of: ".").map { String(name[name.index(after: $0)...]) } ?? ""
            if Self.swiftExtensions.contains(ext) { swift.append(path); hasSource = true }
            if Self.objcExtensions.contains(ext) { objc.append(path); hasSource = true }
            if Self.manifestNames.contains(name) { manifests.append(path) }
            if name == "Package.swift" { packageFolders.append(dir + "/") }
            if ext == "plist" { plists.append(path) }
        }
        // Every folder above a source file may be a module's (`Rocket.Chat/` builds `Rocket_Chat`).
        if hasSource {
            for part in dir.split(separator: "/") { modules.insert(Self.moduleName(String(part))) }
        }
    }

    /// Xcode's module name for a target or folder name: characters other than letters and
    /// digits become `_`.
    static func moduleName(_ name: String) -> String {
        String(name.map { $0.isLetter || $0.isNumber ? $0 : "_" })
    }

    /// Pods without `Pods/`, Carthage without `Carthage/Checkouts`, submodules whose folder is
    /// empty or missing, Swift packages (remote ones are never in the tree).
    private mutating func findAbsentDependencies() {
        var found: Set<String> = []
        for manifest in manifests {
            let slash = manifest.lastIndex(of: "/")
            let dir = slash.map { String(manifest[..<$0]) } ?? "."
            let name = slash.map { String(manifest[manifest.index(after: $0)...]) } ?? manifest
            let bytes = (try? tree.read(manifest)) ?? []
            switch name {
            case "Podfile" where !tree.isDirectory(dir + "/Pods"): found.insert("Pods")
            case "Cartfile" where !tree.isDirectory(dir + "/Carthage/Checkouts"): found.insert("Carthage")
            case ".gitmodules":
                for line in String(decoding: bytes, as: UTF8.self).split(separator: "\n") where line.contains("path") && line.contains("=") {
                    let path = line.split(separator: "=", maxSplits: 1)[1].trimmingSpaces
                    if tree.entries(of: dir + "/" + path).isEmpty { found.insert("submodule \(path)") }
                }
            case "Package.swift" where ByteSearch.contains(bytes, ".package(url:"),
                 "project.pbxproj" where ByteSearch.contains(bytes, "XCRemoteSwiftPackageReference"):
                found.insert("Swift packages")
            default: break
            }
        }
        absentDependencies = found.sorted()
    }
}

extension Substring {
    var trimmingSpaces: String {
        String(drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" || $0 == "\r" }.reversed())
    }
}

import XibKit

/// The Swift and Objective-C files under the source folders, the module names their folders
/// give, and the dependencies the project declares but does not contain.
struct SourceFiles {
    static let swiftExtensions: Set<String> = ["swift"]
    static let objcExtensions: Set<String> = ["h", "m", "mm"]
    /// Build products and tool folders, never sources of the app.
    static let skippedFolders: Set<String> = ["build", "DerivedData", "node_modules"]
    /// Files that declare dependencies (the Xcode projects' are read by `ProjectReader`).
    static let manifestNames: Set<String> = ["Podfile", "Cartfile", ".gitmodules", "Package.swift"]

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
    /// Source file names the Xcode projects list; nil when there is none.
    private var listed: Set<String>? = nil
    private let project: ProjectModel
    /// Where the files are: the disk, or a commit's in memory.
    let tree: FileTree

    init(folders: [String], project: ProjectModel, tree: FileTree = .disk) {
        self.project = project
        self.tree = tree
        for folder in folders { walk(folder.count > 1 && folder.hasSuffix("/") ? String(folder.dropLast()) : folder) }
        // A commit's tree in memory is the whole repository: nothing lies above it.
        if !tree.isInMemory { addManifests(above: folders) }
        findAbsentDependencies()
        readProjectsAndPlists(project)
    }

    /// The manifests above the folders too: `check App/` beside `App.xcodeproj` and its `Podfile`.
    /// A `Package.swift` above only where a folder is in one of its targets: its dependencies
    /// are theirs, not those of an app or a test fixture that happens to sit in its repository.
    private mutating func addManifests(above folders: [String]) {
        let absolute = folders.map(FilePaths.absolute)
        for folder in Set(absolute.flatMap(ProjectReader.ancestors)).sorted() {
            for name in LocalizationCheck.entries(of: folder) where Self.manifestNames.contains(name) {
                if name == ProjectReader.packageManifest,
                   !ProjectReader.targetFolders(ofPackageAt: folder).contains(where: { t in absolute.contains { FilePaths.isInside($0, t) } }) {
                    continue
                }
                manifests.append(folder + "/" + name)
            }
        }
    }

    /// Whether an Xcode project builds the file, as far as the projects say: one names a file
    /// of its name, or the file is in a folder Xcode synchronises, or in a Swift package.
    func isBuilt(_ path: String) -> Bool {
        guard let listed else { return true }
        if listed.contains(FilePaths.name(path).lowercased()) { return true }
        let absolute = ProjectModel.key(path)
        return project.packageFolders.contains { FilePaths.isInside(absolute, $0) }
            || project.projects.contains { $0.synchronizedFolders.contains { FilePaths.isInside(absolute, $0.folder) } }
    }

    static func isSkippedFolder(_ name: String) -> Bool {
        skippedFolders.contains(name) || name.hasSuffix(".xcassets")
    }

    /// The sources the projects name (`listed`, and those the tree lacks), and the property lists' strings.
    private mutating func readProjectsAndPlists(_ project: ProjectModel) {
        if !project.projects.isEmpty {
            let names = Set(project.projects.flatMap(\.referencedNames).filter(Self.isSource))
            listed = Set(names.map { $0.lowercased() })
            let present = Set((swift + objc).map { FilePaths.name($0).lowercased() })
            absentSources = Set(names.filter { !present.contains($0.lowercased()) && !$0.hasSuffix(".h") }.map { String($0.prefix { $0 != "." }) })
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
                if !Self.isSkippedFolder(name) { walk(path) }
                continue
            }
            let ext = name.lastIndex(of: ".").map { String(name[name.index(after: $0)...]) } ?? ""
            if Self.swiftExtensions.contains(ext) { swift.append(path); hasSource = true }
            if Self.objcExtensions.contains(ext) { objc.append(path); hasSource = true }
            if Self.manifestNames.contains(name) { manifests.append(path) }
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
            case "Package.swift" where ByteSearch.contains(bytes, ".package(url:"):
                found.insert("Swift packages")
            default: break
            }
        }
        let products = Set(project.projects.flatMap(\.remotePackageProducts)).sorted()
        if !products.isEmpty {
            found.remove("Swift packages")
            found.insert("Swift packages (\(products.joined(separator: ", ")))")
        }
        absentDependencies = found.sorted()
    }
}

extension Substring {
    var trimmingSpaces: String {
        String(drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" || $0 == "\r" }.reversed())
    }
}

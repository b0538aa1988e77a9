#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import XibKit

/// Finds the Xcode projects and Swift packages around the paths `check` is given: under each
/// folder, and in each folder above a path up to the repository's top (the folder holding
/// `.git`): `check App/` in a repository whose `App.xcodeproj` sits beside `App/` still knows
/// what the project builds and which packages it fetches.
public enum ProjectReader {
    static let projectExtension = ".xcodeproj"
    static let projectFile = "project.pbxproj"
    static let packageManifest = "Package.swift"

    /// `tree`: where the files are; a commit's tree in memory is a whole repository, so only
    /// the folders under `paths` are searched.
    public static func model(around paths: [String], tree: FileTree = .disk) -> ProjectModel {
        var model = ProjectModel()
        var seen = Set<String>()
        func add(_ folder: String, _ name: String) {
            let path = folder + "/" + name
            guard seen.insert(path).inserted else { return }
            if name.hasSuffix(projectExtension) {
                if let project = XcodeProject.read(path + "/" + projectFile, tree: tree) { model.projects.append(project) }
            } else if name == packageManifest {
                model.packageFolders += targetFolders(ofPackageAt: folder, tree: tree).map(ProjectModel.key)
            }
        }
        if tree.isInMemory {
            for path in paths where tree.isDirectory(path) { walk(path, tree, add) }
            return model
        }
        for path in paths.map(FilePaths.absolute) {
            if Checker.isDirectory(path) { walk(path, tree, add) }
            for folder in ancestors(of: path) {
                for name in LocalizationCheck.entries(of: folder) where name.hasSuffix(projectExtension) || name == packageManifest {
                    add(folder, name)
                }
            }
        }
        return model
    }

    /// The folders a `Package.swift` builds targets from: `Sources/` (SwiftPM's default), and
    /// each `path:` its targets name. Its IB files elsewhere (a tool's, a fixture's) are not built.
    static func targetFolders(ofPackageAt folder: String, tree: FileTree = .disk) -> [String] {
        let text = (try? tree.read(folder + "/" + packageManifest)).map { String(decoding: $0, as: UTF8.self) } ?? ""
        var out = [folder + "/Sources"]
        for part in text.split(separator: "path:").dropFirst() {
            let value = part.drop { $0 == " " }
            guard value.first == "\"", let end = value.dropFirst().firstIndex(of: "\"") else { continue }
            out.append(folder + "/" + value[value.index(after: value.startIndex)..<end])
        }
        return out
    }

    /// The folders above `path` (absolute), nearest first, up to the one holding `.git`, or `/`.
    public static func ancestors(of path: String) -> [String] {
        var out: [String] = []
        var folder = path
        while folder != "/" {
            folder = FilePaths.parent(folder)
            out.append(folder)
            // `.git` is a folder, or a file in a worktree or submodule.
            if access(folder + "/.git", F_OK) == 0 { break }
        }
        return out
    }

    /// The folder whose code may read a document's translations: the repository's top, else
    /// the highest folder above it with an Xcode project or a Swift package, else the folder
    /// above its `.lproj` folder.
    public static func top(of path: String) -> String {
        let above = ancestors(of: FilePaths.absolute(path))
        if let last = above.last, access(last + "/.git", F_OK) == 0 { return last }
        if let project = above.last(where: { folder in
            LocalizationCheck.entries(of: folder).contains { $0.hasSuffix(projectExtension) || $0 == packageManifest }
        }) {
            return project
        }
        return above.count > 1 && above[0].hasSuffix(".lproj") ? above[1] : above.first ?? "."
    }

    /// Every `.xcodeproj` folder and `Package.swift` under `dir` (hidden and build folders skipped).
    private static func walk(_ dir: String, _ tree: FileTree, _ add: (String, String) -> Void) {
        for name in tree.entries(of: dir).sorted() where !name.hasPrefix(".") {
            if name.hasSuffix(projectExtension) || name == packageManifest {
                add(dir, name)
                continue
            }
            let path = dir == "/" ? "/" + name : dir == "." ? name : dir + "/" + name
            guard tree.isDirectory(path, followingLinks: false), !SourceFiles.isSkippedFolder(name) else { continue }
            walk(path, tree, add)
        }
    }
}

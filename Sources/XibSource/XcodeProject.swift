import XibKit

/// Reads a `project.pbxproj` into what `check` needs: each target's files (its build phases,
/// variant groups expanded; the folders Xcode 16 synchronises, less their exceptions), every
/// file the project names, and the products of the Swift packages it fetches.
enum XcodeProject {
    typealias Value = PropertyListText.Value

    /// nil when the file cannot be read or is not a project.
    static func read(_ pbxproj: String, tree: FileTree = .disk) -> ProjectModel.Project? {
        guard let bytes = try? tree.read(pbxproj), let root = PropertyListText.parse(bytes),
              let rootID = root["rootObject"]?.string else { return nil }
        let objects = root["objects"]?.dictionary ?? [:]
        guard let project = objects[rootID] else { return nil }
        let xcodeproj = FilePaths.parent(FilePaths.absolute(pbxproj))
        let folder = ProjectModel.key(FilePaths.parent(xcodeproj) + "/" + (project["projectDirPath"]?.string ?? ""))
        var model = ProjectModel.Project(name: FilePaths.name(xcodeproj), path: xcodeproj, folder: folder)
        let paths = Paths(objects: objects, folder: folder, mainGroup: project["mainGroup"]?.string)
        for object in objects.values where object["isa"]?.string == "PBXFileReference" {
            if let path = object["path"]?.string { model.referencedNames.insert(FilePaths.name(path)) }
        }
        var remote: Set<String> = []
        for (id, object) in objects where object["isa"]?.string == "XCRemoteSwiftPackageReference" { remote.insert(id) }
        for targetID in project["targets"]?.array.compactMap(\.string) ?? [] {
            guard let target = objects[targetID] else { continue }
            model.targets.append(target["name"]?.string ?? targetID)
            for phase in target["buildPhases"]?.array.compactMap(\.string) ?? [] {
                for buildFile in objects[phase]?["files"]?.array.compactMap(\.string) ?? [] {
                    guard let ref = objects[buildFile]?["fileRef"]?.string else { continue }
                    model.builtFiles.formUnion(paths.files(of: ref))
                }
            }
            for dependency in target["packageProductDependencies"]?.array.compactMap(\.string) ?? [] {
                guard let product = objects[dependency], let name = product["productName"]?.string,
                      let package = product["package"]?.string, remote.contains(package) else { continue }
                model.remotePackageProducts.append(name)
            }
        }
        model.synchronizedFolders = synchronizedFolders(objects, project: project, paths: paths)
        model.remotePackageProducts = Array(Set(model.remotePackageProducts)).sorted()
        return model
    }

    /// Xcode 16's synchronised folders that some target lists, each with the files all those
    /// targets leave out (`membershipExceptions`, relative to the folder).
    static func synchronizedFolders(_ objects: [String: Value], project: Value, paths: Paths) -> [ProjectModel.SynchronizedFolder] {
        var targetsOf: [String: [String]] = [:]
        for targetID in project["targets"]?.array.compactMap(\.string) ?? [] {
            for group in objects[targetID]?["fileSystemSynchronizedGroups"]?.array.compactMap(\.string) ?? [] {
                targetsOf[group, default: []].append(targetID)
            }
        }
        var out: [ProjectModel.SynchronizedFolder] = []
        for (group, targets) in targetsOf.sorted(by: { $0.key < $1.key }) {
            guard let folder = paths.path(of: group) else { continue }
            var excluded: Set<String>? = nil
            for target in targets {
                var mine: Set<String> = []
                for exception in objects[group]?["exceptions"]?.array.compactMap(\.string) ?? []
                where objects[exception]?["isa"]?.string == "PBXFileSystemSynchronizedBuildFileExceptionSet"
                    && objects[exception]?["target"]?.string == target {
                    for file in objects[exception]?["membershipExceptions"]?.array.compactMap(\.string) ?? [] {
                        mine.insert(ProjectModel.key(folder + "/" + file))
                    }
                }
                excluded = excluded.map { $0.intersection(mine) } ?? mine
            }
            out.append(.init(folder: folder, excluded: excluded ?? []))
        }
        return out
    }

    /// Where the project's files and groups are: each item's `path` under its group's, by its
    /// `sourceTree`, each resolved once (a project names tens of thousands of files).
    struct Paths {
        let objects: [String: Value]
        let folder: String
        private var resolved: [String: String] = [:]

        init(objects: [String: Value], folder: String, mainGroup: String?) {
            self.objects = objects
            self.folder = folder
            var parents: [String: String] = [:]
            for (id, object) in objects {
                for child in object["children"]?.array.compactMap(\.string) ?? [] { parents[child] = id }
            }
            for (id, object) in objects where object["sourceTree"] != nil { resolve(id, parents: parents, mainGroup: mainGroup, depth: 0) }
        }

        /// nil for what is not in the source tree (products, the SDK's frameworks).
        func path(of id: String) -> String? { resolved[id] }

        @discardableResult
        private mutating func resolve(_ id: String, parents: [String: String], mainGroup: String?, depth: Int) -> String? {
            if let done = resolved[id] { return done }
            guard depth < 64, let item = objects[id] else { return nil }
            let own = item["path"]?.string
            var out: String?
            switch item["sourceTree"]?.string ?? "<group>" {
            case "<absolute>": out = own.map(ProjectModel.key)
            case "SOURCE_ROOT": out = ProjectModel.key(folder + "/" + (own ?? ""))
            case "<group>":
                var base: String? = folder
                if id != mainGroup, let parent = parents[id] { base = resolve(parent, parents: parents, mainGroup: mainGroup, depth: depth + 1) }
                out = base.map { base in own.map { ProjectModel.key(base + "/" + $0) } ?? base }
            default: out = nil
            }
            if let out { resolved[id] = out }
            return out
        }

        /// A file's path, or each file of a variant group (`Main.storyboard`: `Base.lproj/Main.storyboard`, `fr.lproj/Main.strings`).
        func files(of id: String) -> [String] {
            guard let item = objects[id] else { return [] }
            if item["isa"]?.string == "PBXVariantGroup" || item["isa"]?.string == "XCVersionGroup" {
                return (item["children"]?.array.compactMap(\.string) ?? []).compactMap { path(of: $0) }
            }
            return path(of: id).map { [$0] } ?? []
        }
    }
}

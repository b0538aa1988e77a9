/// What the Xcode projects and Swift package manifests around the checked files say is built:
/// an IB file no target builds never reaches a user, so `check` gives it one note instead of
/// its findings. A plain value: XibSource reads `project.pbxproj` and `Package.swift` into it.
/// Every path it compares is absolute, normalised and in lower case (`ProjectModel.key`): the
/// file systems of Macs ignore case, and projects written there do too (`Sources/stream/`
/// naming `Sources/Stream/`).
public struct ProjectModel: Sendable, Equatable {
    public struct Project: Sendable, Equatable {
        /// The `.xcodeproj` folder's name, as written.
        public var name: String
        /// The `.xcodeproj` folder, absolute, as the disk spells it.
        public var path: String
        /// The folder the project's paths start from (`SOURCE_ROOT`).
        public var folder: String
        public var targets: [String] = []
        /// Every file a target's build phase holds (the files of a variant group, e.g.
        /// `Base.lproj/Main.storyboard`, included).
        public var builtFiles: Set<String> = []
        /// Folders Xcode keeps in step with the disk (Xcode 16) that some target builds, each
        /// with the files every such target leaves out.
        public var synchronizedFolders: [SynchronizedFolder] = []
        /// The name of every file the project names, built or not, as written (`Login.swift`).
        public var referencedNames: Set<String> = []
        /// Products of the Swift packages the project fetches (`XCRemoteSwiftPackageReference`),
        /// by the name the targets depend on.
        public var remotePackageProducts: [String] = []

        public init(name: String, path: String, folder: String) {
            self.name = name
            self.path = path
            self.folder = folder
        }

        public func builds(_ file: String) -> Bool {
            builtFiles.contains(file) || synchronizedFolders.contains { s in
                FilePaths.isInside(file, s.folder) && !s.excluded.contains(file)
            }
        }
    }

    public struct SynchronizedFolder: Sendable, Equatable {
        public var folder: String
        public var excluded: Set<String>

        public init(folder: String, excluded: Set<String>) {
            self.folder = folder
            self.excluded = excluded
        }
    }

    public var projects: [Project] = []
    /// The folders of Swift packages' targets (`Sources/`, the `path:`s of `Package.swift`):
    /// SwiftPM builds the IB files in them.
    public var packageFolders: [String] = []

    public init() {}

    /// Whether an IB file reaches the app, as far as the projects say.
    public enum Verdict: Sendable, Equatable {
        /// A target builds it, or a package holds it.
        case built
        /// Projects whose folder holds the file, none of whose targets builds it.
        case notBuilt(by: [String])
        /// No project around it says (none found, or the file is outside them all).
        case unknown
    }

    /// How paths are compared here.
    public static func key(_ path: String) -> String {
        FilePaths.absolute(path).lowercased()
    }

    public func verdict(for file: String) -> Verdict {
        let path = Self.key(file)
        if projects.contains(where: { $0.builds(path) }) || packageFolders.contains(where: { FilePaths.isInside(path, $0) }) {
            return .built
        }
        let around = projects.filter { FilePaths.isInside(path, $0.folder) }
        return around.isEmpty ? .unknown : .notBuilt(by: around.map(\.name))
    }
}

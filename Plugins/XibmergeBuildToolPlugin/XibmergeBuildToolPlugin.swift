import Foundation
import PackagePlugin

/// Runs `xibmerge check` on the .xib and .storyboard files of each target it is applied to, on
/// every build: its findings are `file:line:column: error: …` lines, which Xcode lists in its
/// issue navigator and `swift build` prints; an error fails the build, as a compiler's would.
///
/// The command declares no outputs, so SwiftPM runs it on each build (a check leaves nothing to
/// be up to date with); it takes milliseconds on a target's files.
@main
struct XibmergeBuildToolPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        guard let module = target as? SourceModuleTarget else { return [] }
        let documents = module.sourceFiles.map(\.url).filter(Self.isDocument)
        return try Self.command(tool: context.tool(named: "xibmerge").url, name: target.name, documents: documents,
                                from: target.directoryURL, upTo: context.package.directoryURL)
    }

    static func isDocument(_ url: URL) -> Bool {
        ["xib", "storyboard"].contains(url.pathExtension.lowercased())
    }

    /// `xibmerge check` on the documents, with the `.xibmerge.yml` nearest to the target's folder
    /// (up to the package's or project's folder), which the check would find from a working
    /// directory that a build command does not have.
    static func command(tool: URL, name: String, documents: [URL], from folder: URL, upTo root: URL) -> [Command] {
        guard !documents.isEmpty else { return [] }
        var arguments = ["check"]
        var inputs = documents
        var candidate = folder.standardizedFileURL
        let top = root.standardizedFileURL.path
        while candidate.path.hasPrefix(top) {
            let settings = candidate.appendingPathComponent(".xibmerge.yml")
            if FileManager.default.fileExists(atPath: settings.path) {
                arguments += ["--config", settings.path]
                inputs.append(settings)
                break
            }
            if candidate.path == top || candidate.pathComponents.count <= 1 { break }
            candidate.deleteLastPathComponent()
        }
        return [.buildCommand(displayName: "xibmerge check \(name) (\(documents.count) IB files)", executable: tool,
                              arguments: arguments + documents.map(\.path), inputFiles: inputs)]
    }
}

#if canImport(XcodeProjectPlugin)
import XcodeProjectPlugin

extension XibmergeBuildToolPlugin: XcodeBuildToolPlugin {
    func createBuildCommands(context: XcodePluginContext, target: XcodeTarget) throws -> [Command] {
        let documents = target.inputFiles.map(\.url).filter(Self.isDocument)
        let project = context.xcodeProject.directoryURL
        return try Self.command(tool: context.tool(named: "xibmerge").url, name: target.displayName, documents: documents,
                                from: project, upTo: project)
    }
}
#endif

import Foundation
import PackagePlugin

/// `swift package xibmerge-check [--target NAME ...] [CHECK OPTIONS]`: `xibmerge check` on the
/// .xib and .storyboard files of the package's targets (or of the named ones), the options
/// passed on (`--format sarif`, `--strict`, `--sources Sources`). Xcode offers it on a project
/// too. It fails when check finds errors, as the command line does.
@main
struct XibmergeCommandPlugin: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        var extractor = ArgumentExtractor(arguments)
        let names = extractor.extractOption(named: "target")
        let targets = names.isEmpty ? context.package.targets : try context.package.targets(named: names)
        let documents = targets.compactMap { $0 as? SourceModuleTarget }.flatMap { $0.sourceFiles.map(\.url) }.filter(Self.isDocument)
        try Self.check(tool: context.tool(named: "xibmerge").url, documents: documents, options: extractor.remainingArguments,
                       in: context.package.directoryURL)
    }

    static func isDocument(_ url: URL) -> Bool {
        ["xib", "storyboard"].contains(url.pathExtension.lowercased())
    }

    /// Runs check in `folder` (where it finds `.xibmerge.yml`), its output passed through.
    static func check(tool: URL, documents: [URL], options: [String], in folder: URL) throws {
        guard !documents.isEmpty else {
            Diagnostics.remark("xibmerge: no .xib or .storyboard files in the targets")
            return
        }
        let process = Process()
        process.executableURL = tool
        process.arguments = ["check"] + options + documents.map(\.path)
        process.currentDirectoryURL = folder
        try process.run()
        process.waitUntilExit()
        switch process.terminationStatus {
        case 0: return
        case 1: Diagnostics.error("xibmerge check found errors in \(documents.count) IB files")
        default: Diagnostics.error("xibmerge check could not check the files (exit \(process.terminationStatus))")
        }
        throw ExitCode(process.terminationStatus)
    }

    struct ExitCode: Error, CustomStringConvertible {
        var status: Int32
        init(_ status: Int32) { self.status = status }
        var description: String { "xibmerge check exited with \(status)" }
    }
}

#if canImport(XcodeProjectPlugin)
import XcodeProjectPlugin

extension XibmergeCommandPlugin: XcodeCommandPlugin {
    func performCommand(context: XcodePluginContext, arguments: [String]) throws {
        var extractor = ArgumentExtractor(arguments)
        let names = Set(extractor.extractOption(named: "target"))
        let targets = context.xcodeProject.targets.filter { names.isEmpty || names.contains($0.displayName) }
        let documents = targets.flatMap { $0.inputFiles.map(\.url) }.filter(Self.isDocument)
        try Self.check(tool: context.tool(named: "xibmerge").url, documents: documents, options: extractor.remainingArguments,
                       in: context.xcodeProject.directoryURL)
    }
}
#endif

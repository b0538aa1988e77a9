import Foundation
import Testing

/// The SwiftPM plugins, as a package that uses them meets them: `Tests/Fixtures/plugin/App`
/// applies the build-tool plugin to a target holding a broken .xib, and depends on this package
/// by path. `swift build` must print check's `Broken.xib:LINE:COL: error:` (what Xcode's issue
/// navigator reads) and fail; `swift package xibmerge-check` must say the same; with the file
/// mended, the build passes. No binary is published in Package.swift, so the plugin builds
/// xibmerge from source: the first run builds it in debug (minutes on two cores). The package
/// and its build folder stay at one place, .build/plugin-test (a new path would rebuild it all),
/// so later runs take seconds.
@Suite(.enabled(if: ShellCompletionTests.installed("swift"), "swift is not on PATH; skipping the plugin's package build"),
       .timeLimit(.minutes(30)))
struct PluginTests {
    @Test("a package applying the build-tool plugin: swift build prints Broken.xib:LINE:COL: error: and fails")
    func buildToolPlugin() throws {
        let folder = CLI.packageRoot.appendingPathComponent(".build/plugin-test").path
        let app = folder + "/App", broken = app + "/Sources/Screens/Broken.xib", files = FileManager.default
        try? files.removeItem(atPath: app)
        try files.createDirectory(atPath: folder, withIntermediateDirectories: true)
        if (try? files.destinationOfSymbolicLink(atPath: folder + "/xibmerge")) == nil {
            try files.createSymbolicLink(atPath: folder + "/xibmerge", withDestinationPath: CLI.packageRoot.path)
        }
        try files.copyItem(atPath: CLI.fixtures.appendingPathComponent("plugin/App").path, toPath: app)
        // Where the error is, read from the file: the line of the outlet to the missing object,
        // the column of its `<`.
        let lines = try String(contentsOfFile: broken, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
        let index = try #require(lines.firstIndex { $0.contains("destination=\"gone-00-000\"") })
        let expected = "Broken.xib:\(index + 1):\(lines[index].prefix { $0 == " " }.count + 1): error: "
        let scratch = folder + "/build"

        let build = try swift(["build", "--scratch-path", scratch], in: app)
        #expect(build.status != 0, "the build passed with a broken document:\n\(build.stdout)")
        let reported = (build.stdout + build.stderr).split(separator: "\n").filter { $0.contains(": error: ") }
        #expect(reported.contains { $0.hasPrefix(broken + ":") && $0.contains(expected) && $0.hasSuffix("[dangling-reference]") },
                "\(expected) not in:\n\(build.stdout)\n\(build.stderr)")
        #expect(reported.count == 1, "\(reported)")

        let command = try swift(["package", "--scratch-path", scratch, "xibmerge-check", "--target", "Screens"], in: app)
        #expect(command.status != 0)
        #expect((command.stdout + command.stderr).contains(expected), "\(command.stdout)\n\(command.stderr)")

        // Mended (the original outlet back), the same build passes.
        try files.removeItem(atPath: broken)
        try files.copyItem(atPath: CLI.packageRoot.appendingPathComponent("Examples/BannerView.xib").path, toPath: broken)
        let mended = try swift(["build", "--scratch-path", scratch], in: app)
        #expect(mended.status == 0, "\(mended.stdout)\n\(mended.stderr)")
        #expect(!(mended.stdout + mended.stderr).contains(": error: "))
    }

    /// One job: the other core stays with the rest of the suite, whose timed tests run beside it.
    private func swift(_ arguments: [String], in folder: String) throws -> CLI.Result {
        try CLI.run("/usr/bin/env", ["swift"] + arguments.prefix(1) + ["--jobs", "1"] + arguments.dropFirst(), cwd: folder)
    }
}

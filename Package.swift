// swift-tools-version:6.1
import PackageDescription

/// The xibmerge the plugins run: the release's artifact bundle (SE-0305) once one is published,
/// else the executable built from this package. After a release, set it to the bundle's URL and
/// the checksum `Scripts/release artifactbundle` printed (doc/install.md, "Releasing").
let publishedBinary: (url: String, checksum: String)? = nil

let package = Package(
    name: "xibmerge",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "xibmerge", targets: ["xibmerge"]),
        .library(name: "XibKit", targets: ["XibKit"]),
        // The MCP server `xibmerge mcp` runs: a product of its own, so that the merge driver's
        // binary and start-up do not carry the SDK.
        .executable(name: "xibmerge-mcp", targets: ["xibmerge-mcp"]),
    ],
    dependencies: [
        .package(url: "https://github.com/modelcontextprotocol/swift-sdk.git", exact: "0.12.1"),
    ],
    targets: [
        // Core: XML bytes -> lossless tree -> IB graph -> diff / merge -> writer. No libgit2 here.
        .target(name: "XibKit"),
        // Renderers (text, Markdown, JSON, HTML) for the core's reports.
        .target(name: "XibReport", dependencies: ["XibKit"]),
        // The code around IB files (Swift and Objective-C, each read by a token scanner) as a
        // plain `CodeIndex` value that XibKit's check compares with the graph: XibKit stays free of it.
        .target(name: "XibSource", dependencies: ["XibKit"]),
        // libgit2 as a system library, found by pkg-config (Debian's libgit2-dev, Homebrew's
        // libgit2); only XibGit imports it.
        .systemLibrary(name: "CLibGit2", pkgConfig: "libgit2", providers: [.apt(["libgit2-dev"]), .brew(["libgit2"])]),
        .target(name: "XibGit", dependencies: ["CLibGit2"]),
        .executableTarget(
            name: "xibmerge",
            dependencies: ["XibKit", "XibReport", "XibGit", "XibSource"]
        ),
        // The Model Context Protocol server over stdio: each tool runs the `xibmerge` beside it.
        .executableTarget(name: "xibmerge-mcp", dependencies: [.product(name: "MCP", package: "swift-sdk")]),
        // Benchmarks live outside `swift test`; run them with Scripts/bench.
        .executableTarget(name: "xibmerge-bench", dependencies: ["XibKit", "XibGit", "XibReport", "XibSource", "CorpusSupport", "MergeLaws"]),
        // The shared corpus beside the package (../shared/corpus), for the corpus-wide tests.
        .target(name: "CorpusSupport", path: "Tests/CorpusSupport"),
        // The merge's laws over generated edits of real files: `swift test` runs a fixed-seed
        // pass, `Scripts/bench laws` a long one.
        .target(name: "MergeLaws", dependencies: ["XibKit"], path: "Tests/MergeLaws"),
        .testTarget(name: "XibKitTests", dependencies: ["XibKit", "XibReport", "CorpusSupport", "MergeLaws"]),
        .testTarget(name: "XibGitTests", dependencies: ["XibGit"]),
        .testTarget(name: "XibSourceTests", dependencies: ["XibSource", "XibKit", "XibReport", "CorpusSupport"]),
        // Runs the built `xibmerge` binary end to end (git driver, textconv, exit codes); starts
        // processes through XibGit's `Subprocess`, the one place that knows Darwin's spawn types.
        .testTarget(name: "XibMergeCLITests", dependencies: ["XibKit", "XibGit", "CorpusSupport"]),
        // The command line's specs, read in process (`@testable import` of the executable).
        .testTarget(name: "XibMergeCommandLineTests", dependencies: ["xibmerge"]),
    ]
)

// The SwiftPM plugins: `check` on a target's IB files during the build (its findings in Xcode's
// issue navigator), and `swift package xibmerge-check`.
let pluginTool: Target.Dependency
if let binary = publishedBinary {
    package.targets.append(.binaryTarget(name: "XibmergeBinary", url: binary.url, checksum: binary.checksum))
    pluginTool = "XibmergeBinary"
} else {
    pluginTool = "xibmerge"
}
package.targets += [
    .plugin(name: "XibmergeBuildToolPlugin", capability: .buildTool(), dependencies: [pluginTool]),
    .plugin(name: "XibmergeCommandPlugin",
            capability: .command(intent: .custom(verb: "xibmerge-check", description: "Check the targets' .xib and .storyboard files")),
            dependencies: [pluginTool]),
]
package.products += [
    .plugin(name: "XibmergeBuildToolPlugin", targets: ["XibmergeBuildToolPlugin"]),
    .plugin(name: "XibmergeCommandPlugin", targets: ["XibmergeCommandPlugin"]),
]

// swift-tools-version:6.1
import PackageDescription

let package = Package(
    name: "App",
    dependencies: [.package(path: "../xibmerge")],
    targets: [
        .target(name: "Screens", plugins: [.plugin(name: "XibmergeBuildToolPlugin", package: "xibmerge")]),
    ]
)

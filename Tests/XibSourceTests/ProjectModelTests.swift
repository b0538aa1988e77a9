import CorpusSupport
import Foundation
import Testing
import XibKit
@testable import XibSource

/// What the Xcode projects around the checked files say is built (`ProjectReader`,
/// `XcodeProject`, `ProjectModel`): on a fixture trimmed from a real project, and on the shared
/// apps' own `project.pbxproj` files.
@Suite struct ProjectModelTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/check-code")

    /// Rectangle's app folder checked alone: the project one folder up is found, so the Swift
    /// package's class is a note and the storyboard the target does not build is one note.
    @Test func theProjectOneFolderUpIsRead() throws {
        let root = Self.fixtures.appendingPathComponent("package-one-folder-up").path
        let app = root + "/Rectangle"
        let project = ProjectReader.model(around: [app])
        #expect(project.projects.map(\.name) == ["Rectangle.xcodeproj"])
        #expect(project.projects.first?.remotePackageProducts == ["MASShortcut"])
        #expect(project.verdict(for: app + "/Base.lproj/Main.storyboard") == .built)
        #expect(project.verdict(for: app + "/Logging/LogViewer.storyboard") == .notBuilt(by: ["Rectangle.xcodeproj"]))
        let code = CodeIndexer.index(folders: [app], project: project)
        let results = Checker.check(Checker.documents(in: [app]), configuration: CheckConfiguration(), code: code, project: project)
        #expect(results.flatMap(\.findings).filter { $0.severity == .error }.isEmpty)
        #expect(Checker.notes(results) == ["note: \(app)/Logging/LogViewer.storyboard: no target of Rectangle.xcodeproj builds it (3 findings not reported)"])
        #expect(CodeRules.notes(results, code: code) == ["note: 1 class not in the sources, perhaps from Swift packages (MASShortcut) (not present): MASShortcutView"])
    }

    /// A `Package.swift` above the checked folder declares absent packages only for its own
    /// targets' folders: xibmerge's manifest (which fetches the MCP SDK) is no reason to excuse
    /// a class in a test fixture below it, but it is for its `Sources/` and `path:` targets.
    @Test func aPackageAboveSpeaksOnlyForItsTargets() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("xibmerge-package-above-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: root) }
        for folder in [".git", "Sources/XibKit", "Tests/CorpusSupport", "Tests/Fixtures/check-code/app"] {
            try FileManager.default.createDirectory(atPath: root + "/" + folder, withIntermediateDirectories: true)
        }
        try """
            // swift-tools-version:5.9
            import PackageDescription
            let package = Package(
                name: "xibmerge",
                dependencies: [
                    .package(url: "https://github.com/modelcontextprotocol/swift-sdk.git", exact: "0.12.1"),
                ],
                targets: [
                    .target(name: "XibKit"),
                    .target(name: "CorpusSupport", path: "Tests/CorpusSupport"),
                ]
            )
            """.write(toFile: root + "/Package.swift", atomically: true, encoding: .utf8)
        for (folder, absent) in [("Tests/Fixtures/check-code/app", false), ("Sources/XibKit", true), ("Tests/CorpusSupport", true)] {
            let path = root + "/" + folder
            let code = CodeIndexer.index(folders: [path], project: ProjectReader.model(around: [path]))
            #expect(code.absentDependencies == (absent ? ["Swift packages"] : []), "\(folder)")
        }
    }

    /// A class the IB file says is the target's own (`customModuleProvider="target"`) is never
    /// taken to come from an absent pod; the same class without it is a note. openHAB's cell
    /// (Main.storyboard:413, a class renamed in the code) in a project with a Podfile and no Pods/.
    @Test func aTargetsOwnClassIsNeverExcused() throws {
        let cell = #"<tableViewCell clipsSubviews="YES" contentMode="scaleToFill" preservesSuperviewLayoutMargins="YES" selectionStyle="default" indentationWidth="10" reuseIdentifier="ImageUITableViewCell" id="9XZ-F6-dlj" customClass="ImageUITableViewCell" customModule="openHAB" customModuleProvider="target">"#
        func document(_ element: String) -> String {
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" toolsVersion="23504" targetRuntime="iOS.CocoaTouch" propertyAccessControl="none" useAutolayout="YES" useTraitCollections="YES" colorMatched="YES">
                <objects>
                    \(element)
                    </tableViewCell>
                </objects>
            </document>
            """
        }
        var code = CodeIndexer.index(file: "OpenHABSitemapViewController.swift", text: "class OpenHABSitemapViewController: UIViewController {}\n")
        code.absentDependencies = ["Pods"]
        code.modules = ["openHAB"]
        for (element, expected) in [(cell, 1), (cell.replacingOccurrences(of: #" customModule="openHAB" customModuleProvider="target""#, with: ""), 0)] {
            let graph = IBGraph(try IBDocument(bytes: Array(document(element).utf8), name: "Main.storyboard"))
            let (findings, facts) = CodeRules.check(graph, code: code)
            #expect(findings.filter { $0.kind == .unknownClass }.count == expected, "\(element)")
            #expect(facts.unresolved.isEmpty == (expected == 1))
        }
    }

    /// The old-style property list of `project.pbxproj`: quoted strings with escapes, comments,
    /// bare words, nested lists and dictionaries.
    @Test func propertyListText() throws {
        let text = #"// !$*UTF8*$!\#n{ a = "x \"y\" \\ z"; /* c */ b = (one, "two", ); c = { d = e.f/g-h; }; }"#
        let value = try #require(PropertyListText.parse(Array(text.utf8)))
        #expect(value["a"]?.string == #"x "y" \ z"#)
        #expect(value["b"]?.array.compactMap(\.string) == ["one", "two"])
        #expect(value["c"]?["d"]?.string == "e.f/g-h")
        #expect(PropertyListText.parse(Array("{ a = ".utf8)) == nil)
    }

    /// Every IB file of the shared apps whose projects no target builds, each checked by hand:
    /// - Loop's `Learn/Base.lproj/Main.storyboard`: its variant group is in the project's
    ///   navigator, but no target's build phase holds it (the Learn target was removed);
    /// - Monal's `MLAccountCell.xib`: the project does not name it at all;
    /// - openHAB's `openHAB/MainLaunchScreen.xib`: a copy; the target builds `../MainLaunchScreen.xib`;
    /// - openHAB's `NewImageTableViewCell.xib`: not named by the project.
    /// Ello's `StreamToggleCell.xib` is built: the project writes `Sources/Controllers/stream/`,
    /// and the disk says `Stream` (Macs ignore case). Every other IB file of a project with an
    /// Xcode project is built, and its name is in that project's file (an independent look).
    @Test(.enabled(if: Projects.isAvailable, Comment(rawValue: Projects.unavailableMessage))) func whatTheSharedAppsBuild() throws {
        var unbuilt: [String] = [], built = 0
        for folder in try Projects.folders() {
            let model = ProjectReader.model(around: [folder.path])
            let texts = try model.projects.map { try String(contentsOfFile: $0.path + "/project.pbxproj", encoding: .utf8) }
            for url in Projects.files(under: folder, suffixes: [".xib", ".storyboard"]) {
                let relative = folder.lastPathComponent + "/" + url.path.dropFirst(folder.path.count + 1)
                switch model.verdict(for: url.path) {
                case .notBuilt: unbuilt.append(relative)
                case .built:
                    built += 1
                    let synchronized = model.projects.contains { !$0.synchronizedFolders.isEmpty } || !model.packageFolders.isEmpty
                    #expect(synchronized || texts.contains { $0.contains(url.lastPathComponent) }, "\(relative)")
                case .unknown: #expect(model.projects.isEmpty, "\(relative)")
                }
            }
        }
        #expect(unbuilt == [
            "LoopKit+Loop/Learn/Base.lproj/Main.storyboard",
            "monal-im+Monal/Monal/Classes/MLAccountCell.xib",
            "openhab+openhab-ios/openHAB/MainLaunchScreen.xib",
            "openhab+openhab-ios/openHAB/NewImageTableViewCell.xib",
        ])
        #expect(built == 207)
    }

    /// CotEditor's folders are synchronised (Xcode 16): its storyboards are built without being
    /// listed, and a file of the target's exceptions is not.
    @Test(.enabled(if: Projects.isAvailable, Comment(rawValue: Projects.unavailableMessage))) func synchronisedFolders() throws {
        let root = Projects.root.appendingPathComponent("coteditor+CotEditor").path
        let model = ProjectReader.model(around: [root])
        let project = try #require(model.projects.first)
        #expect(project.synchronizedFolders.contains { $0.folder.hasSuffix("/coteditor") })
        #expect(model.verdict(for: root + "/CotEditor/Storyboards/Base.lproj/Main.storyboard") == .built)
        #expect(model.verdict(for: root + "/CotEditor/Info.plist") == .notBuilt(by: ["CotEditor.xcodeproj"]))
        #expect(project.remotePackageProducts.contains("Sparkle"))
    }
}

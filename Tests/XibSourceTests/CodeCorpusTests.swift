import CorpusSupport
import Foundation
import Testing
import XibKit
import XibSource

/// The code rules on the shared real apps (`../shared/projects`): every error they report is
/// one of the real mismatches listed here, each with why it is real, and every one listed is
/// still reported.
@Suite struct CodeCorpusTests {
    /// `project: ["rule file:line", ...]` (paths relative to the project).
    static let realMismatches: [String: [String]] = [
        "MacDownApp+macdown": [
            // The outlets were renamed in code (`locationTextField`, `supportTextField`), not in the xib.
            "missing-outlet MacDown/Localization/Base.lproj/MPTerminalPreferencesViewController.xib:13",
            "missing-outlet MacDown/Localization/Base.lproj/MPTerminalPreferencesViewController.xib:16",
        ],
        "RocketChat+Rocket.Chat.iOS": [
            // VideoCell.xib was copied from ImageCell.xib: VideoCell has no `buttonImageHandlerDidPressed:`.
            "missing-action Rocket.Chat/Views/Chat/New Chat/Cells/VideoCell.xib:38",
        ],
        "monal-im+Monal": [
            // No storyboard has a segue `showDetails` any more.
            "missing-identifier Monal/Classes/chatViewController.m:2864",
        ],
        "openfoodfacts+openfoodfacts-ios": [
            // `var stackView = UIStackView()`: built in code, not @objc; the storyboard still connects it.
            "missing-outlet Sources/Views/Products/Detail/ProductAttributes/ProductAttributeViewController.storyboard:36",
        ],
        "openhab+openhab-ios": [
            // The class was renamed NewImageUITableViewCell; the storyboard's prototype cell kept the old name.
            "unknown-class openHAB/Main.storyboard:413",
        ],
        "vector-im+element-ios": [
            // The bar button items moved to TabBarCoordinator; Main.storyboard still connects both outlets.
            "missing-outlet Riot/Assets/Base.lproj/Main.storyboard:276",
            "missing-outlet Riot/Assets/Base.lproj/Main.storyboard:277",
            // Main.storyboard has no scene with the storyboard identifier StartViewController.
            "missing-identifier Riot/Modules/LaunchLoading/LoadingAnimation/ElementViewController.swift:24",
        ],
    ]

    static var projects: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: Corpus.projectsDirectory.path)) ?? [])
            .filter { Checker.isDirectory(Corpus.projectsDirectory.appendingPathComponent($0).path) }.sorted()
    }

    @Test(.enabled(if: Corpus.isAvailable, Comment(rawValue: Corpus.unavailableMessage)), arguments: projects)
    func onlyRealMismatches(_ project: String) {
        let folder = Corpus.projectsDirectory.appendingPathComponent(project).path
        let code = CodeIndexer.index(folders: [folder])
        let results = Checker.check(Checker.documents(in: [folder]), configuration: CheckConfiguration(), code: code)
        let errors = results.flatMap(\.findings).filter { $0.kind.readsCode && $0.severity == .error }
            .map { "\($0.kind.id) \($0.file.dropFirst(folder.count + 1)):\($0.line)" }
        #expect(errors.sorted() == (Self.realMismatches[project] ?? []).sorted())
        #expect(CodeRules.connectionsChecked(results) > 0)
        #expect(code.sourceFiles > 0)
    }
}

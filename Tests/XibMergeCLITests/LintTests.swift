import Foundation
import Testing

/// `Scripts/lint`, which keeps the Mac hazards out on Linux: each class catches its hazard in
/// `Tests/Fixtures/lint/CLASS` (the code as it was before it was fixed) and accepts what replaced
/// it, and the package itself is clean.
@Suite struct LintTests {
    static let root = CLI.packageRoot.path
    static let folder = CLI.fixtures.appendingPathComponent("lint")

    static func lint(_ arguments: [String]) throws -> CLI.Result {
        try CLI.run("/usr/bin/env", ["bash", root + "/Scripts/lint"] + arguments, cwd: root)
    }

    static let classes: [String] = {
        guard let r = try? lint(["--classes"]), r.status == 0 else { return [] }
        return r.stdout.split(separator: "\n").map(String.init)
    }()

    /// The classes that are a tool Scripts/setup installs; without it they are not checked.
    static let tools: Set<String> = ["shellcheck", "actionlint"]

    @Test func everyClassHasItsFixtures() throws {
        #expect(Self.classes.count == 10, "\(Self.classes)")
        let folders = try FileManager.default.contentsOfDirectory(atPath: Self.folder.path).filter { !$0.hasSuffix(".md") }
        #expect(folders.sorted() == Self.classes.sorted())
    }

    @Test("each class catches its hazard, and only there", arguments: classes)
    func catches(_ name: String) throws {
        let case_ = Self.folder.appendingPathComponent(name)
        let expected = try String(contentsOf: case_.appendingPathComponent("expected.txt"), encoding: .utf8)
            .split(separator: "\n").filter { !$0.hasPrefix("#") }.map(String.init).sorted()
        try #require(!expected.isEmpty, "\(name): expected.txt lists no finding")
        let r = try Self.lint(["Tests/Fixtures/lint/" + name])
        if Self.tools.contains(name), r.stderr.contains("\(name) is not installed") {
            // Scripts/setup installs it. shellcheck comes with apt and Homebrew, so in CI its
            // absence is a failure; actionlint comes from PyPI, whose install may need the network.
            #expect(name != "shellcheck" || ProcessInfo.processInfo.environment["CI"] == nil, "\(r.stderr)")
            print("\(name) is not installed (Scripts/setup installs it); skipping its fixtures")
            return
        }
        #expect(r.status == 1, "\(r.stderr)")
        let prefix = "Tests/Fixtures/lint/\(name)/"
        let found = r.stdout.split(separator: "\n").compactMap { line -> String? in
            let parts = line.components(separatedBy: ": ")
            guard parts.count >= 2, parts[1] == name, parts[0].hasPrefix(prefix) else { return nil }
            return String(parts[0].dropFirst(prefix.count)) + ": " + name
        }.sorted()
        if Self.tools.contains(name) {
            // Another version of the tool may find more; what the fixture holds it must find.
            #expect(Set(expected).isSubset(of: Set(found)), "\(r.stdout)")
        } else {
            #expect(found == expected, "\(r.stdout)")
        }
    }

    /// Scripts/test runs the lint before `swift test`; this says the same from `swift test` alone.
    @Test func thePackageIsClean() throws {
        let r = try Self.lint([])
        #expect(r.status == 0, "\(r.stdout)\(r.stderr)")
    }
}

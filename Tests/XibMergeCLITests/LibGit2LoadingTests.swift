import Foundation
import Testing

/// libgit2 is loaded on first use, and only a libgit2 of the version xibmerge was built
/// against: another major version (soname) is refused with a message, not called with the
/// wrong struct layouts. `XIBMERGE_TEST_LIBGIT2` names the library to load instead of the
/// system's; a stand-in library is compiled here with the toolchain's C compiler.
@Suite struct LibGit2LoadingTests {
    /// A shared library whose `git_libgit2_version` says `version`, in a fresh folder.
    static func standIn(version: (Int, Int, Int)) throws -> (library: String, folder: String) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("xibmerge-libgit2-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let source = folder + "/fake.c", library = folder + "/libgit2.so.0.27"
        try """
            int git_libgit2_version(int *major, int *minor, int *rev) {
                *major = \(version.0); *minor = \(version.1); *rev = \(version.2); return 0;
            }
            int git_libgit2_init(void) { return 1; }

            """.write(toFile: source, atomically: true, encoding: .utf8)
        let compiler = ["/usr/bin/cc", "/usr/bin/clang", "/opt/homebrew/opt/llvm/bin/clang"].first {
            FileManager.default.isExecutableFile(atPath: $0)
        } ?? "cc"
        let r = try CLI.run("/usr/bin/env", [compiler, "-shared", "-fPIC", "-o", library, source])
        #expect(r.status == 0, "\(r.stderr)")
        return (library, folder)
    }

    static func run(_ arguments: [String], libgit2 library: String, in folder: String) throws -> CLI.Result {
        var environment = ProcessInfo.processInfo.environment
        environment["XIBMERGE_TEST_LIBGIT2"] = library
        return try CLI.run(CLI.binary, arguments, cwd: folder, environment: environment)
    }

    @Test func anotherMajorVersionIsRefusedWithAMessage() throws {
        let (library, folder) = try Self.standIn(version: (0, 27, 10))
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let r = try Self.run(["log", "Main.storyboard"], libgit2: library, in: folder)
        #expect(r.status == 2, "\(r.stderr)")
        #expect(r.stderr.contains("\(library) is libgit2 0.27.10, but xibmerge was built against libgit2 "), "\(r.stderr)")
        #expect(r.stderr.contains("install libgit2 "), "\(r.stderr)")
    }

    @Test func aMissingLibraryNamesThePackage() throws {
        let folder = FileManager.default.temporaryDirectory.path
        let r = try Self.run(["log", "Main.storyboard"], libgit2: "/nonexistent/libgit2.so.1", in: folder)
        #expect(r.status == 2, "\(r.stderr)")
        #expect(r.stderr.contains("cannot load libgit2"), "\(r.stderr)")
        #expect(r.stderr.contains("apt-get install libgit2-dev"), "\(r.stderr)")
    }

    /// Commands that never touch a repository never load libgit2: a broken one costs them nothing.
    @Test func mergeAndDiffOfFilesNeverLoadLibGit2() throws {
        let (library, folder) = try Self.standIn(version: (0, 27, 10))
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let fixture = CLI.fixtures.appendingPathComponent("merge/both-add-outlets").path
        for stem in ["base", "ours", "theirs"] {
            try FileManager.default.copyItem(atPath: "\(fixture)/\(stem).xib", toPath: "\(folder)/\(stem).xib")
        }
        #expect(try Self.run(["diff", "base.xib", "theirs.xib"], libgit2: library, in: folder).status == 0)
        #expect(try Self.run(["textconv", "ours.xib"], libgit2: library, in: folder).status == 0)
        let merge = try Self.run(["merge", "base.xib", "ours.xib", "theirs.xib"], libgit2: library, in: folder)
        #expect(merge.status == 0, "\(merge.stderr)")
    }
}

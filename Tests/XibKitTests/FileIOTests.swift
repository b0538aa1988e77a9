import Foundation
import Testing
@testable import XibKit

/// `FileIO.writeAtomically` renames a new file into place: the target ends up a new file
/// holding the new bytes with the old permissions, and nothing is left beside it; a pipe or a
/// device is written to instead.
@Suite struct FileIOTests {
    static func folder() throws -> String {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("xibmerge-fileio-\(UInt64.random(in: 0...UInt64.max))").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        return dir
    }

    static func contents(_ path: String) -> String? {
        FileManager.default.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) }
    }

    @Test func replacesAFileKeepingItsPermissionsAndLeavesNothingBeside() throws {
        let dir = try FileIOTests.folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = dir + "/ours.xib"
        try "old".write(toFile: path, atomically: false, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: path)
        // Another name for the old file keeps the old bytes: the target is a new file.
        try FileManager.default.linkItem(atPath: path, toPath: dir + "/link.xib")
        try FileIO.writeAtomically(Array("new".utf8), to: path)
        #expect(FileIOTests.contents(path) == "new")
        #expect(FileIOTests.contents(dir + "/link.xib") == "old")
        #expect(try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int == 0o640)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir).sorted() == ["link.xib", "ours.xib"])
    }

    /// The temporary files a crashed write may leave: named `.xibmerge-PID-XXXXXX`, found among
    /// names that only begin alike.
    @Test func findsTemporaryFilesByTheirNamesOnly() throws {
        let dir = try FileIOTests.folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let names = [".xibmerge-123-abcDEF", ".xibmerge-9-zzzzzz", ".xibmerge-", ".xibmerge-x-abcdef", ".xibmerge-12-abc",
                     ".xibmerg", "xibmerge-123-abcdef", "Main.storyboard", ".xibmerge-123-abcdefg"]
        for name in names { try Data().write(to: URL(fileURLWithPath: dir + "/" + name)) }
        let found = FileIO.temporaryFiles(beside: dir + "/Main.storyboard")
        #expect(found.folder == dir)
        #expect(found.files.map(\.name).sorted() == [".xibmerge-123-abcDEF", ".xibmerge-9-zzzzzz"])
        #expect(found.files.map(\.pid).sorted() == [9, 123])
    }

    /// The flush before the rename: `F_FULLFSYNC` on macOS, `fsync` where a file system refuses it
    /// (as Linux does every `F_FULLFSYNC`); a descriptor that is no file is an error either way.
    @Test func flushesToTheDriveOrSaysItCannot() throws {
        let dir = try FileIOTests.folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let fd = open(dir + "/flushed.xib", O_WRONLY | O_CREAT, 0o644)
        try #require(fd >= 0)
        #expect(write(fd, "x", 1) == 1)
        #expect(FileIO.flushToDrive(fd))
        close(fd)
        #expect(!FileIO.flushToDrive(fd))
    }

    @Test func createsAMissingFile() throws {
        let dir = try FileIOTests.folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try FileIO.writeAtomically(Array("new".utf8), to: dir + "/new.xib")
        #expect(FileIOTests.contents(dir + "/new.xib") == "new")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir) == ["new.xib"])
    }

    /// A symbolic link is replaced by the file, as a rename does; what it pointed to is untouched.
    @Test func replacesASymbolicLinkNotItsTarget() throws {
        let dir = try FileIOTests.folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try "target".write(toFile: dir + "/target.xib", atomically: false, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: dir + "/ours.xib", withDestinationPath: "target.xib")
        try FileIO.writeAtomically(Array("new".utf8), to: dir + "/ours.xib")
        #expect(FileIOTests.contents(dir + "/ours.xib") == "new")
        #expect(FileIOTests.contents(dir + "/target.xib") == "target")
        #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: dir + "/ours.xib")) == nil)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir).sorted() == ["ours.xib", "target.xib"])
    }

    /// A pipe or a device (`-o /dev/null`, `-o /dev/stdout`) is written to, never replaced: a
    /// rename over /dev/null, run as root, leaves a plain file there and every program that
    /// writes to it filling that file. A FIFO stands for both (a test cannot risk /dev/null).
    @Test func aPipeInThePlaceIsWrittenToAndStays() throws {
        let dir = try FileIOTests.folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = dir + "/out.md"
        #expect(mkfifo(path, 0o644) == 0)
        let reader = open(path, O_RDONLY | O_NONBLOCK)
        #expect(reader >= 0)
        defer { close(reader) }
        try FileIO.writeAtomically(Array("new".utf8), to: path)
        var buffer = [UInt8](repeating: 0, count: 16)
        let n = read(reader, &buffer, buffer.count)
        #expect(n == 3 && Array(buffer.prefix(3)) == Array("new".utf8))
        var st = stat()
        #expect(stat(path, &st) == 0 && (st.st_mode & S_IFMT) == S_IFIFO)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir) == ["out.md"])
    }

    /// A folder in the target's place is an error, and the folder stays as it was.
    @Test func aFolderInThePlaceIsAnErrorAndStays() throws {
        let dir = try FileIOTests.folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try FileManager.default.createDirectory(atPath: dir + "/ours.xib", withIntermediateDirectories: false)
        try "inside".write(toFile: dir + "/ours.xib/kept", atomically: false, encoding: .utf8)
        #expect(throws: FileIO.WriteError.self) { try FileIO.writeAtomically(Array("new".utf8), to: dir + "/ours.xib") }
        #expect(FileIOTests.contents(dir + "/ours.xib/kept") == "inside")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir) == ["ours.xib"])
    }
}

/// A tree of files in memory answers as the disk does: folders listed from the paths, a file
/// read, a folder or a missing file refused with the path, the size limit kept.
@Suite struct FileTreeTests {
    @Test func answersAsAFolderWould() throws {
        let tree = FileTree(files: ["UI/Base.lproj/Main.storyboard": Array("<document/>".utf8), "App.swift": [0x41], "UI/View.xib": []])
        #expect(tree.entries(of: ".").sorted() == ["App.swift", "UI"])
        #expect(tree.entries(of: "./UI").sorted() == ["Base.lproj", "View.xib"])
        #expect(tree.entries(of: "UI/Base.lproj") == ["Main.storyboard"])
        #expect(tree.entries(of: "Missing").isEmpty)
        #expect(tree.isDirectory(".") && tree.isDirectory("UI/") && tree.isDirectory("UI/Base.lproj", followingLinks: false))
        #expect(!tree.isDirectory("App.swift") && !tree.isDirectory("Missing"))
        #expect(try tree.read("./App.swift") == [0x41])
        #expect(tree.size("UI/View.xib") == 0 && tree.size("UI") == nil && tree.size("Missing") == nil)
        #expect(throws: XMLParseError.self) { try tree.read("UI") }
        do {
            _ = try tree.read("Missing.swift")
            Issue.record("a missing file was read")
        } catch {
            #expect(error.location.file == "Missing.swift")
        }
        #expect(throws: XMLParseError.self) { try tree.read("UI/Base.lproj/Main.storyboard", limit: 4) }
    }
}

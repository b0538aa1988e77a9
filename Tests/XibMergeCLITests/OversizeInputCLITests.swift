import Foundation
import Testing

/// Files over the reader's size limit (256 MiB), as sparse files: `textconv` prints them as they
/// are (issue 18: it printed nothing and exited 2, so `git diff` stopped for every file), and
/// `merge` leaves ours as it was, saying so (too large to merge even by lines in bounded memory).
@Suite struct OversizeInputCLITests {
    static let size = (256 << 20) + 1
    static let head = Array("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<document>".utf8)

    /// A file of `size` bytes that starts with `head`, the rest a hole.
    static func oversizeFile(in dir: String) throws -> String {
        let path = "\(dir)/Huge.storyboard"
        #expect(FileManager.default.createFile(atPath: path, contents: Data(head)))
        let handle = try #require(FileHandle(forWritingAtPath: path))
        try handle.truncate(atOffset: UInt64(size))
        try handle.close()
        return path
    }

    /// Runs xibmerge, counting its standard output instead of keeping it: its status, the byte
    /// count, the first bytes, and standard error.
    static func runCountingOutput(_ arguments: [String]) throws -> (status: Int32, count: Int, head: [UInt8], stderr: String) {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: CLI.binary)
        p.arguments = arguments
        let out = Pipe(), err = Pipe()
        p.standardOutput = out
        p.standardError = err
        try p.run()
        nonisolated(unsafe) var errData = Data()
        let done = DispatchSemaphore(value: 0)
        Thread {
            errData = CLI.readAll(err.fileHandleForReading.fileDescriptor)
            done.signal()
        }.start()
        var count = 0
        var first: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 1 << 20)
        let fd = out.fileHandleForReading.fileDescriptor
        while true {
            let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { break }
            if first.count < 64 { first += buffer[0..<min(n, 64 - first.count)] }
            count += n
        }
        done.wait()
        p.waitUntilExit()
        return (p.terminationStatus, count, first, String(decoding: errData, as: UTF8.self))
    }

    @Test func textconvPrintsAFileOverTheLimitAsItIs() throws {
        let dir = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = try Self.oversizeFile(in: dir)
        let result = try Self.runCountingOutput(["textconv", path])
        #expect(result.status == 0)
        #expect(result.count == Self.size)
        #expect(Array(result.head.prefix(Self.head.count)) == Self.head)
        #expect(result.stderr == "xibmerge textconv: \(path):1:1: error: file is too large (268,435,457 bytes; the limit is 256 MiB); printing the file as it is\n")
    }

    @Test func mergeLeavesOursAsItWasWhenAVersionIsOverTheLimit() throws {
        let dir = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let fixture = CLI.fixtures.appendingPathComponent("merge/storyboard-scenes-and-segues")
        for stem in ["base", "ours"] {
            try FileManager.default.copyItem(atPath: fixture.appendingPathComponent("\(stem).storyboard").path, toPath: "\(dir)/\(stem).storyboard")
        }
        let theirs = try Self.oversizeFile(in: dir)
        let ours = try Data(contentsOf: URL(fileURLWithPath: "\(dir)/ours.storyboard"))
        let result = try CLI.xibmerge(["merge", "\(dir)/base.storyboard", "\(dir)/ours.storyboard", theirs, "UI/Main.storyboard"])
        #expect(result.status == 2)
        #expect(try Data(contentsOf: URL(fileURLWithPath: "\(dir)/ours.storyboard")) == ours)
        #expect(result.stderr == """
            xibmerge: UI/Main.storyboard:1:1: error: their version (\(theirs)): file is too large (268,435,457 bytes; the limit is 256 MiB)
            xibmerge: UI/Main.storyboard not merged, not even by lines; our version is left as it was

            """)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir).sorted() == ["Huge.storyboard", "base.storyboard", "ours.storyboard"])
    }
}

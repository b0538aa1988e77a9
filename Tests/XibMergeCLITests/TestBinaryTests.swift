import Foundation
import Testing

/// Where the tests find the `xibmerge` they run: beside the test bundle, wherever the runner is.
@Suite struct TestBinaryTests {
    /// Xcode's runner is `xctest` in Xcode.app, and the products are in DerivedData: found from
    /// the bundle's code (`….xctest/Contents/MacOS/…`), three folders down from them.
    @Test func foundBesideAnXcodeTestBundle() throws {
        let products = try CLI.temporaryDirectory() + "/DerivedData/xibmerge/Build/Products/Debug"
        let code = products + "/xibmergePackageTests.xctest/Contents/MacOS/xibmergePackageTests"
        try FileManager.default.createDirectory(atPath: (code as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        #expect(CLI.locateBinary(besideImage: code) == nil)
        #expect(FileManager.default.createFile(atPath: products + "/xibmerge", contents: Data("#!/bin/sh\n".utf8), attributes: [.posixPermissions: 0o755]))
        #expect(CLI.locateBinary(besideImage: code) == products + "/xibmerge")
    }

    /// `swift test` on Linux: the bundle is one executable in the products folder.
    @Test func foundBesideThisBundle() {
        #expect(FileManager.default.isExecutableFile(atPath: CLI.binary))
        #expect(CLI.binary.hasSuffix("/xibmerge"))
    }
}

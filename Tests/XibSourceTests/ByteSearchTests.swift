import Testing
@testable import XibSource

/// The byte search `SourceFiles` reads the manifests with, on lines of DuckDuckGo's
/// `DuckDuckGo-macOS.xcodeproj/project.pbxproj` (3533-3536, 10958).
@Suite struct ByteSearchTests {
    static let project = Array("""
    \n/* Begin PBXFileReference section */
    \t\t021EA07F2BD2A9D500772C9A /* TabsPreferences.swift */ = {isa = PBXFileReference; lastKnownFileType = sourcecode.swift; path = TabsPreferences.swift; sourceTree = "<group>"; };
    \t\t021EA0822BD6DF1B00772C9A /* TabsPreferencesTests.swift */ = {isa = PBXFileReference; lastKnownFileType = sourcecode.swift; path = TabsPreferencesTests.swift; sourceTree = "<group>"; };
    \t\t\t\tB6DA44152616C13800DD1EC2 /* XCRemoteSwiftPackageReference "OHHTTPStubs" */,
    """.utf8)

    @Test func linesContaining() {
        let lines = ByteSearch.lines(of: Self.project, containing: "isa = PBXFileReference").map { String(decoding: $0, as: UTF8.self) }
        #expect(lines.count == 2)
        #expect(lines.first?.hasPrefix("\t\t021EA07F2BD2A9D500772C9A /* TabsPreferences.swift */") == true)
        #expect(lines.last?.hasSuffix("sourceTree = \"<group>\"; };") == true)
        // The last line has no line break after it.
        #expect(ByteSearch.lines(of: Self.project, containing: "OHHTTPStubs") == [Array("\t\t\t\tB6DA44152616C13800DD1EC2 /* XCRemoteSwiftPackageReference \"OHHTTPStubs\" */,".utf8)])
        // The file name a reference gives, as SourceFiles reads it.
        let first = Array(lines[0].utf8)
        #expect(ByteSearch.value(after: "path = ", in: first, upTo: UInt8(ascii: ";")) == "TabsPreferences.swift")
        #expect(ByteSearch.value(after: "sourceTree = ", in: first, upTo: UInt8(ascii: ";")) == "<group>")
        #expect(ByteSearch.value(after: "name = ", in: first, upTo: UInt8(ascii: ";")) == nil)
    }

    @Test func containsAndBounds() {
        #expect(ByteSearch.contains(Self.project, "XCRemoteSwiftPackageReference"))
        #expect(!ByteSearch.contains(Self.project, "PBXFileSystemSynchronizedRootGroup"))
        #expect(!ByteSearch.contains(Array("isa = PBX".utf8), "isa = PBXFileReference"))
        #expect(ByteSearch.firstIndex(of: "*/,", in: Self.project) == Self.project.count - 3)
        #expect(!ByteSearch.contains([], "x"))
    }

    @Test func valuesBetween() {
        let plist = Array("<key>UIMainStoryboardFile</key>\n\t<string>Main</string>\n\t<key>NSMainNibFile</key>\n\t<string>MainMenu</string>\n\t<string>cut".utf8)
        #expect(ByteSearch.values(in: plist, between: "<string>", and: "</string>") == ["Main", "MainMenu"])
    }
}

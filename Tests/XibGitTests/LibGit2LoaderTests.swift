import CLibGit2Lazy
import Testing

/// The lazy loader's choice of library (`Sources/CLibGit2Lazy/LazyLoader.c`): only libgit2's
/// soname for the headers xibmerge was built against, never an unversioned `libgit2.so`.
@Suite struct LibGit2LoaderTests {
    @Test func everyCandidateCarriesTheSoname() {
        var names = [UnsafePointer<CChar>?](repeating: nil, count: 4)
        let count = xibgit_libgit2_candidates(&names, 4)
        #expect(count > 0)
        for name in names.prefix(count) {
            let text = String(cString: name!)
            #expect(text.contains("libgit2") && text.contains(LIBGIT2_SOVERSION), "\(text)")
        }
    }

    @Test func onlyTheHeadersSonameMatches() {
        let major = Int32(LIBGIT2_VER_MAJOR), minor = Int32(LIBGIT2_VER_MINOR)
        #expect(xibgit_libgit2_version_matches(major, minor, 0) == 1)
        #expect(xibgit_libgit2_version_matches(major, minor, 99) == 1)
        #expect(xibgit_libgit2_version_matches(major + 1, minor, 0) == 0)
        #expect(xibgit_libgit2_version_matches(major - 1, minor, 0) == 0)
        if LIBGIT2_SOVERSION.contains(".") {
            #expect(xibgit_libgit2_version_matches(major, minor + 1, 0) == 0)
            #expect(xibgit_libgit2_version_matches(major, minor + 10, 0) == 0)
        }
    }
}

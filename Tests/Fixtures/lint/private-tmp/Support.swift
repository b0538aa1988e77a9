import Foundation

// Tests/XibGitTests/Support.swift before issue 36: on macOS the result is /var/folders/...,
// while libgit2 reports /private/var/folders/...
func makeTempDir(_ label: String) -> String {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("xibgit-\(label)-\(UUID().uuidString)")
    try! FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    // Resolve symlinks (/tmp on macOS) so paths compare equal to what libgit2 reports.
    return url.resolvingSymlinksInPath().path
}

func standardized(_ path: String) -> String {
    (path as NSString).standardizingPath
}

// What replaced it: realpath(3), which keeps /private.
func realPath(_ path: String) -> String {
    guard let real = realpath(path, nil) else { return path }
    defer { free(real) }
    return String(cString: real)
}

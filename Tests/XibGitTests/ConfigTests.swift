import Foundation
import Testing
import XibGit

@Test func repositoryConfigRoundTrip() throws {
    let t = try TestRepo()
    let repo = try t.open()
    let config = try repo.config()
    #expect(try config.string("user.name") == "Test User")
    #expect(try config.string("xibmerge.driver") == nil)

    try config.set("xibmerge.driver", "xibmerge merge %O %A %B \"%P\"")
    #expect(try config.string("xibmerge.driver") == "xibmerge merge %O %A %B \"%P\"")
    #expect(try t.git("config", "--local", "--get", "xibmerge.driver") == "xibmerge merge %O %A %B \"%P\"")

    try t.git("config", "merge.xib.name", "Über merge")
    try t.git("config", "xibmerge.enabled", "yes")
    let fresh = try repo.config()
    #expect(try fresh.string("merge.xib.name") == "Über merge")
    #expect(try fresh.bool("xibmerge.enabled") == true)
    #expect(try fresh.bool("xibmerge.missing") == nil)
    #expect(throws: GitError.self) { try fresh.bool("merge.xib.name") }

    try config.remove("xibmerge.driver")
    #expect(try config.string("xibmerge.driver") == nil)
    #expect(try t.git("config", "--get", "xibmerge.driver", allowFailure: true).isEmpty)
    try config.remove("xibmerge.driver")   // absent: no error

    let local = try repo.config(level: .local)
    #expect(try local.string("user.email") == "test@example.com")
    try local.set("xibmerge.level", "local")
    #expect(try t.git("config", "--local", "--get", "xibmerge.level") == "local")
}

/// The only test that writes libgit2's (fake, process-wide) global configuration.
@Test func globalConfigFollowsSearchPath() throws {
    let home = libgit2Home
    let key = "xibmerge-test.driver"
    #expect(try Config.searchPath(for: .global) == home)
    #expect(Config.path(for: .global) == nil)
    #expect(Config.path(for: .local) == nil)

    // No ~/.gitconfig yet: writing creates it, as `git config --global` would.
    try Config.global().set(key, "xibmerge %O %A %B")
    #expect(FileManager.default.fileExists(atPath: home + "/.gitconfig"))
    #expect(Config.path(for: .global) == home + "/.gitconfig")
    let workDir = makeTempDir("global-cwd")
    defer { try? FileManager.default.removeItem(atPath: workDir) }
    #expect(try runGit(["config", "--global", "--get", key], in: workDir, home: home).output == "xibmerge %O %A %B")

    // Values written by git are read back, and repositories see the global level.
    try runGit(["config", "--global", "xibmerge-test.other", "from git"], in: workDir, home: home)
    #expect(try Config.global().string("xibmerge-test.other") == "from git")
    let t = try TestRepo()
    #expect(try t.open().config().string(key) == "xibmerge %O %A %B")

    try Config.global().remove(key)
    try Config.global().remove(key)   // absent: no error
    #expect(try Config.global().string(key) == nil)
    #expect(try runGit(["config", "--global", "--get", key], in: workDir, home: home, allowFailure: true).status == 1)

    // Only an XDG file: git writes there, and so do we.
    try FileManager.default.removeItem(atPath: home + "/.gitconfig")
    try FileManager.default.createDirectory(atPath: home + "/.config/git", withIntermediateDirectories: true)
    try Data("[xibmerge-test]\n\txdg = yes\n".utf8).write(to: URL(fileURLWithPath: home + "/.config/git/config"))
    #expect(Config.path(for: .xdg) == home + "/.config/git/config")
    let xdg = try Config.global()
    #expect(try xdg.bool("xibmerge-test.xdg") == true)
    try xdg.set(key, "in xdg")
    #expect(!FileManager.default.fileExists(atPath: home + "/.gitconfig"))
    #expect(try runGit(["config", "--global", "--get", key], in: workDir, home: home).output == "in xdg")
    try FileManager.default.removeItem(atPath: home + "/.config")
}

@Test func standaloneConfigFile() throws {
    let dir = makeTempDir("config-file")
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let config = try Config(path: dir + "/custom.config")
    try config.set("a.b", "c")
    #expect(try Config(path: dir + "/custom.config").string("a.b") == "c")
    #expect(try runGit(["config", "--file", dir + "/custom.config", "--get", "a.b"], in: dir).output == "c")
}

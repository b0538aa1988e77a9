import Testing
@testable import XibGit
import CLibGit2

/// What changed in libgit2 between Debian's 1.5 and Homebrew's 1.9, which a Mac links: the
/// config levels' numbers and what `git_error_last` says when no error is set.
@Suite struct LibGit2VersionTests {
    /// 1.8 put `GIT_CONFIG_LEVEL_WORKTREE` (6) before `GIT_CONFIG_LEVEL_APP` (now 7): levels are
    /// named, never numbered by hand.
    @Test func configLevelsAreLibgit2sByName() {
        let levels: [(Config.Level, git_config_level_t)] = [
            (.programData, GIT_CONFIG_LEVEL_PROGRAMDATA), (.system, GIT_CONFIG_LEVEL_SYSTEM),
            (.xdg, GIT_CONFIG_LEVEL_XDG), (.global, GIT_CONFIG_LEVEL_GLOBAL), (.local, GIT_CONFIG_LEVEL_LOCAL),
        ]
        for (level, constant) in levels { #expect(level.libgit2 == constant, "\(level)") }
    }

    /// From 1.8, `git_error_last` never returns NULL: with no error set it returns a static one of
    /// class `GIT_ERROR_NONE` saying "no error", which is no explanation of a failure. Set here as
    /// 1.9 would have it.
    @Test func noErrorIsNoMessage() {
        ensureLibGit2()
        git_error_set_str(Int32(GIT_ERROR_NONE.rawValue), "no error")
        let error = GitError(libgit2Code: -1, operation: "cannot resolve revision 'x'")
        #expect(error.description == "cannot resolve revision 'x'")
        git_error_set_str(Int32(GIT_ERROR_REFERENCE.rawValue), "revspec 'x' not found")
        #expect(GitError(libgit2Code: -3, operation: "cannot resolve revision 'x'").description
            == "cannot resolve revision 'x': revspec 'x' not found")
        git_error_clear()
    }
}

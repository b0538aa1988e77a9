internal import CLibGit2
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A git configuration (one file, or the layered view of several). Reads see the highest-priority value;
/// writes go to the highest-priority file, as with `git config`.
public final class Config: @unchecked Sendable {
    /// Configuration file levels, lowest priority first.
    public enum Level: Sendable {
        case programData, system, xdg, global, local

        /// libgit2's number for the level, by name: the numbers are not stable (1.8 put
        /// `GIT_CONFIG_LEVEL_WORKTREE` before `GIT_CONFIG_LEVEL_APP`).
        var libgit2: git_config_level_t {
            switch self {
            case .programData: GIT_CONFIG_LEVEL_PROGRAMDATA
            case .system: GIT_CONFIG_LEVEL_SYSTEM
            case .xdg: GIT_CONFIG_LEVEL_XDG
            case .global: GIT_CONFIG_LEVEL_GLOBAL
            case .local: GIT_CONFIG_LEVEL_LOCAL
            }
        }
    }

    let handle: OpaquePointer
    /// Repository configs share the repository's lock; standalone ones have their own.
    private let lock: RecursiveLock

    init(handle: OpaquePointer, lock: RecursiveLock = RecursiveLock()) {
        self.handle = handle
        self.lock = lock
    }

    deinit { sync { git_config_free(handle) } }

    private func sync<T>(_ body: () throws -> T) rethrows -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body()
    }

    /// Opens a single configuration file; it is created on the first write if missing.
    public convenience init(path: String) throws {
        ensureLibGit2()
        var config: OpaquePointer?
        try check(git_config_open_ondisk(&config, path), "cannot open config file '\(path)'")
        self.init(handle: config!)
    }

    /// The user's configuration as `git config --global` sees it: `~/.gitconfig` plus the XDG file
    /// (`$XDG_CONFIG_HOME/git/config`). Writes go to `~/.gitconfig`, created if needed, unless only the
    /// XDG file exists. The locations follow libgit2's search paths (from $HOME / $XDG_CONFIG_HOME
    /// at first use, or `setSearchPath`).
    public static func global() throws -> Config {
        ensureLibGit2()
        let operation = "cannot open the global git configuration"
        let globalFile = path(for: .global), xdgFile = path(for: .xdg)
        var config: OpaquePointer?
        if globalFile == nil && xdgFile == nil {
            // Only libgit2 knows where ~/.gitconfig would go: take the global level of the default config.
            var all: OpaquePointer?
            try check(git_config_open_default(&all), operation)
            defer { git_config_free(all) }
            try check(git_config_open_level(&config, all, GIT_CONFIG_LEVEL_GLOBAL), operation)
            return Config(handle: config!)
        }
        try check(git_config_new(&config), operation)
        let result = Config(handle: config!)
        for (file, level) in [(xdgFile, GIT_CONFIG_LEVEL_XDG), (globalFile, GIT_CONFIG_LEVEL_GLOBAL)] {
            if let file { try check(git_config_add_file_ondisk(config, file, level, nil, 0), "cannot open '\(file)'") }
        }
        return result
    }

    /// The configuration `git config` reads where git runs this process, read by libgit2: the
    /// repository's (the one `GIT_DIR` names, else the one at or above the working folder) over
    /// the global and system files, or those alone outside a repository. nil where git's
    /// environment says more than its files (`git -c` and `--config-env` settings, or other
    /// files than the usual ones), which libgit2 does not read, and where libgit2 finds a
    /// repository it will not open or read (another user's, say): ask git there.
    public static func asGitSees() throws -> Config? {
        let overrides = ["GIT_CONFIG_PARAMETERS", "GIT_CONFIG_COUNT", "GIT_CONFIG_GLOBAL", "GIT_CONFIG_SYSTEM", "GIT_CONFIG_NOSYSTEM"]
        guard !overrides.contains(where: { getenv($0) != nil }) else { return nil }
        do {
            return try Repository.ofGitEnvironment().config()
        } catch let error as GitError where error.code == .notFound {
            var config: OpaquePointer?
            try check(git_config_open_default(&config), "cannot read the git configuration")
            return Config(handle: config!)
        } catch {
            return nil
        }
    }

    /// The file `global()` (and `git config --global`) writes to: `~/.gitconfig`, unless only the XDG file
    /// exists; the file may not exist yet.
    public static func globalFilePath() throws -> String {
        if let file = path(for: .global) { return file }
        if let file = path(for: .xdg) { return file }
        let home = try searchPath(for: .global).split(separator: ":").first.map(String.init) ?? ""
        guard !home.isEmpty else {
            throw GitError(code: .notFound, operation: "cannot locate the global git configuration",
                           message: "no home folder is known ($HOME is unset)")
        }
        return home.withoutTrailingSlash + "/.gitconfig"
    }

    /// The existing configuration file at a system-wide or per-user level, or nil
    /// (for `.local` use `Repository.gitDir + "/config"`).
    public static func path(for level: Level) -> String? {
        ensureLibGit2()
        let find: ((UnsafeMutablePointer<git_buf>?) -> Int32)? = switch level {
        case .programData: git_config_find_programdata
        case .system: git_config_find_system
        case .xdg: git_config_find_xdg
        case .global: git_config_find_global
        case .local: nil
        }
        guard let find else { return nil }
        var rc: Int32 = 0
        let path = withGitBuf { rc = find(&$0) }
        return rc == 0 && !path.isEmpty ? path : nil
    }

    /// The folders libgit2 searches for a level's file (colon-separated); see `setSearchPath`.
    public static func searchPath(for level: Level) throws -> String {
        ensureLibGit2()
        return try withGitBuf { buf in
            try check(xibgit_opts_get_search_path(level.libgit2.rawValue, &buf), "cannot read the config search path")
        }
    }

    /// Changes where libgit2 looks for the `.system`, `.xdg`, `.global` or `.programData` file, process-wide
    /// (e.g. a temporary HOME in tests); nil restores the default from the environment. libgit2 otherwise
    /// reads $HOME only once, so changing the environment later has no effect.
    public static func setSearchPath(_ path: String?, for level: Level) throws {
        ensureLibGit2()
        try check(xibgit_opts_set_search_path(level.libgit2.rawValue, path), "cannot set the config search path")
    }

    /// The value of `key` (e.g. "merge.xib.driver"), or nil when unset.
    public func string(_ key: String) throws -> String? {
        try sync {
            var rc: Int32 = 0
            let value = withGitBuf { rc = git_config_get_string_buf(&$0, handle, key) }
            if rc == GIT_ENOTFOUND.rawValue { return nil }
            try check(rc, "cannot read config '\(key)'")
            return value
        }
    }

    /// The boolean value of `key` (git's true/yes/on/1 spellings), or nil when unset.
    public func bool(_ key: String) throws -> Bool? {
        try sync {
            var value: Int32 = 0
            let rc = git_config_get_bool(&value, handle, key)
            if rc == GIT_ENOTFOUND.rawValue { return nil }
            try check(rc, "cannot read config '\(key)' as a boolean")
            return value != 0
        }
    }

    /// Sets `key` in the highest-priority file (the repository's own for a repository config).
    public func set(_ key: String, _ value: String) throws {
        try sync { try check(git_config_set_string(handle, key, value), "cannot set config '\(key)'") }
    }

    /// Removes `key` from the highest-priority file; removing an absent key is not an error.
    public func remove(_ key: String) throws {
        try sync {
            let rc = git_config_delete_entry(handle, key)
            if rc != GIT_ENOTFOUND.rawValue { try check(rc, "cannot remove config '\(key)'") }
        }
    }
}

extension Repository {
    /// The repository's configuration layered over the global and system ones (what `git config` reads);
    /// writes go to the repository's `config` file. Pass a level to see and change only that file.
    public func config(level: Config.Level? = nil) throws -> Config {
        try sync {
            var config: OpaquePointer?
            try check(git_repository_config(&config, handle), "cannot open the repository configuration")
            guard let level else { return Config(handle: config!, lock: lock) }
            defer { git_config_free(config) }
            var single: OpaquePointer?
            try check(git_config_open_level(&single, config, level.libgit2),
                      "cannot open the \(level) configuration")
            return Config(handle: single!, lock: lock)
        }
    }
}

import XibGit
import XibKit
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

enum InstallCommand {
    static func spec() -> CommandSpec {
        CommandSpec(
            name: "install",
            abstract: "Set git up to merge and diff .xib and .storyboard files with xibmerge.",
            discussion: """
            Writes merge.xibmerge.{name,driver}, diff.xibmerge.{textconv,xfuncname,cachetextconv} and \
            mergetool.xibmerge.{cmd,trustExitCode} (for `git mergetool --tool xibmerge`) to the repository's \
            config (--global: the user's ~/.gitconfig) and `*.xib merge=xibmerge diff=xibmerge`, \
            `*.storyboard merge=xibmerge diff=xibmerge` to the work tree's .gitattributes (--global: \
            core.attributesFile, or $XDG_CONFIG_HOME/git/attributes, or ~/.config/git/attributes; a bare \
            repository: info/attributes). The commands name this binary by its absolute path. Running it \
            again changes nothing; --uninstall removes exactly what it added, leaving both files as they were. \
            Exit codes: 0 done, 2 errors (not a repository, a file that cannot be written).
            """,
            arguments: [
                .flag(.global, help: "Set up the user's global git configuration and attributes instead of this repository's."),
                .flag(.uninstall, help: "Remove what install added."),
                .flag(.tidy, help: "Also add a git pre-commit hook running `xibmerge tidy --staged` (a repository's only)."),
            ]
        ) { parsed in
            InstallRun(global: parsed.flag(.global), uninstall: parsed.flag(.uninstall), tidy: parsed.flag(.tidy))
        }
    }
}

/// `install` itself, on plain values.
struct InstallRun: CommandRun {
    var global = false
    var uninstall = false
    var tidy = false

    static let driverName = "xibmerge"
    static let attributeLines = ["*.xib merge=xibmerge diff=xibmerge", "*.storyboard merge=xibmerge diff=xibmerge"]
    static let sections = ["[merge \"xibmerge\"]", "[diff \"xibmerge\"]", "[mergetool \"xibmerge\"]"]

    /// The settings, in the order they are written.
    static func settings(binary: String) -> [(key: String, value: String)] {
        let exe = GitCLI.shellQuoted(binary)
        return [
            ("merge.xibmerge.name", "xibmerge: structural merge of Interface Builder files"),
            // %L: the marker size of the `conflict-marker-size` attribute.
            ("merge.xibmerge.driver", "\(exe) merge %O %A %B %P %L"),
            ("diff.xibmerge.textconv", "\(exe) textconv"),
            // Object lines of the textconv outline start in column 1; attribute lines are indented.
            ("diff.xibmerge.xfuncname", "^[^ ].*$"),
            // git keeps each blob's outline (in refs/notes/textconv/xibmerge), so `git log -p`
            // starts the driver once per blob, not once per blob and commit and run.
            ("diff.xibmerge.cachetextconv", "true"),
            // `git mergetool` runs this with the shell variables set to the three versions' files
            // and the work-tree file; the exit code says whether the file is resolved.
            ("mergetool.xibmerge.cmd", "\(exe) resolve --interactive --base \"$BASE\" --ours \"$LOCAL\" --theirs \"$REMOTE\" \"$MERGED\""),
            ("mergetool.xibmerge.trustExitCode", "true"),
        ]
    }

    func run() throws {
        try GitCLI.guarded {
            let (configPath, attributesPath, deletable) = try locations()
            var changes: [String] = []
            if tidy {
                guard !global else { throw GitCLI.UsageError("--tidy installs a repository's pre-commit hook; it does not go with --global") }
                changes += try uninstall ? removeTidyHook() : addTidyHook()
            }
            if uninstall {
                changes += try unsetConfig(configPath, deletable: deletable)
                changes += try removeAttributes(attributesPath)
            } else {
                changes += try setConfig(configPath)
                changes += try addAttributes(attributesPath)
            }
            let scope = global ? "globally" : "in this repository"
            if changes.isEmpty {
                Console.out("xibmerge: \(uninstall ? "not installed" : "already installed") \(scope); nothing changed\n")
            } else {
                Console.out("xibmerge: \(uninstall ? "uninstalled" : "installed") \(scope):\n" + changes.map { "  \($0)\n" }.joined())
            }
        }
    }

    /// The config file and attributes file to change; the config file may be deleted when emptied
    /// only at the global level (a repository's own config is never deleted).
    private func locations() throws -> (config: String, attributes: String, deletable: Bool) {
        if global {
            let home = getenv("HOME").map { String(cString: $0) } ?? ""
            var attributes = try Config.global().string("core.attributesfile")
            if let a = attributes, a.hasPrefix("~/") { attributes = home + a.dropFirst(1) }
            if attributes == nil || attributes!.isEmpty {
                let xdg = getenv("XDG_CONFIG_HOME").map { String(cString: $0) } ?? ""
                attributes = (xdg.isEmpty ? home + "/.config" : xdg) + "/git/attributes"
            }
            return (try Config.globalFilePath(), attributes!, true)
        }
        let repository = try GitCLI.openRepository()
        let attributes = repository.workdir.map { $0 + "/.gitattributes" } ?? repository.commonDir + "/info/attributes"
        return (repository.commonDir + "/config", attributes, false)
    }

    private func setConfig(_ path: String) throws -> [String] {
        let before = try GitCLI.readWorkTreeFile(path)
        let config = try Config(path: path)
        var changes: [String] = []
        for (key, value) in Self.settings(binary: GitCLI.executablePath()) where try config.string(key) != value {
            try config.set(key, value)
            changes.append("\(path): set \(key) = \(value)")
        }
        // Keep a file that did not end with a newline that way (libgit2 terminates what it writes).
        if !changes.isEmpty, let before, SetupText.endsWithoutNewline(before), let after = try GitCLI.readWorkTreeFile(path) {
            try write(SetupText.droppingFinalNewline(after), to: path)
        }
        return changes
    }

    private func unsetConfig(_ path: String, deletable: Bool) throws -> [String] {
        guard let before = try GitCLI.readWorkTreeFile(path) else { return [] }
        let config = try Config(path: path)
        var changes: [String] = []
        for (key, _) in Self.settings(binary: "") where try config.string(key) != nil {
            try config.remove(key)
            changes.append("\(path): removed \(key)")
        }
        guard !changes.isEmpty, let after = try GitCLI.readWorkTreeFile(path) else { return changes }
        var cleaned = SetupText.removingEmptySections(Self.sections, from: after)
        if SetupText.endsWithoutNewline(before) { cleaned = SetupText.droppingFinalNewline(cleaned ?? []) }
        if let cleaned = cleaned ?? (deletable ? nil : []) {
            if cleaned != after { try write(cleaned, to: path) }
        } else {
            try delete(path)
            changes.append("\(path): deleted (it is empty)")
        }
        return changes
    }

    private func addAttributes(_ path: String) throws -> [String] {
        let before = try GitCLI.readWorkTreeFile(path)
        let (bytes, added) = SetupText.adding(Self.attributeLines, to: before)
        guard !added.isEmpty else { return [] }
        if before == nil { try makeParentFolders(of: path) }
        try write(bytes, to: path)
        return added.map { "\(path): \(before == nil ? "created with" : "added") \($0)" }
    }

    private func removeAttributes(_ path: String) throws -> [String] {
        guard let before = try GitCLI.readWorkTreeFile(path) else { return [] }
        let (bytes, removed) = SetupText.removing(Self.attributeLines, from: before)
        guard !removed.isEmpty else { return [] }
        var changes = removed.map { "\(path): removed \($0)" }
        if let bytes { try write(bytes, to: path) } else {
            try delete(path)
            changes.append("\(path): deleted (it is empty)")
            if global { removeEmptyFolders(above: path) }
        }
        return changes
    }

    /// The folders install may have created for the global attributes file (`~/.config/git`), if
    /// nothing else is in them; never $HOME itself or anything above it.
    private func removeEmptyFolders(above path: String) {
        let home = GitCLI.normalized(getenv("HOME").map { String(cString: $0) } ?? "/")
        var folder = GitCLI.normalized(path)
        while let slash = folder.lastIndex(of: "/") {
            folder = String(folder[..<slash])
            guard folder.hasPrefix(home + "/"), rmdir(folder) == 0 else { return }
        }
    }

    func write(_ bytes: [UInt8], to path: String) throws {
        do { try AtomicWrite.write(bytes, to: path) } catch { throw GitCLI.UsageError(error.description) }
    }

    func delete(_ path: String) throws {
        if unlink(path) != 0 { throw GitCLI.UsageError("\(path): error: cannot delete: \(String(cString: strerror(errno)))") }
    }

    func makeParentFolders(of path: String) throws {
        var prefix = ""
        for part in path.split(separator: "/").dropLast() {
            prefix += "/" + part
            if mkdir(prefix, 0o755) != 0 && errno != EEXIST {
                throw GitCLI.UsageError("\(prefix): error: cannot create folder: \(String(cString: strerror(errno)))")
            }
        }
    }
}

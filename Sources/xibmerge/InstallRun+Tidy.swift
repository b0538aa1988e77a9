import XibGit
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `install --tidy`: a git pre-commit hook running `tidy --staged`, for teams without the
/// pre-commit framework (which has the `xibmerge-tidy` hook instead).
extension InstallRun {
    static let tidyHookMarker = "# Added by `xibmerge install --tidy`; `xibmerge install --tidy --uninstall` removes it."

    static func tidyHook(binary: String) -> String {
        "#!/bin/sh\n\(tidyHookMarker)\n# Xcode's no-op rewrites of .xib and .storyboard files never reach a commit.\n"
            + "exec \(GitCLI.shellQuoted(binary)) tidy --staged\n"
    }

    /// The pre-commit hook's path: in `core.hooksPath` when set, else the repository's hooks folder.
    private func tidyHookPath() throws -> String {
        let repository = try GitCLI.openRepository()
        if let folder = try repository.config().string("core.hooksPath"), !folder.isEmpty {
            let absolute = folder.hasPrefix("/") ? folder : (repository.workdir ?? repository.commonDir) + "/" + folder
            return absolute + "/pre-commit"
        }
        return repository.commonDir + "/hooks/pre-commit"
    }

    func addTidyHook() throws -> [String] {
        let path = try tidyHookPath()
        let hook = Array(Self.tidyHook(binary: GitCLI.executablePath()).utf8)
        let before = try GitCLI.readWorkTreeFile(path)
        if before == hook { return [] }
        if let before, !String(decoding: before, as: UTF8.self).contains(Self.tidyHookMarker) {
            throw GitCLI.UsageError("\(path): a pre-commit hook is already there; add `xibmerge tidy --staged` to it")
        }
        if before == nil { try makeParentFolders(of: path) }
        try write(hook, to: path)
        guard chmod(path, 0o755) == 0 else { throw GitCLI.UsageError("\(path): error: cannot make it executable") }
        return ["\(path): \(before == nil ? "created" : "updated") the pre-commit hook running xibmerge tidy --staged"]
    }

    func removeTidyHook() throws -> [String] {
        let path = try tidyHookPath()
        guard let before = try GitCLI.readWorkTreeFile(path), String(decoding: before, as: UTF8.self).contains(Self.tidyHookMarker) else { return [] }
        try delete(path)
        return ["\(path): removed the pre-commit hook running xibmerge tidy --staged"]
    }
}

import XibKit
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The answers a person gave to one file's conflicts, kept in the git directory
/// (`xibmerge/resolve/PATH`) until the file is resolved, so that quitting keeps them and the
/// next run (`resolve`, `resolve --interactive`, `git mergetool`) starts from them. They belong
/// to one merge: the file names the three versions (sizes and hashes), and answers for other
/// versions are ignored.
///
///     xibmerge resolve answers 1
///     path UI/Main.storyboard
///     versions 17057:9a1c… 15164:03fe… 9963:77d0…
///     theirs	delete #0jt-Ye-2DW
///     base	attribute #Yjj-ua-rbe constant
struct ResolveAnswers {
    let file: String?
    let path: String
    let versions: String
    private(set) var choices: [String: ConflictChoice] = [:]
    /// In the order given.
    private var order: [String] = []

    /// The answers stored for `path` in `gitDir` (none if `gitDir` is nil: nothing is kept).
    init(gitDir: String?, path: String, base: [UInt8]?, ours: [UInt8], theirs: [UInt8]) {
        self.path = path
        versions = [base ?? [], ours, theirs].map { "\($0.count):\(ResolveAnswers.hash($0))" }.joined(separator: " ")
        file = gitDir.map { $0 + "/xibmerge/resolve/" + ResolveAnswers.escape(path, keepingSlash: false) }
        guard let file, let bytes = try? FileIO.read(file) else { return }
        let lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        guard lines.count >= 3, lines[0] == "xibmerge resolve answers 1", lines[1] == "path " + path,
              lines[2] == "versions " + versions else { return }
        for line in lines.dropFirst(3) {
            guard let tab = line.firstIndex(of: "\t"), let choice = ConflictChoice(rawValue: String(line[..<tab])) else { continue }
            set(ResolveAnswers.unescape(String(line[line.index(after: tab)...])), choice)
        }
    }

    var isEmpty: Bool { choices.isEmpty }

    mutating func set(_ key: String, _ choice: ConflictChoice) {
        if choices.updateValue(choice, forKey: key) == nil { order.append(key) }
    }

    /// Writes the answers (atomically), or removes the file when there are none.
    func save() throws {
        guard let file else { return }
        if choices.isEmpty { return discard() }
        var text = "xibmerge resolve answers 1\npath \(path)\nversions \(versions)\n"
        for key in order { text += "\(choices[key]!.rawValue)\t\(ResolveAnswers.escape(key, keepingSlash: true))\n" }
        var folder = ""
        for part in file.split(separator: "/").dropLast() {
            folder += "/" + part
            if mkdir(folder, 0o755) != 0 && errno != EEXIST { break }
        }
        do { try AtomicWrite.write(Array(text.utf8), to: file) } catch { throw GitCLI.UsageError(error.description) }
    }

    /// The file is resolved: its answers are no longer needed.
    func discard() {
        guard let file else { return }
        unlink(file)
        // The folders, if nothing else is in them.
        var folder = file
        for _ in 0..<2 {
            folder = String(folder[..<(folder.lastIndex(of: "/") ?? folder.startIndex)])
            if rmdir(folder) != 0 { break }
        }
    }

    /// FNV-1a, 64 bits: enough to tell this merge's versions from another's.
    private static func hash(_ bytes: [UInt8]) -> String {
        var h: UInt64 = 0xCBF2_9CE4_8422_2325
        for b in bytes { h = (h ^ UInt64(b)) &* 0x0000_0100_0000_01B3 }
        return String(h, radix: 16)
    }

    /// `%`, tab and line breaks (and `/`, in a file name) as `%XX`.
    private static func escape(_ s: String, keepingSlash: Bool) -> String {
        var out = ""
        for u in s.unicodeScalars {
            if u == "%" || u == "\t" || u == "\n" || u == "\r" || (!keepingSlash && u == "/") {
                out += "%" + (u.value < 16 ? "0" : "") + String(u.value, radix: 16, uppercase: true)
            } else {
                out.unicodeScalars.append(u)
            }
        }
        return out
    }

    private static func unescape(_ s: String) -> String {
        var out: [UInt8] = []
        let bytes = Array(s.utf8)
        var i = 0
        while i < bytes.count {
            if bytes[i] == 0x25, i + 2 < bytes.count, let v = UInt8(String(decoding: bytes[i + 1...i + 2], as: UTF8.self), radix: 16) {
                out.append(v)
                i += 3
            } else {
                out.append(bytes[i])
                i += 1
            }
        }
        return String(decoding: out, as: UTF8.self)
    }
}

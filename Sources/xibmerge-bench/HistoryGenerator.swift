import Foundation

/// A git repository whose history is many versions of one real Interface Builder file, for the
/// history benchmarks (`xibmerge log`, `git log -p` with the textconv driver). The corpus holds
/// single versions of files, not their histories, so each commit makes the small edits a person
/// makes in Interface Builder on the one before: a title or text changed, a constraint's
/// constant, a frame nudged, a colour, and now and then an Xcode upgrade's noise
/// (`toolsVersion`). The edits are chosen by a fixed seed, so every run builds the same history.
struct GeneratedHistory {
    /// The repository's work tree.
    let repository: String
    /// The file's path in it.
    let path: String
    /// The corpus file its first version is.
    let source: String
    let commits: Int

    /// Builds the history in a new repository at `directory` (created), with `source`'s bytes as
    /// the first version at `path`, then `commits - 1` edited versions, through `git fast-import`.
    static func make(from source: String, commits: Int, in directory: String, path: String) throws -> GeneratedHistory {
        guard let git = Bench.which("git") else { throw BenchError("git not found") }
        guard let data = FileManager.default.contents(atPath: source) else { throw BenchError("cannot read \(source)") }
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        guard Bench.run(git, ["-C", directory, "init", "-q", "-b", "main"]) == 0 else { throw BenchError("git init failed") }
        // git's textconv cache is a notes commit, which needs an identity.
        Bench.run(git, ["-C", directory, "config", "user.name", "Ada Lovelace"])
        Bench.run(git, ["-C", directory, "config", "user.email", "ada@example.com"])
        var text = String(decoding: data, as: UTF8.self)
        var rng = SeededRandom(seed: 0x7869_626d_6572_6765)
        var stream = ""
        for i in 0..<commits {
            var message = "Add \(path)"
            if i > 0 {
                var edits: [String] = []
                if i % 25 == 0 { edits.append(Edits.upgradeTools(&text, step: i / 25)) }
                for _ in 0..<(1 + Int(rng.next() % 3)) { edits.append(Edits.random(&text, &rng)) }
                message = edits.joined(separator: "; ")
            }
            let time = 1_700_000_000 + i * 3600
            let content = Array(text.utf8)
            stream += "commit refs/heads/main\nmark :\(i + 1)\n"
            stream += "author Ada Lovelace <ada@example.com> \(time) +0000\ncommitter Ada Lovelace <ada@example.com> \(time) +0000\n"
            stream += "data \(message.utf8.count)\n\(message)\n"
            if i > 0 { stream += "from :\(i)\n" }
            stream += "M 100644 inline \(path)\ndata \(content.count)\n\(text)\n\n"
        }
        let input = directory + "/.git/fast-import-stream"
        try Data(stream.utf8).write(to: URL(fileURLWithPath: input))
        defer { try? FileManager.default.removeItem(atPath: input) }
        guard Bench.run("/bin/sh", ["-c", "cd \"$1\" && git fast-import --quiet < \"$2\" && git checkout -q main", "sh", directory, input]) == 0 else {
            throw BenchError("git fast-import failed in \(directory)")
        }
        return GeneratedHistory(repository: directory, path: path, source: source, commits: commits)
    }

    /// The corpus storyboard whose size is closest to `bytes` (a document-format one Xcode wrote).
    static func storyboard(nearest bytes: Int, corpus: String) -> String? {
        let dir = corpus + "/files"
        let names = (try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? []
        return names.filter { $0.hasSuffix(".storyboard") }.map { dir + "/" + $0 }
            .compactMap { path -> (String, Int)? in
                guard let data = FileManager.default.contents(atPath: path),
                      String(decoding: data.prefix(400), as: UTF8.self).contains("<document ") else { return nil }
                return (path, data.count)
            }
            .min { abs($0.1 - bytes) < abs($1.1 - bytes) }?.0
    }
}

/// The edits of one commit, on the file's text; each returns what it did, for the commit message.
private enum Edits {
    static func random(_ text: inout String, _ rng: inout SeededRandom) -> String {
        switch rng.next() % 10 {
        case 0...2: return retitle(&text, &rng)
        case 3...5: return number(&text, &rng, attribute: "constant", label: "constraint constant")
        case 6...7: return number(&text, &rng, attribute: "width", label: "width")
        case 8: return number(&text, &rng, attribute: "x", label: "x")
        default: return number(&text, &rng, attribute: "alpha", label: "colour alpha", fraction: true)
        }
    }

    /// A new title or text on a label, button or menu item.
    static func retitle(_ text: inout String, _ rng: inout SeededRandom) -> String {
        let names = ["title", "text", "placeholder"]
        let name = names.first { text.contains(" \($0)=\"") } ?? "title"
        guard let range = valueRange(of: name, in: text, &rng) else { return number(&text, &rng, attribute: "width", label: "width") }
        let words = ["Settings", "Done", "Cancel", "Next", "Brightness", "Contrast", "Volume", "Open", "Close", "Sync"]
        let value = words[Int(rng.next() % UInt64(words.count))] + " \(rng.next() % 100)"
        text.replaceSubrange(range, with: value)
        return "\(name) → \(value)"
    }

    /// A numeric attribute changed by a small step (kept positive; `fraction`: within 0...1).
    static func number(_ text: inout String, _ rng: inout SeededRandom, attribute: String, label: String, fraction: Bool = false) -> String {
        guard let range = valueRange(of: attribute, in: text, &rng), let old = Double(text[range]) else { return "no \(attribute) to edit" }
        let step = Double(Int(rng.next() % 9) - 4)
        let value = fraction ? min(1, max(0, (old * 100 + step * 5).rounded() / 100)) : max(0, old + (step == 0 ? 1 : step))
        let written = value == value.rounded() ? String(Int(value)) : String(value)
        text.replaceSubrange(range, with: written)
        return "\(label) → \(written)"
    }

    /// A new Xcode's save: `toolsVersion` and the plug-in versions that go with it.
    static func upgradeTools(_ text: inout String, step: Int) -> String {
        guard let range = text.range(of: #"toolsVersion="[^"]*""#, options: .regularExpression) else { return "noise" }
        let old = String(text[range].dropFirst("toolsVersion=\"".count).dropLast())
        let new = String((Int(old.prefix { $0.isNumber }) ?? 20000) + 1)
        text = text.replacingOccurrences(of: "version=\"\(old)\"", with: "version=\"\(new)\"")
            .replacingOccurrences(of: "toolsVersion=\"\(old)\"", with: "toolsVersion=\"\(new)\"")
        return "Xcode update \(step) (toolsVersion \(new))"
    }

    /// The value of one occurrence of ` name="…"`, chosen at random.
    static func valueRange(of name: String, in text: String, _ rng: inout SeededRandom) -> Range<String.Index>? {
        let needle = " \(name)=\""
        var starts: [String.Index] = []
        var from = text.startIndex
        while let r = text.range(of: needle, range: from..<text.endIndex) {
            starts.append(r.upperBound)
            from = r.upperBound
        }
        guard !starts.isEmpty else { return nil }
        let start = starts[Int(rng.next() % UInt64(starts.count))]
        guard let end = text[start...].firstIndex(of: "\"") else { return nil }
        return start..<end
    }
}

/// A small deterministic generator (Knuth's MMIX linear congruential one, high bits), so the
/// history is the same on every run.
struct SeededRandom {
    private var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return state >> 16
    }
}

struct BenchError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

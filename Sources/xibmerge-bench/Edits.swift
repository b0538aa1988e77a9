import Foundation

/// Small edits of the kind a person makes in Interface Builder, applied to an Xcode-written
/// file's lines: a label's text or a button's title reworded, a constraint's constant or a
/// frame nudged, a constraint added (a copy of one beside it, with a fresh id). Seeded, so
/// that every run of the benchmarks edits alike.
struct Edits {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    /// SplitMix64.
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    mutating func below(_ n: Int) -> Int { Int(next() % UInt64(max(n, 1))) }

    /// Attributes whose values a person changes, none of them an identity or a reference.
    static let editable = ["text", "title", "placeholder", "constant", "priority", "x", "y", "width", "height",
                           "horizontalHuggingPriority", "verticalHuggingPriority", "alpha", "tag", "toolTip"]

    /// The value `value` of `attribute` as an edit leaves it: a number moved, a text reworded.
    mutating func changed(_ value: String) -> String {
        if let number = Double(value) {
            let moved = number + Double(1 + below(8))
            return moved == moved.rounded() ? String(Int(moved)) : String(moved)
        }
        let words = ["Edit", "Draft", "Next", "Account", "Settings", "Done", "Later", "Profile"]
        return value + " " + words[below(words.count)]
    }

    /// Where each editable attribute's value starts and ends on a line (byte offsets).
    static func editableValues(_ line: String) -> [(name: String, range: Range<String.Index>)] {
        var out: [(String, Range<String.Index>)] = []
        for name in editable {
            guard let r = line.range(of: " \(name)=\"") else { continue }
            guard let end = line[r.upperBound...].firstIndex(of: "\"") else { continue }
            out.append((name, r.upperBound..<end))
        }
        return out
    }

    /// One edit of `lines`, on a line not in `avoiding`; returns the line it touched.
    @discardableResult
    mutating func apply(to lines: inout [String], avoiding: Set<Int> = []) -> Int? {
        for _ in 0..<200 {
            let i = below(lines.count)
            guard !avoiding.contains(i) else { continue }
            let line = lines[i]
            if below(6) == 0, line.hasPrefix(" "), line.contains("<constraint "), line.hasSuffix("/>"),
               let id = line.range(of: " id=\"") {
                // A constraint added: the one beside it, with a fresh Xcode-style id.
                let end = line[id.upperBound...].firstIndex(of: "\"")!
                lines.insert(line.replacingCharacters(in: id.upperBound..<end, with: freshID()), at: i + 1)
                return i
            }
            let values = Edits.editableValues(line)
            guard !values.isEmpty else { continue }
            let v = values[below(values.count)]
            lines[i] = line.replacingCharacters(in: v.range, with: changed(String(line[v.range])))
            return i
        }
        return nil
    }

    /// A line on which two different attributes can be edited, one by each side of a merge:
    /// the line merge conflicts there, the structural merge does not.
    mutating func twoSidedLine(_ lines: [String], avoiding: Set<Int>) -> Int? {
        for _ in 0..<2000 {
            let i = below(lines.count)
            if !avoiding.contains(i), Edits.editableValues(lines[i]).count >= 2 { return i }
        }
        return nil
    }

    /// A new Xcode's save: `toolsVersion` and the plug-in versions that go with it, one higher.
    static func upgradeTools(_ lines: inout [String]) -> String {
        guard let header = lines.firstIndex(where: { $0.contains(" toolsVersion=\"") }),
              let r = lines[header].range(of: " toolsVersion=\""),
              let end = lines[header][r.upperBound...].firstIndex(of: "\"") else { return "no toolsVersion" }
        let old = String(lines[header][r.upperBound..<end])
        let new = String((Int(old.prefix { $0.isNumber }) ?? 20000) + 1)
        for i in lines.indices where lines[i].contains("ersion=\"\(old)\"") {
            lines[i] = lines[i].replacingOccurrences(of: "ersion=\"\(old)\"", with: "ersion=\"\(new)\"")
        }
        return "toolsVersion \(new)"
    }

    mutating func freshID() -> String {
        let letters = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")
        func part(_ n: Int) -> String { String((0..<n).map { _ in letters[below(letters.count)] }) }
        return "\(part(3))-\(part(2))-\(part(3))"
    }
}

/// Test material the benchmarks make from real corpus files.
enum Generated {
    static func lines(_ path: String) -> [String] {
        String(decoding: FileManager.default.contents(atPath: path) ?? Data(), as: UTF8.self)
            .components(separatedBy: "\n")
    }

    static func write(_ lines: [String], to path: String) {
        _ = FileManager.default.createFile(atPath: path, contents: Data(lines.joined(separator: "\n").utf8))
    }

    /// A merge of `base`: each side makes `edits` edits on lines of its own, and on `shared`
    /// lines both sides edit a different attribute (so that the line merge conflicts and the
    /// structural merge resolves it). Writes base, ours and theirs into `dir`.
    static func mergeScenario(base path: String, into dir: String, ext: String, edits: Int, shared: Int, seed: UInt64) {
        let base = lines(path)
        var rng = Edits(seed: seed)
        var ours = base, theirs = base
        var touched: Set<Int> = []
        for _ in 0..<shared {
            guard let i = rng.twoSidedLine(base, avoiding: touched) else { break }
            touched.formUnion([i - 1, i, i + 1])
            let values = Edits.editableValues(base[i])
            let a = values[0], b = values[1]
            ours[i] = base[i].replacingCharacters(in: a.range, with: rng.changed(String(base[i][a.range])))
            theirs[i] = base[i].replacingCharacters(in: b.range, with: rng.changed(String(base[i][b.range])))
        }
        // Edits of distinct lines, from the end so that an inserted line moves nothing yet to come.
        var single: [(side: Int, line: Int)] = []
        for k in 0..<(2 * edits) {
            let i = rng.below(base.count)
            guard !touched.contains(i) else { continue }
            touched.formUnion([i - 1, i, i + 1])
            single.append((k % 2, i))
        }
        for (side, i) in single.sorted(by: { $0.line > $1.line }) {
            var one = [side == 0 ? ours[i] : theirs[i]]
            guard rng.apply(to: &one) != nil else { continue }
            if side == 0 { ours.replaceSubrange(i...i, with: one) } else { theirs.replaceSubrange(i...i, with: one) }
        }
        write(base, to: "\(dir)/base.\(ext)")
        write(ours, to: "\(dir)/ours.\(ext)")
        write(theirs, to: "\(dir)/theirs.\(ext)")
    }

    /// A storyboard of about `copies` times the size of `path`: its scenes repeated, every id
    /// (and every reference to one) given a suffix per copy, so that the ids stay unique.
    static func enlargedStoryboard(_ path: String, copies: Int) -> [String] {
        let lines = lines(path)
        guard let open = lines.firstIndex(where: { $0.hasSuffix("<scenes>") }),
              let close = lines.lastIndex(where: { $0.hasSuffix("</scenes>") }) else { return lines }
        let scenes = Array(lines[(open + 1)..<close])
        var ids: Set<String> = []
        for line in scenes {
            for key in [" id=\"", " sceneID=\""] {
                guard let r = line.range(of: key), let end = line[r.upperBound...].firstIndex(of: "\"") else { continue }
                ids.insert(String(line[r.upperBound..<end]))
            }
        }
        var out = Array(lines[...open])
        for copy in 0..<copies {
            for line in scenes { out.append(copy == 0 ? line : renamed(line, ids: ids, suffix: "-\(copy)")) }
        }
        out.append(contentsOf: lines[close...])
        return out
    }

    /// `line` with every quoted attribute value that is one of `ids` given `suffix`.
    private static func renamed(_ line: String, ids: Set<String>, suffix: String) -> String {
        var out = ""
        var rest = line[...]
        while let q = rest.range(of: "=\"") {
            out += rest[..<q.upperBound]
            rest = rest[q.upperBound...]
            guard let end = rest.firstIndex(of: "\"") else { break }
            let value = String(rest[..<end])
            out += ids.contains(value) ? value + suffix : value
            rest = rest[end...]
        }
        return out + rest
    }
}

extension Generated {
    /// The corpus's largest storyboard (1 MB, Lunar's Main.storyboard).
    static let largeStoryboard = "files/alin23+Lunar__87a72091__Lunar_Base.lproj_Main.storyboard"

    /// Two merge scenarios under `dir`: the corpus's 1 MB storyboard, and one of twelve copies
    /// of its scenes (about 12 MB); each side makes 20 edits of its own, and both sides edit
    /// other attributes of 5 shared lines. Returns their folders.
    static func largeScenarios(corpus: String, into dir: String) -> [String] {
        let source = "\(corpus)/\(largeStoryboard)"
        guard FileManager.default.fileExists(atPath: source) else { return [] }
        let one = "\(dir)/large-1mb", twelve = "\(dir)/large-12mb"
        for folder in [one, twelve] { try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true) }
        mergeScenario(base: source, into: one, ext: "storyboard", edits: 20, shared: 5, seed: 1)
        write(enlargedStoryboard(source, copies: 12), to: "\(dir)/enlarged.storyboard")
        mergeScenario(base: "\(dir)/enlarged.storyboard", into: twelve, ext: "storyboard", edits: 20, shared: 5, seed: 12)
        try? FileManager.default.removeItem(atPath: "\(dir)/enlarged.storyboard")
        return [one, twelve]
    }
}

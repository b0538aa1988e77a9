import Foundation
import MergeLaws
import XibKit

/// Merges where both sides changed much: the ones people wait on in a rebase. The corpus has
/// few (a side there makes a handful of changes), so they are made with the merge laws' edit
/// generator (`EditGenerator`: attribute edits, deletions with their referrers, duplicates,
/// moves, reorders, new constraints, Xcode's noise, as Xcode writes them) on the largest shared
/// scenarios, and on the next ones, held out (`Group`): each side `edits` edits in a row on
/// base, each on the file the one before made, from a fixed seed, so that every run of the
/// bench merges the same files.
enum HeavyMerges {
    static let editsPerSide = 120
    /// Scenarios in a group.
    static let groupSize = 8

    /// Which scenarios a group of heavy merges is made on, and from which seed.
    struct Group {
        let name: String
        let what: String
        /// How many of the largest scenarios under 600 KB come before the group's.
        let skipping: Int
        let seed: UInt64

        /// The largest: the group every stop since 45 profiled and tuned on.
        static let largest = Group(name: "heavy", what: "the largest scenarios under 600 KB", skipping: 0, seed: 0x4EA7_3E26)
        /// The next ones, edited from another seed: files no stop tuned on before stop 66, so
        /// that a figure bought on the first group alone shows.
        static let heldOut = Group(name: "heavy-held-out", what: "the next ones, held out: profiled from stop 66 on",
                                   skipping: groupSize, seed: 0x5EED_0B0B)
        /// The eight after those, from a third seed: added when stop 67 had profiled the second
        /// group, so that one group is still one nobody looked into.
        static let unseen = Group(name: "heavy-unseen", what: "the ones after, never profiled",
                                  skipping: 2 * groupSize, seed: 0x0B5E_4C67)
        static let all = [largest, heldOut, unseen]
    }

    /// The group's scenarios' bases, each given two sides of `edits` edits; written
    /// as scenario folders under `dir`. Returns the folders: `groupSize` of them, past a file
    /// that gives fewer edits on down the list (three of the third group's first eight do).
    static func make(corpus: String, into dir: String, group: Group = .largest, edits: Int = editsPerSide) -> [String] {
        let scenarios = Bench.scenarios(corpus: corpus).filter { $0.bytes < 600_000 }.dropFirst(group.skipping)
        var out: [String] = []
        for (i, s) in scenarios.enumerated() where out.count < groupSize {
            guard let base = FileManager.default.contents(atPath: "\(s.dir)/base.\(s.ext)").map({ [UInt8]($0) }) else { continue }
            var rng = SplitMix(seed: group.seed &+ UInt64(i))
            guard let ours = edited(base, name: "base.\(s.ext)", edits: edits, rng: &rng),
                  let theirs = edited(base, name: "base.\(s.ext)", edits: edits, rng: &rng) else { continue }
            let folder = "\(dir)/\(group.name)-\(i)-\(URL(fileURLWithPath: s.dir).lastPathComponent.prefix(60))"
            try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            for (name, bytes) in [("base", base), ("ours", ours), ("theirs", theirs)] {
                Bench.write(bytes, to: "\(folder)/\(name).\(s.ext)")
            }
            out.append(folder)
        }
        return out
    }

    /// `bytes` after `edits` generated edits in a row (nil when the file gives fewer).
    static func edited(_ bytes: [UInt8], name: String, edits: Int, rng: inout SplitMix) -> [UInt8]? {
        var current = bytes
        var made = 0, attempts = 0
        // Noise once at most: it only bumps the tools version and a frame.
        let kinds = Edit.Kind.allCases.filter { $0 != .noise }
        while made < edits && attempts < edits * 4 {
            attempts += 1
            guard let generator = try? EditGenerator(bytes: current, name: name),
                  let edit = generator.edit(kinds[Int(rng.next() % UInt64(kinds.count))], rng: &rng) else { continue }
            current = edit.bytes
            made += 1
        }
        return made == edits ? current : nil
    }
}

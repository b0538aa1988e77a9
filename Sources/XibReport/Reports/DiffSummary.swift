import XibKit

/// Wording shared by the diff renderers: the one-line summary of a file's changes
/// ("2 views added, 1 constraint changed, 1 outlet removed") and the notes on what is hidden.
public enum DiffSummary {
    public static func verb(_ kind: ObjectChange.Kind) -> String {
        switch kind {
        case .added: return "added"
        case .removed: return "removed"
        case .moved: return "moved"
        case .modified: return "changed"
        }
    }

    /// Categories first in summaries, then any other in order of appearance, then these last.
    static let leadingCategories = ["document", "scene", "view controller", "window controller", "window", "view", "cell"]
    static let trailingCategories = ["constraint", "outlet", "action", "segue", "binding", "resource", "dependency"]

    /// Counts by category and kind: screens and views first, then other objects, then
    /// constraints, connections, resources.
    public static func counts(_ file: FileDiff) -> [(category: String, kind: ObjectChange.Kind, count: Int)] {
        // A handful of categories: arrays and scans, not nested dictionaries (each new kind of
        // dictionary costs the runtime a search of every protocol conformance in the program).
        let kinds = ObjectChange.Kind.allCases
        var categories: [String] = []
        var tallies: [[Int]] = []
        for group in file.groups {
            for c in group.changes {
                var k = categories.firstIndex(of: c.category) ?? -1
                if k < 0 {
                    k = categories.count
                    categories.append(c.category)
                    tallies.append([Int](repeating: 0, count: kinds.count))
                }
                tallies[k][kinds.firstIndex(of: c.kind)!] += 1
            }
        }
        func rank(_ c: String) -> Int {
            if let i = leadingCategories.firstIndex(of: c) { return i }
            if let i = trailingCategories.firstIndex(of: c) { return 1000 + i }
            return 100
        }
        let order = categories.indices.sorted { (rank(categories[$0]), $0) < (rank(categories[$1]), $1) }
        var out: [(String, ObjectChange.Kind, Int)] = []
        for k in order {
            for (j, kind) in kinds.enumerated() where tallies[k][j] > 0 { out.append((categories[k], kind, tallies[k][j])) }
        }
        return out
    }

    /// `2 views added, 1 constraint changed, 3 frames changed`; empty when nothing is shown.
    public static func line(_ file: FileDiff) -> String {
        var parts = counts(file).map { c in
            c.category == "document" ? "document \(verb(c.kind))" : "\(c.count) \(DiffCategory.plural(c.category, count: c.count)) \(verb(c.kind))"
        }
        if file.framesChanged > 0 {
            parts.append("\(file.framesChanged) \(DiffCategory.plural("frame", count: file.framesChanged)) changed")
        }
        return parts.joined(separator: ", ")
    }

    /// `3 frames changed (--layout shows them)`, or nil.
    public static func framesNote(_ file: FileDiff) -> String? {
        guard file.framesChanged > 0 else { return nil }
        return "\(file.framesChanged) \(DiffCategory.plural("frame", count: file.framesChanged)) changed (--layout shows \(file.framesChanged == 1 ? "it" : "them"))"
    }

    /// `2 noise changes hidden: toolsVersion, plugIn version (--include-noise shows them)`, or nil.
    public static func noiseNote(_ file: FileDiff) -> String? {
        guard file.noiseHidden > 0 else { return nil }
        let n = file.noiseHidden
        return "\(n) noise \(DiffCategory.plural("change", count: n)) hidden: \(file.noiseNames.joined(separator: ", ")) (--include-noise shows \(n == 1 ? "it" : "them"))"
    }

    /// `diff OLD NEW`, with `/dev/null` for a side that does not exist.
    public static func header(_ file: FileDiff) -> String {
        "diff \(file.oldName ?? "/dev/null") \(file.newName ?? "/dev/null")"
    }

    /// What a group's header says: its title and id.
    public static func groupHeading(_ group: ChangeGroup) -> String {
        group.id.map { "\(group.title) (\($0))" } ?? group.title
    }

    /// How a change's object is introduced after its sign: `Label "Title" (kmV-si-Nrg)`.
    public static func object(_ c: ObjectChange) -> String {
        let name = objectName(c)
        return c.id.map { "\(name) (\($0))" } ?? name
    }

    /// The summary, except for a changed constraint: its equation is shown old → new below it.
    public static func objectName(_ c: ObjectChange) -> String {
        if c.category == IBRules.constraintCategory, c.attributes.contains(where: { $0.name == IBRules.equationLabel }) {
            return IBRules.constraintCategory
        }
        return c.summary
    }

    /// Where a change is, after the object: ` in View > Stack View`, or how it moved
    /// (`verb`: say "moved", where nothing before says it).
    public static func place(_ c: ObjectChange, in group: ChangeGroup, verb: Bool = true) -> String {
        var s = ""
        let moved = verb ? " moved" : ""
        if let m = c.move {
            if m.reparented {
                s += "\(moved) from \(relative(m.from, to: group)) to \(relative(m.to, to: group))"
            } else {
                if !c.location.isEmpty { s += " in " + c.location }
                s += ":\(moved) from position \(m.oldPosition ?? 0) to \(m.newPosition ?? 0)"
            }
        } else if c.depth == 0, !c.location.isEmpty {
            s += " in " + c.location
        }
        return s
    }

    /// A path relative to a group's title (`Login Scene > View` → `View`); the group's own top is its title.
    static func relative(_ path: String, to group: ChangeGroup) -> String {
        if path.hasPrefix(group.title + " > ") { return String(path.dropFirst(group.title.count + 3)) }
        return path.isEmpty ? "the top level" : path
    }

    /// `"Login" → "Log in"`, `(default) → red 1 …`.
    public static func values(_ a: AttributeChange) -> (old: String, new: String) {
        (a.old?.display ?? "(default)", a.new?.display ?? "(default)")
    }

    /// How many nested lines an added or removed object shows before "… N more".
    public static let nestedLimit = 20

    /// What a group shows: its changes, except that the contents of an added or removed object
    /// stop after `nestedLimit` lines with a count of the rest.
    public enum Item {
        case change(ObjectChange)
        case more(Int)
    }

    public static func items(_ group: ChangeGroup) -> [Item] {
        var out: [Item] = []
        var nested = 0, hidden = 0
        for c in group.changes {
            if c.depth == 0 {
                if hidden > 0 { out.append(.more(hidden)) }
                nested = 0
                hidden = 0
            } else if c.kind == .added || c.kind == .removed {
                nested += 1
                if nested > nestedLimit {
                    hidden += 1
                    continue
                }
            }
            out.append(.change(c))
        }
        if hidden > 0 { out.append(.more(hidden)) }
        return out
    }
}

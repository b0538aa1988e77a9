/// A path pattern of `.xibmerge.yml` (`excluded:`, `ignore:`'s `file:`), as SwiftLint reads its
/// `excluded:`: `*` any characters but `/`, `?` one, `**` any number of folders; a pattern
/// matches a path, or a folder and everything in it (`Pods` leaves out `Pods/A/B.xib`).
public struct Glob: Sendable, Equatable, CustomStringConvertible {
    public let pattern: String
    private let parts: [[Character]]

    public init(_ pattern: String) {
        self.pattern = pattern
        parts = FilePaths.normalized(pattern).split(separator: "/").map(Array.init)
    }

    public var description: String { pattern }

    /// `path`: relative to the folder the pattern is written for.
    public func matches(_ path: String) -> Bool {
        let names = FilePaths.normalized(path).split(separator: "/").map(Array.init)
        // reach[j]: the parts seen so far match the first j names (a table, not backtracking:
        // quadratic at worst, whatever the stars).
        var reach = [Bool](repeating: false, count: names.count + 1)
        reach[0] = true
        for part in parts {
            var next = [Bool](repeating: false, count: names.count + 1)
            for j in 0...names.count where reach[j] {
                if part == ["*", "*"] {
                    for k in j...names.count { next[k] = true }
                } else if j < names.count && Self.component(part, names[j]) {
                    next[j + 1] = true
                }
            }
            reach = next
        }
        // Matching a folder leaves out what is in it.
        return reach.dropFirst().contains(true)
    }

    /// One name against one part of the pattern: `*` and `?` by the greedy method with one
    /// point to go back to, linear but for the stars.
    static func component(_ p: [Character], _ s: [Character]) -> Bool {
        var i = 0, j = 0, star = -1, mark = 0
        while j < s.count {
            if i < p.count && (p[i] == "?" || p[i] == s[j]) {
                i += 1; j += 1
            } else if i < p.count && p[i] == "*" {
                star = i; mark = j; i += 1
            } else if star >= 0 {
                i = star + 1; mark += 1; j = mark
            } else {
                return false
            }
        }
        while i < p.count && p[i] == "*" { i += 1 }
        return i == p.count
    }
}

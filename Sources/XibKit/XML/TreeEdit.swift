/// Edits at a path of child indices (as `IBGraph.treePath` gives), marking every ancestor
/// changed so the writer regenerates just the lines around the edit.
public enum TreeEdit {
    public static func modify(_ e: inout XMLElement, at path: ArraySlice<Int>, _ body: (inout XMLElement) -> Void) {
        guard let first = path.first else { body(&e); return }
        guard first < e.children.count, case .element(var child) = e.children[first] else { return }
        // Out of the array while it changes: shared with the array's copy, its children would
        // be copied whole at each edit (quadratic in edits of one parent's children).
        e.children[first] = .cdata("")
        modify(&child, at: path.dropFirst(), body)
        e.children[first] = .element(child)
    }

    /// Removes the elements at `paths`, each with the comments that lead it (a storyboard
    /// scene's name): each parent's in one pass, deepest parents first, so that the paths of the
    /// others stay valid. One at a time, each removal moved the parent's later children.
    public static func remove(_ e: inout XMLElement, at paths: [[Int]]) {
        var byParent: [ArraySlice<Int>: [Int]] = [:]
        for path in paths where !path.isEmpty { byParent[path.dropLast(), default: []].append(path[path.count - 1]) }
        for parentPath in byParent.keys.sorted(by: { $0.lexicographicallyPrecedes($1) }).reversed() {
            let removed = Set(byParent[parentPath]!)
            modify(&e, at: parentPath) { parent in
                var kept: [XMLNode] = []
                kept.reserveCapacity(parent.children.count)
                for (i, child) in parent.children.enumerated() {
                    guard removed.contains(i) else {
                        kept.append(child)
                        continue
                    }
                    while let last = kept.last, case .comment = last { kept.removeLast() }
                }
                if kept.count < parent.children.count { parent.children = kept }
            }
        }
    }
}

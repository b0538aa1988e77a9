/// Edits at a path of child indices (as `IBGraph.treePath` gives), marking every ancestor
/// changed so the writer regenerates just the lines around the edit.
public enum TreeEdit {
    public static func modify(_ e: inout XMLElement, at path: ArraySlice<Int>, _ body: (inout XMLElement) -> Void) {
        guard let first = path.first else { body(&e); return }
        guard first < e.children.count, case .element(var child) = e.children[first] else { return }
        modify(&child, at: path.dropFirst(), body)
        e.children[first] = .element(child)
    }

    /// Removes the element at `path`, with the comments that lead it (a storyboard scene's name).
    public static func remove(_ e: inout XMLElement, at path: ArraySlice<Int>) {
        guard let last = path.last else { return }
        modify(&e, at: path.dropLast()) { parent in
            guard last < parent.children.count else { return }
            var start = last
            while start > 0, case .comment = parent.children[start - 1] { start -= 1 }
            parent.children.removeSubrange(start...last)
        }
    }
}

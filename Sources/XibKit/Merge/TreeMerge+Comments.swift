/// Comments around the elements the tree merge rebuilds.
extension TreeMerge {
    /// Comments that precede an element (storyboards name each scene in one), merged three-way.
    func comments(before k: String, _ nodes: Three<Int?>) -> [XMLNode] {
        let comments = Three(base: nodes.base.map { precedingComments(graphs.base, $0) }, ours: nodes.ours.map { precedingComments(graphs.ours, $0) },
                             theirs: nodes.theirs.map { precedingComments(graphs.theirs, $0) })
        if let ours = comments.ours, let theirs = comments.theirs, let base = comments.base {
            // Both changed them: ours (comments never conflict).
            switch ThreeWay(oursIsBase: commentsEqual(ours, base), theirsIsBase: commentsEqual(theirs, base), oursIsTheirs: commentsEqual(ours, theirs)) {
            case .unchanged, .theirs: return theirs
            case .ours, .alike, .conflict: return ours
            }
        }
        return comments.ours ?? comments.theirs ?? comments.base ?? []
    }

    func commentsEqual(_ a: [XMLNode], _ b: [XMLNode]) -> Bool {
        guard a.count == b.count else { return false }
        for (x, y) in zip(a, b) {
            guard case .comment(let cx) = x, case .comment(let cy) = y, cx.text == cy.text else { return false }
        }
        return true
    }

    func precedingComments(_ g: IBGraph, _ n: Int) -> [XMLNode] {
        let node = g.nodes[n]
        guard node.parent >= 0 else { return [] }
        let siblings = g.nodes[node.parent].element.children
        var k = node.indexInParent - 1
        // Most elements follow another element (or white space and then one): no comment.
        while k >= 0, case .text(let t) = siblings[k], t.isWhitespace { k -= 1 }
        guard k >= 0, !siblings[k].isElement else { return [] }
        var out: [XMLNode] = []
        while k >= 0 {
            switch siblings[k] {
            case .comment, .processingInstruction: out.append(siblings[k])
            case .text(let t) where t.isWhitespace: break
            default: return out.reversed()
            }
            k -= 1
        }
        return out.reversed()
    }

    func trailingComments(_ g: IBGraph, _ n: Int) -> [XMLNode] {
        let children = g.nodes[n].element.children
        var out: [XMLNode] = []
        for c in children.reversed() {
            switch c {
            case .comment, .processingInstruction: out.append(c)
            case .text(let t) where t.isWhitespace: continue
            default: return out.reversed()
            }
        }
        return out.reversed()
    }
}

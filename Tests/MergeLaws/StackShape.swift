import XibKit

/// Issue 38's shape, found in a table cell of a real file: in one stack view, one side moves an
/// arranged view out (into the stack's superview, as a person drags it) and widens it; the
/// other reorders the stack's arranged views and deletes another. Each half is an edit of its
/// own (`stackMoveOut`, `stackReorderDelete`), and `stackShape` makes the two on one stack.
extension EditGenerator {
    /// Stack views with three or more arranged views standing on lines of their own, inside a
    /// superview's `<subviews>`.
    func stacks() -> [(stack: Int, arranged: Int, superviews: Int)] {
        graph.nodes.indices.compactMap { s in
            guard graph.nodes[s].tag == "stackView", id(s) != nil, lines[s] != nil else { return nil }
            let p = graph.nodes[s].parent
            guard p >= 0, graph.nodes[p].tag == "subviews", lines[p] != nil, !(graph.nodes[p].element.origin?.selfClosing ?? true),
                  let d = graph.children(of: s).first(where: { graph.nodes[$0].tag == "subviews" }),
                  graph.children(of: d).filter({ id($0) != nil && lines[$0] != nil }).count >= 3 else { return nil }
            return (s, d, p)
        }
    }

    /// Both halves on one stack view: ours moves a view out, theirs swaps that view with its
    /// neighbour and deletes another.
    public func stackShape(_ rng: inout SplitMix) -> (ours: Edit, theirs: Edit)? {
        for _ in 0..<8 {
            guard let stack = Self.pick(stacks(), &rng) else { return nil }
            let views = Array(graph.children(of: stack.arranged))
            let k = Int(rng.next() % UInt64(views.count - 1))
            guard let ours = moveOut(views[k], of: stack, &rng),
                  let theirs = reorderAndDelete(in: stack, swapping: k, &rng) else { continue }
            return (ours, theirs)
        }
        return nil
    }

    func stackMoveOutEdit(_ rng: inout SplitMix) -> Edit? {
        guard let stack = Self.pick(stacks(), &rng) else { return nil }
        let views = Array(graph.children(of: stack.arranged))
        return moveOut(views[Int(rng.next() % UInt64(views.count))], of: stack, &rng)
    }

    func stackReorderDeleteEdit(_ rng: inout SplitMix) -> Edit? {
        guard let stack = Self.pick(stacks(), &rng) else { return nil }
        return reorderAndDelete(in: stack, swapping: Int(rng.next() % UInt64(graph.children(of: stack.arranged).count - 1)), &rng)
    }

    /// Arranged view `v` moved into the stack's superview, and widened: a width (or any)
    /// constraint inside it gets a new constant, else one of its texts changes.
    func moveOut(_ v: Int, of stack: (stack: Int, arranged: Int, superviews: Int), _ rng: inout SplitMix) -> Edit? {
        guard id(v) != nil, var edit = move(v, into: stack.superviews) else { return nil }
        edit.kind = .stackMoveOut
        let inside = subtree(v)
        let constraints = inside.filter { graph.nodes[$0].tag == "constraint" && id($0) != nil && graph.nodes[$0].element[attribute: "constant"] != nil }
        let widths = constraints.filter { graph.nodes[$0].element[attribute: "firstAttribute"] == "width" }
        if let c = Self.pick(widths.isEmpty ? constraints : widths, &rng), let old = Double(graph.nodes[c].element[attribute: "constant"]!),
           let bytes = Self.replacing("constant", of: id(c)!, with: String(Int(old) + 10 + Int(rng.next() % 40)), in: edit.bytes) {
            edit.bytes = bytes
            edit.changed.insert(id(c)!)
            edit.summary += ", \(id(c)!) widened"
        }
        return edit
    }

    /// The arranged views `k` and `k + 1` swapped, and another one deleted with what refers to it.
    func reorderAndDelete(in stack: (stack: Int, arranged: Int, superviews: Int), swapping k: Int, _ rng: inout SplitMix) -> Edit? {
        let views = Array(graph.children(of: stack.arranged))
        guard k + 1 < views.count, let a = lines[views[k]], let b = lines[views[k + 1]], a.upperBound == b.lowerBound,
              let ia = id(views[k]), let ib = id(views[k + 1]) else { return nil }
        let others = views.indices.filter { $0 != k && $0 != k + 1 && id(views[$0]) != nil && lines[views[$0]] != nil }
        guard let x = Self.pick(others, &rng), let removed = removalClosure(Set(subtree(views[x]))) else { return nil }
        let ranges = outermost(removed).compactMap { lines[$0] }
        // The deletion must not reach into the swapped views' lines.
        guard ranges.allSatisfy({ $0.upperBound <= a.lowerBound || $0.lowerBound >= b.upperBound }) else { return nil }
        var edits: [(Range<Int>, [UInt8])] = [(a.lowerBound..<b.upperBound, Array(bytes[b]) + Array(bytes[a]))]
        edits += ranges.map { ($0, []) }
        let ids = Set(removed.compactMap(id))
        return Edit(kind: .stackReorderDelete, bytes: replacing(edits), changed: ids.union([ia, ib]), needs: [id(stack.stack)!],
                    summary: "\(ib) before \(ia), \(id(views[x])!) and \(removed.count - subtree(views[x]).count) referrer(s) deleted")
    }

    /// `bytes` with the attribute `name` of the element with id `elementID` set to `value`, when
    /// the element's start tag is on one line and has the attribute.
    static func replacing(_ name: String, of elementID: String, with value: String, in bytes: [UInt8]) -> [UInt8]? {
        let idNeedle = Array(" id=\"\(elementID)\"".utf8), nameNeedle = Array(" \(name)=\"".utf8)
        guard let at = firstIndex(of: idNeedle, in: bytes[...]) else { return nil }
        let lineStart = bytes[..<at].lastIndex(of: 0x0A).map { $0 + 1 } ?? 0
        let lineEnd = bytes[at...].firstIndex(of: 0x0A) ?? bytes.count
        guard let n = firstIndex(of: nameNeedle, in: bytes[lineStart..<lineEnd]) else { return nil }
        let start = n + nameNeedle.count
        guard let end = bytes[start..<lineEnd].firstIndex(of: 0x22) else { return nil }
        return Array(bytes[..<start]) + Array(value.utf8) + Array(bytes[end...])
    }

    static func firstIndex(of needle: [UInt8], in hay: ArraySlice<UInt8>) -> Int? {
        guard needle.count <= hay.count else { return nil }
        var i = hay.startIndex
        while i + needle.count <= hay.endIndex {
            if hay[i] == needle[0] && hay[i..<(i + needle.count)].elementsEqual(needle) { return i }
            i += 1
        }
        return nil
    }
}

import Foundation
import XibKit

extension EditGenerator {
    /// Attributes a person edits in Interface Builder, none an identity or a reference.
    static let editableText = ["text", "title", "placeholder", "toolTip", "userLabel", "label"]
    static let editableNumbers = ["constant", "tag"]

    func attributeEdit(_ rng: inout SplitMix) -> Edit? {
        var candidates: [(node: Int, name: String, value: Range<Int>)] = []
        for (i, node) in graph.nodes.enumerated() {
            guard let o = node.element.origin else { continue }
            for name in Self.editableText + Self.editableNumbers where node.element[attribute: name] != nil {
                if let r = attributeValue(name, in: o.span.lowerBound..<o.startTagEnd) { candidates.append((i, name, r)) }
            }
        }
        guard let c = Self.pick(candidates, &rng) else { return nil }
        let old = String(decoding: bytes[c.value], as: UTF8.self)
        let new: String
        if Self.editableNumbers.contains(c.name) {
            guard let n = Double(old) else { return nil }
            new = String(Int(n) + 1 + Int(rng.next() % 40))
        } else {
            new = old + " " + ["Edit", "Draft", "Next", "Account", "Later"][Int(rng.next() % 5)] + String(rng.next() % 100)
        }
        let owner = objectID(owning: c.node)
        return Edit(kind: .attribute, bytes: replacing([(c.value, Array(new.utf8))]), changed: [owner], needs: [],
                    summary: "\(owner) \(c.name)=\"\(new)\"")
    }

    /// The value's bytes of ` name="…"` within a start tag.
    func attributeValue(_ name: String, in tag: Range<Int>) -> Range<Int>? {
        let needle = Array(" \(name)=\"".utf8)
        var i = tag.lowerBound
        while i + needle.count <= tag.upperBound {
            if bytes[i] == needle[0] && Array(bytes[i..<(i + needle.count)]) == needle {
                let start = i + needle.count
                guard let end = bytes[start..<tag.upperBound].firstIndex(of: 0x22) else { return nil }
                return start..<end
            }
            i += 1
        }
        return nil
    }

    func deleteEdit(_ rng: inout SplitMix) -> Edit? {
        for _ in 0..<8 {
            guard let v = Self.pick(views(), &rng), let removed = removalClosure(Set(subtree(v))) else { continue }
            let ranges = outermost(removed).compactMap { lines[$0] }
            let ids = Set(removed.compactMap(id))
            return Edit(kind: .delete, bytes: replacing(ranges.map { ($0, []) }), changed: ids, needs: [],
                        summary: "\(id(v)!) and \(removed.count - subtree(v).count) referrer(s)")
        }
        return nil
    }

    func duplicateEdit(_ rng: inout SplitMix) -> Edit? {
        guard let v = Self.pick(views(cells: true), &rng), let range = lines[v] else { return nil }
        var copy = String(decoding: bytes[range], as: UTF8.self)
        var fresh: Set<String> = []
        for i in subtree(v) {
            guard let old = id(i) else { continue }
            let new = Self.freshID(&rng)
            fresh.insert(new)
            copy = copy.replacingOccurrences(of: "\"\(old)\"", with: "\"\(new)\"")
        }
        let inside = Set(subtree(v).compactMap(id))
        let refersTo = Set(graph.references.filter { subtree(v).contains($0.node) && !inside.contains($0.target) }.map(\.target))
        return Edit(kind: .duplicate, bytes: replacing([(range.upperBound..<range.upperBound, Array(copy.utf8))]), changed: fresh,
                    needs: refersTo.union([objectID(owning: graph.nodes[v].parent)]), summary: "\(id(v)!) copied")
    }

    func moveEdit(_ rng: inout SplitMix) -> Edit? {
        for _ in 0..<8 {
            guard let v = Self.pick(views(), &rng) else { continue }
            let scene = graph.scene(of: v) ?? graph.treePath(of: v).first ?? 0
            let targets = graph.nodes.indices.filter { d in
                graph.nodes[d].tag == "subviews" && !subtree(v).contains(d) && d != graph.nodes[v].parent && lines[d] != nil
                    && !(graph.nodes[d].element.origin?.selfClosing ?? true) && (graph.scene(of: d) ?? graph.treePath(of: d).first ?? 0) == scene
            }
            if let d = Self.pick(targets, &rng), let edit = move(v, into: d) { return edit }
        }
        return nil
    }

    /// The view with id `viewID` moved into the `<subviews>` of the view with id `superviewID`.
    public func move(_ viewID: String, into superviewID: String) -> Edit? {
        guard let v = graph.node(forObjectID: viewID), let s = graph.node(forObjectID: superviewID),
              let d = graph.children(of: s).first(where: { graph.nodes[$0].tag == "subviews" }) else { return nil }
        return move(v, into: d)
    }

    /// Node `v` moved into the `<subviews>` node `d`; constraints across the move dropped, as
    /// Xcode drops them, and what refers to those.
    func move(_ v: Int, into d: Int) -> Edit? {
        guard let from = lines[v], let into = lines[d] else { return nil }
        let inside = subtree(v)
        let insideIDs = Set(inside.compactMap(id))
        var across: Set<Int> = []
        for c in graph.nodes.indices where graph.nodes[c].tag == "constraint" {
            let targets = graph.references.filter { $0.node == c }.map(\.target)
            let crosses = inside.contains(c) ? targets.contains { !insideIDs.contains($0) } : targets.contains(where: insideIDs.contains)
            if crosses { across.insert(c) }
        }
        guard let dropped = removalClosure(across) else { return nil }
        let moved = reindent(bytes[from], dropping: dropped, by: depthOffset(v, into: d))
        var edits: [(Range<Int>, [UInt8])] = [(from, [])]
        edits += outermost(dropped).filter { !inside.contains($0) }.compactMap { lines[$0] }.map { ($0, []) }
        // Before the line that closes `<subviews>`.
        let closing = lastLineStart(in: into)
        edits.append((closing..<closing, moved))
        return Edit(kind: .move, bytes: replacing(edits), changed: Set(dropped.compactMap(id)).union([id(v)!]),
                    needs: [objectID(owning: d)], summary: "\(id(v)!) into \(objectID(owning: d)), \(dropped.count) constraint(s) dropped")
    }

    func reorderEdit(_ rng: inout SplitMix) -> Edit? {
        let lists = graph.nodes.indices.filter { graph.nodes[$0].tag == "subviews" && graph.children(of: $0).count >= 2 }
        for _ in 0..<8 {
            guard let s = Self.pick(lists, &rng) else { return nil }
            let kids = Array(graph.children(of: s))
            let k = Int(rng.next() % UInt64(kids.count - 1))
            guard let a = lines[kids[k]], let b = lines[kids[k + 1]], a.upperBound == b.lowerBound,
                  let ia = id(kids[k]), let ib = id(kids[k + 1]) else { continue }
            let swapped = Array(bytes[b]) + Array(bytes[a])
            return Edit(kind: .reorder, bytes: replacing([(a.lowerBound..<b.upperBound, swapped)]), changed: [ia, ib],
                        needs: [objectID(owning: s)], summary: "\(ib) before \(ia)")
        }
        return nil
    }

    func addConstraintEdit(_ rng: inout SplitMix) -> Edit? {
        let lists = graph.nodes.indices.filter { c in
            graph.nodes[c].tag == "constraints" && graph.nodes[c].parent >= 0 && id(graph.nodes[c].parent) != nil
                && !graph.children(of: c).isEmpty && lines[graph.children(of: c)[0]] != nil
        }
        guard let c = Self.pick(lists, &rng), let first = lines[graph.children(of: c)[0]] else { return nil }
        let indent = bytes[first].prefix { $0 == 0x20 || $0 == 0x09 }
        let newID = Self.freshID(&rng)
        let newline = bytes[first].last == 0x0A && bytes[first].dropLast().last == 0x0D ? "\r\n" : "\n"
        let line = Array(indent) + Array("<constraint firstAttribute=\"width\" constant=\"\(1000 + rng.next() % 9000)\" id=\"\(newID)\"/>\(newline)".utf8)
        let owner = id(graph.nodes[c].parent)!
        return Edit(kind: .addConstraint, bytes: replacing([(first.lowerBound..<first.lowerBound, line)]), changed: [newID],
                    needs: [owner], summary: "\(newID) on \(owner)")
    }

    func noiseEdit(_ rng: inout SplitMix) -> Edit? {
        var edits: [(Range<Int>, [UInt8])] = []
        if let o = graph.nodes.first?.element.origin, let r = attributeValue("toolsVersion", in: o.span.lowerBound..<o.startTagEnd),
           let v = Int(String(decoding: bytes[r], as: UTF8.self)) {
            edits.append((r, Array(String(v + 1 + Int(rng.next() % 500)).utf8)))
        }
        let frames = graph.nodes.indices.filter { graph.nodes[$0].tag == "rect" && graph.nodes[$0].element[attribute: "key"] == "frame" }
        if let f = Self.pick(frames, &rng), let o = graph.nodes[f].element.origin, let r = attributeValue("x", in: o.span.lowerBound..<o.startTagEnd),
           let x = Double(String(decoding: bytes[r], as: UTF8.self)) {
            edits.append((r, Array(String(x + 0.5).utf8)))
        }
        guard !edits.isEmpty else { return nil }
        return Edit(kind: .noise, bytes: replacing(edits), changed: [], needs: [], summary: "tools version and a frame")
    }

    /// How many levels deeper a child of `d` stands than `v` does.
    func depthOffset(_ v: Int, into d: Int) -> Int { graph.nodes[d].depth + 1 - graph.nodes[v].depth }

    /// The lines of `range`, without those of `dropped` nodes in it, each indented `levels` more,
    /// but for lines that stand in an element's text: Xcode indents tags and writes text as it
    /// is (a base64 `<string>`'s lines and its end tag stay at the start of their lines).
    func reindent(_ lines: ArraySlice<UInt8>, dropping dropped: Set<Int>, by levels: Int) -> [UInt8] {
        let skip = dropped.compactMap { self.lines[$0] }.filter { lines.indices.contains($0.lowerBound) }
        var out: [UInt8] = []
        var at = lines.startIndex
        while at < lines.endIndex {
            if let s = skip.first(where: { $0.lowerBound == at }) { at = s.upperBound; continue }
            let end = (lines[at...].firstIndex(of: 0x0A) ?? lines.endIndex - 1) + 1
            var line = Array(lines[at..<end])
            if levels > 0 && !isInText(at) { line.insert(contentsOf: Array(repeating: 0x20, count: levels * indentUnit), at: 0) }
            if levels < 0 && !isInText(at) { line.removeFirst(min(-levels * indentUnit, line.prefix { $0 == 0x20 }.count)) }
            out += line
            at = end
        }
        return out
    }

    /// Whether the line starting at `p` stands in text: the characters between the tag before it
    /// and the tag after it are not all white space.
    func isInText(_ p: Int) -> Bool {
        func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D }
        var i = p
        while i < bytes.count && bytes[i] != 0x3C {
            if !isSpace(bytes[i]) { return true }
            i += 1
        }
        i = p - 1
        while i >= 0 && bytes[i] != 0x3E {
            if !isSpace(bytes[i]) { return true }
            i -= 1
        }
        return false
    }

    /// The start of the last line of `range`.
    func lastLineStart(in range: Range<Int>) -> Int {
        var i = range.upperBound - 1
        while i > range.lowerBound && bytes[i - 1] != 0x0A { i -= 1 }
        return i
    }
}

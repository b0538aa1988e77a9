import XibKit

/// SplitMix64: a small seeded generator, so that every run of the laws edits alike.
public struct SplitMix: RandomNumberGenerator, Sendable {
    private var state: UInt64
    public init(seed: UInt64) { state = seed }
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// One realistic edit of an Xcode-written file, made on its lines so that every byte it does not
/// touch stays Xcode's.
public struct Edit: Sendable, CustomStringConvertible {
    public enum Kind: String, CaseIterable, Sendable {
        /// A text, title, constant or tag changed.
        case attribute
        /// A view deleted with its constraints and outlets (everything that referred to it).
        case delete
        /// A view or cell duplicated beside itself with fresh ids.
        case duplicate
        /// A view moved to another superview of its scene; constraints across the move dropped.
        case move
        /// Two adjacent sibling views swapped (z-order).
        case reorder
        /// A width constraint added to a view.
        case addConstraint
        /// Xcode's noise: the tools version, and a frame nudged.
        case noise
        /// An arranged view moved out of its stack view into the stack's superview, and widened.
        case stackMoveOut
        /// Two of a stack view's arranged views swapped, and another deleted with its referrers.
        case stackReorderDelete
    }

    public var kind: Kind
    public var bytes: [UInt8]
    /// The objects whose facts the edit changes: edited, deleted, added or moved.
    public var changed: Set<String>
    /// The objects the edit's new material needs: the parents it inserts into, the objects
    /// it refers to.
    public var needs: Set<String>
    public var summary: String

    public var description: String { "\(kind.rawValue): \(summary)" }

    /// Whether two edits (of the same base) touch each other's objects: a merge of unrelated
    /// edits must be clean.
    public func isRelated(to other: Edit) -> Bool {
        !changed.union(needs).isDisjoint(with: other.changed) || !other.changed.union(other.needs).isDisjoint(with: changed)
    }
}

/// Makes `Edit`s of one base file.
public struct EditGenerator: Sendable {
    public let bytes: [UInt8]
    let graph: IBGraph
    /// For each node, the byte range of its whole lines, if it stands on lines of its own.
    let lines: [Range<Int>?]
    let indentUnit: Int

    public init(bytes: [UInt8], name: String) throws {
        self.bytes = bytes
        let document = try XMLReader.parse(bytes, name: name)
        graph = IBGraph(xml: document)
        indentUnit = document.indentUnit.utf8.count
        lines = graph.nodes.map { EditGenerator.wholeLines($0.element, in: bytes) }
    }

    /// Edits of every kind that this file allows, `count` attempts each.
    public func edit(_ kind: Edit.Kind, rng: inout SplitMix) -> Edit? {
        switch kind {
        case .attribute: return attributeEdit(&rng)
        case .delete: return deleteEdit(&rng)
        case .duplicate: return duplicateEdit(&rng)
        case .move: return moveEdit(&rng)
        case .reorder: return reorderEdit(&rng)
        case .addConstraint: return addConstraintEdit(&rng)
        case .noise: return noiseEdit(&rng)
        case .stackMoveOut: return stackMoveOutEdit(&rng)
        case .stackReorderDelete: return stackReorderDeleteEdit(&rng)
        }
    }

    // MARK: - Lines and ranges

    /// The element's lines: from the start of the line its tag opens on to the end of the line
    /// it closes on, when nothing else stands on those lines.
    static func wholeLines(_ e: XMLElement, in bytes: [UInt8]) -> Range<Int>? {
        guard let span = e.origin?.span else { return nil }
        var start = span.lowerBound
        while start > 0 && bytes[start - 1] != 0x0A {
            guard bytes[start - 1] == 0x20 || bytes[start - 1] == 0x09 else { return nil }
            start -= 1
        }
        var end = span.upperBound
        while end < bytes.count && bytes[end] != 0x0A {
            guard bytes[end] == 0x20 || bytes[end] == 0x0D else { return nil }
            end += 1
        }
        return start..<min(end + 1, bytes.count)
    }

    /// The nodes of `i`'s subtree (pre-order: up to the next node no deeper than `i`).
    func subtree(_ i: Int) -> Range<Int> {
        var end = i + 1
        while end < graph.nodes.count && graph.nodes[end].depth > graph.nodes[i].depth { end += 1 }
        return i..<end
    }

    func id(_ i: Int) -> String? { graph.nodes[i].objectID }

    func objectID(owning i: Int) -> String {
        let o = graph.owningObject(i)
        return graph.nodes[o].objectID ?? graph.nodes[o].key
    }

    /// Views that stand in a superview's `<subviews>` (or, with `cells`, a table's prototypes).
    func views(cells: Bool = false) -> [Int] {
        let parents: Set<String> = cells ? ["subviews", "prototypes", "cells"] : ["subviews"]
        return graph.nodes.indices.filter { i in
            let p = graph.nodes[i].parent
            return p >= 0 && id(i) != nil && parents.contains(graph.nodes[p].tag) && lines[i] != nil
        }
    }

    static func pick<T>(_ xs: [T], _ rng: inout SplitMix) -> T? { xs.isEmpty ? nil : xs[Int(rng.next() % UInt64(xs.count))] }

    /// The bytes with each range replaced (ranges disjoint).
    func replacing(_ edits: [(Range<Int>, [UInt8])]) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + 256)
        var at = 0
        for (r, replacement) in edits.sorted(by: { $0.0.lowerBound < $1.0.lowerBound }) {
            out.append(contentsOf: bytes[at..<r.lowerBound])
            out.append(contentsOf: replacement)
            at = r.upperBound
        }
        out.append(contentsOf: bytes[at...])
        return out
    }

    /// A fresh object id in Xcode's form (`aB3-cD-9eF`).
    static func freshID(_ rng: inout SplitMix) -> String {
        let alphabet = Array("abcdefghijkmnopqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ0123456789".utf8)
        func part(_ n: Int) -> String { String(decoding: (0..<n).map { _ in alphabet[Int(rng.next() % UInt64(alphabet.count))] }, as: UTF8.self) }
        return "\(part(3))-\(part(2))-\(part(3))"
    }

    /// Every element outside the removed nodes that refers to a removed object, and, in turn,
    /// what refers to those (an outlet to a deleted constraint): the removal closure.
    func removalClosure(_ removed: Set<Int>) -> Set<Int>? {
        var removed = removed
        var ids = Set(removed.compactMap(id))
        while true {
            var added = false
            for r in graph.references where ids.contains(r.target) && !removed.contains(r.node) {
                let referrer = r.node
                guard lines[referrer] != nil, graph.children(of: referrer).isEmpty else { return nil }
                // An element inside a removed subtree goes with it.
                var n = referrer, inside = false
                while n >= 0 { if removed.contains(n) && n != referrer { inside = true; break }; n = graph.nodes[n].parent }
                if inside { continue }
                removed.insert(referrer)
                if let i = id(referrer) { ids.insert(i) }
                added = true
            }
            if !added { return removed }
        }
    }

    /// The outermost removed nodes (their lines cover the rest).
    func outermost(_ removed: Set<Int>) -> [Int] {
        removed.filter { i in
            var n = graph.nodes[i].parent
            while n >= 0 { if removed.contains(n) { return false }; n = graph.nodes[n].parent }
            return true
        }.sorted()
    }
}

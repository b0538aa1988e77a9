/// Both sides added an object with the same id but they are different objects (different
/// element types): one of them gets a fresh Xcode-style id, with its references rewritten.
///
/// Which one is renamed, and to what, depends only on the two objects' contents, so that
/// merge(b, x, y) and merge(b, y, x) agree. Ids are keys in localisation files, so an id is
/// never changed except to fix a real collision, and every change is reported.
enum IDCollisions {
    struct Result {
        /// The graphs to merge: the inputs', or ours' and theirs' rebuilt after a rename.
        var graphs: Three<IBGraph>
        var events: [MergeEvent]
    }

    static func resolve(_ graphs: Three<IBGraph>) -> Result {
        var result = Result(graphs: graphs, events: [])
        var taken: Set<String>? = nil
        var renameInOurs: [String: String] = [:], renameInTheirs: [String: String] = [:]
        // Ids both sides added (rare), in a stable order.
        // (Each id hashed once: every index hashes a key alike.)
        let ids = graphs.ours.objectIndex.keys
        let addedByBoth = ids.indices.filter { e in
            let hash = graphs.ours.objectIndex.hash(ofEntry: e)
            return graphs.base.objectIndex.value(for: ids[e], hash: hash) == nil && graphs.theirs.objectIndex.value(for: ids[e], hash: hash) != nil
        }.map { ids[$0] }.sorted()
        for id in addedByBoth {
            let node = (ours: graphs.ours.objectIndex[id]!, theirs: graphs.theirs.objectIndex[id]!)
            guard graphs.ours.nodes[node.ours].tag != graphs.theirs.nodes[node.theirs].tag else { continue }
            if taken == nil {
                taken = Set(graphs.base.objectIndex.keys).union(graphs.ours.objectIndex.keys).union(graphs.theirs.objectIndex.keys)
            }
            let oursHash = stableHash(subtreeBytes(graphs.ours, node.ours)), theirsHash = stableHash(subtreeBytes(graphs.theirs, node.theirs))
            let renamed: MergeSide = oursHash > theirsHash ? .ours : .theirs
            let seed = renamed == .ours ? oursHash : theirsHash
            let fresh = freshID(seed: seed &+ stableHash(Array(id.utf8)), avoiding: taken!)
            taken!.insert(fresh)
            if renamed == .ours { renameInOurs[id] = fresh } else { renameInTheirs[id] = fresh }
            result.events.append(MergeEvent(kind: .renamedID, path: graphs[side: renamed].displayPath(renamed == .ours ? node.ours : node.theirs), objectID: fresh,
                                            subject: IBRules.objectIDAttribute, ours: renamed == .ours ? id : nil, theirs: renamed == .ours ? nil : id,
                                            resolution: "both sides added a different object with id '\(id)'; \(renamed.rawValue) was renamed to '\(fresh)' with its references"))
        }
        let base = renameInOurs.isEmpty && renameInTheirs.isEmpty ? nil : Rewrite.ReadWith(graphs.base)
        if !renameInOurs.isEmpty { result.graphs.ours = rewrite(graphs.ours, renaming: renameInOurs, readWith: base) }
        if !renameInTheirs.isEmpty { result.graphs.theirs = rewrite(graphs.theirs, renaming: renameInTheirs, readWith: base) }
        return result
    }

    /// Rewrites ids and every reference to them (`renaming`) and gives the elements of
    /// `adding` (nodes of `g`) an id (`Rewrite.graph`; `readWith`: base, for a side).
    static func rewrite(_ g: IBGraph, renaming map: [String: String], adding: [Int: String] = [:],
                        readWith base: Rewrite.ReadWith? = nil) -> IBGraph {
        var edits: Rewrite.Edits = []
        for (i, node) in g.nodes.enumerated() {
            var attributes = node.element.attributes, changed = false
            for k in attributes.indices {
                let a = attributes[k]
                let isID = a.name == IBRules.objectIDAttribute
                guard isID ? node.isObject : IBRules.isReference(tag: node.tag, attribute: a.name), let new = map[a.value] else { continue }
                attributes[k].value = new
                changed = true
            }
            if let id = adding[i] {
                attributes.append(XMLAttribute(name: IBRules.objectIDAttribute, value: id))
                changed = true
            }
            if changed { edits.append((i, attributes)) }
        }
        return Rewrite.graph(g, setting: edits, readWith: base)
    }

    private static func subtreeBytes(_ g: IBGraph, _ n: Int) -> [UInt8] {
        XMLWriter.write(g.nodes[n].element, depth: 0)
    }

    /// FNV-1a: stable across processes (Swift's Hasher is not).
    static func stableHash(_ bytes: [UInt8]) -> UInt64 {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        for b in bytes { h = (h ^ UInt64(b)) &* 0x0000_0100_0000_01B3 }
        return h
    }

    /// An id in Xcode's `abc-De-fgh` form not used in any of the versions.
    static func freshID(seed: UInt64, avoiding taken: Set<String>) -> String {
        let alphabet = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")
        var state = seed
        while true {
            var chars: [Character] = []
            for i in 0..<8 {
                state = state &* 6364136223846793005 &+ 1442695040888963407
                chars.append(alphabet[Int((state >> 33) % UInt64(alphabet.count))])
                if i == 2 || i == 4 { chars.append("-") }
            }
            let id = String(chars)
            if !taken.contains(id) { return id }
        }
    }
}

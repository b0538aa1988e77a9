/// Both sides added an object with the same id but they are different objects (different
/// element types): one of them gets a fresh Xcode-style id, with its references rewritten.
///
/// Which one is renamed, and to what, depends only on the two objects' contents, so that
/// merge(b, x, y) and merge(b, y, x) agree. Ids are keys in localisation files, so an id is
/// never changed except to fix a real collision, and every change is reported.
enum IDCollisions {
    struct Result {
        /// The graphs to merge: the inputs', or rebuilt after a rename.
        var ours: IBGraph
        var theirs: IBGraph
        var events: [MergeEvent]
    }

    static func resolve(base B: IBGraph, ours O: IBGraph, theirs T: IBGraph) -> Result {
        var result = Result(ours: O, theirs: T, events: [])
        var taken: Set<String>? = nil
        var renameInOurs: [String: String] = [:], renameInTheirs: [String: String] = [:]
        // Ids both sides added (rare), in a stable order.
        // (Each id hashed once: every index hashes a key alike.)
        let ids = O.objectIndex.keys
        let addedByBoth = ids.indices.filter { e in
            let hash = O.objectIndex.hash(ofEntry: e)
            return B.objectIndex.value(for: ids[e], hash: hash) == nil && T.objectIndex.value(for: ids[e], hash: hash) != nil
        }.map { ids[$0] }.sorted()
        for id in addedByBoth {
            let o = O.objectIndex[id]!, t = T.objectIndex[id]!
            guard O.nodes[o].tag != T.nodes[t].tag else { continue }
            if taken == nil { taken = Set(B.objectIndex.keys).union(O.objectIndex.keys).union(T.objectIndex.keys) }
            let oHash = stableHash(subtreeBytes(O, o)), tHash = stableHash(subtreeBytes(T, t))
            let renameOurs = oHash > tHash
            let seed = renameOurs ? oHash : tHash
            let fresh = freshID(seed: seed &+ stableHash(Array(id.utf8)), avoiding: taken!)
            taken!.insert(fresh)
            if renameOurs { renameInOurs[id] = fresh } else { renameInTheirs[id] = fresh }
            let g = renameOurs ? O : T
            let n = renameOurs ? o : t
            result.events.append(MergeEvent(kind: .renamedID, path: g.displayPath(n), objectID: fresh,
                                            subject: IBRules.objectIDAttribute, ours: renameOurs ? id : nil, theirs: renameOurs ? nil : id,
                                            resolution: "both sides added a different object with id '\(id)'; \(renameOurs ? "ours" : "theirs") was renamed to '\(fresh)' with its references"))
        }
        if !renameInOurs.isEmpty { result.ours = IBGraph(xml: rename(O, renameInOurs)) }
        if !renameInTheirs.isEmpty { result.theirs = IBGraph(xml: rename(T, renameInTheirs)) }
        return result
    }

    /// Rewrites ids and every reference to them, then re-reads the document so that the
    /// merge sees ordinary parsed elements.
    private static func rename(_ g: IBGraph, _ map: [String: String]) -> XMLDocument {
        var doc = g.document
        for (i, node) in g.nodes.enumerated() {
            var changes: [(String, String)] = []
            for a in node.element.attributes {
                if a.name == IBRules.objectIDAttribute, node.objectID != nil, let new = map[a.value] { changes.append((a.name, new)) }
                else if a.name != IBRules.objectIDAttribute, IBRules.isReference(tag: node.tag, attribute: a.name), let new = map[a.value] { changes.append((a.name, new)) }
            }
            guard !changes.isEmpty else { continue }
            TreeEdit.modify(&doc.root, at: g.treePath(of: i)[...]) { e in
                for (name, value) in changes { e[attribute: name] = value }
            }
        }
        let bytes = XMLWriter.write(doc)
        return (try? XMLReader.parse(XMLSource(name: g.document.source.name, bytes: bytes))) ?? doc
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

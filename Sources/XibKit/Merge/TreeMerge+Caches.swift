/// Xcode's caches (`IBRules.cacheContainers`): the entries of the document's `<resources>` and
/// `<customFonts>`, which Xcode rewrites from the asset catalogs and the SDK on every save, so
/// that both sides changing one is not a conflict. Where both changed a value, ours is kept
/// (like a frame); an entry one side deleted and the other changed stays exactly when the
/// merged document still uses it by name, as Xcode itself keeps only the entries in use.
extension TreeMerge {
    /// The cache entry holding node `n` of `g` (a child of a document-level cache container, or
    /// the container itself), or nil outside the caches.
    func cacheEntry(_ g: IBGraph, _ n: Int) -> Int? {
        var c = n
        while c > 0 {
            let p = g.nodes[c].parent
            if p == 0 { return IBRules.isCacheContainer(g.nodes[c].tag) ? c : nil }
            if g.nodes[p].parent == 0 && IBRules.isCacheContainer(g.nodes[p].tag) { return c }
            c = p
        }
        return nil
    }

    /// Base's cache entry `b`, deleted by `deleter` and changed by the other side: kept until
    /// the merged document shows whether it is used (`settleCaches`).
    func deferCacheDeletion(_ key: String, base b: Int, deleter: Side) -> Bool {
        guard let entry = cacheEntry(B, b), entry == b else {
            // A value inside an entry: ours' version, as for a value both changed.
            let value = TreeMerge.valueSubject(B.nodes[b].element) + " deleted by \(deleter.rawValue)"
            record(.noise, graph: B, node: b, subject: cacheSubject(B, entry: cacheEntry(B, b) ?? b, node: b, value),
                   ours: nil, theirs: nil, resolution: BothChanged.cacheKeptOurs.resolution)
            return deleter == .theirs
        }
        cacheDeletions.append((key, b, deleter))
        return true
    }

    /// Removes each deferred entry that nothing outside the caches names any more (an image's
    /// `name`, a colour's `name`, a font's key), and reports each as noise.
    func settleCaches(_ doc: inout XMLDocument) {
        let g = IBGraph(xml: doc)
        var used: Set<String> = []
        for n in g.nodes.indices where n > 0 && cacheEntry(g, n) == nil {
            for a in g.nodes[n].element.attributes { used.insert(a.value) }
        }
        var removals: [[Int]] = []
        for (key, b, deleter) in cacheDeletions {
            guard let n = g.byKey[key] else { continue }
            // A container (a deleted `<customFonts>`) is in use when one of its entries is.
            let names = ([n] + g.children(of: n)).compactMap { identity(of: g.nodes[$0].element) }
            let inUse = names.contains { used.contains($0) }
            if !inUse {
                removals.append(g.treePath(of: n))
                if deleter == .ours { fromOurs.removed += 1 } else { fromTheirs.removed += 1 }
            }
            let entry = B.nodes[b].element
            record(.noise, graph: B, node: b, subject: "\(subject(entry)) deleted by \(deleter.rawValue), changed by \(deleter == .ours ? "theirs" : "ours")",
                   ours: nil, theirs: nil,
                   resolution: inUse ? "kept (a cache Xcode regenerates; the merged document uses it)"
                       : "deleted (a cache Xcode regenerates; the merged document no longer uses it)")
        }
        TreeEdit.remove(&doc.root, at: removals)
    }

    /// A value inside an entry, named with the entry: `<namedColor name="Accent"> <color> red`.
    func cacheSubject(_ g: IBGraph, entry: Int, node: Int, _ subject: String) -> String {
        entry == node ? subject : self.subject(g.nodes[entry].element) + " " + subject
    }

    /// An entry as a subject: `<namedColor name="Accent">`.
    private func subject(_ e: XMLElement) -> String {
        let i = ElementIdentity(e).ranked
        return "<\(e.name)\(i >= 0 ? " \(e.attributes[i].name)=\"\(e.attributes[i].value)\"" : "")>"
    }

    /// The value an entry is known by: its highest-ranked identity attribute's.
    private func identity(of e: XMLElement) -> String? {
        let i = ElementIdentity(e).ranked
        return i >= 0 ? e.attributes[i].value : nil
    }
}

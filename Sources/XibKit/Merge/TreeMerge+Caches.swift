/// Xcode's caches (`IBRules.cacheContainers`): the entries of the document's `<resources>` and
/// `<customFonts>`, which Xcode rewrites from the asset catalogs and the SDK on every save, so
/// that both sides changing one is not a conflict. Where both changed a value, ours is kept
/// (like a frame); an entry one side deleted and the other changed stays exactly when the
/// merged document still uses it by name, as Xcode itself keeps only the entries in use.
///
/// Stage 3 of the tree merge settles them (`settleCaches`); the rebuild defers them.
struct MergedTree {
    let document: XMLDocument
    let log: MergeLog
}

extension TreeMerge {
    /// Base's cache entry `base` (key `key`), which `deleter` deleted and the other side changed.
    struct CacheDeletion {
        let key: String
        let base: Int
        let deleter: Side
    }

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
    func deferCacheDeletion(_ key: String, base b: Int, deleter: Side, _ s: inout Rebuilding) -> Bool {
        guard let entry = cacheEntry(graphs.base, b), entry == b else {
            // A value inside an entry: ours' version, as for a value both changed.
            let value = TreeMerge.valueSubject(graphs.base.nodes[b].element) + " deleted by \(deleter.rawValue)"
            s.log.record(.noise, graph: graphs.base, node: b, subject: cacheSubject(graphs.base, entry: cacheEntry(graphs.base, b) ?? b, node: b, value),
                         ours: nil, theirs: nil, resolution: BothChanged.cacheKeptOurs.resolution)
            return deleter == .theirs
        }
        s.cacheDeletions.append(CacheDeletion(key: key, base: b, deleter: deleter))
        return true
    }

    /// Removes each deferred entry that nothing outside the caches names any more (an image's
    /// `name`, a colour's `name`, a font's key), and reports each as noise.
    func settleCaches(_ tree: RebuiltTree) -> MergedTree {
        guard !tree.cacheDeletions.isEmpty else { return MergedTree(document: tree.document, log: tree.log) }
        var doc = tree.document, log = tree.log
        let g = IBGraph(xml: doc)
        var used: Set<String> = []
        for n in g.nodes.indices where n > 0 && cacheEntry(g, n) == nil {
            for a in g.nodes[n].element.attributes { used.insert(a.value) }
        }
        var removals: [[Int]] = []
        for deletion in tree.cacheDeletions {
            let (key, b, deleter) = (deletion.key, deletion.base, deletion.deleter)
            guard let n = g.byKey[key] else { continue }
            // A container (a deleted `<customFonts>`) is in use when one of its entries is.
            let names = ([n] + g.children(of: n)).compactMap { identity(of: g.nodes[$0].element) }
            let inUse = names.contains { used.contains($0) }
            if !inUse {
                removals.append(g.treePath(of: n))
                log.countRemoval(by: deleter)
            }
            let entry = graphs.base.nodes[b].element
            log.record(.noise, graph: graphs.base, node: b, subject: "\(subject(entry)) deleted by \(deleter.rawValue), changed by \(deleter == .ours ? "theirs" : "ours")",
                       ours: nil, theirs: nil,
                       resolution: inUse ? "kept (a cache Xcode regenerates; the merged document uses it)"
                       : "deleted (a cache Xcode regenerates; the merged document no longer uses it)")
        }
        TreeEdit.remove(&doc.root, at: removals)
        return MergedTree(document: doc, log: log)
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

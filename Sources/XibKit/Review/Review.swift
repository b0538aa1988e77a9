/// What a reviewer sees of one changed file: its semantic diff; for each changed scene or
/// top-level object, before and after wireframes with what was added, removed or modified, and
/// the constraint and connection changes beside them; for storyboards, the flow graph of both
/// versions in one; what the change does to its translations. Computed from the two versions'
/// bytes (`nil`: the file does not exist on that side); rendered by XibReport (HTML, Markdown, JSON).
public struct FileReview: Sendable {
    public var path: String
    /// The path before a rename, else nil.
    public var oldPath: String?
    public var diff: FileDiff
    public var scenes: [SceneReview]
    /// Storyboards: scenes and segues of both versions.
    public var flow: FlowDiff?
    /// Documents with `.strings` or String Catalog translations beside them (nil: none).
    public var localization: LocalizationImpact?

    public var hasChanges: Bool { diff.hasChangesToShow || oldPath != nil }
}

/// One changed scene (storyboards) or top-level object (xibs).
public struct SceneReview: Sendable {
    public var group: ChangeGroup
    /// Wireframes of the scene before and after (nil: it does not exist on that side, or it
    /// draws nothing, like a File's Owner).
    public var before: Wireframe.Canvas?
    public var after: Wireframe.Canvas?
    /// Object ids by what happened to them (views, controllers, bars... and the rest).
    public var added: [String]
    public var removed: [String]
    public var modified: [String]
    /// Listed beside the picture.
    public var constraints: [ObjectChange]
    public var connections: [ObjectChange]
    /// Everything else (views, controllers, items...).
    public var objects: [ObjectChange]
}

public enum Review {
    /// Throws for a side that does not parse, naming `file:line:column`. `translations`: the
    /// `.strings` files beside the document in the new version, `catalogs` its String Catalogs. `jobs`: cores for the scenes'
    /// wireframes (1 when files are already spread over cores).
    public static func file(oldBytes: [UInt8]?, newBytes: [UInt8]?, path: String, oldPath: String? = nil,
                            translations: [StringsFile] = [], catalogs: [StringCatalog] = [], options: DiffOptions = DiffOptions(),
                            jobs: Int? = nil) throws(XMLParseError) -> FileReview {
        let oldName = "a/" + (oldPath ?? path), newName = "b/" + path
        let old = try oldBytes.map { b throws(XMLParseError) in IBGraph(try IBDocument(bytes: b, name: oldName)) }
        let new = try newBytes.map { b throws(XMLParseError) in IBGraph(try IBDocument(bytes: b, name: newName)) }
        let diff = SemanticDiff.compare(old: old.map { DiffObjects($0) }, new: new.map { DiffObjects($0) },
                                        oldName: oldBytes == nil ? nil : oldName, newName: newBytes == nil ? nil : newName,
                                        displayName: path, options: options, skipIdenticalSubtrees: true)
        let drawn = diff.groups.filter { $0.kind == .scene || $0.kind == .object }
        let ids = drawn.compactMap(\.id)
        // A change inside a tab that is not selected is drawn in that tab.
        let changed = Set(drawn.flatMap(\.changes).compactMap(\.id))
        let before = old.map { WireframeBuilder.build($0, only: ids, reveal: changed, jobs: jobs).canvases } ?? []
        let after = new.map { WireframeBuilder.build($0, only: ids, reveal: changed, jobs: jobs).canvases } ?? []
        let scenes = drawn.map { g in
            scene(g, before: before.first { $0.id == g.id }, after: after.first { $0.id == g.id }, old: old, new: new)
        }
        var flow: FlowDiff?
        if diff.documentKind == .storyboard {
            let changed = Set(diff.groups.filter { $0.kind == .scene }.compactMap(\.id))
            flow = FlowDiff(old: old.map(FlowGraph.init), new: new.map(FlowGraph.init), changedScenes: changed)
        }
        let localization = translations.isEmpty && catalogs.isEmpty ? nil
            : LocalizationImpact(old: old, new: new, translations: translations, catalogs: catalogs)
        return FileReview(path: path, oldPath: oldPath, diff: diff, scenes: scenes, flow: flow, localization: localization)
    }

    /// A changed group with its pictures. Each change marks its own shape, or (a modified
    /// cell or item) the nearest drawn object above it as modified; constraints and connections
    /// are listed, not marked.
    static func scene(_ g: ChangeGroup, before: Wireframe.Canvas?, after: Wireframe.Canvas?, old: IBGraph?, new: IBGraph?) -> SceneReview {
        var added: [String] = [], removed: [String] = [], modified: [String] = []
        var constraints: [ObjectChange] = [], connections: [ObjectChange] = [], objects: [ObjectChange] = []
        for c in g.changes {
            if c.category == IBRules.constraintCategory { constraints.append(c); continue }
            if IBRules.connectionCategories.contains(c.category) { connections.append(c); continue }
            objects.append(c)
            guard let id = c.id else { continue }
            switch c.kind {
            case .added:
                added.append(id)
            case .removed:
                removed.append(id)
            case .modified, .moved:
                modified.append(id)
            }
            // A change to an object that is not drawn (a macOS control's cell, a bar item) shows on the
            // view holding it. An added or removed one shows through what it holds, or in the list.
            guard c.kind == .modified || c.kind == .moved else { continue }
            if let b = before, let o = old, let holder = drawnHolder(id, in: b, o), holder != id { modified.append(holder) }
            if let a = after, let n = new, let holder = drawnHolder(id, in: a, n), holder != id { modified.append(holder) }
        }
        return SceneReview(group: g, before: before, after: after, added: added, removed: removed,
                           modified: Array(Set(modified).subtracting(added).subtracting(removed)).sorted(),
                           constraints: constraints, connections: connections, objects: objects)
    }

    /// The id of the nearest object at or above `id` that the canvas draws.
    static func drawnHolder(_ id: String, in canvas: Wireframe.Canvas, _ graph: IBGraph) -> String? {
        guard var n = graph.node(forObjectID: id) else { return nil }
        let drawn = Set(canvas.shapes.compactMap(\.id))
        while n > 0 {
            if let o = graph.nodes[n].objectID, drawn.contains(o) { return o }
            n = graph.nodes[n].parent
        }
        return nil
    }
}

/// A stable, line-oriented semantic outline of one document, for git's `textconv`: one line
/// per object (its human path and id; constraints as equations, connections as what they
/// connect), then its attributes indented below it, one per line, values as a person reads
/// them. Noise and frames are left out unless asked for, so `git diff`, `git log -p` and
/// `git show` print the changes a person made and nothing else.
///
/// Object lines start in the first column and attribute lines are indented, so git can name
/// the object of each hunk (`diff.xib.xfuncname "^[^ ].*"`).
///
/// `entries` gives the same outline as values (`xibmerge outline`, its JSON), optionally of
/// some scenes or objects only.
public enum Outline {
    /// One object of the outline: what its line says, where it is, and its attributes.
    public struct Entry: Sendable {
        /// Its human path, ending in its summary (`Login Scene > View > Button "Save"`,
        /// `… > constraint Logo.height = 27`); the document's own entry is `Document (xib, iOS)`.
        public var path: String
        /// Its object id, or a scene's id.
        public var id: String?
        /// 1-based line of its element in the file.
        public var line: Int?
        public var attributes: [(name: String, value: String)]
    }

    /// Which parts of the document to outline: scenes or top-level objects (by id or name, as
    /// `render --scene` takes them), and objects by id; empty lists: the whole document.
    public struct Selection: Sendable, Equatable {
        public var scenes: [String]
        public var objects: [String]

        public init(scenes: [String] = [], objects: [String] = []) {
            self.scenes = scenes
            self.objects = objects
        }

        var isEmpty: Bool { scenes.isEmpty && objects.isEmpty }
    }

    /// Names in a `Selection` that match nothing, with what there is to choose from.
    public struct UnknownSelection: Error, Sendable {
        public var unknown: [String]
        /// The scenes or top-level objects, as `Name (id)`.
        public var available: [String]
    }

    public static func text(of document: IBDocument, options: DiffOptions = DiffOptions()) -> String {
        var out = ""
        for line in lines(of: document, options: options) {
            out += line
            out += "\n"
        }
        return out
    }

    public static func lines(of document: IBDocument, options: DiffOptions = DiffOptions()) -> [String] {
        // The whole document is always selectable.
        lines((try? entries(of: document, options: options, withLines: false)) ?? [])
    }

    /// The outline's lines of these entries.
    public static func lines(_ entries: [Entry]) -> [String] {
        var out: [String] = []
        out.reserveCapacity(entries.count * 4)
        for entry in entries {
            out.append(entry.id.map { "\(entry.path) (\($0))" } ?? entry.path)
            for a in entry.attributes { out.append("    \(a.name): \(a.value)") }
        }
        return out
    }

    /// The outline's objects, in document order: all of them, or those of the selection (each
    /// chosen scene or object and everything inside it).
    public static func entries(of document: IBDocument, options: DiffOptions = DiffOptions(), only selection: Selection = Selection(),
                               withLines: Bool = true) throws(UnknownSelection) -> [Entry] {
        let objects = DiffObjects(IBGraph(document))
        let ranges = try selected(selection, in: objects.graph, kind: document.kind)
        let lineIndex = withLines ? document.xml.source.lineIndex() : nil
        var out: [Entry] = []
        for range in ranges {
            for i in range where objects.isEntity[i] {
                out.append(entry(i, objects, document: document, options: options, lineIndex: lineIndex))
            }
        }
        return out
    }

    private static func entry(_ i: Int, _ objects: DiffObjects, document: IBDocument, options: DiffOptions, lineIndex: LineIndex?) -> Entry {
        let path = i == 0 ? "Document (\(document.kind.rawValue), \(document.platform.rawValue))" : objects.path(i)
        let node = objects.graph.nodes[i]
        var skip = IBRules.summarisedAttributes[node.tag] ?? [IBRules.keyAttribute]
        if !node.isObject, i > 0, node.tag != IBRules.sceneTag { skip.formUnion(IBRules.itemNameAttributes) }  // in the name
        var attributes: [(name: String, value: String)] = []
        for a in DiffAttributes.of(i, in: objects) where !skip.contains(a.name) {
            switch a.noise {
            case .layout? where !options.layout: continue
            case .toolsVersion?, .editorState?, .cache?: if !options.includeNoise { continue }
            default: break
            }
            attributes.append((a.name, a.value(in: objects).display))
        }
        let line = lineIndex.flatMap { objects.graph.line(of: i, using: $0) }
        return Entry(path: path, id: objects.shownID(i), line: line, attributes: attributes)
    }

    /// The node ranges (subtrees, in document order, none inside another) the selection names.
    private static func selected(_ selection: Selection, in graph: IBGraph, kind: IBDocument.Kind) throws(UnknownSelection) -> [Range<Int>] {
        if selection.isEmpty { return [0..<graph.nodes.count] }
        let candidates = topLevel(graph, kind: kind)
        var roots: [Int] = [], unknown: [String] = []
        for name in selection.scenes {
            let found = candidates.filter { WireframeBuilder.matches(graph, $0, name) }
            if found.isEmpty { unknown.append(name) }
            roots += found
        }
        for id in selection.objects {
            if let n = graph.node(forObjectID: id) { roots.append(n) } else { unknown.append(id) }
        }
        if !unknown.isEmpty {
            let available = candidates.prefix(50).map { "\(graph.displayName($0)) (\(WireframeBuilder.canvasID(graph, $0)))" }
                + (candidates.count > 50 ? ["and \(candidates.count - 50) more"] : [])
            throw UnknownSelection(unknown: unknown, available: available)
        }
        var ranges: [Range<Int>] = []
        for root in Set(roots).sorted() where !ranges.contains(where: { $0.contains(root) }) {
            ranges.append(root..<graph.subtreeEnd(of: root))
        }
        return ranges
    }

    /// A storyboard's scenes; a xib's top-level objects.
    private static func topLevel(_ graph: IBGraph, kind: IBDocument.Kind) -> [Int] {
        let top = graph.children(of: 0)
        if kind == .storyboard {
            return top.filter { graph.nodes[$0].tag == IBRules.scenesContainer }
                .flatMap { graph.children(of: $0).filter { graph.nodes[$0].tag == IBRules.sceneTag } }
        }
        return top.filter { graph.nodes[$0].tag == IBRules.objectsContainer }.flatMap { graph.children(of: $0) }
    }
}

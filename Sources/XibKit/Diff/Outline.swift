/// A stable, line-oriented semantic outline of one document, for git's `textconv`: one line
/// per object (its human path and id; constraints as equations, connections as what they
/// connect), then its attributes indented below it, one per line, values as a person reads
/// them. Noise and frames are left out unless asked for, so `git diff`, `git log -p` and
/// `git show` print the changes a person made and nothing else.
///
/// Object lines start in the first column and attribute lines are indented, so git can name
/// the object of each hunk (`diff.xib.xfuncname "^[^ ].*"`).
public enum Outline {
    public static func text(of document: IBDocument, options: DiffOptions = DiffOptions()) -> String {
        var out = ""
        for line in lines(of: document, options: options) {
            out += line
            out += "\n"
        }
        return out
    }

    public static func lines(of document: IBDocument, options: DiffOptions = DiffOptions()) -> [String] {
        let objects = DiffObjects(IBGraph(document))
        var out: [String] = []
        out.reserveCapacity(objects.graph.nodes.count)
        for i in objects.graph.nodes.indices where objects.isEntity[i] {
            var line = i == 0 ? "Document (\(document.kind.rawValue), \(document.platform.rawValue))" : objects.path(i)
            if let id = objects.shownID(i) { line += " (\(id))" }
            out.append(line)
            let node = objects.graph.nodes[i]
            var skip = IBRules.summarisedAttributes[node.tag] ?? [IBRules.keyAttribute]
            if node.objectID == nil, i > 0, node.tag != IBRules.sceneTag { skip.formUnion(IBRules.itemNameAttributes) }  // in the name
            for a in DiffAttributes.of(i, in: objects) where !skip.contains(a.name) {
                switch a.noise {
                case .layout? where !options.layout: continue
                case .toolsVersion?, .editorState?, .cache?: if !options.includeNoise { continue }
                default: break
                }
                out.append("    \(a.name): \(a.value(in: objects).display)")
            }
        }
        return out
    }
}

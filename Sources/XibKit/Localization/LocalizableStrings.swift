/// One user-visible text of a document as ibtool exports it (`--generate-strings-file`) and
/// Xcode extracts it into a String Catalog: its key, its text, and the comment that records
/// the class, the text and the object (`Class = "NSMenuItem"; title = "Quit"; ObjectID =
/// "abc-De-fgh";`, with the localiser's `Note = "…";` when the object has one).
public struct LocalizableString: Sendable, Equatable {
    public var node: Int
    public var key: StringsFile.ObjectKey
    public var text: String
    public var className: String
    /// The property as the comment names it: the key's, or `OBJECT-ID.property[i]` for a list's item.
    public var commentProperty: String
    public var note: String?

    public var comment: String {
        var out = "Class = \"\(className)\"; \(commentProperty) = \"\(Self.escaped(text))\"; ObjectID = \"\(key.objectID)\";"
        if let note { out += " Note = \"\(Self.escaped(note))\";" }
        return out
    }

    /// A string as a `.strings` file quotes it: `"` and `\` escaped, line breaks as `\n`.
    public static func escaped(_ s: String) -> String {
        guard s.utf8.contains(where: { $0 == 0x22 || $0 == 0x5C || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }) else { return s }
        var out = ""
        for u in s.unicodeScalars {
            switch u {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default: out.unicodeScalars.append(u)
            }
        }
        return out
    }

    /// The text a comment of this form records for its property, or nil when it is not one.
    /// Reads what `comment` writes: the value between the quotes after `property = `.
    public static func recordedText(in comment: String, property: String) -> String? {
        let scalars = Array(comment.unicodeScalars)
        let marker = Array("; \(property) = \"".unicodeScalars)
        guard comment.hasPrefix("Class = \""), let start = find(marker, in: scalars) else { return nil }
        var out = String.UnicodeScalarView()
        var i = start + marker.count
        while i < scalars.count {
            let u = scalars[i]
            if u == "\"" { return String(out) }
            if u == "\\" && i + 1 < scalars.count {
                i += 1
                switch scalars[i] {
                case "n": out.append("\n")
                case "r": out.append("\r")
                case "t": out.append("\t")
                default: out.append(scalars[i])
                }
            } else {
                out.append(u)
            }
            i += 1
        }
        return nil
    }

    /// The class a comment of this form records (`Class = "NSMenuItem";`), or nil.
    public static func recordedClass(in comment: String) -> String? {
        let marker = "Class = \""
        guard comment.hasPrefix(marker) else { return nil }
        let rest = comment.dropFirst(marker.count)
        guard let end = rest.firstIndex(of: "\"") else { return nil }
        return String(rest[..<end])
    }

    static func find(_ needle: [Unicode.Scalar], in hay: [Unicode.Scalar]) -> Int? {
        guard needle.count <= hay.count else { return nil }
        for i in 0...(hay.count - needle.count) where hay[i] == needle[0] && Array(hay[i..<i + needle.count]) == needle { return i }
        return nil
    }
}

/// The user-visible texts of a document (`IBRules.localizableText`), in document order.
public enum LocalizableStrings {
    public static func strings(in graph: IBGraph) -> [LocalizableString] {
        let prefix = IBRules.localizableClassPrefixes[IBDocument.platform(of: graph.document.root)] ?? "UI"
        var out: [LocalizableString] = []
        for n in graph.nodes.indices {
            guard let id = graph.nodes[n].objectID else { continue }
            let e = graph.nodes[n].element
            var found: [(property: String, commentProperty: String, text: String)] = []
            let kids = e.children.isEmpty ? [] : e.elements
            for rule in Rules.byTag[e.name] ?? Rules.general {
                texts(of: e, kids, rule.source, rule.property, id: id, into: &found)
            }
            guard !found.isEmpty else { continue }
            let className = IBRules.localizableClassNames[e.name] ?? prefix + e.name.prefix(1).uppercased() + e.name.dropFirst()
            let note = self.note(in: kids)
            var seen = Set<String>()
            for f in found where !f.text.isEmpty && seen.insert(f.property).inserted {
                out.append(LocalizableString(node: n, key: StringsFile.ObjectKey(objectID: id, property: f.property), text: f.text,
                                             className: className, commentProperty: f.commentProperty, note: note))
            }
        }
        return out
    }

    /// The profile's table resolved per tag once: the rows that apply to it, each source
    /// claimed by its first row, rows without a property dropped.
    private enum Rules {
        typealias Rule = (source: IBRules.LocalizableText.Source, property: String)

        static let general = rules(for: nil)
        static let byTag: [String: [Rule]] = {
            let tags = Set(IBRules.localizableText.flatMap { $0.tags ?? [] })
            return Dictionary(uniqueKeysWithValues: tags.map { ($0, rules(for: $0)) })
        }()

        static func rules(for tag: String?) -> [Rule] {
            var claimed: [IBRules.LocalizableText.Source] = []
            var out: [Rule] = []
            for rule in IBRules.localizableText where rule.tags.map({ tag.map($0.contains) ?? false }) ?? true {
                guard !claimed.contains(rule.source) else { continue }
                claimed.append(rule.source)
                if let property = rule.property { out.append((rule.source, property)) }
            }
            return out
        }
    }

    private static func texts(of e: XMLElement, _ kids: [XMLElement], _ source: IBRules.LocalizableText.Source, _ property: String, id: String,
                              into found: inout [(property: String, commentProperty: String, text: String)]) {
        switch source {
        case .attribute(let name):
            if let t = e[attribute: name] { found.append((property, property, t)) }
        case .child(let tag, let key, let attribute):
            for c in kids where c.name == tag && c[attribute: IBRules.keyAttribute] == key {
                if let t = text(of: c, attribute) { found.append((property, property, t)) }
            }
        case .option(let name):
            let o = IBRules.bindingOptions
            for c in kids where c.name == o.tag && c[attribute: IBRules.keyAttribute] == o.key {
                for v in c.elements where v.name == o.value && v[attribute: IBRules.keyAttribute] == name { found.append((property, property, v.text)) }
            }
        case .items(let container, let item, let attribute):
            for c in kids where c.name == container {
                for (i, it) in c.elements.filter({ $0.name == item }).enumerated() {
                    guard let t = text(of: it, attribute) else { continue }
                    let indexed = "\(property)[\(i)]"
                    found.append((indexed, "\(id).\(indexed)", t))
                }
            }
        }
    }

    private static func text(of e: XMLElement, _ attribute: String?) -> String? {
        guard let attribute else { return e.text }
        return e[attribute: attribute]
    }

    /// The localiser's note: the fragments of the object's `userComments`, joined.
    static func note(in kids: [XMLElement]) -> String? {
        let n = IBRules.localizerNote
        guard let comments = kids.first(where: { $0.name == n.tag && $0[attribute: IBRules.keyAttribute] == n.key }) else { return nil }
        let text = comments.elements.filter { $0.name == n.fragment }.map { f in
            f[attribute: n.content] ?? f.elements.first { $0[attribute: IBRules.keyAttribute] == n.content }?.text ?? ""
        }.joined()
        return text.isEmpty ? nil : text
    }
}

import MCP

/// A tool call's arguments, read against the tool's schema: unknown names, missing required
/// values and values of the wrong type are tool errors that say what was expected.
struct ToolArguments {
    let values: [String: Value]
    let root: Root

    init(_ values: [String: Value]?, allowed: [String], root: Root) throws(ToolError) {
        self.values = values ?? [:]
        self.root = root
        let unknown = self.values.keys.filter { !allowed.contains($0) }.sorted()
        if !unknown.isEmpty {
            throw ToolError("unknown argument\(unknown.count == 1 ? "" : "s") \(unknown.joined(separator: ", ")); this tool takes \(allowed.joined(separator: ", "))")
        }
    }

    func string(_ key: String) throws(ToolError) -> String? {
        guard let value = values[key], !value.isNull else { return nil }
        guard let s = value.stringValue else { throw ToolError("\(key) must be a string") }
        return s
    }

    func required(_ key: String) throws(ToolError) -> String {
        guard let s = try string(key), !s.isEmpty else { throw ToolError("\(key) is required") }
        return s
    }

    func bool(_ key: String) throws(ToolError) -> Bool {
        guard let value = values[key], !value.isNull else { return false }
        guard let b = value.boolValue else { throw ToolError("\(key) must be true or false") }
        return b
    }

    /// A list of strings; a single string is taken as a list of one.
    func strings(_ key: String) throws(ToolError) -> [String] {
        guard let value = values[key], !value.isNull else { return [] }
        if let s = value.stringValue { return [s] }
        guard let items = value.arrayValue else { throw ToolError("\(key) must be a list of strings") }
        var out: [String] = []
        for item in items {
            guard let s = item.stringValue else { throw ToolError("\(key) must be a list of strings") }
            out.append(s)
        }
        return out
    }

    /// A path inside the root, as `xibmerge` will open it.
    func path(_ key: String) throws(ToolError) -> String? {
        try string(key).map { p throws(ToolError) in try root.confine(p) }
    }

    func requiredPath(_ key: String) throws(ToolError) -> String { try root.confine(try required(key)) }

    func paths(_ key: String) throws(ToolError) -> [String] {
        var out: [String] = []
        for p in try strings(key) { out.append(try root.confine(p)) }
        return out
    }

    /// A git revision: never read as an option.
    func revision(_ key: String) throws(ToolError) -> String? {
        guard let r = try string(key) else { return nil }
        if r.isEmpty || r.hasPrefix("-") || r.contains(where: { $0.isNewline || $0 == "\0" }) {
            throw ToolError("\(key): '\(r)' is not a revision")
        }
        return r
    }

    /// One of a few words.
    func choice(_ key: String, _ allowed: [String]) throws(ToolError) -> String? {
        guard let s = try string(key) else { return nil }
        guard allowed.contains(s) else { throw ToolError("\(key) must be one of \(allowed.joined(separator: ", ")), not '\(s)'") }
        return s
    }
}

/// JSON Schema pieces for the tools' `inputSchema`.
enum Schema {
    static func object(_ properties: [String: Value], required: [String] = []) -> Value {
        .object(["type": "object", "properties": .object(properties), "required": .array(required.map { .string($0) }),
                 "additionalProperties": false])
    }

    static func string(_ description: String) -> Value { .object(["type": "string", "description": .string(description)]) }

    static func strings(_ description: String) -> Value {
        .object(["type": "array", "items": .object(["type": "string"]), "description": .string(description)])
    }

    static func bool(_ description: String) -> Value { .object(["type": "boolean", "description": .string(description)]) }

    static func choice(_ values: [String], _ description: String) -> Value {
        .object(["type": "string", "enum": .array(values.map { .string($0) }), "description": .string(description)])
    }
}

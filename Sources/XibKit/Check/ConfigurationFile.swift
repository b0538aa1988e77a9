#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `.xibmerge.yml`, a team's settings for `check`, found from the working directory upward:
///
/// ```yaml
/// check:
///   enable: [missing-translation]
///   disable:
///     - ambiguous-layout
///   severity:
///     orphaned-translation: error
///   excluded: [Pods, "**/Legacy/*.xib"]
///   ignore:
///     - rule: missing-outlet
///       file: App/Base.lproj/Main.storyboard
///       object: abc-De-fgh
/// ```
///
/// (`excluded:` and `ignore:`: `Suppression`.) It is read as block-style YAML: mappings, lists
/// (`- item`, `- key: value` or `[a, b]`), plain or quoted scalars, comments. Anything else (anchors, flow mappings, multi-line scalars, tabs) is an
/// error naming `file:line:column`, as is an unknown key, rule or severity: a typo must not
/// silently leave a rule on. (A YAML library would bring Foundation, and its start-up cost,
/// into every command.)
extension CheckConfiguration {
    public static let fileNames = [".xibmerge.yml", ".xibmerge.yaml"]

    /// The nearest configuration file in `directory` or a folder above it.
    public static func find(from directory: String) -> String? {
        var dir = FilePaths.absolute(directory)
        while true {
            for name in fileNames where FileIO.size(dir + "/" + name) != nil { return dir + "/" + name }
            guard let slash = dir.lastIndex(of: "/"), dir != "/" else { return nil }
            dir = slash == dir.startIndex ? "/" : String(dir[..<slash])
        }
    }

    /// The defaults with the file's settings applied.
    public static func load(path: String) throws(XMLParseError) -> CheckConfiguration {
        var c = try CheckConfiguration(yaml: try FileIO.read(path), name: path)
        c.root = FilePaths.parent(path)
        return c
    }

    public init(yaml bytes: [UInt8], name: String) throws(XMLParseError) {
        self.init()
        var yaml = try MiniYAML(bytes: bytes, name: name)
        let root = try yaml.parse()
        guard case .map(let top) = root.value else {
            if case .scalar("") = root.value { return }  // an empty file
            throw root.error("expected a mapping with a `check:` section", name)
        }
        for (key, value) in top {
            guard key.text == "check" else { throw key.error("unknown setting '\(key.text)' (expected `check`)", name) }
            guard case .map(let settings) = value.value else {
                if case .scalar("") = value.value { continue }
                throw value.error("`check` must be a mapping (\(Self.settings))", name)
            }
            for (k, v) in settings { try apply(k, v, name) }
        }
    }

    private mutating func apply(_ key: MiniYAML.Node, _ value: MiniYAML.Node, _ name: String) throws(XMLParseError) {
        func rule(_ n: MiniYAML.Node) throws(XMLParseError) -> CheckRule {
            guard let r = CheckRule(rawValue: n.text) else {
                throw n.error("unknown rule '\(n.text)' (rules: \(CheckRule.allCases.map(\.id).joined(separator: ", ")))", name)
            }
            return r
        }
        switch key.text {
        case "enable", "disable":
            for n in try value.scalars(name) {
                if key.text == "enable" { enable(try rule(n)) } else { disable(try rule(n)) }
            }
        case "severity":
            guard case .map(let pairs) = value.value else { throw value.error("`severity` must map rules to error, warning or off", name) }
            for (r, s) in pairs {
                let rule = try rule(r)
                switch s.text {
                case "off": disable(rule)
                case "error", "warning": enable(rule, severity: Severity(rawValue: s.text))
                default: throw s.error("unknown severity '\(s.text)' (error, warning or off)", name)
                }
            }
        case "excluded":
            excluded += try value.scalars(name, what: "path").map { Glob($0.text) }
        case "ignore":
            guard case .list(let items) = value.value else { throw value.error("`ignore` must be a list of `- rule: …` entries", name) }
            ignored += try items.map { item throws(XMLParseError) in try suppression(item, name, rule: rule) }
        default:
            throw key.error("unknown setting '\(key.text)' under `check` (\(Self.settings))", name)
        }
    }

    static let settings = "enable, disable, severity, excluded, ignore"

    /// One `ignore:` entry: `rule`, `file` and `object`, at least one of them.
    private func suppression(_ item: MiniYAML.Node, _ name: String, rule: (MiniYAML.Node) throws(XMLParseError) -> CheckRule) throws(XMLParseError) -> Suppression {
        guard case .map(let pairs) = item.value, !pairs.isEmpty else {
            throw item.error("an `ignore` entry is a mapping: rule, file, object", name)
        }
        var out = Suppression()
        for (k, v) in pairs {
            guard case .scalar(let text) = v.value, !text.isEmpty else { throw v.error("expected a value for `\(k.text)`", name) }
            switch Suppression.Key(rawValue: k.text) {
            case .rule: out.rule = try rule(v)
            case .file: out.file = Glob(text)
            case .object: out.object = text
            case nil: throw k.error("unknown key '\(k.text)' in an `ignore` entry (rule, file, object)", name)
            }
        }
        return out
    }
}

/// The block-style YAML subset `.xibmerge.yml` is written in (see `CheckConfiguration`).
struct MiniYAML {
    indirect enum Value {
        case scalar(String)
        case list([Node])
        case map([(Node, Node)])
    }

    struct Node {
        var value: Value
        var line: Int
        var column: Int

        var text: String { if case .scalar(let s) = value { return s } else { return "" } }

        func error(_ message: String, _ file: String) -> XMLParseError {
            XMLParseError(kind: .malformed, location: SourceLocation(file: file, line: line, column: column, offset: 0), message: message)
        }

        /// A list of scalars, or one scalar as a list of one.
        func scalars(_ file: String, what: String = "rule id") throws(XMLParseError) -> [Node] {
            switch value {
            case .scalar(let s): return s.isEmpty ? [] : [self]
            case .list(let items):
                for item in items { guard case .scalar = item.value else { throw item.error("expected a \(what)", file) } }
                return items
            case .map: throw error("expected a list of \(what)s", file)
            }
        }
    }

    /// One line that holds something: its indentation (spaces), its text without the comment, and where it starts.
    private struct Line { var indent: Int; var text: Substring; var number: Int }

    private var lines: [Line] = []
    private var at = 0
    private let name: String

    init(bytes: [UInt8], name: String) throws(XMLParseError) {
        self.name = name
        var text = String(decoding: bytes, as: UTF8.self)
        if text.hasPrefix("\u{FEFF}") { text.removeFirst() }
        for (i, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            var line = raw.hasSuffix("\r") ? raw.dropLast() : raw
            line = Self.withoutComment(line)
            let indent = line.prefix { $0 == " " }.count
            let content = line.dropFirst(indent)
            if content.first == "\t" { throw fail("a tab in the indentation (YAML indents with spaces)", i + 1, indent + 1) }
            while let last = line.last, last == " " || last == "\t" { line = line.dropLast() }
            let body = line.dropFirst(indent)
            if body.isEmpty || (i == 0 || lines.isEmpty) && body == "---" { continue }
            lines.append(Line(indent: indent, text: body, number: i + 1))
        }
    }

    private static func withoutComment(_ line: Substring) -> Substring {
        var quote: Character? = nil
        var previous: Character = " "
        for i in line.indices {
            let c = line[i]
            if let q = quote {
                if c == q { quote = nil }
            } else if c == "\"" || c == "'" {
                quote = c
            } else if c == "#" && (previous == " " || previous == "\t") {
                return line[..<i]
            }
            previous = c
        }
        return line
    }

    private func fail(_ message: String, _ line: Int, _ column: Int) -> XMLParseError {
        XMLParseError(kind: .malformed, location: SourceLocation(file: name, line: line, column: column, offset: 0), message: message)
    }

    mutating func parse() throws(XMLParseError) -> Node {
        guard let first = lines.first else { return Node(value: .scalar(""), line: 1, column: 1) }
        let node = try block(indent: first.indent)
        if at < lines.count { throw fail("unexpected line (check its indentation)", lines[at].number, lines[at].indent + 1) }
        return node
    }

    /// The mapping or list whose lines start at exactly `indent`.
    private mutating func block(indent: Int) throws(XMLParseError) -> Node {
        let start = lines[at]
        let isList = start.text == "-" || start.text.hasPrefix("- ")
        var items: [Node] = [], pairs: [(Node, Node)] = []
        while at < lines.count, lines[at].indent == indent {
            let line = lines[at]
            let isItem = line.text == "-" || line.text.hasPrefix("- ")
            // A list may stand at its key's indentation; the next key ends it.
            if isList && !isItem { break }
            at += 1
            if isList {
                let rest = line.text.dropFirst(1).drop { $0 == " " }
                let column = indent + 1 + (line.text.count - rest.count)
                if Self.keyEnd(rest) != nil {
                    // `- rule: x` opens a mapping whose keys stand at the column of `rule`.
                    at -= 1
                    lines[at] = Line(indent: column - 1, text: rest, number: line.number)
                    items.append(try block(indent: column - 1))
                    continue
                }
                items.append(try scalarOrFlowList(rest, line.number, column))
            } else {
                guard let colon = Self.keyEnd(line.text) else { throw fail("expected `key: value`", line.number, indent + 1) }
                let key = try scalarOrFlowList(line.text[..<colon], line.number, indent + 1)
                let rest = line.text[line.text.index(after: colon)...].drop { $0 == " " }
                let column = indent + 1 + (line.text.count - rest.count)
                if !rest.isEmpty {
                    pairs.append((key, try scalarOrFlowList(rest, line.number, column)))
                } else if at < lines.count, lines[at].indent > indent
                            || lines[at].indent == indent && lines[at].text.hasPrefix("- ") {
                    pairs.append((key, try block(indent: lines[at].indent)))
                } else {
                    pairs.append((key, Node(value: .scalar(""), line: line.number, column: column)))
                }
            }
        }
        if at < lines.count, lines[at].indent > indent { throw fail("unexpected indentation", lines[at].number, lines[at].indent + 1) }
        return Node(value: isList ? .list(items) : .map(pairs), line: start.number, column: indent + 1)
    }

    /// The colon that ends a mapping key (outside quotes, followed by a space or the line's end).
    private static func keyEnd(_ text: Substring) -> String.Index? {
        var quote: Character? = nil
        for i in text.indices {
            let c = text[i]
            if let q = quote { if c == q { quote = nil }; continue }
            if c == "\"" || c == "'" { quote = c; continue }
            if c == ":" {
                let next = text.index(after: i)
                if next == text.endIndex || text[next] == " " { return i }
            }
        }
        return nil
    }

    private func scalarOrFlowList(_ text: Substring, _ line: Int, _ column: Int) throws(XMLParseError) -> Node {
        if text.hasPrefix("[") {
            guard text.hasSuffix("]") else { throw fail("a flow list must close on its line (`]`)", line, column) }
            var items: [Node] = []
            var offset = column + 1
            for part in text.dropFirst().dropLast().split(separator: ",", omittingEmptySubsequences: false) {
                let trimmed = part.drop { $0 == " " }
                let item = trimmed.reversed().drop { $0 == " " }.reversed()
                if !item.isEmpty { items.append(try scalar(Substring(item), line, offset + (part.count - trimmed.count))) }
                offset += part.count + 1
            }
            return Node(value: .list(items), line: line, column: column)
        }
        return try scalar(text, line, column)
    }

    private func scalar(_ text: Substring, _ line: Int, _ column: Int) throws(XMLParseError) -> Node {
        if let q = text.first, q == "\"" || q == "'" {
            guard text.count >= 2, text.last == q, !text.dropFirst().dropLast().contains(q) else {
                throw fail("a quoted value must close on its line, without escapes", line, column)
            }
            return Node(value: .scalar(String(text.dropFirst().dropLast())), line: line, column: column)
        }
        if let c = text.first, "&*!{|>%@`".contains(c) {
            throw fail("'\(c)' starts YAML that .xibmerge.yml does not support (anchors, tags, flow mappings, block scalars)", line, column)
        }
        return Node(value: .scalar(String(text)), line: line, column: column)
    }
}

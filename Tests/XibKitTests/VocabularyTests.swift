import Foundation
import Testing
@testable import XibKit

/// The guide's rule: the IB profile (`Sources/XibKit/Profile`) is the only IB vocabulary.
/// This lists the lines of `Sources/XibKit` outside `Profile/` holding a string literal that is
/// an IB element or attribute name. The names are not a hand list: they are every element and
/// attribute name in the IB files of `Tests/Fixtures` and `Examples`, plus the names the
/// profile's own tables declare. `XML/` is left out: it is the XML layer under the profile,
/// and its literals are XML's (`version`, `encoding`), not Interface Builder's.
///
/// A line may keep such a literal with a reason beside it (`// vocabulary: why`) when the
/// literal is not IB's (another format's field, an English word); at most `explainedLimit`
/// may. No other line may (`budget`).
@Suite struct VocabularyTests {
    static let explainedLimit = 3
    static let budget = 0

    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    @Test func ibNamesAppearOnlyInTheProfile() throws {
        let names = try Self.ibNames()
        #expect(names.contains("firstItem") && names.contains("constraint") && names.count > 300)
        let found = try Self.linesNaming(names)
        let explained = found.filter { $0.text.contains("// vocabulary:") }
        let unexplained = found.filter { !$0.text.contains("// vocabulary:") }
        let report = unexplained.map { "\($0.file):\($0.line): \($0.names.joined(separator: ", "))" }.joined(separator: "\n")
        print("VocabularyTests: \(unexplained.count) lines name IB vocabulary without a reason, \(explained.count) with one")
        #expect(explained.count <= Self.explainedLimit,
                "more than \(Self.explainedLimit) lines keep an IB name with a reason:\n\(explained.map(\.text).joined(separator: "\n"))")
        #expect(unexplained.count <= Self.budget,
                "\(unexplained.count) lines name IB elements or attributes outside Profile/ (budget \(Self.budget)); move them into the profile:\n\(report)")
    }

    @Test func literalsAreFoundOutsideComments() {
        let line = #"let a = e[attribute: "firstItem"] // "secondItem" "#
        #expect(Self.literals(inCode: line) == ["firstItem"])
        #expect(Self.literals(inCode: #"s = "a \"b\" c" + "d""#) == [#"a \"b\" c"#, "d"])
        #expect(Self.literals(inCode: "/// `constraint`").isEmpty)
        #expect(Self.literals(inCode: #"x = "a \(e[attribute: "property"] ?? "?") b""#) == ["property", "?", #"a \(...) b"#])
    }

    /// Element and attribute names of the fixture and example IB files, and the profile's.
    static func ibNames() throws -> Set<String> {
        var names = Set<String>()
        for folder in ["Tests/Fixtures", "Examples"] {
            let base = root.appendingPathComponent(folder)
            let files = FileManager.default.enumerator(atPath: base.path)?.compactMap { $0 as? String } ?? []
            for file in files where file.hasSuffix(".xib") || file.hasSuffix(".storyboard") {
                let data = try Data(contentsOf: base.appendingPathComponent(file))
                names.formUnion(tagAndAttributeNames(Array(data)))
            }
        }
        names.formUnion(IBRules.referenceAttributes.map(\.attribute))
        names.formUnion(IBRules.referenceAttributes.compactMap(\.tag))
        names.formUnion(IBRules.referringElements)
        names.formUnion(IBRules.identityAttributes)
        names.formUnion(IBRules.noiseAttributes.map(\.attribute))
        names.formUnion(IBRules.noiseElements.map(\.tag))
        names.insert(IBRules.documentRoot)
        return names
    }

    /// `<name` and ` name=` inside tags, skipping the XML declaration, comments and text.
    static func tagAndAttributeNames(_ b: [UInt8]) -> Set<String> {
        var out = Set<String>()
        var i = 0
        func isNameByte(_ c: UInt8) -> Bool {
            (c >= 0x41 && c <= 0x5A) || (c >= 0x61 && c <= 0x7A) || (c >= 0x30 && c <= 0x39) || c == 0x5F || c == 0x2E || c == 0x2D || c == 0x3A
        }
        func name(at j: Int) -> (String, Int) {
            var k = j
            while k < b.count, isNameByte(b[k]) { k += 1 }
            return (String(decoding: b[j..<k], as: UTF8.self), k)
        }
        while i < b.count {
            guard b[i] == 0x3C, i + 1 < b.count else { i += 1; continue }  // <
            let c = b[i + 1]
            guard (c >= 0x41 && c <= 0x5A) || (c >= 0x61 && c <= 0x7A) else { i += 1; continue }
            var (tag, k) = name(at: i + 1)
            out.insert(tag)
            // Attributes up to the closing `>`, skipping quoted values.
            while k < b.count, b[k] != 0x3E {
                if b[k] == 0x22 || b[k] == 0x27 {
                    let q = b[k]; k += 1
                    while k < b.count, b[k] != q { k += 1 }
                    k += 1
                } else if isNameByte(b[k]) {
                    (tag, k) = name(at: k)
                    out.insert(tag)
                } else {
                    k += 1
                }
            }
            i = k
        }
        return out
    }

    struct Hit { var file: String; var line: Int; var names: [String]; var text: String }

    /// The lines of `Sources/XibKit` outside `Profile/` and `XML/` with a literal in `names`.
    static func linesNaming(_ names: Set<String>) throws -> [Hit] {
        let sources = root.appendingPathComponent("Sources/XibKit")
        let files = try #require(FileManager.default.enumerator(atPath: sources.path)).compactMap { $0 as? String }
            .filter { $0.hasSuffix(".swift") && !$0.hasPrefix("Profile/") && !$0.hasPrefix("XML/") }.sorted()
        var out: [Hit] = []
        for file in files {
            let text = try String(contentsOf: sources.appendingPathComponent(file), encoding: .utf8)
            var inBlockComment = false, inMultiline = false
            for (n, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                var code = Substring(line)
                if inMultiline {
                    if code.contains("\"\"\"") { inMultiline = false }
                    continue
                }
                if inBlockComment {
                    guard let end = code.range(of: "*/") else { continue }
                    code = code[end.upperBound...]
                    inBlockComment = false
                }
                if code.filter({ $0 == "\"" }).count == 3, code.contains("\"\"\"") { inMultiline = true; continue }
                if let start = code.range(of: "/*"), !code[..<start.lowerBound].contains("\"") {
                    inBlockComment = !code[start.upperBound...].contains("*/")
                    code = code[..<start.lowerBound]
                }
                let hits = literals(inCode: String(code)).filter(names.contains)
                if !hits.isEmpty { out.append(Hit(file: file, line: n + 1, names: hits, text: String(line))) }
            }
        }
        return out
    }

    /// The string literals of one line of Swift (those inside interpolations too), up to a
    /// `//` comment outside them.
    static func literals(inCode line: String) -> [String] {
        var out: [String] = []
        let c = Array(line.unicodeScalars)
        var i = 0
        code(c, &i, &out, nested: false)
        return out
    }

    /// Code up to its end (or, nested in an interpolation, up to the `)` closing it).
    private static func code(_ c: [Unicode.Scalar], _ i: inout Int, _ out: inout [String], nested: Bool) {
        var depth = 0
        while i < c.count {
            if c[i] == "/", i + 1 < c.count, c[i + 1] == "/" { i = c.count; return }
            if nested, c[i] == "(" { depth += 1 }
            if nested, c[i] == ")" {
                if depth == 0 { i += 1; return }
                depth -= 1
            }
            guard c[i] == "\"" else { i += 1; continue }
            i += 1
            var s = String.UnicodeScalarView()
            while i < c.count, c[i] != "\"" {
                if c[i] == "\\", i + 1 < c.count, c[i + 1] == "(" {
                    s.append(contentsOf: "\\(...)".unicodeScalars)
                    i += 2
                    code(c, &i, &out, nested: true)
                } else if c[i] == "\\", i + 1 < c.count {
                    s.append(c[i]); s.append(c[i + 1]); i += 2
                } else {
                    s.append(c[i]); i += 1
                }
            }
            out.append(String(s))
            i += 1
        }
    }
}

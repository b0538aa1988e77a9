import Foundation
import Testing

/// The developers' guide: no function over about 80 lines. This reads every Swift and C file
/// under `Sources/` and lists the functions (Swift `func`, `init`, `subscript`, accessors with a
/// body; C function definitions) whose body spans more lines than that.
@Suite struct FunctionLengthTests {
    static let limit = 80

    @Test func noFunctionIsLongerThanTheLimit() throws {
        let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Sources")
        let files = try #require(FileManager.default.enumerator(atPath: sources.path)).compactMap { $0 as? String }
            .filter { $0.hasSuffix(".swift") || $0.hasSuffix(".c") }.sorted()
        #expect(files.count > 50)
        var long: [String] = []
        for file in files {
            let text = try String(contentsOf: sources.appendingPathComponent(file), encoding: .utf8)
            let functions = file.hasSuffix(".c") ? FunctionScanner.cFunctions(text) : FunctionScanner.swiftFunctions(text)
            for f in functions where f.lines > Self.limit {
                long.append("\(file):\(f.line): \(f.name) (\(f.lines) lines)")
            }
        }
        #expect(long.isEmpty, "functions over \(Self.limit) lines:\n\(long.joined(separator: "\n"))")
    }

    @Test func theScannerSeesThroughStringsAndComments() {
        let text = """
        func a() {
            let s = "}{ \\(x.map { "}" })"
            // }
            /* { */
            let t = \"""
            }
            \"""
        }
        struct S {
            init(x: Int) {
                _ = x
            }
            var v: Int {
                get { 1 }
            }
        }
        """
        let found = FunctionScanner.swiftFunctions(text)
        #expect(found.map(\.name) == ["a", "init", "v"])
        #expect(found.map(\.lines) == [8, 3, 3])
    }
}

/// A brace matcher that knows Swift's strings (with interpolation) and comments: enough to
/// find where a declaration's body ends.
enum FunctionScanner {
    struct Function {
        var name: String
        var line: Int
        var lines: Int
    }

    /// Code with string literals and comments blanked out (braces in them do not count),
    /// line breaks kept.
    static func code(_ text: String) -> [UInt8] {
        let b = Array(text.utf8)
        var out = b
        var i = 0
        // Open contexts: a string (multi-line or not), or an interpolation inside one (its
        // parentheses depth).
        enum Context { case string(multiline: Bool), interpolation(depth: Int) }
        var stack: [Context] = []
        func blank(_ from: Int, _ to: Int) { for k in from..<min(to, b.count) where out[k] != 0x0A { out[k] = 0x20 } }
        func starts(_ s: String, at k: Int) -> Bool {
            let u = Array(s.utf8)
            return k + u.count <= b.count && Array(b[k..<k + u.count]) == u
        }
        while i < b.count {
            if case .string(let multiline)? = stack.last {
                if b[i] == 0x5C, i + 1 < b.count, b[i + 1] == 0x28 {  // \(
                    blank(i, i + 2)
                    stack.append(.interpolation(depth: 0))
                    i += 2
                } else if b[i] == 0x5C {
                    blank(i, i + 2)
                    i += 2
                } else if multiline ? starts("\"\"\"", at: i) : b[i] == 0x22 {
                    let n = multiline ? 3 : 1
                    blank(i, i + n)
                    stack.removeLast()
                    i += n
                } else {
                    blank(i, i + 1)
                    i += 1
                }
                continue
            }
            if starts("//", at: i) {
                let end = b[i...].firstIndex(of: 0x0A) ?? b.count
                blank(i, end)
                i = end
            } else if starts("/*", at: i) {
                var end = i + 2
                while end < b.count, !starts("*/", at: end) { end += 1 }
                blank(i, end + 2)
                i = end + 2
            } else if starts("\"\"\"", at: i) {
                blank(i, i + 3)
                stack.append(.string(multiline: true))
                i += 3
            } else if b[i] == 0x22 {
                blank(i, i + 1)
                stack.append(.string(multiline: false))
                i += 1
            } else if case .interpolation(let depth)? = stack.last, b[i] == 0x28 || b[i] == 0x29 {
                stack.removeLast()
                if b[i] == 0x28 {
                    stack.append(.interpolation(depth: depth + 1))
                } else if depth > 0 {
                    stack.append(.interpolation(depth: depth - 1))
                } else {
                    out[i] = 0x20  // the interpolation's `)`: back in the string
                }
                i += 1
            } else {
                i += 1
            }
        }
        return out
    }

    /// The line (0-based) of each byte offset's line start, and the offset of each line's start.
    private static func lineStarts(_ code: [UInt8]) -> [Int] {
        var starts = [0]
        for (k, c) in code.enumerated() where c == 0x0A { starts.append(k + 1) }
        return starts
    }

    /// The line (0-based) holding the `}` that closes the `{` at `open`.
    private static func closingLine(_ code: [UInt8], from open: Int, lineOf: (Int) -> Int) -> Int {
        var depth = 0
        for k in open..<code.count {
            if code[k] == 0x7B { depth += 1 }
            if code[k] == 0x7D {
                depth -= 1
                if depth == 0 { return lineOf(k) }
            }
        }
        return lineOf(code.count - 1)
    }

    static func swiftFunctions(_ text: String) -> [Function] {
        let code = code(text)
        let starts = lineStarts(code)
        func lineOf(_ k: Int) -> Int { (starts.lastIndex { $0 <= k } ?? 0) }
        let lines = String(decoding: code, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        let declaration = try! NSRegularExpression(
            pattern: #"^\s*(?:@[\w()., ]+\s+)*(?:(?:public|private|fileprivate|internal|static|final|override|mutating|nonmutating|convenience|required|class|open|nonisolated|@inline\(__always\)|@discardableResult)\s+)*(?:func\s+([^\s(<]+)|(init|deinit|subscript)\b|var\s+(\w+)\s*:[^=]*\{\s*$)"#)
        var out: [Function] = []
        for (n, line) in lines.enumerated() {
            let s = String(line)
            guard let m = declaration.firstMatch(in: s, range: NSRange(s.startIndex..., in: s)) else { continue }
            let name = (1...3).lazy.compactMap { Range(m.range(at: $0), in: s).map { String(s[$0]) } }.first ?? "?"
            // The body's `{`: the first one from the declaration on (a protocol's requirement has none).
            var k = starts[n]
            var parens = 0
            while k < code.count {
                let c = code[k]
                if c == 0x28 || c == 0x5B { parens += 1 }
                if c == 0x29 || c == 0x5D { parens -= 1 }
                if c == 0x7B && parens == 0 { break }
                if c == 0x7D || (c == 0x0A && parens == 0 && k > starts[n] && endsDeclaration(code, at: k)) { k = code.count }
                k += 1
            }
            guard k < code.count else { continue }
            out.append(Function(name: name, line: n + 1, lines: closingLine(code, from: k, lineOf: lineOf) - n + 1))
        }
        return out
    }

    /// Whether the line ending at `k` ends a declaration without a body (the next line does
    /// not continue it with `{`, `->`, `where`, `throws` or an open parameter list).
    private static func endsDeclaration(_ code: [UInt8], at k: Int) -> Bool {
        var j = k - 1
        while j >= 0, code[j] == 0x20 { j -= 1 }
        if j >= 0, code[j] == 0x2C || code[j] == 0x28 { return false }  // `,` `(`: continues
        var m = k + 1
        while m < code.count, code[m] == 0x20 { m += 1 }
        guard m < code.count else { return true }
        let rest = String(decoding: code[m..<min(code.count, m + 8)], as: UTF8.self)
        return !(rest.hasPrefix("{") || rest.hasPrefix("->") || rest.hasPrefix("where") || rest.hasPrefix("throws")
            || rest.hasPrefix(")") || rest.hasPrefix("async") || rest.hasPrefix("rethrows"))
    }

    /// C function definitions: a `{` at the top level after a `)`.
    static func cFunctions(_ text: String) -> [Function] {
        let code = code(text)
        let starts = lineStarts(code)
        func lineOf(_ k: Int) -> Int { (starts.lastIndex { $0 <= k } ?? 0) }
        var out: [Function] = []
        var depth = 0
        for k in code.indices {
            if code[k] == 0x7B {
                if depth == 0 {
                    var j = k - 1
                    while j >= 0, code[j] == 0x20 || code[j] == 0x0A { j -= 1 }
                    if j >= 0, code[j] == 0x29 {
                        // The name: the identifier before the parameter list's `(`.
                        var p = j, parens = 0
                        repeat {
                            if code[p] == 0x29 { parens += 1 }
                            if code[p] == 0x28 { parens -= 1 }
                            p -= 1
                        } while p >= 0 && parens > 0
                        var q = p
                        while q >= 0, code[q] == 0x5F || (code[q] | 0x20 >= 0x61 && code[q] | 0x20 <= 0x7A) || (code[q] >= 0x30 && code[q] <= 0x39) { q -= 1 }
                        let name = String(decoding: code[(q + 1)...p], as: UTF8.self)
                        let first = lineOf(k), last = closingLine(code, from: k, lineOf: lineOf)
                        out.append(Function(name: name, line: first + 1, lines: last - first + 1))
                    }
                }
                depth += 1
            } else if code[k] == 0x7D {
                depth -= 1
            }
        }
        return out
    }
}

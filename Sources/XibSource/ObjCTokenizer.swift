/// Objective-C source as tokens: identifiers, `@` keywords, `@"..."` string literals (their
/// value) and single punctuation characters, each with its line and column. Comments, C
/// strings, character and number literals and preprocessor lines are dropped; the code of all
/// `#if` branches is kept, but an earlier branch's brackets that repeat the last branch's read
/// as `;` (`ConditionalBranches`).
enum ObjCTokenizer {
    static let directives: [String: ConditionalBranches.Directive] = [
        "if": .open, "ifdef": .open, "ifndef": .open, "elif": .alternative, "else": .alternative, "endif": .close,
    ]

    static func tokens(_ bytes: [UInt8]) -> [ObjCScanner.Token] {
        var out: [ObjCScanner.Token] = []
        var conditionals: [(index: Int, directive: ConditionalBranches.Directive)] = []
        var i = 0, line = 1, lineStart = 0
        var atLineStart = true
        let n = bytes.count
        func isIdentifier(_ b: UInt8) -> Bool {
            (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) || (b >= 0x30 && b <= 0x39) || b == 0x5F || b == 0x24 || b >= 0x80
        }
        /// Past a quoted literal opened at `i` (`"` or `'`), counting its lines.
        func skipQuoted(_ i: inout Int) -> ArraySlice<UInt8> {
            let quote = bytes[i]
            let start = i + 1
            i += 1
            while i < n, bytes[i] != quote, bytes[i] != 0x0A {
                if bytes[i] == 0x5C { i += 1 }
                i += 1
            }
            let value = bytes[start..<min(i, n)]
            if i < n && bytes[i] == quote { i += 1 }
            return value
        }
        while i < n {
            let b = bytes[i]
            let column = i - lineStart + 1
            if b == 0x0A { line += 1; i += 1; lineStart = i; atLineStart = true; continue }
            if b == 0x20 || b == 0x09 || b == 0x0D || b == 0x0C { i += 1; continue }
            if b == 0x23 && atLineStart {
                var k = i + 1
                while k < n && (bytes[k] == 0x20 || bytes[k] == 0x09) { k += 1 }
                let name = k
                while k < n && isIdentifier(bytes[k]) { k += 1 }
                if let d = directives[String(decoding: bytes[name..<k], as: UTF8.self)] { conditionals.append((out.count, d)) }
                // A preprocessor line, with its `\` continuations.
                while i < n && bytes[i] != 0x0A {
                    if bytes[i] == 0x5C && i + 1 < n && bytes[i + 1] == 0x0A { line += 1; i += 1; lineStart = i + 1 }
                    i += 1
                }
                continue
            }
            atLineStart = false
            if b == 0x2F && i + 1 < n && bytes[i + 1] == 0x2F {
                while i < n && bytes[i] != 0x0A { i += 1 }
            } else if b == 0x2F && i + 1 < n && bytes[i + 1] == 0x2A {
                i += 2
                while i < n && !(bytes[i] == 0x2A && i + 1 < n && bytes[i + 1] == 0x2F) {
                    if bytes[i] == 0x0A { line += 1; lineStart = i + 1 }
                    i += 1
                }
                i += 2
            } else if b == 0x40 && i + 1 < n && bytes[i + 1] == 0x22 {
                i += 1
                let value = skipQuoted(&i)
                out.append(.init(kind: .string, text: String(decoding: value, as: UTF8.self), line: line, column: column))
            } else if b == 0x22 || b == 0x27 {
                _ = skipQuoted(&i)
            } else if b == 0x40 && i + 1 < n && isIdentifier(bytes[i + 1]) {
                let start = i
                i += 1
                while i < n && isIdentifier(bytes[i]) { i += 1 }
                out.append(.init(kind: .keyword, text: String(decoding: bytes[start..<i], as: UTF8.self), line: line, column: column))
            } else if b >= 0x30 && b <= 0x39 {
                while i < n && (isIdentifier(bytes[i]) || bytes[i] == 0x2E) { i += 1 }
            } else if isIdentifier(b) {
                let start = i
                while i < n && isIdentifier(bytes[i]) { i += 1 }
                out.append(.init(kind: .identifier, text: String(decoding: bytes[start..<i], as: UTF8.self), line: line, column: column))
            } else {
                out.append(.init(kind: .punctuation, text: String(UnicodeScalar(b)), line: line, column: column))
                i += 1
            }
        }
        for i in ConditionalBranches.alternativeBrackets(count: out.count, directives: conditionals, bracket: { i in
            out[i].kind == .punctuation ? out[i].text.first.flatMap(ConditionalBranches.bracket) : nil
        }) {
            out[i].text = ";"
        }
        return out
    }
}

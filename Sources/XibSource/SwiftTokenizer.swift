/// Swift source as tokens, each with its line and UTF-8 column (1-based): identifiers and
/// keywords (backticked ones keep their backticks, as the compiler's token text does), string
/// literals (a whole literal is one token: its value is the source text between the
/// delimiters, nil when it interpolates; what is inside an interpolation is not read),
/// regular expression literals (`/a+/`, `#/a+/#`: no strings inside), `#name`s, numbers, and
/// punctuation. Operators are runs of operator characters, except
/// `<`, `>`, `?` and `!`, which stay single (generic brackets, optional chaining) and `->`.
/// Comments (`/* */` nest) are dropped; all branches of `#if` are kept, but an earlier branch's
/// brackets that repeat the last branch's read as `;` (`ConditionalBranches`).
struct SwiftTokenizer {
    enum Kind: Equatable { case identifier, string, regex, pound, number, punctuation }

    struct Token {
        var kind: Kind
        var text: String
        /// A string literal's value: nil when it interpolates.
        var value: String?
        var line: Int
        var column: Int
        /// Whitespace or a comment before the token; a line break before it.
        var spaceBefore: Bool
        var lineBreakBefore: Bool
    }

    let bytes: [UInt8]
    var i = 0
    var line = 1
    var lineStart = 0
    var tokens: [Token] = []

    static func tokens(_ bytes: [UInt8]) -> [Token] {
        var tokenizer = SwiftTokenizer(bytes: bytes)
        tokenizer.run()
        tokenizer.dropAlternativeBrackets()
        return tokenizer.tokens
    }

    static let directives: [String: ConditionalBranches.Directive] = [
        "#if": .open, "#elseif": .alternative, "#else": .alternative, "#endif": .close,
    ]

    mutating func dropAlternativeBrackets() {
        let directives = tokens.indices.compactMap { i in
            tokens[i].kind == .pound ? Self.directives[tokens[i].text].map { (index: i, directive: $0) } : nil
        }
        let dropped = ConditionalBranches.alternativeBrackets(count: tokens.count, directives: directives) { [tokens] i in
            tokens[i].kind == .punctuation && tokens[i].text.utf8.count == 1 ? tokens[i].text.first.flatMap(ConditionalBranches.bracket) : nil
        }
        for i in dropped { tokens[i].text = ";" }
    }

    static func isIdentifierByte(_ b: UInt8) -> Bool {
        (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) || (b >= 0x30 && b <= 0x39) || b == 0x5F || b == 0x24 || b >= 0x80
    }

    static let operatorBytes: Set<UInt8> = Set("/=-+*%&|^~.".utf8)

    func byte(_ k: Int) -> UInt8 { k < bytes.count ? bytes[k] : 0 }

    /// A line break at `i` (`\n`, `\r\n` or `\r`): moves past it and counts the line.
    mutating func skipLineBreak() -> Bool {
        let b = byte(i)
        guard b == 0x0A || b == 0x0D else { return false }
        i += (b == 0x0D && byte(i + 1) == 0x0A) ? 2 : 1
        line += 1
        lineStart = i
        return true
    }

    mutating func run() {
        var space = false, lineBreak = true
        while i < bytes.count {
            if skipLineBreak() { space = true; lineBreak = true; continue }
            let b = bytes[i]
            if b == 0x20 || b == 0x09 || b == 0x0C || b == 0x0B || b == 0 { i += 1; space = true; continue }
            if b == 0x2F && byte(i + 1) == 0x2F {
                while i < bytes.count && bytes[i] != 0x0A && bytes[i] != 0x0D { i += 1 }
                space = true
                continue
            }
            if b == 0x2F && byte(i + 1) == 0x2A { skipBlockComment(); space = true; continue }
            let start = i, column = i - lineStart + 1, startLine = line
            let (kind, value) = lexToken()
            tokens.append(Token(kind: kind, text: String(decoding: bytes[start..<i], as: UTF8.self), value: value,
                                line: startLine, column: column, spaceBefore: space, lineBreakBefore: lineBreak))
            space = false
            lineBreak = false
        }
    }

    mutating func skipBlockComment() {
        var depth = 0
        while i < bytes.count {
            if bytes[i] == 0x2F && byte(i + 1) == 0x2A { depth += 1; i += 2; continue }
            if bytes[i] == 0x2A && byte(i + 1) == 0x2F { depth -= 1; i += 2; if depth == 0 { return }; continue }
            if !skipLineBreak() { i += 1 }
        }
    }

    /// One token from `i`, moving past it.
    mutating func lexToken() -> (Kind, String?) {
        let b = bytes[i]
        if b == 0x22 || (b == 0x23 && isRawStringStart()) { return (.string, lexString()) }
        if (b == 0x2F || (b == 0x23 && byte(i + 1) == 0x2F)) && lexRegex() { return (.regex, nil) }
        if b == 0x23 {
            i += 1
            while i < bytes.count && Self.isIdentifierByte(bytes[i]) { i += 1 }
            return (.pound, nil)
        }
        if b == 0x60 {
            i += 1
            while i < bytes.count && bytes[i] != 0x60 && bytes[i] != 0x0A { i += 1 }
            if byte(i) == 0x60 { i += 1 }
            return (.identifier, nil)
        }
        if b >= 0x30 && b <= 0x39 {
            while i < bytes.count && (Self.isIdentifierByte(bytes[i]) || (bytes[i] == 0x2E && (byte(i + 1) >= 0x30 && byte(i + 1) <= 0x39))) { i += 1 }
            return (.number, nil)
        }
        if Self.isIdentifierByte(b) {
            while i < bytes.count && Self.isIdentifierByte(bytes[i]) { i += 1 }
            return (.identifier, nil)
        }
        if b == 0x2D && byte(i + 1) == 0x3E { i += 2; return (.punctuation, nil) }
        if Self.operatorBytes.contains(b) {
            // `.` alone is member access; a run from `.` is a dot operator (`..<`, `...`).
            i += 1
            while i < bytes.count && Self.operatorBytes.contains(bytes[i]) && !(b != 0x2E && bytes[i] == 0x2E)
                && !(bytes[i] == 0x2F && (byte(i + 1) == 0x2F || byte(i + 1) == 0x2A)) { i += 1 }
            return (.punctuation, nil)
        }
        i += 1
        return (.punctuation, nil)
    }

    /// `#"`, `##"`, `#"""`: a raw string.
    func isRawStringStart() -> Bool {
        var k = i
        while byte(k) == 0x23 { k += 1 }
        return byte(k) == 0x22
    }
}

extension SwiftTokenizer {
    /// A string literal from `i` (its `#`s, quotes, text, closing quotes and `#`s); its value.
    mutating func lexString() -> String? {
        var pounds = 0
        while byte(i) == 0x23 { pounds += 1; i += 1 }
        // `#"""#` is a one-line raw string holding a quote.
        let multiline = byte(i + 1) == 0x22 && byte(i + 2) == 0x22 && !(pounds > 0 && hasPounds(pounds, at: i + 3))
        i += multiline ? 3 : 1
        let contentStart = i
        var interpolated = false
        while i < bytes.count {
            let b = bytes[i]
            if b == 0x5C && hasPounds(pounds, at: i + 1) {
                i += 1 + pounds
                if byte(i) == 0x28 {
                    interpolated = true
                    skipInterpolation()
                } else if !skipLineBreak() {
                    i += 1
                }
                continue
            }
            if b == 0x22 && (!multiline || (byte(i + 1) == 0x22 && byte(i + 2) == 0x22)) && hasPounds(pounds, at: i + (multiline ? 3 : 1)) {
                let value = interpolated ? nil : Self.value(bytes[contentStart..<i], multiline: multiline, pounds: pounds)
                i += (multiline ? 3 : 1) + pounds
                return value
            }
            if !multiline && (b == 0x0A || b == 0x0D) { break }
            if !skipLineBreak() { i += 1 }
        }
        return interpolated ? nil : Self.value(bytes[contentStart..<i], multiline: multiline, pounds: pounds)
    }

    func hasPounds(_ n: Int, at k: Int) -> Bool {
        for j in 0..<n where byte(k + j) != 0x23 { return false }
        return true
    }

    /// Past `(...)` of an interpolation at `i`: nested parentheses, strings and comments.
    mutating func skipInterpolation() {
        var depth = 0
        while i < bytes.count {
            let b = bytes[i]
            if b == 0x28 { depth += 1; i += 1 } else if b == 0x29 {
                depth -= 1
                i += 1
                if depth == 0 { return }
            } else if b == 0x22 || (b == 0x23 && isRawStringStart()) {
                _ = lexString()
            } else if b == 0x2F && byte(i + 1) == 0x2A {
                skipBlockComment()
            } else if !skipLineBreak() {
                i += 1
            }
        }
    }

    /// The literal's text as the compiler's segments have it: a multi-line literal's lines
    /// without the line break after the opening quotes, the one before the closing quotes,
    /// the closing quotes' indentation and escaped line breaks (`\` at a line's end).
    static func value(_ content: ArraySlice<UInt8>, multiline: Bool, pounds: Int) -> String {
        guard multiline else { return String(decoding: content, as: UTF8.self) }
        var lines = String(decoding: content, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard lines.count >= 2 else { return lines.joined(separator: "\n") }
        lines.removeFirst()
        let indent = lines.removeLast()
        let escape = "\\" + String(repeating: "#", count: pounds)
        var value = ""
        for (n, line) in lines.enumerated() {
            var line = line.hasPrefix(indent) ? String(line.dropFirst(indent.count)) : line
            let continued = line.hasSuffix(escape) && (pounds > 0 || line.dropLast().reversed().prefix { $0 == "\\" }.count % 2 == 0)
            if continued { line.removeLast(escape.count) }
            value += line
            if !continued && n < lines.count - 1 { value += "\n" }
        }
        return value
    }

    /// A regular expression literal from `i`, when one starts there: `#/.../#`, or `/.../` on
    /// one line where an operand may start and not before a space.
    mutating func lexRegex() -> Bool {
        if bytes[i] == 0x23 {
            var k = i + 2
            while k + 1 < bytes.count && !(bytes[k] == 0x2F && bytes[k + 1] == 0x23) { k += 1 }
            while i < min(k + 2, bytes.count) { if !skipLineBreak() { i += 1 } }
            return true
        }
        let next = byte(i + 1)
        guard next != 0x20, next != 0x09, next != 0x0A, next != 0x0D, next != 0x3D, mayStartOperand else { return false }
        var k = i + 1
        while k < bytes.count && bytes[k] != 0x2F && bytes[k] != 0x0A && bytes[k] != 0x0D {
            k += bytes[k] == 0x5C ? 2 : 1
        }
        guard byte(k) == 0x2F, byte(k - 1) != 0x20 else { return false }
        i = k + 1
        return true
    }

    /// Whether the previous token leaves room for an operand (a regex), not a binary `/`.
    var mayStartOperand: Bool {
        guard let p = tokens.last else { return true }
        switch p.kind {
        case .identifier: return ["return", "case", "in", "if", "guard", "while", "try", "await", "else", "throw", "where"].contains(p.text)
        case .string, .regex, .number, .pound: return false
        case .punctuation: return ![")", "]", "}", ">", "?", "!"].contains(p.text)
        }
    }
}

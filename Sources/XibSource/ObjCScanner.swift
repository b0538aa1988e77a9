import XibKit

/// One Objective-C file's classes and identifier uses, read by tokens (comments, strings and
/// preprocessor lines understood) and the `@interface`/`@implementation`/`@protocol` ... `@end`
/// blocks: ivars (`x` and `_x` both give the key `x`), `@property` (with the ivar `_x` a class
/// synthesises for it), `@synthesize x = y_`, methods (a setter `setX:` gives the keys `x` and
/// `X`), categories and class extensions. All branches of `#if` count.
struct ObjCScanner: TokenWalk {
    enum Kind: Equatable { case identifier, keyword, string, punctuation }

    struct Token {
        var kind: Kind
        var text: String
        var line: Int
        var column: Int
    }

    let file: String
    var tokens: [Token] = []
    var result = FileIndex()

    static func index(file: String, bytes: [UInt8]) -> FileIndex {
        var scanner = ObjCScanner(file: file)
        scanner.tokens = ObjCTokenizer.tokens(bytes)
        scanner.scanCalls()
        scanner.scanBlocks()
        return scanner.result
    }

    var tokenCount: Int { tokens.count }

    func isPunctuation(_ i: Int, _ text: String) -> Bool {
        i < tokens.count && tokens[i].kind == .punctuation && tokens[i].text == text
    }

    /// `piece:@"literal"` anywhere: identifier uses and registrations; every `@"literal"`.
    mutating func scanCalls() {
        for (i, t) in tokens.enumerated() {
            if t.kind == .string { result.index.stringLiterals.insert(t.text); continue }
            guard t.kind == .identifier, isPunctuation(i + 1, ":"), i + 2 < tokens.count, tokens[i + 2].kind == .string else { continue }
            let literal = tokens[i + 2]
            if IBRules.reuseRegistrationLabels.contains(t.text) {
                result.index.registeredReuseIDs.insert(literal.text)
            } else if let kind = IBRules.objcIdentifierPieces[t.text] {
                result.index.identifierUses.append(CodeIndex.IdentifierUse(
                    kind: kind, value: literal.text, location: CodeIndex.Location(file: file, line: literal.line, column: literal.column)))
            }
        }
    }

    mutating func scanBlocks() {
        var i = 0
        while i < tokens.count {
            let t = tokens[i]
            if t.kind == .keyword && (t.text == "@interface" || t.text == "@implementation") {
                i = scanClass(i)
            } else if t.kind == .keyword && t.text == "@protocol", i + 2 < tokens.count, tokens[i + 1].kind == .identifier,
                      !isPunctuation(i + 2, ";"), !isPunctuation(i + 2, ",") {
                var c = CodeIndex.Class(name: tokens[i + 1].text, location: location(i + 1))
                i = scanMembers(from: skipAngles(i + 2), into: &c)
                result.protocolSelectors.formUnion(c.selectors)
            } else {
                i += 1
            }
        }
    }

    func location(_ i: Int) -> CodeIndex.Location {
        CodeIndex.Location(file: file, line: tokens[i].line, column: tokens[i].column)
    }

    /// Past a `<...>` list at `i`, if there is one.
    func skipAngles(_ i: Int) -> Int {
        isPunctuation(i, "<") ? skipBalanced(i, open: "<", close: ">", stops: ["{", ";"]) : i
    }

    /// Past the balanced group opened at `i` (`(`, `{`, `[`).
    func skipGroup(_ i: Int) -> Int {
        let open = tokens[i].text
        return skipBalanced(i, open: open, close: open == "(" ? ")" : open == "{" ? "}" : "]")
    }

    mutating func scanClass(_ start: Int) -> Int {
        guard start + 1 < tokens.count, tokens[start + 1].kind == .identifier else { return start + 1 }
        var c = CodeIndex.Class(name: tokens[start + 1].text, location: location(start + 1))
        var i = skipAngles(start + 2)
        // A class and its extension (`@interface A ()`) synthesise their properties' ivars; a
        // named category cannot.
        var synthesizes = true
        if isPunctuation(i, "(") {
            synthesizes = isPunctuation(i + 1, ")")
            i = skipGroup(i)
        } else {
            // `@implementation Foo` names no superclass: only the `@interface` declares one.
            c.isDeclared = tokens[start].text == "@interface"
            if isPunctuation(i, ":"), i + 1 < tokens.count, tokens[i + 1].kind == .identifier {
                c.superclass = tokens[i + 1].text
                i += 2
            }
        }
        i = skipAngles(i)
        if isPunctuation(i, "{") {
            let end = skipGroup(i)
            scanIvars(i + 1, end - 1, into: &c)
            i = end
        }
        i = scanMembers(from: i, into: &c, synthesizes: synthesizes)
        result.classes.append(c)
        return i
    }
}

extension ObjCScanner {
    /// The declarations between `{` and `}` of an `@interface` or `@implementation`.
    mutating func scanIvars(_ start: Int, _ end: Int, into c: inout CodeIndex.Class) {
        var i = start
        var declaration: [Int] = []
        while i < end {
            if isPunctuation(i, ";") {
                addDeclared(declaration, as: .ivar, into: &c)
                declaration = []
            } else if tokens[i].kind != .keyword {
                declaration.append(i)
            }
            i += 1
        }
    }

    /// What a declaration adds: an ivar, or a property (`synthesizes`: whether the class
    /// synthesises the ivar `_name` for it; `setter`: whether it has one).
    enum Declared { case ivar, property(synthesizes: Bool, setter: Bool) }

    /// `IBOutlet NSButton *a, *b` (an ivar or a property's tokens after its attributes): the
    /// last identifier of each comma-separated part at parenthesis depth 0 is a name, or the one
    /// after `^` or `*` in the first parentheses of a block or function pointer (`void (^done)(BOOL)`).
    mutating func addDeclared(_ declaration: [Int], as kind: Declared, into c: inout CodeIndex.Class) {
        let outlet = declaration.contains { tokens[$0].text == "IBOutlet" || tokens[$0].text == "IBOutletCollection" }
        var depth = 0
        var last: Int?
        // Inside `(^` or `(*` after a type; after it, the name is known.
        var inPointer = false, named = false
        func add(_ n: Int?) {
            guard let n else { return }
            let name = tokens[n].text
            let key = name.hasPrefix("_") ? String(name.dropFirst()) : name
            switch kind {
            case .ivar:
                c.keys.formUnion([key, name])
            case .property(let synthesizes, let setter):
                c.keys.formUnion(KeyValueCoding.keys(property: name, hasSetter: setter))
                if synthesizes { c.keys.insert("_" + name) }
            }
            if outlet { c.outlets[key] = location(n) }
        }
        for i in declaration {
            let t = tokens[i]
            if t.kind == .punctuation && (t.text == "(" || t.text == "[") {
                inPointer = depth == 0 && !named && last != nil && (isPunctuation(i + 1, "^") || isPunctuation(i + 1, "*"))
                depth += 1
            }
            if t.kind == .punctuation && (t.text == ")" || t.text == "]") {
                depth -= 1
                if inPointer && depth == 0 { inPointer = false; named = true }
            }
            if t.kind == .identifier && !named && (depth == 0 || inPointer) { last = i }
            // A bit field (`unsigned flag : 1`): the name is before the colon.
            if depth == 0 && t.kind == .punctuation && (t.text == "," || t.text == ":") {
                add(last)
                last = nil
                named = false
                if t.text == ":" { break }
            }
        }
        add(last)
    }

    /// Members up to `@end`: properties, `@synthesize`, methods (bodies skipped). Returns the
    /// index after `@end`.
    mutating func scanMembers(from start: Int, into c: inout CodeIndex.Class, synthesizes: Bool = false) -> Int {
        var i = start
        while i < tokens.count {
            let t = tokens[i]
            if t.kind == .keyword {
                switch t.text {
                case "@end": return i + 1
                // A block without `@end`: an `#if` branch's header whose brace the other branch
                // opens (`ConditionalBranches`), or broken code. The next block starts here.
                case "@interface", "@implementation": return i
                case "@property": i = scanProperty(i + 1, into: &c, synthesizes: synthesizes)
                case "@synthesize", "@dynamic": i = scanSynthesize(i + 1, into: &c)
                default: i += 1
                }
            } else if t.kind == .punctuation && (t.text == "-" || t.text == "+") {
                i = scanMethod(i + 1, into: &c)
            } else if t.kind == .punctuation && t.text == "{" {
                i = skipGroup(i)
            } else {
                i += 1
            }
        }
        return i
    }

    mutating func scanProperty(_ start: Int, into c: inout CodeIndex.Class, synthesizes: Bool) -> Int {
        var i = isPunctuation(start, "(") ? skipGroup(start) : start
        let readonly = tokens[start..<i].contains { $0.kind == .identifier && $0.text == "readonly" }
        var declaration: [Int] = []
        while i < tokens.count, !isPunctuation(i, ";"), !(tokens[i].kind == .keyword && tokens[i].text == "@end") {
            declaration.append(i)
            i += 1
        }
        // Trailing macros (`NS_AVAILABLE(10_9)`, `API_UNAVAILABLE(ios)`) are not names.
        while let last = declaration.last, isPunctuation(last, ")"),
              let open = declaration.lastIndex(where: { isPunctuation($0, "(") }), open > 0,
              tokens[declaration[open - 1]].text.uppercased() == tokens[declaration[open - 1]].text {
            declaration.removeSubrange((open - 1)...)
        }
        addDeclared(declaration, as: .property(synthesizes: synthesizes, setter: !readonly), into: &c)
        return i + 1
    }

    /// `@synthesize a, b = b_;`: the properties `a` and `b` and the ivars `a` and `b_`.
    mutating func scanSynthesize(_ start: Int, into c: inout CodeIndex.Class) -> Int {
        var i = start
        var expectName = true
        while i < tokens.count, !isPunctuation(i, ";") {
            if tokens[i].kind == .identifier && expectName { c.keys.insert(tokens[i].text); expectName = false }
            if isPunctuation(i, ",") || isPunctuation(i, "=") { expectName = true }
            i += 1
        }
        return i + 1
    }

    /// `- (IBAction)save:(id)sender;` or with a body: the selector `save:`.
    mutating func scanMethod(_ start: Int, into c: inout CodeIndex.Class) -> Int {
        var i = isPunctuation(start, "(") ? skipGroup(start) : start
        var selector = ""
        while i < tokens.count {
            if tokens[i].kind == .identifier && isPunctuation(i + 1, ":") {
                selector += tokens[i].text + ":"
                i += 2
            } else if isPunctuation(i, ":") {
                selector += ":"
                i += 1
            } else if tokens[i].kind == .identifier && selector.isEmpty {
                selector = tokens[i].text
                i += 1
                break
            } else {
                break
            }
            if isPunctuation(i, "(") { i = skipGroup(i) }
            if i < tokens.count && tokens[i].kind == .identifier && !isPunctuation(i + 1, ":") { i += 1 }
        }
        // Attributes and macros up to the declaration's end or the body.
        while i < tokens.count, !isPunctuation(i, ";"), !isPunctuation(i, "{"), tokens[i].kind != .keyword {
            i = isPunctuation(i, "(") ? skipGroup(i) : i + 1
        }
        if !selector.isEmpty {
            c.selectors.insert(selector)
            c.keys.formUnion(KeyValueCoding.keys(setter: selector))
        }
        if isPunctuation(i, "{") { return skipGroup(i) }
        return isPunctuation(i, ";") ? i + 1 : i
    }
}

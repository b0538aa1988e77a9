import XibKit

/// One Swift file's classes and identifier uses, read by tokens (`SwiftTokenizer`) and the
/// braces they open. What Interface Builder can connect is what the Objective-C runtime sees:
/// `@IBOutlet`, `@IBAction`, `@objc`, `@objc(name)`, members of `@objcMembers` classes (and of
/// their extensions and subclasses, wherever they are: `FileIndex.implicitMembers`) and
/// `@objc extension`s, `dynamic`, `@NSManaged`, and `override`s (of Objective-C methods, under
/// the SDK's own selector where Swift renames it). A member is a `var`, `let` or `func` directly
/// in a type's braces; whatever is in a function, accessor or closure body, or in a property's
/// initialiser, is not. All branches of `#if` count.
struct SwiftScanner: TokenWalk {
    typealias Token = SwiftTokenizer.Token

    /// A type being read: a class or extension collecting members, or another type (struct,
    /// enum, protocol, actor) whose members are not a class's.
    struct Scope {
        var swiftName: String
        var members: CodeIndex.Class?
        var objcByDefault: Bool
        var isProtocol: Bool
        /// A class's members Objective-C sees only under `@objcMembers`.
        var implicit = FileIndex.Members()
    }

    /// What a bracket opened: a type's body, another block, or parentheses and brackets.
    enum Frame { case type, block, group }

    struct Attribute {
        var name: String
        var argument: String?
    }

    static let typeKeywords: Set<String> = ["class", "struct", "enum", "protocol", "actor", "extension"]
    /// Words that start a declaration; `class` before one of them (or a modifier) is a modifier.
    static let declarationKeywords: Set<String> = [
        "var", "let", "func", "init", "deinit", "subscript", "typealias", "associatedtype", "case", "import",
        "operator", "precedencegroup", "macro", "class", "struct", "enum", "protocol", "extension",
    ]
    static let modifiers: Set<String> = [
        "public", "private", "fileprivate", "internal", "open", "package", "final", "override", "dynamic", "static",
        "class", "required", "convenience", "lazy", "weak", "unowned", "optional", "mutating", "nonmutating",
        "nonisolated", "indirect", "prefix", "postfix", "infix", "distributed", "consuming", "borrowing", "isolated",
    ]
    /// Words before `(` that make it no call.
    static let notCallees: Set<String> = [
        "if", "while", "guard", "switch", "return", "case", "in", "for", "where", "throw", "try", "await", "is", "as",
        "let", "var", "else", "repeat", "do", "catch", "some", "any", "inout", "throws", "rethrows", "func",
    ]
    /// Attributes whose string arguments are no string literal expressions to the compiler.
    static let availabilityAttributes: Set<String> = ["available", "_originallyDefinedIn", "backDeployed", "_spi", "_documentation"]

    let file: String
    let tokens: [Token]
    var scopes: [Scope] = []
    var frames: [Frame] = []
    /// A type whose header was read: its body's `{` opens it.
    var pendingScope: Scope?
    /// The attributes and modifiers read since the last other token.
    var attributes: [Attribute] = []
    var modifierWords: [String] = []
    var result = FileIndex()

    static func index(file: String, bytes: [UInt8]) -> FileIndex {
        var scanner = SwiftScanner(file: file, tokens: SwiftTokenizer.tokens(bytes))
        scanner.run()
        return scanner.result
    }

    mutating func run() {
        var i = 0
        while i < tokens.count { i = step(i) }
        closePendingScope()
        while !scopes.isEmpty { closeScope() }
    }

    func location(_ i: Int) -> CodeIndex.Location {
        CodeIndex.Location(file: file, line: tokens[i].line, column: tokens[i].column)
    }

    func text(_ i: Int) -> String { i >= 0 && i < tokens.count ? tokens[i].text : "" }

    var tokenCount: Int { tokens.count }

    func isPunctuation(_ i: Int, _ text: String) -> Bool {
        i >= 0 && i < tokens.count && tokens[i].kind == .punctuation && tokens[i].text == text
    }

    func isIdentifier(_ i: Int) -> Bool { i >= 0 && i < tokens.count && tokens[i].kind == .identifier }

    var isMemberLevel: Bool { frames.last == .type }

    mutating func clearPending() {
        attributes = []
        modifierWords = []
    }

    /// Reads the token at `i` (and what belongs to it); returns the index after.
    mutating func step(_ i: Int) -> Int {
        let t = tokens[i]
        switch t.kind {
        case .string:
            if let value = t.value { result.index.stringLiterals.insert(value) }
        case .identifier:
            return identifier(i)
        case .punctuation:
            return punctuation(i)
        case .pound, .number, .regex:
            break
        }
        clearPending()
        return i + 1
    }

    mutating func identifier(_ i: Int) -> Int {
        let word = tokens[i].text
        if Self.typeKeywords.contains(word), !isPunctuation(i - 1, "."), isTypeDeclaration(i) {
            let next = typeHeader(i)
            clearPending()
            return next
        }
        if isMemberLevel && (word == "var" || word == "let") {
            memberVariable(i)
        } else if isMemberLevel && word == "func" {
            memberFunction(i)
        } else if Self.modifiers.contains(word), !isPunctuation(i - 1, ".") {
            modifierWords.append(word)
            // `private(set)`, `unowned(unsafe)`.
            if isPunctuation(i + 1, "("), ["set", "safe", "unsafe"].contains(text(i + 2)), isPunctuation(i + 3, ")") { return i + 4 }
            return i + 1
        }
        clearPending()
        return i + 1
    }

    mutating func punctuation(_ i: Int) -> Int {
        switch tokens[i].text {
        case "@":
            return attribute(i)
        case "(":
            if isCall(i) { call(i) }
            frames.append(.group)
        case "[":
            frames.append(.group)
        case ")", "]":
            if frames.last == .group { frames.removeLast() }
        case "{":
            if let scope = pendingScope {
                scopes.append(scope)
                pendingScope = nil
                frames.append(.type)
            } else {
                frames.append(.block)
            }
        case "}":
            closePendingScope()
            while frames.last == .group { frames.removeLast() }
            if frames.popLast() == .type { closeScope() }
        case ";":
            closePendingScope()
        default:
            break
        }
        clearPending()
        return i + 1
    }

    /// Past the balanced group opened at `i` (`(`, `[`, `<`).
    func skipGroup(_ i: Int) -> Int {
        switch tokens[i].text {
        case "(": return skipBalanced(i, open: "(", close: ")")
        case "[": return skipBalanced(i, open: "[", close: "]")
        default: return skipBalanced(i, open: "<", close: ">", stops: ["{", "}", ";"])
        }
    }

    /// `@name`, `@name(arguments)`: kept for the declaration that follows. The strings of the
    /// arguments count as literals, except availability's.
    mutating func attribute(_ i: Int) -> Int {
        var j = i + 1
        var name = text(j)
        j += 1
        while isPunctuation(j, "."), isIdentifier(j + 1) { name += "." + text(j + 1); j += 2 }
        var argument: String?
        if isPunctuation(j, "("), !tokens[j].spaceBefore {
            let end = skipGroup(j)
            argument = tokens[(j + 1)..<max(j + 1, end - 1)].map(\.text).joined()
            if !Self.availabilityAttributes.contains(name) {
                for k in j..<end where tokens[k].kind == .string {
                    if let value = tokens[k].value { result.index.stringLiterals.insert(value) }
                }
            }
            j = end
        }
        attributes.append(Attribute(name: name, argument: argument))
        return j
    }

    func has(_ name: String) -> Bool { attributes.contains { $0.name == name } }

    /// The name in `@objc(name)`.
    var objcName: String? {
        for a in attributes where a.name == "objc" {
            if let name = a.argument?.filter({ !$0.isWhitespace }), !name.isEmpty { return name }
        }
        return nil
    }
}

// MARK: Types

extension SwiftScanner {
    /// `class Name`, `struct Name<T>: P`, `extension Type`, `extension [Type]`; not `class func`,
    /// `Foo.Protocol`, `import class Module.Name`.
    func isTypeDeclaration(_ k: Int) -> Bool {
        // A parameter's label (`supports(extension ext: String)`).
        if isPunctuation(k - 1, "(") || isPunctuation(k - 1, ",") { return false }
        if tokens[k].text == "extension" { return isIdentifier(k + 1) || isPunctuation(k + 1, "[") || isPunctuation(k + 1, "(") }
        guard isIdentifier(k + 1) else { return false }
        let name = text(k + 1)
        if Self.declarationKeywords.contains(name) || Self.modifiers.contains(name) { return false }
        let after = k + 2
        return after >= tokens.count || isPunctuation(after, "{") || isPunctuation(after, ":") || isPunctuation(after, "<")
            || text(after) == "where"
    }

    func qualified(_ name: String) -> String {
        scopes.last.map { $0.swiftName + "." + name } ?? name
    }

    /// Reads a type's header at `k` (its keyword); the scope opens at its body's `{`.
    mutating func typeHeader(_ k: Int) -> Int {
        closePendingScope()
        let keyword = tokens[k].text
        var j = k + 1
        if keyword == "extension" {
            j = typeEnd(k + 1)
            let name = CodeRulesNames.plain(tokens[(k + 1)..<j].map(\.text).joined())
            pendingScope = Scope(swiftName: name, members: CodeIndex.Class(name: name, location: location(k + 1)),
                                 objcByDefault: has("objc") || has("objcMembers"), isProtocol: false)
        } else if keyword == "class" {
            let name = text(j), swiftName = qualified(name)
            let objc = objcName ?? name
            var c = CodeIndex.Class(name: objc, location: location(j))
            c.isDeclared = true
            j += 1
            if isPunctuation(j, "<") { j = skipGroup(j) }
            if isPunctuation(j, ":") {
                let end = typeEnd(j + 1, atComma: true)
                c.superclass = CodeRulesNames.plain(tokens[(j + 1)..<end].map(\.text).joined())
                j = end
            }
            if objc != name || swiftName != name {
                result.aliases[swiftName] = objc
                result.aliases[name] = objc
            }
            if has("objcMembers") { result.objcMembers.insert(objc) }
            pendingScope = Scope(swiftName: swiftName, members: c, objcByDefault: has("objcMembers"), isProtocol: false)
        } else {
            pendingScope = Scope(swiftName: qualified(text(j)), members: nil, objcByDefault: false, isProtocol: keyword == "protocol")
        }
        // Generic parameters, inheritance and `where` up to the body.
        while j < tokens.count, !isPunctuation(j, "{"), !isPunctuation(j, "}"), !isPunctuation(j, ";") { j += 1 }
        return j
    }

    /// The end of a type from `start`: before `:`, `where` or the body (`,` too with `atComma`).
    func typeEnd(_ start: Int, atComma: Bool = false) -> Int {
        var j = start, depth = 0
        while j < tokens.count {
            let t = tokens[j]
            if t.kind == .punctuation {
                if ["<", "(", "["].contains(t.text) { depth += 1 }
                if [">", ")", "]"].contains(t.text) { depth -= 1 }
                if depth <= 0 && (t.text == "{" || t.text == "}" || t.text == ";" || (depth == 0 && t.text == ":")
                                  || (atComma && depth == 0 && t.text == ",")) { break }
            } else if depth == 0 && t.kind == .identifier && t.text == "where" {
                break
            }
            j += 1
        }
        return j
    }

    mutating func closeScope() {
        guard let scope = scopes.popLast() else { return }
        add(scope)
    }

    /// A header without a body (broken code) still declares its type.
    mutating func closePendingScope() {
        guard let scope = pendingScope else { return }
        pendingScope = nil
        add(scope)
    }

    mutating func add(_ scope: Scope) {
        guard let c = scope.members else { return }
        result.classes.append(c)
        if !scope.implicit.keys.isEmpty || !scope.implicit.selectors.isEmpty {
            result.implicitMembers[c.name, default: .init()].keys.formUnion(scope.implicit.keys)
            result.implicitMembers[c.name, default: .init()].selectors.formUnion(scope.implicit.selectors)
        }
    }
}

// MARK: Members

extension SwiftScanner {
    mutating func memberVariable(_ i: Int) {
        guard let scope = scopes.last, scope.members != nil else { return }
        let outlet = has("IBOutlet")
        let visible = outlet || scope.objcByDefault || has("objc") || has("NSManaged") || has("IBInspectable")
            || modifierWords.contains("dynamic") || modifierWords.contains("override")
        let last = scopes.count - 1
        for b in bindingNames(i + 1) {
            let name = Self.unescaped(tokens[b].text)
            let keys = KeyValueCoding.keys(property: name, hasSetter: tokens[i].text == "var")
            if visible {
                scopes[last].members!.keys.formUnion(keys)
            } else {
                scopes[last].implicit.keys.formUnion(keys)
            }
            if outlet { scopes[last].members!.outlets[name] = location(b) }
        }
    }

    /// A name without the backticks that let it be a keyword (`` `default` ``).
    static func unescaped(_ name: String) -> String {
        name.hasPrefix("`") && name.hasSuffix("`") && name.count > 1 ? String(name.dropFirst().dropLast()) : name
    }

    /// The names of `var a = 1, b: Int`: the identifier at the start and after each comma
    /// outside brackets, up to the next declaration.
    func bindingNames(_ start: Int) -> [Int] {
        var names: [Int] = []
        var j = start, depth = 0, angles = 0
        var expectName = true
        while j < tokens.count {
            let t = tokens[j]
            if depth == 0 && j > start && endsDeclaration(j) { break }
            if expectName && t.kind == .identifier && t.text != "_" { names.append(j) }
            expectName = false
            if t.kind == .punctuation {
                switch t.text {
                case "(", "[", "{": depth += 1
                case ")", "]", "}":
                    depth -= 1
                    if depth < 0 { return names }
                case "<": if !t.spaceBefore { angles += 1 }
                case ">": if angles > 0 { angles -= 1 }
                case ",": expectName = depth == 0 && angles == 0
                case ";": if depth == 0 { return names }
                default: break
                }
            }
            j += 1
        }
        return names
    }

    /// Whether the token at `j` starts the next declaration.
    func endsDeclaration(_ j: Int) -> Bool {
        let t = tokens[j]
        if t.kind == .identifier && Self.declarationKeywords.contains(t.text) && !isPunctuation(j - 1, ".") {
            return !(t.text == "let" || t.text == "var" || t.text == "case") || t.lineBreakBefore
        }
        guard t.lineBreakBefore else { return false }
        return (t.kind == .identifier && Self.modifiers.contains(t.text)) || t.kind == .pound || isPunctuation(j, "@")
    }

    mutating func memberFunction(_ i: Int) {
        guard let scope = scopes.last, scope.members != nil || scope.isProtocol else { return }
        let override = modifierWords.contains("override")
        let visible = scope.objcByDefault || scope.isProtocol || has("IBAction") || has("objc") || has("IBSegueAction")
            || override || modifierWords.contains("dynamic")
        guard i + 1 < tokens.count else { return }
        var j = i + 1
        var base = Self.unescaped(text(j))
        j += 1
        // An operator's name may be several tokens (`<<`).
        while tokens[i + 1].kind == .punctuation, j < tokens.count, tokens[j].kind == .punctuation, !tokens[j].spaceBefore,
              !["(", "<"].contains(tokens[j].text) { base += tokens[j].text; j += 1 }
        if isPunctuation(j, "<") { j = skipGroup(j) }
        let labels = isPunctuation(j, "(") ? parameterLabels(j) : []
        let renamed = override ? IBRules.sdkSelector(swiftName: base, labels: labels) : nil
        let selector = objcName ?? renamed ?? ObjCSelector.swift(base: base, labels: labels)
        if scope.members == nil {
            result.protocolSelectors.insert(selector)
        } else if visible {
            scopes[scopes.count - 1].members!.selectors.insert(selector)
        } else {
            scopes[scopes.count - 1].implicit.selectors.insert(selector)
        }
    }

    /// Each parameter's argument label ("" for `_`) in the clause opened at `open`.
    func parameterLabels(_ open: Int) -> [String] {
        var labels: [String] = []
        var j = open + 1, depth = 0, angles = 0
        var expectLabel = true
        while j < tokens.count {
            let t = tokens[j]
            if expectLabel && !isPunctuation(j, ")") {
                while isPunctuation(j, "@") { j = isPunctuation(j + 2, "(") ? skipGroup(j + 2) : j + 2 }
                labels.append(text(j) == "_" ? "" : Self.unescaped(text(j)))
                expectLabel = false
                j += 1
                continue
            }
            if t.kind == .punctuation {
                switch t.text {
                case "(", "[", "{": depth += 1
                case ")", "]", "}":
                    if depth == 0 { return labels }
                    depth -= 1
                case "<": angles += 1
                case ">": if angles > 0 { angles -= 1 }
                case ",": expectLabel = depth == 0 && angles == 0
                default: break
                }
            }
            j += 1
        }
        return labels
    }
}

// MARK: Calls

extension SwiftScanner {
    /// Whether the `(` at `i` calls what is before it: a name (`f(`, `.f(`, `a.f(`), a call
    /// or subscript's result, a generic type (`T<U>(`), an optional (`f?(`), a closure.
    func isCall(_ i: Int) -> Bool {
        guard i > 0, !tokens[i].lineBreakBefore else { return false }
        let p = tokens[i - 1]
        switch p.kind {
        case .identifier:
            if Self.notCallees.contains(p.text) || text(i - 2) == "func" || isPunctuation(i - 2, "@") || text(i - 2) == "case" { return false }
            return !((p.text == "init" || p.text == "subscript") && !isPunctuation(i - 2, "."))
        case .punctuation:
            return [")", "]", "}"].contains(p.text) || (!p.spaceBefore && [">", "?", "!"].contains(p.text))
        default:
            return false
        }
    }

    /// The call's arguments that are a single string literal: identifier uses and registrations.
    mutating func call(_ open: Int) {
        let callee: String? = tokens[open - 1].kind == .identifier ? tokens[open - 1].text : nil
        var j = open + 1, depth = 0, argumentStart = j
        var arguments: [Range<Int>] = []
        while j < tokens.count {
            let t = tokens[j]
            if t.kind == .punctuation {
                if ["(", "[", "{"].contains(t.text) { depth += 1 }
                if [")", "]", "}"].contains(t.text) {
                    if depth == 0 { arguments.append(argumentStart..<j); break }
                    depth -= 1
                }
                if t.text == "," && depth == 0 { arguments.append(argumentStart..<j); argumentStart = j + 1 }
            }
            j += 1
        }
        for range in arguments {
            var s = range.lowerBound
            var label = ""
            if range.count > 2, isIdentifier(s), isPunctuation(s + 1, ":") { label = tokens[s].text; s += 2 }
            guard range.upperBound - s == 1, tokens[s].kind == .string, let value = tokens[s].value else { continue }
            if IBRules.reuseRegistrationLabels.contains(label) || (callee == "register" && label == "withReuseIdentifier") {
                result.index.registeredReuseIDs.insert(value)
                continue
            }
            for call in IBRules.swiftIdentifierCalls where call.label == label && (call.function == nil || call.function == callee) {
                result.index.identifierUses.append(CodeIndex.IdentifierUse(kind: call.kind, value: value, location: location(s)))
                break
            }
        }
    }
}

/// Names as the index keeps them.
enum CodeRulesNames {
    /// `Base<T>`, `Module.Base`, `Base?` name `Base`.
    static func plain(_ type: String) -> String {
        var s = Substring(type)
        if let lt = s.firstIndex(of: "<") { s = s[..<lt] }
        if let dot = s.lastIndex(of: ".") { s = s[s.index(after: dot)...] }
        return String(s.filter { $0.isLetter || $0.isNumber || $0 == "_" })
    }
}

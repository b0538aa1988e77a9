import SwiftParser
import SwiftSyntax
import XibKit

/// One Swift file's classes and identifier uses, read with swift-syntax. What Interface Builder
/// can connect is what the Objective-C runtime sees: `@IBOutlet`, `@IBAction`, `@objc`,
/// `@objc(name)`, members of `@objcMembers` classes and `@objc extension`s, `dynamic`,
/// `@NSManaged`, and `override`s (of Objective-C methods). All branches of `#if` count.
final class SwiftIndexer: SyntaxVisitor {
    /// A type being read: a class or extension collecting members, or another type (struct,
    /// enum, protocol) whose members are not a class's.
    struct Scope {
        var swiftName: String
        var members: CodeIndex.Class?
        var objcByDefault: Bool
        var isProtocol: Bool
        /// `bodies` when the scope opened: members are the declarations at this depth.
        var depth: Int
    }

    private let converter: SourceLocationConverter
    private let file: String
    private var scopes: [Scope] = []
    /// How many function, accessor or closure bodies the walk is in.
    private var bodies = 0
    var result = FileIndex()

    init(file: String, source: SourceFileSyntax) {
        self.file = file
        converter = SourceLocationConverter(fileName: file, tree: source)
        super.init(viewMode: .sourceAccurate)
    }

    static func index(file: String, text: String) -> FileIndex {
        let tree = Parser.parse(source: text)
        let indexer = SwiftIndexer(file: file, source: tree)
        indexer.walk(tree)
        return indexer.result
    }

    func location(_ node: some SyntaxProtocol) -> CodeIndex.Location {
        let l = converter.location(for: node.positionAfterSkippingLeadingTrivia)
        return CodeIndex.Location(file: file, line: l.line, column: l.column)
    }

    // MARK: Types

    override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind {
        let swiftName = qualified(node.name.text)
        let objcName = Self.objcName(node.attributes) ?? node.name.text
        var c = CodeIndex.Class(name: objcName, location: location(node.name))
        c.isDeclared = true
        c.superclass = node.inheritanceClause?.inheritedTypes.first.map { CodeRulesNames.plain($0.type.trimmedDescription) }
        if objcName != node.name.text || swiftName != node.name.text {
            result.aliases[swiftName] = objcName
            result.aliases[node.name.text] = objcName
        }
        scopes.append(Scope(swiftName: swiftName, members: c, objcByDefault: Self.has(node.attributes, "objcMembers"),
                            isProtocol: false, depth: bodies))
        return .visitChildren
    }

    override func visitPost(_ node: ClassDeclSyntax) { closeScope() }

    override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
        let name = CodeRulesNames.plain(node.extendedType.trimmedDescription)
        let c = CodeIndex.Class(name: name, location: location(node.extendedType))
        scopes.append(Scope(swiftName: name, members: c, objcByDefault: Self.has(node.attributes, "objc") || Self.has(node.attributes, "objcMembers"),
                            isProtocol: false, depth: bodies))
        return .visitChildren
    }

    override func visitPost(_ node: ExtensionDeclSyntax) { closeScope() }

    override func visit(_ node: ProtocolDeclSyntax) -> SyntaxVisitorContinueKind {
        openOther(node.name.text, isProtocol: true)
    }
    override func visitPost(_ node: ProtocolDeclSyntax) { closeScope() }
    override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind { openOther(node.name.text) }
    override func visitPost(_ node: StructDeclSyntax) { closeScope() }
    override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind { openOther(node.name.text) }
    override func visitPost(_ node: EnumDeclSyntax) { closeScope() }
    override func visit(_ node: ActorDeclSyntax) -> SyntaxVisitorContinueKind { openOther(node.name.text) }
    override func visitPost(_ node: ActorDeclSyntax) { closeScope() }

    private func openOther(_ name: String, isProtocol: Bool = false) -> SyntaxVisitorContinueKind {
        scopes.append(Scope(swiftName: qualified(name), members: nil, objcByDefault: false, isProtocol: isProtocol, depth: bodies))
        return .visitChildren
    }

    private func qualified(_ name: String) -> String {
        scopes.last.map { $0.swiftName + "." + name } ?? name
    }

    private func closeScope() {
        guard let scope = scopes.popLast() else { return }
        if let c = scope.members { result.classes.append(c) }
    }

    /// The innermost scope, when the walk is at its member level.
    private var memberScope: Scope? {
        guard let s = scopes.last, s.depth == bodies else { return nil }
        return s
    }

    // MARK: Members

    override func visit(_ node: VariableDeclSyntax) -> SyntaxVisitorContinueKind {
        if let scope = memberScope, scope.members != nil {
            let outlet = Self.has(node.attributes, "IBOutlet")
            let visible = outlet || scope.objcByDefault || Self.has(node.attributes, "objc") || Self.has(node.attributes, "NSManaged")
                || Self.has(node.attributes, "IBInspectable") || node.modifiers.contains { ["dynamic", "override"].contains($0.name.text) }
            for binding in node.bindings {
                guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else { continue }
                let key = name.hasPrefix("`") ? String(name.dropFirst().dropLast()) : name
                if visible { scopes[scopes.count - 1].members!.keys.insert(key) }
                if outlet { scopes[scopes.count - 1].members!.outlets[key] = location(binding.pattern) }
            }
        }
        bodies += 1
        return .visitChildren
    }

    override func visitPost(_ node: VariableDeclSyntax) { bodies -= 1 }

    override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
        if let scope = memberScope {
            let attributes = node.attributes
            let visible = scope.objcByDefault || scope.isProtocol || Self.has(attributes, "IBAction") || Self.has(attributes, "objc")
                || Self.has(attributes, "IBSegueAction") || node.modifiers.contains { ["override", "dynamic"].contains($0.name.text) }
            if visible {
                let labels = node.signature.parameterClause.parameters.map { $0.firstName.tokenKind == .wildcard ? "" : $0.firstName.text }
                let selector = Self.objcName(attributes) ?? ObjCSelector.swift(base: node.name.text, labels: labels)
                if scope.members != nil {
                    scopes[scopes.count - 1].members!.selectors.insert(selector)
                } else {
                    result.protocolSelectors.insert(selector)
                }
            }
        }
        bodies += 1
        return .visitChildren
    }

    override func visitPost(_ node: FunctionDeclSyntax) { bodies -= 1 }
    override func visit(_ node: InitializerDeclSyntax) -> SyntaxVisitorContinueKind { bodies += 1; return .visitChildren }
    override func visitPost(_ node: InitializerDeclSyntax) { bodies -= 1 }
    override func visit(_ node: DeinitializerDeclSyntax) -> SyntaxVisitorContinueKind { bodies += 1; return .visitChildren }
    override func visitPost(_ node: DeinitializerDeclSyntax) { bodies -= 1 }
    override func visit(_ node: SubscriptDeclSyntax) -> SyntaxVisitorContinueKind { bodies += 1; return .visitChildren }
    override func visitPost(_ node: SubscriptDeclSyntax) { bodies -= 1 }
    override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind { bodies += 1; return .visitChildren }
    override func visitPost(_ node: ClosureExprSyntax) { bodies -= 1 }

    // MARK: Identifiers

    override func visit(_ node: StringLiteralExprSyntax) -> SyntaxVisitorContinueKind {
        if let value = Self.literal(node) { result.index.stringLiterals.insert(value) }
        return .skipChildren
    }

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        let callee: String? = if let ref = node.calledExpression.as(DeclReferenceExprSyntax.self) {
            ref.baseName.text
        } else if let member = node.calledExpression.as(MemberAccessExprSyntax.self) {
            member.declName.baseName.text
        } else { nil }
        for argument in node.arguments {
            guard let literal = argument.expression.as(StringLiteralExprSyntax.self), let value = Self.literal(literal) else { continue }
            let label = argument.label?.text ?? ""
            if IBRules.reuseRegistrationLabels.contains(label) || (callee == "register" && label == "withReuseIdentifier") {
                result.index.registeredReuseIDs.insert(value)
                continue
            }
            for call in IBRules.swiftIdentifierCalls where call.label == label && (call.function == nil || call.function == callee) {
                result.index.identifierUses.append(CodeIndex.IdentifierUse(kind: call.kind, value: value, location: location(literal)))
                break
            }
        }
        return .visitChildren
    }

    /// A literal's value; nil for one with interpolations.
    static func literal(_ node: StringLiteralExprSyntax) -> String? {
        var value = ""
        for segment in node.segments {
            guard let text = segment.as(StringSegmentSyntax.self) else { return nil }
            value += text.content.text
        }
        return value
    }

    // MARK: Attributes

    static func has(_ attributes: AttributeListSyntax, _ name: String) -> Bool {
        attributes.contains { element in
            if case .attribute(let a) = element { return a.attributeName.trimmedDescription == name }
            return false
        }
    }

    /// The name in `@objc(name)`.
    static func objcName(_ attributes: AttributeListSyntax) -> String? {
        for element in attributes {
            guard case .attribute(let a) = element, a.attributeName.trimmedDescription == "objc",
                  let arguments = a.arguments else { continue }
            let name = arguments.trimmedDescription.filter { !$0.isWhitespace }
            if !name.isEmpty { return name }
        }
        return nil
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

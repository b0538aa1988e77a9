import XibKit

/// One source file's part of the index, before the classes of all files are merged.
struct FileIndex: Sendable {
    /// Class declarations, extensions and categories, by the name the file uses.
    var classes: [CodeIndex.Class] = []
    /// Swift name -> Objective-C name (`@objc(RCLoginViewController) class LoginViewController`).
    var aliases: [String: String] = [:]
    /// Methods of protocols: First Responder actions may be declared there.
    var protocolSelectors: Set<String> = []
    /// Identifier uses, registrations and string literals.
    var index = CodeIndex()
    /// Members of Swift classes and extensions that Objective-C sees only where the class or a
    /// superclass is `@objcMembers`, which reaches extensions and subclasses in any file: by the
    /// class's name in the file.
    var implicitMembers: [String: Members] = [:]
    /// Swift classes declared `@objcMembers`.
    var objcMembers: Set<String> = []

    struct Members: Sendable {
        var keys: Set<String> = []
        var selectors: Set<String> = []
    }
}

/// Objective-C selectors of Swift functions, as the compiler derives them.
enum ObjCSelector {
    /// The prepositions after which Swift adds no `With` (`foo(with:)` is `fooWith:`,
    /// `foo(sender:)` is `fooWithSender:`).
    static let prepositions: Set<String> = [
        "above", "after", "along", "alongside", "as", "at", "before", "below", "by", "following", "for", "from",
        "given", "in", "including", "inside", "into", "like", "of", "on", "onto", "over", "past", "since", "than",
        "through", "to", "toward", "towards", "under", "until", "via", "with", "within", "without",
    ]

    /// `labels`: each parameter's argument label, "" for `_`.
    static func swift(base: String, labels: [String]) -> String {
        guard let first = labels.first else { return base }
        var selector = base
        if !first.isEmpty {
            if !prepositions.contains(firstWord(first)) && !prepositions.contains(lastWord(base)) { selector += "With" }
            selector += first.prefix(1).uppercased() + first.dropFirst()
        }
        selector += ":"
        for label in labels.dropFirst() { selector += label + ":" }
        return selector
    }

    static func firstWord(_ name: String) -> String {
        String(name.prefix { !$0.isUppercase }).lowercased()
    }

    static func lastWord(_ name: String) -> String {
        guard let start = name.lastIndex(where: \.isUppercase) else { return name.lowercased() }
        return String(name[start...]).lowercased()
    }
}

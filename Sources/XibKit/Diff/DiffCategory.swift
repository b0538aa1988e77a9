/// Object categories: the nouns used in summaries (`IBRules.categoryByTag`, `categoryBySuffix`).
public enum DiffCategory {
    /// `categoryBySuffix` with each ending also spelled from a lower-case letter (`cell`, `item`),
    /// so that a whole name like `tableViewCell` or a bare `item` matches too.
    private static let suffixSpellings: [(String, String, String)] = IBRules.categoryBySuffix.map { suffix, c in
        (suffix, suffix.prefix(1).lowercased() + suffix.dropFirst(), c)
    }

    public static func of(tag: String, container: String = "") -> String {
        if let c = IBRules.setItemCategories[container] ?? IBRules.categoryByTag[tag] { return c }
        for (suffix, lowered, c) in suffixSpellings where tag.hasSuffix(suffix) || tag.hasSuffix(lowered) {
            return c
        }
        return IBRules.defaultCategory
    }

    /// `view` → `views`, `dependency` → `dependencies`.
    public static func plural(_ noun: String, count: Int) -> String {
        guard count != 1 else { return noun }
        if noun.hasSuffix("y"), !noun.hasSuffix("ay") { return noun.dropLast() + "ies" }  // vocabulary: English spelling, not the attribute y
        return noun + "s"
    }
}

/// A layout constraint as its element writes it (`IBRules+Constraints`): the one reading of
/// `<constraint>` that the diff (its equation), `check` (duplicate equations) and the merge
/// (safe area migration) share.
public struct Constraint: Sendable {
    /// The two sides: an item's object id (nil: the view holding the constraint) and its
    /// attribute (nil only on the second side of a constant constraint, `width = 27`).
    public struct Side: Sendable, Equatable {
        public var item: String?
        public var attribute: String?
    }

    public var first: Side
    public var second: Side
    /// As written (nil: `IBRules.constraintDefaults`); numbers may be ratios (`16:9`).
    public var relation: String?
    public var multiplier: String?
    public var constant: String?
    public var priority: String?
    public var isPlaceholder: Bool

    public init(_ e: XMLElement) {
        let slots = IBRules.constraintSlots
        first = Side(item: e[attribute: slots[0].item], attribute: e[attribute: slots[0].attribute])
        second = Side(item: e[attribute: slots[1].item], attribute: e[attribute: slots[1].attribute])
        relation = e[attribute: IBRules.constraintRelation]
        multiplier = e[attribute: IBRules.constraintMultiplier]
        constant = e[attribute: IBRules.constraintConstant]
        priority = e[attribute: IBRules.constraintPriority]
        isPlaceholder = e[attribute: IBRules.constraintPlaceholder] == IBRules.yes
    }

    public var multiplierValue: Double { Constraint.value(multiplier) ?? IBRules.constraintDefaults.multiplier }
    public var constantValue: Double { Constraint.value(constant) ?? IBRules.constraintDefaults.constant }
    public var priorityValue: Double { Constraint.value(priority) ?? IBRules.constraintDefaults.priority }

    /// `16`, `0.5`, `16:9` (a ratio) as a number.
    public static func value(_ s: String?) -> Double? {
        guard let s else { return nil }
        if let colon = s.firstIndex(of: ":"), let a = Double(s[..<colon]), let b = Double(s[s.index(after: colon)...]), b != 0 {
            return a / b
        }
        return Double(s)
    }
}

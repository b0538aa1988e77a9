/// A layout constraint as the equation it stands for, as Interface Builder's inspector
/// writes it: `Title.top = Safe Area.top + 20 @750`, `Logo.width = 27`,
/// `View.trailingMargin ≥ Button.trailing`, `Image.width = Image.height × 16:9`.
public enum ConstraintEquation {
    public static let tag = IBRules.constraintTag

    /// The attributes of `<constraint>` that make up the equation; the rest (`identifier`,
    /// `symbolic`, `placeholder`, ...) are shown on their own.
    public static let attributes: Set<String> = IBRules.constraintEquationAttributes

    /// - Parameter itemName: the name of the object with that id; `nil` asks for the view
    ///   that holds the constraint (a missing `firstItem` or `secondItem` means that view).
    public static func format(_ e: XMLElement, itemName: (String?) -> String) -> String {
        let c = Constraint(e)
        let first = itemName(c.first.item) + "." + (c.first.attribute ?? "?")
        let relation: String
        switch c.relation {
        case IBRules.constraintInequalities.atLeast: relation = "≥"
        case IBRules.constraintInequalities.atMost: relation = "≤"
        default: relation = "="
        }
        var rhs = ""
        let constant = c.constant.map(number)
        if let secondAttribute = c.second.attribute {
            rhs = itemName(c.second.item) + "." + secondAttribute
            if let m = c.multiplier, number(m) != "1" {
                rhs += " × " + number(m)
            }
            if let c = constant, c != "0" {
                rhs += c.hasPrefix("-") ? " - " + c.dropFirst() : " + " + c
            }
        } else {
            rhs = constant ?? "0"
        }
        var s = "\(first) \(relation) \(rhs)"
        if let p = c.priority, number(p) != "1000" { s += " @" + number(p) }
        return s
    }

    /// `16.0` → `16`, `0.5` → `0.5`, `16:9` → `16:9`; long binary fractions are rounded
    /// (`174.33333333333337` → `174.333`).
    public static func number(_ s: String) -> String {
        guard let d = Double(s), d.isFinite, !s.contains(":") else { return s }
        let rounded = (d * 1000).rounded() / 1000
        if rounded == rounded.rounded(), abs(rounded) < 1e15 {
            let i = Int(rounded)
            return i == 0 ? "0" : String(i)
        }
        var t = String(rounded)
        if t.contains("e") { return s }
        while t.hasSuffix("0") { t.removeLast() }
        if t.hasSuffix(".") { t.removeLast() }
        return t
    }
}

/// What a `<constraint>` says: its two slots (an item and its attribute), the relation, the
/// multiplier, constant and priority, and what each means when it is missing. The diff shows a
/// constraint as its equation, `check` compares equations, the merge migrates slots to the
/// safe area: all read a constraint through `Constraint` (Model/), which reads these names.
extension IBRules {
    public static let constraintTag = "constraint"

    /// The two sides of an equation: an item (an object id; missing, the view holding the
    /// constraint) and its layout attribute.
    public static let constraintSlots: [(item: String, attribute: String)] = [
        ("firstItem", "firstAttribute"), ("secondItem", "secondAttribute"),
    ]
    /// What ties a view to its constraints.
    public static let constraintItemAttributes = constraintSlots.map(\.item)
    public static let constraintRelation = "relation"
    public static let constraintMultiplier = "multiplier"
    public static let constraintConstant = "constant"
    public static let constraintPriority = "priority"
    /// `placeholder="YES"`: removed at build time.
    public static let constraintPlaceholder = "placeholder"

    /// The values a missing attribute stands for.
    public static let constraintDefaults = (relation: "equal", multiplier: 1.0, constant: 0.0, priority: 1000.0)
    public static let constraintInequalities = (atLeast: "greaterThanOrEqual", atMost: "lessThanOrEqual")

    /// The attributes that make up the equation; the rest (`identifier`, `symbolic`,
    /// `placeholder`, ...) are shown on their own.
    public static let constraintEquationAttributes: Set<String> = Set(constraintSlots.flatMap { [$0.item, $0.attribute] })
        .union([constraintRelation, constraintMultiplier, constraintConstant, constraintPriority])

    /// Size classes install or remove constraints: `<variation key="heightClass=compact"><mask
    /// key="constraints"><exclude reference="…"/>`. Two equal constraints in different size
    /// classes are not duplicates.
    public static let sizeClassVariation = (tag: "variation", include: "include", exclude: "exclude", reference: "reference")
}

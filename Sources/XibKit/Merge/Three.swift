/// One thing as each of a merge's three versions has it: what base had, and what ours and
/// theirs have. Every stage of the merge holds its three inputs (graphs, fingerprints, an
/// object's nodes and parents) this way, and decides between them with one rule (`ThreeWay`).
struct Three<T> {
    var base: T
    var ours: T
    var theirs: T

    init(base: T, ours: T, theirs: T) {
        self.base = base
        self.ours = ours
        self.theirs = theirs
    }

    func map<U, E: Error>(_ transform: (T) throws(E) -> U) throws(E) -> Three<U> {
        Three<U>(base: try transform(base), ours: try transform(ours), theirs: try transform(theirs))
    }

    /// Ours' or theirs'.
    subscript(side side: MergeSide) -> T { side == .ours ? ours : theirs }

    subscript(version version: MergeVersion) -> T {
        get {
            switch version {
            case .base: base
            case .ours: ours
            case .theirs: theirs
            }
        }
        set {
            switch version {
            case .base: base = newValue
            case .ours: ours = newValue
            case .theirs: theirs = newValue
            }
        }
    }

    /// The side that is not `side`'s.
    subscript(otherThan side: MergeSide) -> T { side == .ours ? theirs : ours }
}

/// One of a merge's three versions.
enum MergeVersion: CaseIterable {
    case base, ours, theirs

    init(_ side: MergeSide) { self = side == .ours ? .ours : .theirs }
}

/// The three-way rule, said once for every stage: what each side did to one thing (a file, an
/// element, an attribute, an object's parent), by comparing it with base's and with each other.
///
/// - neither side changed it: `unchanged`;
/// - one side changed it: that side's (`ours`, `theirs`);
/// - both changed it the same way: `alike`;
/// - both changed it differently: `conflict`, which the stage settles by its own rules (noise,
///   layout, a person's choice) or marks.
///
/// Each stage says what "the same" means for what it compares (the same bytes, the same value,
/// the same parent); the comparisons are made lazily, in this order, and only as far as needed.
enum ThreeWay: Equatable {
    case unchanged, ours, theirs, alike, conflict

    /// `hasBase` false: the thing is new on both sides (an add/add), so each side changed it.
    init(hasBase: Bool = true, oursIsBase: @autoclosure () -> Bool, theirsIsBase: @autoclosure () -> Bool,
         oursIsTheirs: @autoclosure () -> Bool) {
        if hasBase && oursIsBase() {
            self = theirsIsBase() ? .unchanged : .theirs
        } else if hasBase && theirsIsBase() {
            self = .ours
        } else {
            self = oursIsTheirs() ? .alike : .conflict
        }
    }

    /// The rule on three values, `same` saying when two are one.
    init<T>(_ v: Three<T>, same: (T, T) -> Bool) {
        self.init(oursIsBase: same(v.ours, v.base), theirsIsBase: same(v.theirs, v.base), oursIsTheirs: same(v.ours, v.theirs))
    }

    init<T: Equatable>(_ v: Three<T>) {
        self.init(v, same: ==)
    }

    /// Whether ours changed it (alone or as theirs did).
    var oursChanged: Bool { self == .ours || self == .alike }
    /// Whether theirs changed it (alone or as ours did).
    var theirsChanged: Bool { self == .theirs || self == .alike }
}

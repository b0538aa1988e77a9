/// What stands before and after the root element (declaration, comments, processing
/// instructions), merged as lines: one side's change is taken; both sides' different changes
/// are a conflict, resolved toward the side preferred, which the markers then show.
struct OutsideRoot {
    var prolog: (ours: [UInt8], theirs: [UInt8])
    var epilog: (ours: [UInt8], theirs: [UInt8])

    init(_ base: IBGraph, _ ours: IBGraph, _ theirs: IBGraph) {
        func merged(_ part: KeyPath<XMLDocument, [UInt8]>) -> (ours: [UInt8], theirs: [UInt8]) {
            let (b, o, t) = (base.document[keyPath: part], ours.document[keyPath: part], theirs.document[keyPath: part])
            let lines = LineMerge.merge(base: b, ours: o, theirs: t)
            return lines.conflicts == 0 ? (lines.bytes, lines.bytes) : (o, t)
        }
        prolog = merged(\.prolog)
        epilog = merged(\.epilog)
    }

    func apply(to document: inout XMLDocument, prefer: TreeMerge.Side) {
        document.prolog = prefer == .ours ? prolog.ours : prolog.theirs
        document.epilog = prefer == .ours ? epilog.ours : epilog.theirs
    }

    func conflicts(in base: IBGraph) -> [MergeEvent] {
        [("before", prolog), ("after", epilog)].compactMap { place, part in
            guard part.ours != part.theirs else { return nil }
            return MergeEvent(kind: .conflict, path: base.displayPath(0), objectID: nil,
                              subject: "text \(place) the root element", ours: String(decoding: part.ours, as: UTF8.self),
                              theirs: String(decoding: part.theirs, as: UTF8.self), resolution: "both changed")
        }
    }
}

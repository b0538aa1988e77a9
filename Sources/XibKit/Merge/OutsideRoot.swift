/// What stands before and after the root element (declaration, comments, processing
/// instructions), merged as lines: one side's change is taken; both sides' different changes
/// are a conflict, resolved toward the side preferred, which the markers then show.
struct OutsideRoot {
    var prolog: (ours: [UInt8], theirs: [UInt8])
    var epilog: (ours: [UInt8], theirs: [UInt8])

    init(_ graphs: Three<IBGraph>) {
        func merged(_ part: KeyPath<XMLDocument, [UInt8]>) -> (ours: [UInt8], theirs: [UInt8]) {
            let text = graphs.map { $0.document[keyPath: part] }
            let lines = LineMerge.merge(base: text.base, ours: text.ours, theirs: text.theirs)
            return lines.conflicts == 0 ? (lines.bytes, lines.bytes) : (text.ours, text.theirs)
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

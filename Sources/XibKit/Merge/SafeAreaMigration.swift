/// One side converted a scene to the safe area layout guide: Xcode deletes the view controller's
/// top and bottom layout guides, adds a safe area to its root view and rewrites the constraints
/// on them (`IBRules.safeAreaGuideAttributes`, `IBRules.safeAreaViewAttributes`). The other side
/// went on editing the old form, which conflicts with a conversion that no person made:
/// - a constraint it added on a deleted guide ("deleted on one side, referenced on the other")
///   is converted the same way;
/// - a constraint it deleted, which the conversion only rewrote ("deleted on one side, changed
///   on the other"), stays deleted.
/// Both happen before the merge, on the sides' graphs, and each one is reported.
enum SafeAreaMigration {
    struct Result {
        /// The graphs to merge: the inputs', or ours' and theirs' rewritten.
        var graphs: Three<IBGraph>
        var events: [MergeEvent]
    }

    /// What one side's conversion replaced: each deleted guide by its safe area (and the guide's
    /// type), each converted root view by its safe area.
    struct Conversion {
        var guides: [String: (safeArea: String, type: String)] = [:]
        var views: [String: String] = [:]
        var safeAreas: Set<String> { Set(views.values) }
    }

    static func apply(_ graphs: Three<IBGraph>) -> Result {
        var result = Result(graphs: graphs, events: [])
        guard graphs.base.nodes.contains(where: { $0.tag == IBRules.oldLayoutGuideTag }) else { return result }
        for converter in [MergeSide.theirs, .ours] {
            let converted = result.graphs[side: converter], other = result.graphs[otherThan: converter]
            let conversion = conversion(by: converted, other: other, base: graphs.base)
            guard !conversion.views.isEmpty else { continue }
            var events: [MergeEvent] = []
            let added = convertAdded(other, conversion, base: graphs.base, converter: converter, events: &events)
            let kept = keepDeleted(by: other, converted, conversion, base: graphs.base, converter: converter, events: &events)
            guard !events.isEmpty else { continue }
            let base = Rewrite.ReadWith(graphs.base)
            let rewritten = (other: added.isEmpty ? other : Rewrite.graph(other, setting: added, readWith: base),
                             converted: kept.isEmpty ? converted : Rewrite.graph(converted, setting: kept, readWith: base))
            if converter == .theirs {
                (result.graphs.ours, result.graphs.theirs) = (rewritten.other, rewritten.converted)
            } else {
                (result.graphs.theirs, result.graphs.ours) = (rewritten.other, rewritten.converted)
            }
            result.events += events
        }
        return result
    }

    /// The root views `converted` gave a safe area that base's did not have, and the guides of their
    /// controllers that `converted` deleted while `other` kept them.
    private static func conversion(by converted: IBGraph, other: IBGraph, base: IBGraph) -> Conversion {
        var c = Conversion()
        for g in base.nodes.indices where base.nodes[g].tag == IBRules.oldLayoutGuideTag {
            guard let id = base.nodes[g].objectID, converted.objectIndex[id] == nil, other.objectIndex[id] != nil,
                  let type = base.nodes[g].element[attribute: IBRules.typeAttribute] else { continue }
            var owner = base.nodes[g].parent
            while owner >= 0, !base.nodes[owner].isObject { owner = base.nodes[owner].parent }
            guard owner >= 0, let controller = base.nodes[owner].objectID, let sc = converted.objectIndex[controller],
                  let view = converted.children(of: sc).first(where: { converted.nodes[$0].element[attribute: IBRules.keyAttribute] == IBRules.rootViewKey }),
                  let viewID = converted.nodes[view].objectID,
                  let guide = converted.children(of: view).first(where: {
                      converted.nodes[$0].tag == IBRules.safeAreaGuide.tag && converted.nodes[$0].element[attribute: IBRules.keyAttribute] == IBRules.safeAreaGuide.key }),
                  let safeArea = converted.nodes[guide].objectID, base.objectIndex[safeArea] == nil else { continue }
            c.guides[id] = (safeArea, type)
            c.views[viewID] = safeArea
        }
        return c
    }

    /// `other`'s new constraints on a deleted guide, converted as Xcode converts them.
    private static func convertAdded(_ other: IBGraph, _ c: Conversion, base: IBGraph, converter: MergeSide,
                                     events: inout [MergeEvent]) -> Rewrite.Edits {
        var edits: Rewrite.Edits = []
        guard !c.guides.isEmpty else { return edits }
        for n in other.nodes.indices where other.nodes[n].tag == IBRules.constraintTag {
            guard let id = other.nodes[n].objectID, base.objectIndex[id] == nil else { continue }
            var e = other.nodes[n].element, changed = false
            for (item, attribute) in IBRules.constraintSlots {
                guard let guideID = e[attribute: item], let guide = c.guides[guideID] else { continue }
                guard let rule = IBRules.safeAreaGuideAttributes.first(where: {
                    $0.guide == guide.type && $0.attribute == e[attribute: attribute] }) else { changed = false; break }
                e[attribute: item] = guide.safeArea
                e[attribute: attribute] = rule.safeArea
                changed = true
            }
            guard changed else { continue }
            edits.append((n, e.attributes))
            let otherName = converter == .theirs ? "ours" : "theirs"
            events.append(MergeEvent(kind: .migrated, path: other.displayPath(n), objectID: id, subject: "layout guide",
                ours: nil, theirs: nil,
                resolution: "\(converter.rawValue) converted the scene to the safe area layout guide; \(otherName)' new constraint \(equation(other.nodes[n].element, in: other, node: n)) now uses the safe area, as Xcode converts it"))
        }
        return edits
    }

    /// Base's constraints that `other` deleted and `converted` only converted: base's form in `converted`, so the deletion stands.
    private static func keepDeleted(by other: IBGraph, _ converted: IBGraph, _ c: Conversion, base: IBGraph, converter: MergeSide,
                                    events: inout [MergeEvent]) -> Rewrite.Edits {
        var edits: Rewrite.Edits = []
        for b in base.nodes.indices where base.nodes[b].tag == IBRules.constraintTag {
            guard let id = base.nodes[b].objectID, other.objectIndex[id] == nil, let s = converted.objectIndex[id],
                  isConversion(base.nodes[b].element, converted.nodes[s].element, holder: base.owningObject(base.nodes[b].parent), in: base, c)
            else { continue }
            edits.append((s, base.nodes[b].element.attributes))
            let deleter = converter == .theirs ? "ours" : "theirs"
            events.append(MergeEvent(kind: .migrated, path: base.displayPath(b), objectID: id, subject: "layout guide",
                ours: nil, theirs: nil,
                resolution: "\(deleter) deleted it; \(converter.rawValue) only moved it to the safe area, as Xcode converts a scene; deleted"))
        }
        return edits
    }

    /// Whether `s` is base's constraint `b` as Xcode's conversion rewrites it, and differs from it.
    private static func isConversion(_ b: XMLElement, _ s: XMLElement, holder: Int, in base: IBGraph, _ c: Conversion) -> Bool {
        let slots = IBRules.constraintSlots
        let named = Set(slots.flatMap { [$0.item, $0.attribute] })
        let rest = { (e: XMLElement) in Set(e.attributes.filter { !named.contains($0.name) }.map { "\($0.name)=\($0.value)" }) }
        guard rest(b) == rest(s) else { return false }
        var converted = false
        for (item, attribute) in slots {
            let bi = b[attribute: item], ba = b[attribute: attribute], si = s[attribute: item], sa = s[attribute: attribute]
            if bi == si && ba == sa { continue }
            guard let si, c.safeAreas.contains(si), let ba, let sa else { return false }
            if let bi, let guide = c.guides[bi] {
                guard c.views.values.contains(guide.safeArea) && guide.safeArea == si,
                      IBRules.safeAreaGuideAttributes.contains(where: { $0.guide == guide.type && $0.attribute == ba && $0.safeArea == sa })
                else { return false }
            } else {
                // The root view itself, named or (no item) as the constraint's holder.
                guard let view = bi ?? base.nodes[holder].objectID, c.views[view] == si, ba == sa,
                      IBRules.safeAreaViewAttributes.contains(ba) else { return false }
            }
            converted = true
        }
        return converted
    }

    /// `Collection View.top = Top Layout Guide.bottom`, named as in `other`.
    private static func equation(_ e: XMLElement, in other: IBGraph, node n: Int) -> String {
        ConstraintEquation.format(e) { id in
            guard let id else { return other.displayName(other.owningObject(other.nodes[n].parent)) }
            return other.objectIndex[id].map { other.displayName($0) } ?? id
        }
    }
}

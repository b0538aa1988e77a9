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
        var ours: IBGraph
        var theirs: IBGraph
        var events: [MergeEvent]
    }

    /// What one side's conversion replaced: each deleted guide by its safe area (and the guide's
    /// type), each converted root view by its safe area.
    struct Conversion {
        var guides: [String: (safeArea: String, type: String)] = [:]
        var views: [String: String] = [:]
        var safeAreas: Set<String> { Set(views.values) }
    }

    typealias Edits = [(node: Int, attributes: [XMLAttribute])]

    static func apply(base B: IBGraph, ours O: IBGraph, theirs T: IBGraph) -> Result {
        var result = Result(ours: O, theirs: T, events: [])
        guard B.nodes.contains(where: { $0.tag == IBRules.oldLayoutGuideTag }) else { return result }
        for converter in [MergeSide.theirs, .ours] {
            let S = converter == .theirs ? result.theirs : result.ours, X = converter == .theirs ? result.ours : result.theirs
            let conversion = conversion(by: S, other: X, base: B)
            guard !conversion.views.isEmpty else { continue }
            var events: [MergeEvent] = []
            let added = convertAdded(X, conversion, base: B, converter: converter, events: &events)
            let kept = keepDeleted(by: X, S, conversion, base: B, converter: converter, events: &events)
            guard !events.isEmpty else { continue }
            let (x, s) = (added.isEmpty ? X : IBGraph(xml: rewrite(X, added)), kept.isEmpty ? S : IBGraph(xml: rewrite(S, kept)))
            if converter == .theirs { (result.ours, result.theirs) = (x, s) } else { (result.theirs, result.ours) = (x, s) }
            result.events += events
        }
        return result
    }

    /// The root views `S` gave a safe area that base's did not have, and the guides of their
    /// controllers that `S` deleted while `X` kept them.
    private static func conversion(by S: IBGraph, other X: IBGraph, base B: IBGraph) -> Conversion {
        var c = Conversion()
        for g in B.nodes.indices where B.nodes[g].tag == IBRules.oldLayoutGuideTag {
            guard let id = B.nodes[g].objectID, S.objectIndex[id] == nil, X.objectIndex[id] != nil,
                  let type = B.nodes[g].element[attribute: IBRules.typeAttribute] else { continue }
            var owner = B.nodes[g].parent
            while owner >= 0, B.nodes[owner].objectID == nil { owner = B.nodes[owner].parent }
            guard owner >= 0, let controller = B.nodes[owner].objectID, let sc = S.objectIndex[controller],
                  let view = S.children(of: sc).first(where: { S.nodes[$0].element[attribute: IBRules.keyAttribute] == IBRules.rootViewKey }),
                  let viewID = S.nodes[view].objectID,
                  let guide = S.children(of: view).first(where: {
                      S.nodes[$0].tag == IBRules.safeAreaGuide.tag && S.nodes[$0].element[attribute: IBRules.keyAttribute] == IBRules.safeAreaGuide.key }),
                  let safeArea = S.nodes[guide].objectID, B.objectIndex[safeArea] == nil else { continue }
            c.guides[id] = (safeArea, type)
            c.views[viewID] = safeArea
        }
        return c
    }

    /// `X`'s new constraints on a deleted guide, converted as Xcode converts them.
    private static func convertAdded(_ X: IBGraph, _ c: Conversion, base B: IBGraph, converter: MergeSide,
                                     events: inout [MergeEvent]) -> Edits {
        var edits: Edits = []
        guard !c.guides.isEmpty else { return edits }
        for n in X.nodes.indices where X.nodes[n].tag == IBRules.constraintTag {
            guard let id = X.nodes[n].objectID, B.objectIndex[id] == nil else { continue }
            var e = X.nodes[n].element, changed = false
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
            let other = converter == .theirs ? "ours" : "theirs"
            events.append(MergeEvent(kind: .migrated, path: X.displayPath(n), objectID: id, subject: "layout guide",
                ours: nil, theirs: nil,
                resolution: "\(converter.rawValue) converted the scene to the safe area layout guide; \(other)' new constraint \(equation(X.nodes[n].element, in: X, node: n)) now uses the safe area, as Xcode converts it"))
        }
        return edits
    }

    /// Base's constraints that `X` deleted and `S` only converted: base's form in `S`, so the deletion stands.
    private static func keepDeleted(by X: IBGraph, _ S: IBGraph, _ c: Conversion, base B: IBGraph, converter: MergeSide,
                                    events: inout [MergeEvent]) -> Edits {
        var edits: Edits = []
        for b in B.nodes.indices where B.nodes[b].tag == IBRules.constraintTag {
            guard let id = B.nodes[b].objectID, X.objectIndex[id] == nil, let s = S.objectIndex[id],
                  isConversion(B.nodes[b].element, S.nodes[s].element, holder: B.owningObject(B.nodes[b].parent), in: B, c)
            else { continue }
            edits.append((s, B.nodes[b].element.attributes))
            let deleter = converter == .theirs ? "ours" : "theirs"
            events.append(MergeEvent(kind: .migrated, path: B.displayPath(b), objectID: id, subject: "layout guide",
                ours: nil, theirs: nil,
                resolution: "\(deleter) deleted it; \(converter.rawValue) only moved it to the safe area, as Xcode converts a scene; deleted"))
        }
        return edits
    }

    /// Whether `s` is base's constraint `b` as Xcode's conversion rewrites it, and differs from it.
    private static func isConversion(_ b: XMLElement, _ s: XMLElement, holder: Int, in B: IBGraph, _ c: Conversion) -> Bool {
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
                guard let view = bi ?? B.nodes[holder].objectID, c.views[view] == si, ba == sa,
                      IBRules.safeAreaViewAttributes.contains(ba) else { return false }
            }
            converted = true
        }
        return converted
    }

    /// `Collection View.top = Top Layout Guide.bottom`, named as in `X`.
    private static func equation(_ e: XMLElement, in X: IBGraph, node n: Int) -> String {
        ConstraintEquation.format(e) { id in
            guard let id else { return X.displayName(X.owningObject(X.nodes[n].parent)) }
            return X.objectIndex[id].map { X.displayName($0) } ?? id
        }
    }

    /// Sets each edited element's attributes and re-reads the document, so the merge sees
    /// ordinary parsed elements.
    private static func rewrite(_ g: IBGraph, _ edits: Edits) -> XMLDocument {
        var doc = g.document
        for (n, attributes) in edits {
            TreeEdit.modify(&doc.root, at: g.treePath(of: n)[...]) { $0.attributes = attributes }
        }
        let bytes = XMLWriter.write(doc)
        return (try? XMLReader.parse(XMLSource(name: g.document.source.name, bytes: bytes))) ?? doc
    }
}

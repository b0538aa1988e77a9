/// The views whose frame `tidy --frames` puts back: moved by less than a point (a Retina
/// display's half-point rounding), with nothing else about the view or its constraints changed.
enum FrameShifts {
    static func views(head old: Objects, work: XMLElement) -> Set<String> {
        var new = Objects()
        new.collect(work, holder: nil)
        // Views whose constraints changed: the items of every constraint added, removed or
        // changed, and the view that holds it.
        var touched = Set<String>()
        for (a, b) in [(new, old), (old, new)] {
            for (id, c) in a.constraints where !(b.byID[id].map { $0.isSameValue(as: c.element) } ?? false) {
                touched.formUnion(IBRules.constraintItemAttributes.compactMap { c.element[attribute: $0] })
                if let holder = c.holder { touched.insert(holder) }
            }
        }
        var views = Set<String>()
        for (id, w) in new.byID where !touched.contains(id) {
            guard let h = old.byID[id], let wf = frame(of: w), let hf = frame(of: h), isShift(wf, hf),
                  sameApartFromFrame(w, h) else { continue }
            views.insert(id)
        }
        return views
    }

    /// A version's objects by id, and its constraints with the view holding each.
    struct Objects {
        var byID: [String: XMLElement] = [:]
        var constraints: [String: (element: XMLElement, holder: String?)] = [:]

        mutating func collect(_ e: XMLElement, holder: String?) {
            let id = IBRules.hasNonObjectID(e.name) ? nil : e[attribute: IBRules.objectIDAttribute]
            if let id {
                byID[id] = e
                if e.name == IBRules.constraintTag { constraints[id] = (e, holder) }
            }
            for c in e.children { if case .element(let child) = c { collect(child, holder: id ?? holder) } }
        }
    }

    private static func frame(of e: XMLElement) -> XMLElement? {
        e.elements.first { $0[attribute: IBRules.keyAttribute] == IBRules.frameKey && IBRules.noise(of: $0) == .layout }
    }

    /// Moved, by less than a point in each number.
    private static func isShift(_ a: XMLElement, _ b: XMLElement) -> Bool {
        guard a.attributes.count == b.attributes.count, !a.isSameValue(as: b) else { return false }
        for x in a.attributes where x.name != IBRules.keyAttribute {
            guard let y = b[attribute: x.name], let p = Double(x.value), let q = Double(y), abs(p - q) < 1 else { return false }
        }
        return true
    }

    /// The same attributes (Xcode's flags aside) and the same values; what the view contains
    /// (subviews, constraints: objects of their own) is compared on its own.
    private static func sameApartFromFrame(_ w: XMLElement, _ h: XMLElement) -> Bool {
        let flags = { (e: XMLElement) in e.attributes.filter { IBRules.noise(tag: e.name, attribute: $0.name) == nil } }
        let (wa, ha) = (flags(w), flags(h))
        guard wa.count == ha.count, wa.allSatisfy({ h[attribute: $0.name] == $0.value }) else { return false }
        let values = { (e: XMLElement) in
            e.elements.filter { c in !(c[attribute: IBRules.keyAttribute] == IBRules.frameKey && IBRules.noise(of: c) == .layout) && !holdsObjects(c) }
        }
        return values(w).elementsEqual(values(h)) { $0.isSameValue(as: $1) }
    }

    private static func holdsObjects(_ e: XMLElement) -> Bool {
        e.elements.contains { $0[attribute: IBRules.objectIDAttribute] != nil }
    }
}

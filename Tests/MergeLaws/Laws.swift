import XibKit

/// The laws of the three-way merge, checked on one generated case: a base file, an edit on
/// each side.
///
/// * identity: merge(b, b, x), merge(b, x, b) and merge(b, x, x) give x byte for byte;
/// * a clean result reads back, passes `check` when the inputs did, and keeps every change of
///   both sides (`Facts.lost`, an independent reading of the three versions);
/// * a conflicted result has markers, and taking either side's part of every hunk gives back
///   that side's changes;
/// * merge(b, o, t) and merge(b, t, o) are both clean or both not, and when clean they say the
///   same, object order included (frames aside: a documented layout rule takes ours');
/// * edits to unrelated objects merge clean.
public enum MergeLaws {
    public struct Violation: Sendable, CustomStringConvertible {
        public var law: String
        public var detail: String
        public var description: String { "\(law): \(detail)" }
    }

    public struct Case: Sendable, CustomStringConvertible {
        public var name: String
        public var base: [UInt8]
        public var ours: Edit
        public var theirs: Edit
        public var description: String { "\(name): ours \(ours); theirs \(theirs)" }

        public init(name: String, base: [UInt8], ours: Edit, theirs: Edit) {
            (self.name, self.base, self.ours, self.theirs) = (name, base, ours, theirs)
        }
    }

    /// What one case's merge was, and what it broke.
    public struct Result: Sendable {
        public var clean: Bool
        public var violations: [Violation]
    }

    /// `count` cases on one base file: each side one edit of a kind drawn at random, and, one
    /// case in eight where the file has a stack view, the two halves of `stackShape` on one.
    public static func cases(base: [UInt8], name: String, count: Int, rng: inout SplitMix) -> [Case] {
        guard let generator = try? EditGenerator(bytes: base, name: name) else { return [] }
        var out: [Case] = []
        var attempts = 0
        while out.count < count && attempts < count * 4 {
            attempts += 1
            if attempts % 8 == 0, let (o, t) = generator.stackShape(&rng) {
                out.append(Case(name: name, base: base, ours: o, theirs: t))
                continue
            }
            let kinds = Edit.Kind.allCases
            guard let o = generator.edit(kinds[Int(rng.next() % UInt64(kinds.count))], rng: &rng),
                  let t = generator.edit(kinds[Int(rng.next() % UInt64(kinds.count))], rng: &rng) else { continue }
            out.append(Case(name: name, base: base, ours: o, theirs: t))
        }
        return out
    }

    public static func check(_ c: Case) -> Result {
        var violations: [Violation] = []
        func fail(_ law: String, _ detail: String) { violations.append(Violation(law: law, detail: detail)) }
        let b = XibMerger.Input(bytes: c.base, name: c.name)
        let o = XibMerger.Input(bytes: c.ours.bytes, name: c.name), t = XibMerger.Input(bytes: c.theirs.bytes, name: c.name)
        for (label, x) in [("ours", o), ("theirs", t)] {
            for (form, r) in [("merge(b, b, x)", XibMerger.merge(base: b, ours: b, theirs: x)),
                              ("merge(b, x, b)", XibMerger.merge(base: b, ours: x, theirs: b)),
                              ("merge(b, x, x)", XibMerger.merge(base: b, ours: x, theirs: x))] where r.bytes != x.bytes || !r.isClean {
                fail("identity", "\(form) with x = \(label) is not x, clean")
            }
        }
        let xy = XibMerger.merge(base: b, ours: o, theirs: t), yx = XibMerger.merge(base: b, ours: t, theirs: o)
        guard let facts = try? (b: Facts(c.base), o: Facts(c.ours.bytes), t: Facts(c.theirs.bytes)) else {
            fail("generator", "an edited side does not read back")
            return Result(clean: false, violations: violations)
        }
        let inputsSound = [c.base, c.ours.bytes, c.theirs.bytes].allSatisfy { sound($0) }
        for (label, r, ours, theirs) in [("merge(b, o, t)", xy, facts.o, facts.t), ("merge(b, t, o)", yx, facts.t, facts.o)] {
            if r.isClean {
                guard let result = try? Facts(r.bytes) else { fail("clean is well-formed", "\(label) (\(r.method)) does not read back"); continue }
                if inputsSound && !sound(r.bytes) { fail("clean passes check", "\(label) (\(r.method))") }
                let lost = Facts.lost(base: facts.b, ours: ours, theirs: theirs, result: result)
                if !lost.isEmpty { fail("clean keeps every change", "\(label) (\(r.method)) lost \(lost.count): \(lost.prefix(4).joined(separator: "; "))") }
            } else {
                violations += conflicted(label, r, base: facts.b, ours: ours, theirs: theirs)
            }
        }
        if xy.isClean != yx.isClean {
            fail("order does not matter", "merge(b, o, t) is \(xy.isClean ? "" : "not ")clean, merge(b, t, o) is \(yx.isClean ? "" : "not ")clean")
        } else if xy.isClean, let a = try? Facts(xy.bytes), let z = try? Facts(yx.bytes) {
            let (onlyXY, onlyYX) = a.difference(z)
            let order = a.orderDifference(z)
            if !onlyXY.isEmpty || !onlyYX.isEmpty || !order.isEmpty {
                fail("order does not matter", "clean results differ: \((onlyXY + onlyYX).prefix(3).joined(separator: "; ")) order of \(order.prefix(3))")
            }
        }
        if !c.ours.isRelated(to: c.theirs) && !xy.isClean {
            fail("unrelated edits merge clean", "\(xy.method), \(xy.conflicts) conflict(s)\(xy.fallbackReason.map { ": " + $0 } ?? "")")
        }
        return Result(clean: xy.isClean, violations: violations)
    }

    /// A conflicted result has markers, and resolving every hunk to one side gives back that
    /// side's changes.
    static func conflicted(_ label: String, _ r: XibMerger.Outcome, base: Facts, ours: Facts, theirs: Facts) -> [Violation] {
        guard r.markerHunks > 0, !IntegrityCheck.conflictMarkerLines(r.bytes).isEmpty else {
            return [Violation(law: "a conflict has markers", detail: "\(label) (\(r.method)) has none")]
        }
        var out: [Violation] = []
        for (side, facts, takeOurs) in [("ours", ours, true), ("theirs", theirs, false)] {
            guard let taken = try? Facts(ConflictHunks.resolve(r.bytes, takingOurs: takeOurs)) else {
                out.append(Violation(law: "taking one side gives it back", detail: "\(label): taking \(side) does not read back"))
                continue
            }
            let missing = Facts.missing(changesOf: facts, base: base, in: taken)
            if !missing.isEmpty {
                out.append(Violation(law: "taking one side gives it back", detail: "\(label) (\(r.method)) taking \(side) lacks \(missing.count): \(missing.prefix(3).joined(separator: "; "))"))
            }
        }
        return out
    }

    static func sound(_ bytes: [UInt8]) -> Bool {
        guard let d = try? IBDocument(bytes: bytes, name: "law") else { return false }
        return IntegrityCheck.problems(in: d).isEmpty
    }
}

/// Resolves git's conflict markers (`<<<<<<<`, optional `|||||||`, `=======`, `>>>>>>>`) to one side.
public enum ConflictHunks {
    public static func resolve(_ bytes: [UInt8], takingOurs: Bool) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        enum Part { case outside, ours, base, theirs }
        var part = Part.outside
        var start = 0
        while start < bytes.count {
            let end = (bytes[start...].firstIndex(of: 0x0A) ?? bytes.count - 1) + 1
            let line = bytes[start..<end]
            func marker(_ c: UInt8) -> Bool { line.count >= 7 && line.prefix(7).allSatisfy { $0 == c } }
            if part == .outside && marker(0x3C) { part = .ours }
            else if part == .ours && marker(0x7C) { part = .base }
            else if (part == .ours || part == .base) && marker(0x3D) { part = .theirs }
            else if part == .theirs && marker(0x3E) { part = .outside }
            else if part == .outside || (part == .ours && takingOurs) || (part == .theirs && !takingOurs) { out += line }
            start = end
        }
        return out
    }
}

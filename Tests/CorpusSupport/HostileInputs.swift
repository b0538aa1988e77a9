import Foundation

/// Generated inputs of the shapes an attacker would send in a pull request (issue 18): each a
/// well-formed Interface Builder document of one hostile shape, at any size. Generated when
/// needed, never committed. The tests read them at a small size (with `XMLLimits` lowered where
/// a limit is the answer); `Scripts/hostile-inputs` runs every command on them at full size.
public enum HostileInputs {
    public struct Shape: Sendable {
        /// A short name, for files and tables.
        public var name: String
        /// The size issue 18 names, in the unit `make` takes.
        public var fullSize: Int
        /// The largest size the reader's default limits (`XMLLimits`) accept.
        public var withinLimits: Int
        /// What the size counts.
        public var unit: String
        public var make: @Sendable (Int) -> [UInt8]
    }

    /// Sizes within the limits: 1,000,000 elements, comments and processing instructions in
    /// all (the document and `objects` are two of them), 256 attributes, 257 levels, values of
    /// 10,000,000 bytes.
    public static let shapes: [Shape] = [
        Shape(name: "attributes", fullSize: 1_000_000, withinLimits: 255, unit: "attributes on one element", make: attributes),
        Shape(name: "siblings-one-id", fullSize: 1_000_000, withinLimits: 999_998, unit: "sibling elements with one id", make: siblingsWithOneID),
        Shape(name: "duplicate-ids", fullSize: 100_000, withinLimits: 499_999, unit: "ids, each on two elements", make: duplicateIDs),
        Shape(name: "nesting", fullSize: 100_000, withinLimits: 255, unit: "levels of nesting", make: nesting),
        Shape(name: "long-value", fullSize: 100_000_000, withinLimits: 10_000_000, unit: "bytes in one attribute value", make: longValue),
        Shape(name: "mixed-content", fullSize: 1_000_000, withinLimits: 999_997, unit: "children with text between them", make: mixedContent),
        Shape(name: "distinct-tags", fullSize: 1_000_000, withinLimits: 999_997, unit: "children of one view, each a different tag", make: distinctTags),
    ]

    /// A small document of one view, and the same with the view's mode changed: base and ours
    /// of a merge whose theirs is a hostile input.
    public static let smallBase = siblingsWithOneID(1)
    public static let smallOurs = Array(String(decoding: smallBase, as: UTF8.self)
        .replacingOccurrences(of: "scaleToFill", with: "center").utf8)

    public static func shape(_ name: String) -> Shape { shapes.first { $0.name == name }! }

    static let header = """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" toolsVersion="23504" \
        targetRuntime="iOS.CocoaTouch" propertyAccessControl="none" useAutolayout="YES" useSafeAreas="YES" colorMatched="YES">
            <objects>

        """
    static let footer = """
            </objects>
        </document>

        """

    /// A document whose objects are `body` (written by `write` into the buffer).
    static func document(capacity: Int, _ write: (inout [UInt8]) -> Void) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(capacity + header.utf8.count + footer.utf8.count)
        out.append(contentsOf: header.utf8)
        write(&out)
        out.append(contentsOf: footer.utf8)
        return out
    }

    /// One view with `count` attributes `a0="1" a1="1" …` besides its id.
    public static func attributes(_ count: Int) -> [UInt8] {
        document(capacity: count * 12) { out in
            out.append(contentsOf: "        <view id=\"abc-de-fgh\"".utf8)
            for i in 0..<count { out.append(contentsOf: " a\(i)=\"1\"".utf8) }
            out.append(contentsOf: "/>\n".utf8)
        }
    }

    /// `count` sibling views that all have the id `dup-00-000`.
    public static func siblingsWithOneID(_ count: Int) -> [UInt8] {
        let line = Array("        <view contentMode=\"scaleToFill\" id=\"dup-00-000\"/>\n".utf8)
        return document(capacity: count * line.count) { out in
            for _ in 0..<count { out.append(contentsOf: line) }
        }
    }

    /// `count` ids, each on two sibling views.
    public static func duplicateIDs(_ count: Int) -> [UInt8] {
        document(capacity: count * 100) { out in
            for i in 0..<count {
                let line = Array("        <view contentMode=\"scaleToFill\" id=\"d\(i)\"/>\n".utf8)
                out.append(contentsOf: line)
                out.append(contentsOf: line)
            }
        }
    }

    /// Views nested `depth` levels deep.
    public static func nesting(_ depth: Int) -> [UInt8] {
        document(capacity: depth * 30) { out in
            for i in 0..<depth { out.append(contentsOf: "<view id=\"n\(i)\">".utf8) }
            for _ in 0..<depth { out.append(contentsOf: "</view>".utf8) }
            out.append(0x0A)
        }
    }

    /// A label whose text attribute is `bytes` bytes long.
    public static func longValue(_ bytes: Int) -> [UInt8] {
        document(capacity: bytes + 64) { out in
            out.append(contentsOf: "        <label id=\"lbl-00-000\" text=\"".utf8)
            out.append(contentsOf: repeatElement(UInt8(ascii: "x"), count: bytes))
            out.append(contentsOf: "\"/>\n".utf8)
        }
    }

    /// A string element holding `count` children with text between them (mixed content, whose
    /// white space the reader keeps as text).
    public static func mixedContent(_ count: Int) -> [UInt8] {
        document(capacity: count * 8) { out in
            out.append(contentsOf: "        <string key=\"text\">t".utf8)
            for _ in 0..<count { out.append(contentsOf: "<b/> ".utf8) }
            out.append(contentsOf: "</string>\n".utf8)
        }
    }

    /// One view holding `count` children without ids, each of its own tag (`<t0/>`, `<t1/>`…):
    /// keyed by tag and ordinal under their parent, they once made the graph's and the diff's
    /// per-tag bookkeeping quadratic.
    public static func distinctTags(_ count: Int) -> [UInt8] {
        document(capacity: count * 20) { out in
            out.append(contentsOf: "        <view contentMode=\"scaleToFill\" id=\"abc-de-fgh\">\n".utf8)
            for i in 0..<count { out.append(contentsOf: "            <t\(i)/>\n".utf8) }
            out.append(contentsOf: "        </view>\n".utf8)
        }
    }
}

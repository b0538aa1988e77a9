/// Values in words, as the diff and the outline show them: `(16, 66, 343, 174.333)`,
/// `systemBackgroundColor`, `system medium 13`, `"Log in"`, `widthSizable heightSizable`. The
/// shapes of numbers and sides are the profile's (`IBRules.numberTuples`, `sideValues`).
extension DiffAttributes {
    /// A compact value in words: `(16, 66, 343, 174.333)`, `systemBackgroundColor`,
    /// `red 1 green 0 blue 0 alpha 1`, `system medium 13`, `"Log in"`, `widthSizable heightSizable`.
    static func describe(_ e: XMLElement) -> DiffValue {
        let n = ConstraintEquation.number
        func a(_ name: String) -> String? { e[attribute: name] }
        func nums(_ names: [String]) -> String? {
            var parts: [String] = []
            for k in names {
                guard let v = a(k) else { return nil }
                parts.append(n(v))
            }
            return parts.joined(separator: ", ")
        }
        if let names = IBRules.numberTuples[e.name] {
            if let s = nums(names) { return DiffValue(text: "(\(s))") }
        } else if let sides = IBRules.sideValues[e.name] {
            let parts = sides.compactMap { k in a(k).map { "\(k) \(n($0))" } }
            if !parts.isEmpty { return DiffValue(text: parts.joined(separator: " ")) }
        } else if let value = describeKnown(e) {
            return value
        }
        // Its label already says what it is: `device: id=retina6_1 orientation=portrait`.
        let written = generic(e)
        return DiffValue(text: e.attributes.contains(where: { $0.name != IBRules.keyAttribute }) ? String(written.dropFirst(e.name.count + 1)) : written)
    }

    /// Colours, fonts, numbers, text and flag sets in words (`IBRules.valueReadings`); nil for
    /// anything else.
    private static func describeKnown(_ e: XMLElement) -> DiffValue? {
        let n = ConstraintEquation.number
        func a(_ name: String) -> String? { e[attribute: name] }
        switch IBRules.valueReadings[e.name] {
        case .color?:
            if let c = describeColor(e) { return DiffValue(text: c) }
        case .fontDescription?:
            let font = IBRules.fontDescriptionParts
            if let style = a(font.style) {
                return DiffValue(text: "text style " + (style.hasPrefix(font.stylePrefix) ? String(style.dropFirst(font.stylePrefix.count)) : style))
            }
            let parts = [e.firstAttribute(of: font.name), a(font.weight), a(font.size).map(n)].compactMap { $0 }
            if !parts.isEmpty { return DiffValue(text: parts.joined(separator: " ")) }
        case .font?:
            let font = IBRules.fontParts
            let parts = [e.firstAttribute(of: font.name), a(font.size).map(n)].compactMap { $0 }
            if !parts.isEmpty, e.attributes.allSatisfy({ font.only.contains($0.name) }) {
                return DiffValue(text: parts.joined(separator: " "))
            }
        case .none?: return DiffValue(text: e.name)
        case .number?:
            if let v = a(IBRules.numberValueAttribute), e.attributes.count <= 2 { return DiffValue(text: n(v)) }
        case .text?:
            if e.elements.isEmpty {
                let text = a(IBRules.base64TextAttribute) == IBRules.yes ? Base64.decodeUTF8(e.text) ?? e.text : e.text
                return DiffValue(text: text, isText: true)
            }
        case nil:
            let flags = e.attributes.filter { $0.name != IBRules.keyAttribute }
            if !flags.isEmpty, flags.allSatisfy({ $0.value == IBRules.yes || $0.value == IBRules.no }) {
                return DiffValue(text: flags.map { $0.value == IBRules.yes ? $0.name : "!" + $0.name }.joined(separator: " "))
            }
        }
        return nil
    }

    /// A value element as one value: `describe`; a list of anonymous values as `[1000, 750]`
    /// (`(empty)` when it holds none); a named wrapper of one value (`<namedColor name=…>`
    /// around its `<color>`) as that value.
    static func describeValue(_ e: XMLElement) -> DiffValue {
        let own = e.attributes.filter { $0.name != IBRules.keyAttribute && !IBRules.identityAttributes.contains($0.name) }
        if own.isEmpty, e.elements.count == 1, e.text.allSatisfy(\.isWhitespace) { return describeValue(e.elements[0]) }
        guard e.attributes.allSatisfy({ $0.name == IBRules.keyAttribute }), e.text.allSatisfy(\.isWhitespace) else { return describe(e) }
        let items = e.elements
        guard items.allSatisfy({ item in !IBRules.identityAttributes.contains { item[attribute: $0] != nil } }) else { return describe(e) }
        return DiffValue(text: items.isEmpty ? "(empty)" : "[" + items.map { describe($0).display }.joined(separator: ", ") + "]")
    }

    /// The name the diff gives a value of an object: for node `n` (the object itself, or a
    /// value element in it) and one of its attributes, `title`, `normal title`,
    /// `runtime attribute cornerRadius value`; `backgroundColor` for a value named as a whole.
    static func valueName(of n: Int, attribute: String?, wholeValue: Bool, in graph: IBGraph) -> String? {
        var labels: [String] = []
        var i = n
        while i > 0, !graph.nodes[i].isObject, graph.nodes[i].tag != IBRules.sceneTag {
            let e = graph.nodes[i].element
            // Wrappers and containers (`<resources>`, `<connections>`) name nothing of their own.
            let container = IBRules.isContainer(e.name)
            if !((IBRules.transparentWrappers.contains(e.name) || container) && e.attributes.isEmpty && i != n) {
                if let k = e[attribute: IBRules.keyAttribute] {
                    labels.append(k)
                } else if let attr = IBRules.identityAttributes.first(where: { e[attribute: $0] != nil }) {
                    labels.append((IBRules.valueLabelPrefixes[e.name] ?? e.name) + " " + e[attribute: attr]!)
                } else {
                    labels.append(e.name)
                }
            }
            i = graph.nodes[i].parent
        }
        var name = labels.reversed().joined(separator: " ")
        if let attribute, !wholeValue {
            name = name.isEmpty ? attribute : name + " " + attribute
        }
        return name.isEmpty ? nil : name
    }

    private static func describeColor(_ e: XMLElement) -> String? {
        let n = ConstraintEquation.number
        if let name = e.firstAttribute(of: IBRules.colorNameAttributes) { return name }
        let spaces = IBRules.colorSpaceParts
        var space = e[attribute: spaces.space].map { $0 == spaces.custom ? (e[attribute: spaces.customSpace] ?? $0) : $0 }
        if let s = space, s.hasSuffix(spaces.suffix) { space = String(s.dropLast(spaces.suffix.count)) }
        let suffix = space.map { " (\($0))" } ?? ""
        if let w = e[attribute: IBRules.colorComponents.white] {
            return "white \(n(w)) alpha \(n(e[attribute: IBRules.colorComponents.alpha] ?? "1"))" + suffix
        }
        if let r = e[attribute: IBRules.colorComponents.red], let g = e[attribute: IBRules.colorComponents.green], let b = e[attribute: IBRules.colorComponents.blue] {
            return "red \(n(r)) green \(n(g)) blue \(n(b)) alpha \(n(e[attribute: IBRules.colorComponents.alpha] ?? "1"))" + suffix
        }
        return nil
    }

    /// Any value: `tag attr=value ...` and its text, children in braces.
    static func generic(_ e: XMLElement) -> String {
        var parts: [String] = [e.name]
        for a in e.attributes where a.name != IBRules.keyAttribute { parts.append("\(a.name)=\(a.value)") }
        var s = parts.joined(separator: " ")
        let text = e.text
        if !text.isEmpty, !isWhitespace(text) { s += " " + DiffValue(text: text, isText: true).display }
        let kids = e.elements
        if !kids.isEmpty { s += " {" + kids.map(generic).joined(separator: "; ") + "}" }
        return s
    }
}

/// Decoding of `base64-UTF8="YES"` strings (Xcode writes text with control characters so).
enum Base64 {
    static func decodeUTF8(_ s: String) -> String? {
        var table = [UInt8](repeating: 255, count: 256)
        for (i, c) in "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8.enumerated() { table[Int(c)] = UInt8(i) }
        var out: [UInt8] = []
        var buffer: UInt32 = 0
        var bits = 0
        for c in s.utf8 {
            if c == UInt8(ascii: "=") { break }
            if c == 0x20 || c == 0x0A || c == 0x0D || c == 0x09 { continue }
            let v = table[Int(c)]
            guard v != 255 else { return nil }
            buffer = (buffer << 6) | UInt32(v)
            bits += 6
            if bits >= 8 {
                bits -= 8
                out.append(UInt8((buffer >> UInt32(bits)) & 0xFF))
            }
        }
        // Valid UTF-8 only: decoding repairs invalid bytes with U+FFFD, so a repaired string is
        // not the bytes. (`String(validating:as:)` says the same, but only from macOS 15.)
        let text = String(decoding: out, as: UTF8.self)
        return text.utf8.elementsEqual(out) ? text : nil
    }
}

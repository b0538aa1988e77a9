/// What ibtool (`--generate-strings-file`) and Xcode's String Catalog extraction write for a
/// document's user-visible texts (`LocalizableStrings`).
public enum StringsExport {
    /// ibtool's `.strings` text: an empty first line, then per key in `StandardOrder` the
    /// comment, the entry, and an empty line between entries.
    public static func stringsText(_ strings: [LocalizableString]) -> String {
        var out = "\n"
        for (i, s) in sorted(strings).enumerated() {
            if i > 0 { out += "\n" }
            out += entryText(comment: s.comment, key: s.key.key, quotedValue: quoted(s.text))
        }
        return out
    }

    static func entryText(comment: String?, key: String, quotedValue: String) -> String {
        (comment.map { "/* \($0) */\n" } ?? "") + "\(quoted(key)) = \(quotedValue);\n"
    }

    static func quoted(_ s: String) -> String { "\"" + LocalizableString.escaped(s) + "\"" }

    public static func sorted(_ strings: [LocalizableString]) -> [LocalizableString] {
        strings.sorted { StandardOrder.areInIncreasingOrder($0.key.key, $1.key.key) }
    }

    /// A String Catalog as Xcode extracts it from the document: each key with its comment,
    /// `extracted_with_value`, and the source language's unit (`new`, the text).
    public static func catalog(_ strings: [LocalizableString], sourceLanguage: String) -> JSONValue {
        typealias F = StringCatalog.Field
        return .object([
            JSONMember(key: F.sourceLanguage, value: .string(sourceLanguage)),
            JSONMember(key: F.strings, value: .object(sorted(strings).map { JSONMember(key: $0.key.key, value: entry($0, sourceLanguage)) })),
            JSONMember(key: F.version, value: .string(F.currentVersion)),
        ])
    }

    static func entry(_ s: LocalizableString, _ sourceLanguage: String) -> JSONValue {
        typealias F = StringCatalog.Field
        return .object([
            JSONMember(key: F.comment, value: .string(s.comment)),
            JSONMember(key: F.extractionState, value: .string(StringCatalog.State.extracted)),
            JSONMember(key: F.localizations, value: .object([JSONMember(key: sourceLanguage, value: unit(state: StringCatalog.State.new, value: s.text))])),
        ])
    }

    static func unit(state: String, value: String) -> JSONValue {
        typealias F = StringCatalog.Field
        return .object([JSONMember(key: F.stringUnit, value: .object([
            JSONMember(key: F.state, value: .string(state)), JSONMember(key: F.value, value: .string(value)),
        ]))])
    }
}

extension StringsFile {
    /// The text in an encoding: UTF-16 with a byte-order mark (as ibtool writes), or UTF-8
    /// (with a mark when `byteOrderMark`).
    public static func encode(_ text: String, as encoding: Encoding, byteOrderMark: Bool) -> [UInt8] {
        switch encoding {
        case .utf8:
            return (byteOrderMark ? [0xEF, 0xBB, 0xBF] : []) + Array(text.utf8)
        case .utf16LittleEndian, .utf16BigEndian:
            let little = encoding == .utf16LittleEndian
            var out: [UInt8] = []
            out.reserveCapacity(text.utf16.count * 2 + 2)
            for unit in (byteOrderMark ? [0xFEFF] : []) + Array(text.utf16) {
                let (high, low) = (UInt8(unit >> 8), UInt8(unit & 0xFF))
                out += little ? [low, high] : [high, low]
            }
            return out
        }
    }
}

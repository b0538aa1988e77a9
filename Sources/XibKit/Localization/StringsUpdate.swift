/// Brings an existing `.strings` file or String Catalog up to date with a document's texts,
/// the way Xcode does, without losing a translation silently:
/// - a new text gets its key (in a `.strings` file with the base text as its value; in a
///   catalog with the source language's unit);
/// - a key whose source text is unchanged keeps its translation byte for byte (in a `.strings`
///   file the value as written, escapes included);
/// - a key whose source text changed keeps its translation and is reported `stale`: in a
///   `.strings` file with its old comment, which records what it translates (so `check` goes on
///   reporting it), in a catalog with its translated units marked `needs_review`; a value that
///   only copied the old base text takes the new one (`updated`);
/// - a key whose object or text is gone is `dropped` from a `.strings` file, and marked
///   `stale` in a catalog (its translations stay; Xcode does the same); `manual` keys, and keys
///   that do not start with an object id (the code's: `"Use frontmost.app as Todo App"`), are
///   left alone (a `.strings` file keeps them after the document's keys, in their order).
/// Nothing to change: the input's bytes, as they are.
public enum StringsUpdate {
    private typealias F = StringCatalog.Field

    public struct Change: Sendable, Equatable {
        public enum Kind: String, Sendable { case added, updated, stale, dropped }
        public var kind: Kind
        public var key: String
        /// The key's line in the existing file (0 for an added key).
        public var line: Int
        public var detail: String?
    }

    public struct Result: Sendable {
        public var bytes: [UInt8]
        public var changes: [Change]
    }

    public static func strings(_ file: StringsFile, bytes: [UInt8], with strings: [LocalizableString]) -> Result {
        let generated = Dictionary(strings.map { ($0.key.key, $0) }, uniquingKeysWith: { a, _ in a })
        var values: [String: String] = [:], comments: [String: String] = [:]
        var changes: [Change] = []
        var others: [StringsFile.Entry] = []
        for e in file.entries {
            if generated[e.key] == nil && e.objectKey == nil {
                others.append(e)
                continue
            }
            guard let s = generated[e.key] else {
                changes.append(Change(kind: .dropped, key: e.key, line: e.line, detail: "no such text in the document; translation \"\(e.value)\" dropped"))
                continue
            }
            values[e.key] = e.rawValue ?? StringsExport.quoted(e.value)
            guard let was = e.comment.flatMap({ LocalizableString.recordedText(in: $0, property: s.commentProperty) }), was != s.text else { continue }
            if e.value == was {
                values[e.key] = StringsExport.quoted(s.text)
                changes.append(Change(kind: .updated, key: e.key, line: e.line, detail: "\"\(was)\" is now \"\(s.text)\""))
            } else {
                comments[e.key] = e.comment
                changes.append(Change(kind: .stale, key: e.key, line: e.line,
                                      detail: "source was \"\(was)\", is now \"\(s.text)\"; translation \"\(e.value)\" kept"))
            }
        }
        for s in StringsExport.sorted(strings) where values[s.key.key] == nil {
            values[s.key.key] = StringsExport.quoted(s.text)
            changes.append(Change(kind: .added, key: s.key.key, line: 0, detail: nil))
        }
        let order = file.entries.map(\.key)
        let rewrite = file.entries.contains { e in generated[e.key].map { e.comment != (comments[e.key] ?? $0.comment) } ?? false }
        guard rewrite || !changes.isEmpty || Set(order).count != order.count else { return Result(bytes: bytes, changes: []) }
        var text = "\n"
        for (i, s) in StringsExport.sorted(strings).enumerated() {
            if i > 0 { text += "\n" }
            text += StringsExport.entryText(comment: comments[s.key.key] ?? s.comment, key: s.key.key, quotedValue: values[s.key.key]!)
        }
        for e in others {
            text += "\n" + StringsExport.entryText(comment: e.comment, key: e.key, quotedValue: e.rawValue ?? StringsExport.quoted(e.value))
        }
        let mark = bytes.starts(with: [0xEF, 0xBB, 0xBF]) || bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF])
        return Result(bytes: StringsFile.encode(text, as: file.encoding, byteOrderMark: mark || (bytes.isEmpty && file.encoding != .utf8)),
                      changes: changes)
    }

    public static func catalog(_ catalog: StringCatalog, bytes: [UInt8], with strings: [LocalizableString]) -> Result {
        let generated = Dictionary(strings.map { ($0.key.key, $0) }, uniquingKeysWith: { a, _ in a })
        let source = catalog.sourceLanguage
        var table = catalog.root[F.strings] ?? .object([])
        var changes: [Change] = []
        for e in catalog.entries {
            guard var value = table[e.key] else { continue }
            if let s = generated[e.key] {
                changes += refresh(&value, e, s, source)
            } else if e.extractionState != StringCatalog.State.manual && e.extractionState != StringCatalog.State.stale && e.objectKey != nil {
                value.set(F.extractionState, .string(StringCatalog.State.stale))
                changes.append(Change(kind: .stale, key: e.key, line: e.line, detail: "no such text in the document; marked stale, translations kept"))
            }
            table.set(e.key, value)
        }
        let present = Set(catalog.entries.map(\.key))
        for s in StringsExport.sorted(strings) where !present.contains(s.key.key) {
            table.set(s.key.key, StringsExport.entry(s, source))
            changes.append(Change(kind: .added, key: s.key.key, line: 0, detail: nil))
        }
        var root = catalog.root
        root.set(F.strings, table)
        guard root != catalog.root else { return Result(bytes: bytes, changes: changes) }
        return Result(bytes: JSONWriter.write(root), changes: changes)
    }

    /// One key the document still has: its comment, state and source unit as extracted now.
    static func refresh(_ value: inout JSONValue, _ e: StringCatalog.Entry, _ s: LocalizableString, _ source: String) -> [Change] {
        var changes: [Change] = []
        let was = e.comment.flatMap { LocalizableString.recordedText(in: $0, property: s.commentProperty) }
        if e.extractionState != StringCatalog.State.manual {
            value.set(F.extractionState, .string(StringCatalog.State.extracted))
            value.set(F.comment, .string(s.comment))
        }
        guard let was, was != s.text else { return changes }
        var localizations = value[F.localizations] ?? .object([])
        var reviewed: [String] = []
        for l in localizations.members {
            var unit = l.value
            if l.key == source {
                if unit[F.stringUnit] != nil { unit.set(F.stringUnit, StringsExport.unit(state: StringCatalog.State.new, value: s.text)[F.stringUnit]!) }
            } else if var su = unit[F.stringUnit], su[F.state]?.string == StringCatalog.State.translated {
                su.set(F.state, .string(StringCatalog.State.needsReview))
                unit.set(F.stringUnit, su)
                reviewed.append(l.key)
            }
            localizations.set(l.key, unit)
        }
        if localizations.members.isEmpty == false { value.set(F.localizations, localizations) }
        let kind: Change.Kind = reviewed.isEmpty ? .updated : .stale
        changes.append(Change(kind: kind, key: e.key, line: e.line, detail: "source was \"\(was)\", is now \"\(s.text)\""
                              + (reviewed.isEmpty ? "" : "; \(reviewed.joined(separator: ", ")) kept, marked needs_review")))
        return changes
    }
}

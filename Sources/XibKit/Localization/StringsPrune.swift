/// Removes keys from translation files (`strings --prune`: the dead keys of `TranslationFates`),
/// keeping everything else as it was: a `.strings` file's other bytes, its encoding and
/// byte-order mark; a String Catalog's other entries as Xcode wrote them (catalogs read back
/// byte for byte, `JSONWriter`).
public enum StringsPrune {
    /// `.strings`: each entry of `keys` cut out with its comment and, when it stands on lines
    /// of its own, those lines and one blank line beside them (ibtool puts one between entries).
    public static func strings(_ file: StringsFile, bytes: [UInt8], removing keys: Set<String>) -> [UInt8] {
        let spans = file.entries.filter { keys.contains($0.key) }.map(\.span)
        guard !spans.isEmpty, let (scalars, encoding) = try? StringsFile.decode(bytes, name: file.name) else { return bytes }
        var kept = String.UnicodeScalarView()
        var from = 0
        for span in spans.sorted(by: { $0.lowerBound < $1.lowerBound }) where span.lowerBound >= from {
            let cut = lines(around: span, in: scalars, after: from)
            kept.append(contentsOf: scalars[from..<cut.lowerBound])
            from = cut.upperBound
        }
        kept.append(contentsOf: scalars[from...])
        // The last entries gone: no blank line left at the end that ibtool would not write.
        if from == scalars.count && Array(kept.suffix(2)) == ["\n", "\n"] { kept.removeLast() }
        let mark = bytes.starts(with: [0xEF, 0xBB, 0xBF]) || bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF])
        return StringsFile.encode(String(kept), as: encoding, byteOrderMark: mark)
    }

    /// The span widened to whole lines when only blanks share them, with the blank line after
    /// it when one is before it too (in the file as it was).
    static func lines(around span: Range<Int>, in u: [Unicode.Scalar], after floor: Int) -> Range<Int> {
        func blank(_ s: Unicode.Scalar) -> Bool { s == " " || s == "\t" || s == "\r" }
        var a = span.lowerBound, b = span.upperBound
        while a > floor && blank(u[a - 1]) { a -= 1 }
        guard a == 0 || u[a - 1] == "\n" else { return span }
        while b < u.count && blank(u[b]) { b += 1 }
        guard b == u.count || u[b] == "\n" else { return span }
        if b < u.count { b += 1 }
        if a >= 1 && (a == 1 || u[a - 2] == "\n") && b < u.count && u[b] == "\n" { b += 1 }
        return a..<b
    }

    /// A catalog without the entries of `keys`.
    public static func catalog(_ catalog: StringCatalog, bytes: [UInt8], removing keys: Set<String>) -> [UInt8] {
        guard catalog.entries.contains(where: { keys.contains($0.key) }),
              case .object(let members)? = catalog.root[StringCatalog.Field.strings] else { return bytes }
        var root = catalog.root
        root.set(StringCatalog.Field.strings, .object(members.filter { !keys.contains($0.key) }))
        return JSONWriter.write(root)
    }
}

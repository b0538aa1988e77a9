/// Line-exact text edits behind `install` and `install --uninstall`, so that uninstalling gives
/// back the very bytes that were there before installing. Pure text: no libgit2 here.
///
/// The one fact that cannot be seen afterwards is whether the file ended with a newline before
/// lines were appended; it is kept in the file itself: a file that did not end with a newline
/// still does not after `install` (its last line, ours, is left unterminated), and `--uninstall`
/// removing an unterminated last line takes the newline before it away again. Likewise a file
/// that `install` created ends with a newline, while an existing empty one gets an unterminated
/// last line, so `--uninstall` deletes the first and keeps the second (empty).
enum SetupText {
    struct Line: Equatable {
        var content: ArraySlice<UInt8>
        /// "\n", "\r\n", or empty for an unterminated last line.
        var terminator: [UInt8]
    }

    static func lines(_ bytes: [UInt8]) -> [Line] {
        var result: [Line] = []
        var start = 0
        for i in bytes.indices where bytes[i] == 0x0A {
            let crlf = i > start && bytes[i - 1] == 0x0D
            result.append(Line(content: bytes[start..<(crlf ? i - 1 : i)], terminator: crlf ? [0x0D, 0x0A] : [0x0A]))
            start = i + 1
        }
        if start < bytes.count { result.append(Line(content: bytes[start...], terminator: [])) }
        return result
    }

    static func join(_ lines: [Line]) -> [UInt8] { lines.flatMap { Array($0.content) + $0.terminator } }

    /// Whitespace-separated words, so `*.xib  merge=xibmerge` matches `*.xib merge=xibmerge`.
    private static func words<C: Collection<UInt8>>(_ bytes: C) -> [ArraySlice<UInt8>] {
        Array(bytes).split(whereSeparator: { $0 == 0x20 || $0 == 0x09 || $0 == 0x0D })
    }

    private static func matches(_ line: Line, _ wanted: String) -> Bool { words(line.content) == words(Array(wanted.utf8)) }

    /// Appends the `wanted` lines that are missing (nil `existing`: the file does not exist yet).
    static func adding(_ wanted: [String], to existing: [UInt8]?) -> (bytes: [UInt8], added: [String]) {
        var file = lines(existing ?? [])
        let missing = wanted.filter { w in !file.contains { matches($0, w) } }
        guard !missing.isEmpty else { return (existing ?? [], []) }
        let newline = file.first?.terminator.isEmpty == false ? file.first!.terminator : [0x0A]
        let keepUnterminated = existing != nil && file.last?.terminator.isEmpty != false
        if let last = file.indices.last, file[last].terminator.isEmpty { file[last].terminator = newline }
        for (i, line) in missing.enumerated() {
            let isLast = i == missing.count - 1
            file.append(Line(content: ArraySlice(line.utf8), terminator: isLast && keepUnterminated ? [] : newline))
        }
        return (join(file), missing)
    }

    /// Removes the lines matching `unwanted`. The bytes are nil when the file should be deleted:
    /// nothing else is left and its last line was terminated (`install` created it).
    static func removing(_ unwanted: [String], from existing: [UInt8]) -> (bytes: [UInt8]?, removed: [String]) {
        let file = lines(existing)
        let kept = file.filter { line in !unwanted.contains { matches(line, $0) } }
        guard kept.count < file.count else { return (existing, []) }
        let removed = unwanted.filter { u in file.contains { matches($0, u) } }
        return (finish(kept, original: file), removed)
    }

    /// Removes the headers of `sections` (e.g. `[merge "xibmerge"]`) that have no entry left under them.
    static func removingEmptySections(_ sections: [String], from existing: [UInt8]) -> [UInt8]? {
        let file = lines(existing)
        func isHeader(_ line: Line) -> Bool { line.content.drop(while: { $0 == 0x20 || $0 == 0x09 }).first == 0x5B }
        func isBlank(_ line: Line) -> Bool { words(line.content).isEmpty }
        var kept: [Line] = []
        for (i, line) in file.enumerated() {
            if sections.contains(where: { matches(line, $0) }),
               file[(i + 1)...].first(where: { !isBlank($0) }).map(isHeader) ?? true {
                continue
            }
            kept.append(line)
        }
        return finish(kept, original: file)
    }

    /// Whether removing lines took away the unterminated last line (the newline before it was added
    /// with it), and whether the file is left empty.
    private static func finish(_ kept: [Line], original: [Line]) -> [UInt8]? {
        var kept = kept
        let unterminated = original.last?.terminator.isEmpty == true
        if unterminated, kept.last?.terminator.isEmpty == false { kept[kept.count - 1].terminator = [] }
        if kept.isEmpty && !original.isEmpty && !unterminated { return nil }
        return join(kept)
    }

    /// Whether a file lacks a final newline (an existing empty file counts as lacking one).
    static func endsWithoutNewline(_ bytes: [UInt8]) -> Bool { bytes.last != 0x0A }

    static func droppingFinalNewline(_ bytes: [UInt8]) -> [UInt8] {
        guard bytes.last == 0x0A else { return bytes }
        return Array(bytes.dropLast(bytes.count >= 2 && bytes[bytes.count - 2] == 0x0D ? 2 : 1))
    }
}

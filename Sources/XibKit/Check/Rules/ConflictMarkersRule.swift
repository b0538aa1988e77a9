extension CheckRule {
    /// A file the reader refuses for its markers is reported by `IntegrityCheck.outcome(of:)`;
    /// a lone `>>>>>>>` or `=======` line left by a half-resolved conflict is well-formed XML
    /// (it is text), so the reader accepts it: it is still a broken file, found here.
    public static let conflictMarkers = CheckRule(
        id: "conflict-markers", severity: .error, category: .integrity,
        summary: "The file contains git conflict markers.",
        help: "A merge was committed unresolved. Resolve it (`xibmerge resolve`, or by hand) before committing.",
        finds: "git conflict markers (`<<<<<<<`, `=======`, `>>>>>>>`), also where they parse as text",
        finder: .document { scan in conflictMarkerFindings(file: scan.file, bytes: scan.graph.document.source.bytes) })

    static func conflictMarkerFindings(file: String, bytes: [UInt8]) -> [IntegrityProblem] {
        IntegrityCheck.conflictMarkerLines(bytes).map {
            IntegrityProblem(kind: .conflictMarkers, file: file, line: $0, column: 1,
                             message: "git conflict marker; resolve the conflict first (e.g. `xibmerge resolve`)")
        }
    }
}

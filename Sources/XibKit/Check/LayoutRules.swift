/// The layout rules of `check` (`Rules/` with category `layout`): Xcode's own warnings left in
/// the file (`misplaced-view`, `ambiguous-layout`) and the same constraint installed twice
/// (`duplicate-constraint`).
public enum LayoutRules {
    public static func findings(in graph: IBGraph, enabled: (CheckRule) -> Bool = { _ in true }) -> [IntegrityProblem] {
        var scan = DocumentScan(graph)
        return scan.run(CheckRule.allCases.filter { $0.category == .layout }, enabled: enabled)
    }
}

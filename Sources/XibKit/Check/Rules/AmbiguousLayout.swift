extension CheckRule {
    public static let ambiguousLayout = CheckRule(
        id: "ambiguous-layout", severity: .warning, category: .layout,
        summary: "Xcode flagged a view's layout as ambiguous: its constraints do not determine its frame.",
        help: "Xcode writes ambiguous=\"YES\" when a view's constraints do not determine its position or size: the layout at run time is unpredictable. Add the missing constraints.",
        finds: "`ambiguous=\"YES\"`, Xcode's flag for constraints that do not determine a frame",
        finder: .viewFlag(message: "Xcode marked this view's layout ambiguous: its constraints do not determine its frame"))
}

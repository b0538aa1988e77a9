extension CheckRule {
    public static let misplacedView = CheckRule(
        id: "misplaced-view", severity: .warning, category: .layout,
        summary: "Xcode flagged a view as misplaced: its frame does not match its constraints.",
        help: "Xcode writes misplaced=\"YES\" when a view's frame in the canvas differs from where its constraints put it. Update the frames in Xcode (Editor > Resolve Auto Layout Issues).",
        finds: "`misplaced=\"YES\"`, Xcode's flag for a frame that differs from its constraints",
        finder: .viewFlag(message: "Xcode marked this view misplaced: its frame differs from its constraints (update the frames in Xcode)"))
}

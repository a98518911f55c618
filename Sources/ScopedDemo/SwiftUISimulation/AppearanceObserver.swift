/// Fact modelled here: `onAppear` and `onDisappear` follow whether a real view is *on
/// screen*, not whether it exists. A view runs its appear action when it comes on screen
/// and its disappear action "after this view disappears" (Apple, `onDisappear(perform:)`,
/// https://developer.apple.com/documentation/swiftui/view/ondisappear(perform:)) — when it
/// is removed, and also when a pushed screen covers it while it stays in the tree (see
/// ScreenVisibility.swift).
///
/// Storage that must follow the screen (a `.task`, see TimerTask.swift) conforms and is
/// told by its node.
@MainActor
protocol AppearanceObserver: AnyObject {
    /// The node holding this storage came on screen.
    func didAppear(in node: ViewNode)
    /// The node holding this storage left the screen (covered, or about to be removed).
    func didDisappear(in node: ViewNode)
}

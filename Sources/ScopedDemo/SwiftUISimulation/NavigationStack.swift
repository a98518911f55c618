/// Fact modelled here: `NavigationStack { root }` shows its root view and, above it, the
/// screens its links push; the stack itself stays on screen whatever is pushed, so a
/// modifier on the stack (a `.task`) keeps running while its root screen is covered (see
/// ScreenVisibility.swift).
struct NavigationStack: View {
    static var isPrimitive: Bool { true }
    let content: ViewContent

    init(@ViewBuilder root: () -> ViewContent) {
        content = root()
    }

    var body: ViewContent { return content }
}

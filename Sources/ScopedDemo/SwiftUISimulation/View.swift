/// Fact modelled here: a view is a *description*, a value that its parent's `body` makes
/// anew on every render. Making one is all `init` does; whatever the initialiser builds
/// (a view model passed as an argument, an `@State` initial value) is built again with
/// every description.
///
/// The *real view* is the ``ViewNode`` that the renderer keeps for the description's
/// place in the tree; it outlives descriptions (see ViewNode.swift).
@MainActor
protocol View {
    /// The children this view shows, made when its node renders.
    @ViewBuilder var body: ViewContent { get }

    /// Whether the view is a building block of the simulation (`Text`, `.sheet`, …) whose
    /// mounts and renders the log leaves out.
    static var isPrimitive: Bool { get }
}

extension View {
    static var isPrimitive: Bool { false }
}

/// A body's children, by position: a slot's place is its identity; `nil` is an empty
/// place (an `if` whose condition is false).
typealias ViewContent = [(any View)?]

/// The small `@ViewBuilder` the scenarios write their bodies with: sequences of views,
/// `if` (one place, empty when false) and `for` loops (one group in one place).
@MainActor
@resultBuilder
enum ViewBuilder {
    static func buildExpression(_ view: any View) -> ViewContent { [view] }
    /// Content a closure made (a parent's `children(viewModel)`), in the closure's places.
    static func buildExpression(_ content: ViewContent) -> ViewContent { content }
    static func buildBlock(_ parts: ViewContent...) -> ViewContent { parts.flatMap { $0 } }
    static func buildOptional(_ part: ViewContent?) -> ViewContent { [part.map { ViewGroup($0) }] }
    static func buildArray(_ parts: [ViewContent]) -> ViewContent { [ViewGroup(parts.flatMap { $0 })] }
}

/// Several views in one place of the tree (`Group`, the content of an `if`).
struct ViewGroup: View {
    static var isPrimitive: Bool { true }
    let content: ViewContent
    init(_ content: ViewContent) { self.content = content }
    var body: ViewContent { return content }
}

/// A view that shows nothing.
struct EmptyView: View {
    static var isPrimitive: Bool { true }
    var body: ViewContent { return [] }
}

/// Text on screen. The renderer records what it shows; scenarios read it to tell whether
/// a counter kept its value.
struct Text: View {
    static var isPrimitive: Bool { true }
    let string: String
    init(_ string: String) { self.string = string }
    var body: ViewContent { return [] }
}

/// A button; the script taps it by its title.
struct Button: View {
    static var isPrimitive: Bool { true }
    let title: String
    let action: () -> Void
    init(_ title: String, action: @escaping () -> Void) {
        self.title = title
        self.action = action
    }
    var body: ViewContent { return [] }
}

#if canImport(SwiftUI)
import SwiftUI
import Scoped

/// The environment key behind ``SwiftUI/EnvironmentValues/scopedContainers``.
private struct ContainerEnvironmentKey: EnvironmentKey {
    static let defaultValue = ContainerEnvironment()
}

extension EnvironmentValues {
    /// The containers a view resolves from: the nearest one of each container type.
    ///
    /// Read a custom container type's nearest container with a subscript:
    ///
    /// ```swift
    /// @Environment(\.scopedContainers) private var containers
    /// var body: some View { Text(containers[AppContainer.self].session().name) }
    /// ```
    public var scopedContainers: ContainerEnvironment {
        get { self[ContainerEnvironmentKey.self] }
        set { self[ContainerEnvironmentKey.self] = newValue }
    }

    /// The view's own lifetime scope — the innermost `Container` that a `.lifetimeScope`,
    /// `.container { }` or `.container(_:)` above the view put in — whether it is closed
    /// or not; nil where none is above the view.
    ///
    /// ``container`` passes over closed scopes, so its `isClosed` is always false; this is
    /// the scope itself. A `.task` that outlives its view (the screen was popped, its
    /// scope closed) reads it to stop:
    ///
    /// ```swift
    /// @Environment(\.lifetimeScope) private var scope
    /// var body: some View {
    ///     Text("Feed").task {
    ///         while scope?.isClosed == false, !Task.isCancelled { await feed.refresh() }
    ///     }
    /// }
    /// ```
    public var lifetimeScope: Container? {
        scopedContainers.lifetimeScope(Container.self)
    }

    /// The nearest `Container`: the innermost lifetime scope opened above this view, or
    /// `Container.shared` if none was.
    ///
    /// ```swift
    /// @Environment(\.container) private var container
    /// ```
    public var container: Container {
        get { scopedContainers[Container.self] }
        set { scopedContainers = scopedContainers.with(newValue) }
    }
}
#endif

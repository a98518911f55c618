#if canImport(SwiftUI)
import SwiftUI
import Scoped

/// Opens a child lifetime scope of the environment's nearest container of type `C` when
/// the modified view's storage is created, hands it to the subtree, and closes it when
/// that storage is destroyed.
///
/// Apple: "SwiftUI initializes the state's storage only once for each container instance
/// that you declare" (`State.init(wrappedValue:)`). The owner kept in `State` is that
/// storage: later values of this modifier, made by a parent's re-render, bring owners
/// that are dropped unused — `LifetimeScopeOwner` opens nothing until asked.
///
/// The subtree's environment is the parent's plus the owner's scope: while neither
/// changes, it compares equal to the last one (`ContainerEnvironment` is `Equatable` by
/// container identity), so a parent's re-render re-renders none of its readers. Under a
/// lifetime scope that app code has closed, `containers[C.self]` is the nearest open
/// container, so the scope opens there instead of stopping in `child(_:)`.
struct LifetimeScopeModifier<C: SharedContainer>: ViewModifier {
    @Environment(\.scopedContainers) private var containers
    /// `State` storage without the `@State` attribute (a macro with Xcode 27, per Apple's
    /// `State` page): the layer does not depend on the macro's generated names.
    private var owner: State<LifetimeScopeOwner<C>>

    init(name: String, configure: ((C) -> Void)?) {
        owner = State(wrappedValue: LifetimeScopeOwner(name, configure: configure))
    }

    func body(content: Content) -> some View {
        content.environment(\.scopedContainers, containers.with(owner.wrappedValue.scope(for: containers)))
    }
}

extension View {
    /// Gives this view a lifetime scope of its own: a child of the nearest `Container`,
    /// opened when the view's storage is created, closed — releasing its `.scoped`
    /// instances — when the view leaves the hierarchy (a pushed screen popped, a sheet
    /// dismissed, an `if` turning false). A parent's re-render neither opens nor closes it.
    ///
    /// ```swift
    /// NavigationLink("Item \(id)") {
    ///     DetailScreen(id: id).lifetimeScope("detail")
    /// }
    /// ```
    ///
    /// - Parameter name: Names the scope in events and messages (`detail#12`).
    /// - Returns: The view, with the scope as the nearest `Container` of its subtree.
    public func lifetimeScope(_ name: String) -> some View {
        modifier(LifetimeScopeModifier<Container>(name: name, configure: nil))
    }

    /// Gives this view a lifetime scope of its own, a child of the nearest container of
    /// type `type`.
    ///
    /// - Parameters:
    ///   - name: Names the scope in events and messages.
    ///   - type: The container type whose nearest container the scope is a child of.
    /// - Returns: The view, with the scope as the nearest `C` of its subtree.
    public func lifetimeScope<C: SharedContainer>(_ name: String, of type: C.Type) -> some View {
        modifier(LifetimeScopeModifier<C>(name: name, configure: nil))
    }

    /// Makes `container` the nearest container of its type for this view's subtree.
    ///
    /// Pass a container that something stable holds — an app model, a coordinator, a
    /// test — never one made in `body`: `body` runs again on every re-render, and
    /// `.container(AppContainer.shared.child("window"))` would open a new scope each time
    /// that nobody closes. A scope the view owns is `lifetimeScope(_:of:)`.
    ///
    /// ```swift
    /// struct SessionWindow: View {
    ///     let session: AppContainer          // opened and closed by the app's model
    ///     var body: some View { ContentView().container(session) }
    /// }
    /// ```
    ///
    /// - Parameter container: A root or a lifetime scope; the caller owns it.
    /// - Returns: The view, resolving from `container`.
    public func container<C: SharedContainer>(_ container: C) -> some View {
        transformEnvironment(\.scopedContainers) { $0 = $0.with(container) }
    }

    /// Overrides factories for this subtree only — previews, snapshot tests, a demo mode.
    ///
    /// Opens a lifetime scope (a child of the nearest `Container`) with the view's storage,
    /// runs `configure` on it once, before anything resolves through it, and closes it with
    /// the view. Overrides registered on the scope apply to its subtree only — to what its
    /// views resolve and, while `@ScopedObject` or `@ScopedObservable` builds a view model,
    /// to that view model's `@Injected`, `@LazyInjected` and `@WeakLazyInjected` properties.
    /// They never reach what a container outside the subtree holds (the root's `.cached`,
    /// `.singleton`, `.shared` and custom-scope instances, even when a view model resolves
    /// one first): that is built with the root's factories. A view model that calls
    /// `Container.shared.api()` itself bypasses them.
    ///
    /// ```swift
    /// #Preview {
    ///     ProfileScreen().container { $0.api.register { MockAPI() } }
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - name: Names the scope in events and messages.
    ///   - configure: Registers the overrides.
    /// - Returns: The view, resolving from the configured scope.
    public func container(_ name: String = "overrides", _ configure: @escaping (Container) -> Void) -> some View {
        modifier(LifetimeScopeModifier<Container>(name: name, configure: configure))
    }

    /// Overrides factories of a custom container type for this subtree only.
    ///
    /// - Parameters:
    ///   - type: The container type to override in.
    ///   - name: Names the scope in events and messages.
    ///   - configure: Registers the overrides.
    /// - Returns: The view, resolving from the configured scope.
    public func container<C: SharedContainer>(
        _ type: C.Type, _ name: String = "overrides", _ configure: @escaping (C) -> Void
    ) -> some View {
        modifier(LifetimeScopeModifier<C>(name: name, configure: configure))
    }
}
#endif

#if canImport(SwiftUI)
import SwiftUI
import Scoped

/// What `.lifetimeScope` and `.container { }` apply: ``LifetimeScopeModifier`` where
/// `StateObject` exists (iOS 14, macOS 11, tvOS 14, watchOS 7), ``StateLifetimeScopeModifier``
/// on older systems. The branch is the same for the whole process, so the view's identity
/// never changes with it (Apple, `AnyView`: the hierarchy is rebuilt only "whenever the
/// type of view used with an AnyView changes").
extension View {
    fileprivate func ownedLifetimeScope<C: SharedContainer>(_ name: String, configure: ((C) -> Void)?) -> AnyView {
        if #available(iOS 14.0, macOS 11.0, tvOS 14.0, watchOS 7.0, *) {
            return AnyView(modifier(LifetimeScopeModifier<C>(name: name, configure: configure)))
        }
        return AnyView(modifier(StateLifetimeScopeModifier<C>(name: name, configure: configure)))
    }
}

/// Opens a child lifetime scope of the environment's nearest container of type `C` when
/// the modified view's storage is created, hands it to the subtree, and closes it when
/// that storage is destroyed.
///
/// The owner lives in `StateObject` storage, made by its thunk: Apple, "SwiftUI creates
/// only one instance of the state object for each container instance that you declare"
/// (`StateObject.init(wrappedValue:)`). The thunk runs for SwiftUI's storage, not for each
/// value of this modifier, so no view value holds the owner: a value that outlives the
/// view — the destination an eager `NavigationLink(_:destination:)` keeps — keeps only the
/// thunk (the name and `configure`), and the scope closes when the view's storage goes.
///
/// The subtree's environment is the parent's plus the owner's scope: while neither
/// changes, it compares equal to the last one (`ContainerEnvironment` is `Equatable` by
/// container identity), so a parent's re-render re-renders none of its readers. Under a
/// lifetime scope that app code has closed, `containers[C.self]` is the nearest open
/// container, so the scope opens there instead of stopping in `child(_:)`.
@available(iOS 14.0, macOS 11.0, tvOS 14.0, watchOS 7.0, *)
struct LifetimeScopeModifier<C: SharedContainer>: ViewModifier {
    @Environment(\.scopedContainers) private var containers
    @StateObject private var holder: OwnerHolder<C>

    init(name: String, configure: ((C) -> Void)?) {
        _holder = StateObject(wrappedValue: OwnerHolder(LifetimeScopeOwner(name, configure: configure)))
    }

    func body(content: Content) -> some View {
        content.environment(\.scopedContainers, containers.with(holder.owner.scope(for: containers)))
    }
}

/// The `StateObject` storage of ``LifetimeScopeModifier``: the owner. Never publishes.
final class OwnerHolder<C: SharedContainer>: ObservableObject {
    /// Declared, not synthesised: this class has no `@Published` property.
    let objectWillChange = ObservableObjectPublisher()
    let owner: LifetimeScopeOwner<C>
    init(_ owner: LifetimeScopeOwner<C>) { self.owner = owner }
}

/// ``LifetimeScopeModifier`` for systems without `StateObject` (iOS 13, macOS 10.15, tvOS
/// 13, watchOS 6): the owner lives in `State` storage. Apple: "SwiftUI initializes the
/// state's storage only once for each container instance that you declare"
/// (`State.init(wrappedValue:)`); later values of this modifier bring owners that are
/// dropped unused — `LifetimeScopeOwner` opens nothing until asked. The first value's
/// owner *is* the storage, so a view value that outlives the view (an eager
/// `NavigationLink`'s destination) keeps the scope open until it goes.
struct StateLifetimeScopeModifier<C: SharedContainer>: ViewModifier {
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
        ownedLifetimeScope(name, configure: nil as ((Container) -> Void)?)
    }

    /// Gives this view a lifetime scope of its own, a child of the nearest container of
    /// type `type`.
    ///
    /// - Parameters:
    ///   - name: Names the scope in events and messages.
    ///   - type: The container type whose nearest container the scope is a child of.
    /// - Returns: The view, with the scope as the nearest `C` of its subtree.
    public func lifetimeScope<C: SharedContainer>(_ name: String, of type: C.Type) -> some View {
        ownedLifetimeScope(name, configure: nil as ((C) -> Void)?)
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
        ownedLifetimeScope(name, configure: configure)
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
        ownedLifetimeScope(name, configure: configure)
    }
}
#endif

/// A container type: where factories are declared (in extensions) and resolved.
///
/// ``Container`` is the one every app has. Declare your own to group a module's
/// dependencies; it gets every ability `Container` has:
///
/// ```swift
/// final class AppContainer: SharedContainer {
///     static let shared = AppContainer()
///     let manager: ContainerManager
///     init(manager: ContainerManager = ContainerManager()) { self.manager = manager }
/// }
///
/// extension AppContainer {
///     var session: Factory<Session> { self { Session() }.cached }
/// }
/// ```
///
/// Each instance of a container type is an independent root (its own caches and
/// overrides) or a child lifetime scope made by ``child(_:)``.
public protocol SharedContainer: AnyObject, Sendable {
    /// The process-wide instance: declare it as a `static let`
    /// (`static let shared = AppContainer()`). Threads resolving from it scale: each
    /// retains a keeper of its own (``ContainerManager``). Under `ScopedTesting`, each test
    /// sees a fresh world root for it (the world root lives in the manager, so
    /// `static let shared` is right).
    static var shared: Self { get }
    /// The container's state. Store the one ``init(manager:)`` receives.
    var manager: ContainerManager { get }
    /// Makes a container on `manager`: a new root's, or a child lifetime scope's.
    init(manager: ContainerManager)
}

extension SharedContainer {
    /// Makes a factory keyed by the calling member's name and `T`.
    ///
    /// Call it as `self { … }` inside a container extension; don't pass `key`.
    ///
    /// ```swift
    /// extension Container {
    ///     var formatter: Factory<NumberFormatter> { self { NumberFormatter() } }
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - key: The declaring member's name, filled in by the compiler.
    ///   - file: The file of this call (`#fileID`), filled in by the compiler.
    ///   - line: The line of this call, filled in by the compiler.
    ///   - column: The column of this call, filled in by the compiler. With `file` and
    ///     `line` it tells apart overloads of one factory function and registrations made
    ///     in one function; a helper that makes factories forwards all three.
    ///   - body: Makes an instance. It may resolve other factories (`self.store()`).
    /// - Returns: A `.unique` factory; chain a scope to change its lifetime.
    @inlinable @inline(__always)
    public func callAsFunction<T>(key: StaticString = #function, file: StaticString = #fileID, line: UInt = #line, column: UInt = #column,
        _ body: @escaping @Sendable () -> T) -> Factory<T> {
        Factory(container: self, key: key, file: file, line: line, column: column, body: body)
    }

    /// Makes a main-actor factory, such as for a `@MainActor` view model: the compiler
    /// lets it be resolved only from main-actor code.
    ///
    /// ```swift
    /// extension Container {
    ///     @MainActor var list: MainActorFactory<ListViewModel> { self { @MainActor in ListViewModel() } }
    /// }
    /// ```
    ///
    /// From other contexts, `await container.list.resolve()` hops to the main actor.
    ///
    /// - Parameters:
    ///   - key: The declaring member's name, filled in by the compiler.
    ///   - file: The file of this call (`#fileID`), filled in by the compiler.
    ///   - line: The line of this call, filled in by the compiler.
    ///   - column: The column of this call, filled in by the compiler. With `file` and
    ///     `line` it tells apart overloads of one factory function and registrations made
    ///     in one function; a helper that makes factories forwards all three.
    ///   - body: Makes an instance on the main actor.
    /// - Returns: A `.unique` main-actor factory; chain a scope to change its lifetime.
    public func callAsFunction<T: Sendable>(
        key: StaticString = #function, file: StaticString = #fileID, line: UInt = #line, column: UInt = #column,
        _ body: @escaping @MainActor @Sendable () -> T
    ) -> MainActorFactory<T> {
        MainActorFactory(Factory(container: self, key: key, file: file, line: line, column: column, mainActorBody: body))
    }

    /// Makes a parameter factory keyed by the calling member's name and `T`.
    ///
    /// ```swift
    /// extension Container {
    ///     var detail: ParameterFactory<Int, DetailViewModel> { self { DetailViewModel(id: $0) }.scoped }
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - key: The declaring member's name, filled in by the compiler.
    ///   - file: The file of this call (`#fileID`), filled in by the compiler.
    ///   - line: The line of this call, filled in by the compiler.
    ///   - column: The column of this call, filled in by the compiler. With `file` and
    ///     `line` it tells apart overloads of one factory function and registrations made
    ///     in one function; a helper that makes factories forwards all three.
    ///   - body: Makes an instance from the parameter.
    /// - Returns: A `.unique` parameter factory.
    @inlinable @inline(__always)
    public func callAsFunction<P, T>(
        key: StaticString = #function, file: StaticString = #fileID, line: UInt = #line, column: UInt = #column,
        _ body: @escaping @Sendable (P) -> T
    ) -> ParameterFactory<P, T> {
        ParameterFactory(container: self, key: key, file: file, line: line, column: column, body: body)
    }

    /// Makes a main-actor parameter factory, such as for a `@MainActor` view model that
    /// takes an item id: the compiler lets it be resolved only from main-actor code.
    ///
    /// ```swift
    /// extension Container {
    ///     @MainActor var detail: MainActorParameterFactory<Int, DetailViewModel> {
    ///         self { @MainActor id in DetailViewModel(id: id) }.scoped.perParameter
    ///     }
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - key: The declaring member's name, filled in by the compiler.
    ///   - file: The file of this call (`#fileID`), filled in by the compiler.
    ///   - line: The line of this call, filled in by the compiler.
    ///   - column: The column of this call, filled in by the compiler. With `file` and
    ///     `line` it tells apart overloads of one factory function and registrations made
    ///     in one function; a helper that makes factories forwards all three.
    ///   - body: Makes an instance from the parameter, on the main actor.
    /// - Returns: A `.unique` main-actor parameter factory.
    public func callAsFunction<P, T: Sendable>(
        key: StaticString = #function, file: StaticString = #fileID, line: UInt = #line, column: UInt = #column,
        _ body: @escaping @MainActor @Sendable (P) -> T
    ) -> MainActorParameterFactory<P, T> {
        MainActorParameterFactory(ParameterFactory(container: self, key: key, file: file, line: line, column: column, mainActorBody: body))
    }

    /// Opens a child lifetime scope: a container of the same type that sees this one's
    /// registrations and overrides, owns the `.scoped` instances resolved through it,
    /// and releases them — newest first, their `deinit`s running then — when it closes.
    ///
    /// `.cached`, `.shared` and `.singleton` instances still come from the root, so a
    /// flow never builds a second store or API client.
    ///
    /// ```swift
    /// let flow = Container.shared.child("checkout")
    /// let cart = flow.cart()     // .scoped: owned by `flow`
    /// flow.close()               // cart's deinit runs (if nobody else holds it)
    /// ```
    ///
    /// - Parameter name: Names the scope in events and messages (`checkout#7`).
    /// - Returns: An open child; releasing it without ``close()`` closes it.
    public func child(_ name: String = "child") -> Self {
        child(name, viewBound: false)
    }

    /// A child lifetime scope; `viewBound`: one a view opens (ScopedSwiftUI's
    /// `LifetimeScopeOwner`), which builds held outside it never resolve through
    /// (``ContainerNode/isViewBound``).
    package func child(_ name: String, viewBound: Bool) -> Self {
        Self(manager: ContainerManager(node: ContainerNode(
            childOf: manager.node.nodeInCurrentWorld(), openedFrom: manager, name: name, viewBound: viewBound)))
    }

    /// Closes this lifetime scope and releases its `.scoped` instances.
    ///
    /// Closes its open children first (newest first), then releases its `.scoped`
    /// instances newest first, outside any lock. Further `.scoped`
    /// resolves through it stop the process with a message naming the scope. Closing
    /// twice does nothing. Closing a root container releases its instances the same way.
    public func close() {
        manager.node.nodeInCurrentWorld().close()
    }

    /// Whether ``close()`` has been called on this container or an enclosing one.
    public var isClosed: Bool {
        manager.node.nodeInCurrentWorld().isClosed
    }

    /// Drops every override and every instance this container holds (singletons stay:
    /// they belong to the process), and what its open lifetime scopes made with the
    /// overrides it drops (except below a scope that overrides the same factory).
    /// Instances are released newest first, outside any lock.
    public func reset() {
        manager.node.nodeInCurrentWorld().reset()
    }

    /// Installs `observer` on this container and its children.
    ///
    /// ```swift
    /// Container.shared.observe(.print)
    /// ```
    ///
    /// - Parameter observer: Receives every ``LifecycleEvent`` of this container and its
    ///   child lifetime scopes.
    /// - Returns: The observation; ``LifecycleObservation/cancel()`` removes the observer.
    @discardableResult
    public func observe(_ observer: LifecycleObserver) -> LifecycleObservation {
        let node = manager.node.nodeInCurrentWorld()
        return LifecycleObservation(node: node, id: EventHub.add(observer, to: node))
    }

    /// Installs a closure observer on this container and its children.
    ///
    /// - Parameter receive: Called with every ``LifecycleEvent``, after Scoped's locks are released.
    /// - Returns: The observation; ``LifecycleObservation/cancel()`` removes the observer.
    @discardableResult
    public func observe(_ receive: @escaping @Sendable (LifecycleEvent) -> Void) -> LifecycleObservation {
        observe(LifecycleObserver(receive))
    }
}

extension SharedContainer {
    /// Resolves through this container in one expression: `Container.shared { $0.api() }`
    /// is `Container.shared.api()`, and a closure can resolve several factories from the
    /// same container.
    ///
    /// ```swift
    /// let (api, store) = Container.shared { ($0.api(), $0.store()) }
    /// ```
    ///
    /// The closure receives this container, so its parameter's type is known; a closure
    /// that takes a parameter of another type (`self { (id: Int) in … }`) still declares
    /// a ``ParameterFactory``.
    ///
    /// - Parameter resolve: Resolves from the container it receives.
    /// - Returns: What `resolve` returns (discardable: `Container.shared { $0.api.register { … } }`
    ///   as a statement registers).
    @discardableResult
    public func callAsFunction<T>(_ resolve: (Self) throws -> T) rethrows -> T {
        try resolve(self)
    }

    /// Runs `transform` with this container and returns the container: registers
    /// overrides where a container is assigned or passed (Factory's `with`).
    ///
    /// ```swift
    /// let preview = Container().with {
    ///     $0.api.register { MockAPIClient() }
    ///     $0.store.register { EntryStore.preview() }
    /// }
    /// ```
    ///
    /// - Parameter transform: Receives this container.
    /// - Returns: This container.
    @discardableResult
    public func with(_ transform: (Self) throws -> Void) rethrows -> Self {
        try transform(self)
        return self
    }

    /// Runs the async `transform` with this container and returns the container.
    ///
    /// - Parameters:
    ///   - isolation: The caller's actor, filled in by the compiler.
    ///   - transform: Receives this container.
    /// - Returns: This container.
    @discardableResult
    public func with(
        isolation: isolated (any Actor)? = #isolation, _ transform: (Self) async throws -> Void
    ) async rethrows -> Self {
        try await transform(self)
        return self
    }
}

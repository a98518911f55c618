/// A factory whose body runs on the main actor — a `@MainActor` view model — and that the
/// compiler lets you resolve only from main-actor code.
///
/// Declare it in one line, as any factory; only the type says *main actor*:
///
/// ```swift
/// extension Container {
///     @MainActor var list: MainActorFactory<ListViewModel> { self { @MainActor in ListViewModel() }.scoped }
/// }
///
/// @MainActor func show() { let model = Container.shared.list() }        // compiles: main actor
/// func load() async { let model = await Container.shared.list.resolve() } // hops to the main actor
/// func background() { let model = Container.shared.list() }             // error: main actor-isolated
/// ```
///
/// ``callAsFunction()``, ``lazy`` and the property wrappers' initialisers are `@MainActor`;
/// ``resolve()`` hops there from anywhere. A main-actor body still stops the process with
/// a message if it is ever reached off the main actor by a path the compiler cannot see
/// (a module built in the Swift 5 language mode calling it without `await`).
public struct MainActorFactory<T: Sendable>: Sendable {
    /// The runtime-checked factory underneath (its body is wrapped in the main-actor check).
    package var factory: Factory<T>

    package init(_ factory: Factory<T>) {
        self.factory = factory
    }

    /// Resolves on the main actor: the instance the factory's scope calls for.
    ///
    /// - Returns: A new or held instance of `T`.
    @MainActor
    public func callAsFunction() -> T {
        factory()
    }

    /// Resolves from any context: hops to the main actor, resolves, and hands the instance back.
    ///
    /// ```swift
    /// let model = await Container.shared.list.resolve()
    /// ```
    ///
    /// - Returns: A new or held instance of `T`.
    public func resolve() async -> T {
        await callAsFunction()
    }

    /// A thunk that resolves on its first call, on the main actor. Making it builds nothing.
    @MainActor
    public var lazy: MainActorLazy<T> {
        MainActorLazy(factory.lazy)
    }

    /// Replaces the body in this factory's container; see ``Factory/register(_:)``.
    ///
    /// - Parameter body: Makes the replacement instance, on the main actor.
    /// - Returns: This factory, for chaining.
    @discardableResult
    public func register(_ body: @escaping @MainActor @Sendable () -> T) -> MainActorFactory<T> {
        factory.register(mainActorOnly(body))
        return self
    }

    /// Drops this factory's override and the instance its container holds for it.
    public func reset() {
        factory.reset()
    }

    /// Uses `body` when running tests (see ``Factory/onTest(_:)``).
    ///
    /// - Parameter body: Makes the instance used under tests, on the main actor.
    /// - Returns: The factory with that body when the context applies.
    public func onTest(_ body: @escaping @MainActor @Sendable () -> T) -> MainActorFactory<T> {
        MainActorFactory(factory.onTest(mainActorOnly(body)))
    }

    /// Uses `body` in Xcode previews (see ``Factory/onPreview(_:)``).
    ///
    /// - Parameter body: Makes the instance used in previews, on the main actor.
    /// - Returns: The factory with that body when the context applies.
    public func onPreview(_ body: @escaping @MainActor @Sendable () -> T) -> MainActorFactory<T> {
        MainActorFactory(factory.onPreview(mainActorOnly(body)))
    }

    /// Uses `body` in debug builds (see ``Factory/onDebug(_:)``).
    ///
    /// - Parameter body: Makes the instance used in debug builds, on the main actor.
    /// - Returns: The factory with that body when the context applies.
    public func onDebug(_ body: @escaping @MainActor @Sendable () -> T) -> MainActorFactory<T> {
        MainActorFactory(factory.onDebug(mainActorOnly(body)))
    }

    /// Uses `body` when the process was launched with `argument` (see ``Factory/onArg(_:_:)``).
    ///
    /// - Parameters:
    ///   - argument: A launch argument, matched exactly.
    ///   - body: Makes the instance used when the argument is present, on the main actor.
    /// - Returns: The factory with that body when the context applies.
    public func onArg(_ argument: String, _ body: @escaping @MainActor @Sendable () -> T) -> MainActorFactory<T> {
        MainActorFactory(factory.onArg(argument, mainActorOnly(body)))
    }

    /// A new instance on every resolve (the default).
    public var unique: MainActorFactory<T> { MainActorFactory(factory.unique) }
    /// One instance per top-level resolve.
    public var graph: MainActorFactory<T> { MainActorFactory(factory.graph) }
    /// One instance while anyone holds it (kept weakly).
    public var shared: MainActorFactory<T> { MainActorFactory(factory.shared) }
    /// One instance per root container.
    public var cached: MainActorFactory<T> { MainActorFactory(factory.cached) }
    /// One instance per lifetime scope, released when it closes.
    public var scoped: MainActorFactory<T> { MainActorFactory(factory.scoped) }
    /// One instance per process.
    public var singleton: MainActorFactory<T> { MainActorFactory(factory.singleton) }

    /// Uses `scope` for this factory's instances.
    ///
    /// - Parameter scope: A built-in scope or a custom ``Scope/Cached``.
    /// - Returns: The factory with that scope.
    public func scope(_ scope: Scope) -> MainActorFactory<T> {
        MainActorFactory(factory.scope(scope))
    }

    private func mainActorOnly(_ body: @escaping @MainActor @Sendable () -> T) -> @Sendable () -> T {
        let checked = onMainActorOnly(factory.registration.key) { (_: Void) in body() }
        return { checked(()) }
    }
}

/// A parameter factory whose body runs on the main actor, resolvable only from
/// main-actor code; see ``MainActorFactory``.
///
/// ```swift
/// extension Container {
///     @MainActor var detail: MainActorParameterFactory<Int, DetailViewModel> {
///         self { @MainActor id in DetailViewModel(id: id) }.scoped.perParameter
///     }
/// }
/// ```
public struct MainActorParameterFactory<P, T: Sendable>: Sendable {
    /// The runtime-checked factory underneath.
    package var factory: ParameterFactory<P, T>

    package init(_ factory: ParameterFactory<P, T>) {
        self.factory = factory
    }

    /// Resolves with `parameter` on the main actor.
    ///
    /// - Parameter parameter: Passed to the body when an instance is built.
    /// - Returns: A new or held instance of `T`.
    @MainActor
    public func callAsFunction(_ parameter: P) -> T {
        factory(parameter)
    }

    /// Resolves with `parameter` from any context, hopping to the main actor.
    ///
    /// - Parameter parameter: Passed to the body when an instance is built.
    /// - Returns: A new or held instance of `T`.
    public func resolve(_ parameter: P) async -> T where P: Sendable {
        await callAsFunction(parameter)
    }

    /// A thunk that resolves with `parameter` on its first call, on the main actor.
    ///
    /// - Parameter parameter: Passed to the body when an instance is built.
    /// - Returns: The thunk; making it builds nothing.
    @MainActor
    public func lazy(_ parameter: P) -> MainActorLazy<T> where P: Sendable {
        MainActorLazy(factory.lazy(parameter))
    }

    /// Replaces the body in this factory's container; see ``ParameterFactory/register(_:)``.
    ///
    /// - Parameter body: Makes the replacement instance, on the main actor.
    /// - Returns: This factory, for chaining.
    @discardableResult
    public func register(_ body: @escaping @MainActor @Sendable (P) -> T) -> MainActorParameterFactory<P, T> {
        factory.register(onMainActorOnly(factory.registration.key, body))
        return self
    }

    /// Drops this factory's override and the instances its container holds for it.
    public func reset() {
        factory.reset()
    }

    /// Uses `body` when running tests.
    ///
    /// - Parameter body: Makes the instance used under tests, on the main actor.
    /// - Returns: The factory with that body when the context applies.
    public func onTest(_ body: @escaping @MainActor @Sendable (P) -> T) -> MainActorParameterFactory<P, T> {
        MainActorParameterFactory(factory.onTest(onMainActorOnly(factory.registration.key, body)))
    }

    /// Uses `body` in Xcode previews.
    ///
    /// - Parameter body: Makes the instance used in previews, on the main actor.
    /// - Returns: The factory with that body when the context applies.
    public func onPreview(_ body: @escaping @MainActor @Sendable (P) -> T) -> MainActorParameterFactory<P, T> {
        MainActorParameterFactory(factory.onPreview(onMainActorOnly(factory.registration.key, body)))
    }

    /// Uses `body` in debug builds.
    ///
    /// - Parameter body: Makes the instance used in debug builds, on the main actor.
    /// - Returns: The factory with that body when the context applies.
    public func onDebug(_ body: @escaping @MainActor @Sendable (P) -> T) -> MainActorParameterFactory<P, T> {
        MainActorParameterFactory(factory.onDebug(onMainActorOnly(factory.registration.key, body)))
    }

    /// Uses `body` when the process was launched with `argument`.
    ///
    /// - Parameters:
    ///   - argument: A launch argument, matched exactly.
    ///   - body: Makes the instance used when the argument is present, on the main actor.
    /// - Returns: The factory with that body when the context applies.
    public func onArg(
        _ argument: String, _ body: @escaping @MainActor @Sendable (P) -> T
    ) -> MainActorParameterFactory<P, T> {
        MainActorParameterFactory(factory.onArg(argument, onMainActorOnly(factory.registration.key, body)))
    }

    /// A new instance on every resolve (the default).
    public var unique: MainActorParameterFactory<P, T> { MainActorParameterFactory(factory.unique) }
    /// One instance per top-level resolve.
    public var graph: MainActorParameterFactory<P, T> { MainActorParameterFactory(factory.graph) }
    /// One instance while anyone holds it (kept weakly).
    public var shared: MainActorParameterFactory<P, T> { MainActorParameterFactory(factory.shared) }
    /// One instance per root container.
    public var cached: MainActorParameterFactory<P, T> { MainActorParameterFactory(factory.cached) }
    /// One instance per lifetime scope, released when it closes.
    public var scoped: MainActorParameterFactory<P, T> { MainActorParameterFactory(factory.scoped) }
    /// One instance per process.
    public var singleton: MainActorParameterFactory<P, T> { MainActorParameterFactory(factory.singleton) }

    /// Uses `scope` for this factory's instances.
    ///
    /// - Parameter scope: A built-in scope or a custom ``Scope/Cached``.
    /// - Returns: The factory with that scope.
    public func scope(_ scope: Scope) -> MainActorParameterFactory<P, T> {
        MainActorParameterFactory(factory.scope(scope))
    }
}

extension MainActorParameterFactory where P: Hashable & Sendable {
    /// Keys held instances by parameter; see ``ParameterFactory/perParameter``.
    public var perParameter: MainActorParameterFactory<P, T> { MainActorParameterFactory(factory.perParameter) }
}

/// A thunk over a ``MainActorFactory``: resolves on its first call — on the main actor —
/// and returns that same instance afterwards. Making it builds nothing.
public final class MainActorLazy<T: Sendable>: Sendable {
    private let thunk: Lazy<T>

    init(_ thunk: Lazy<T>) {
        self.thunk = thunk
    }

    /// Whether the thunk has resolved.
    public var isResolved: Bool { thunk.isResolved }

    /// Returns the instance, resolving it on the first call.
    ///
    /// - Returns: The same instance on every call.
    @MainActor
    public func callAsFunction() -> T {
        thunk()
    }
}

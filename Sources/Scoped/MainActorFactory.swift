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
    /// It resolves as ``callAsFunction()`` does, so through a closed lifetime scope it
    /// stops the process, as a synchronous resolve does, unless the calling task is
    /// cancelled (then it gets an instance for itself, which no scope keeps). A task that
    /// may outlive its screen is cancelled with the screen, or checks
    /// ``SharedContainer/isClosed`` on the main actor in the same synchronous step as the
    /// resolve; a check before `resolve()` can be overtaken by a `close()` while it hops:
    ///
    /// ```swift
    /// let model = await MainActor.run { flow.isClosed ? nil : flow.list() }
    /// ```
    ///
    /// An ``AsyncFactory`` throws ``LifetimeScopeClosedError`` instead.
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

    fileprivate func mainActorOnly(_ body: @escaping @MainActor @Sendable () -> T) -> @Sendable () -> T {
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
}

extension MainActorFactory: FactoryModifying {
    /// What a resolve takes.
    public typealias Parameter = Void
    /// The type of the instances the factory makes.
    public typealias Instance = T
    /// A main-actor factory's bodies run on the main actor.
    public typealias Body = @MainActor @Sendable () -> T

    /// This factory value with `modification` applied to the factory underneath (bodies
    /// wrapped in the main-actor check); see ``FactoryModifying``.
    ///
    /// - Parameter modification: Made by a modifier such as ``FactoryModifying/cached-1jgb6``.
    /// - Returns: The modified factory.
    public func applying(_ modification: FactoryModification<MainActorFactory<T>>) -> MainActorFactory<T> {
        MainActorFactory(factory.applying(modification.map { mainActorOnly($0) }))
    }

    /// Stores `override` (run on the main actor) in this factory's container, or removes
    /// it; see ``FactoryModifying/updateRegistration(override:)``.
    ///
    /// - Parameter override: The replacement body, or nil for the declared one.
    public func updateRegistration(override: Body?) {
        factory.updateRegistration(override: override.map { mainActorOnly($0) })
    }
}

extension MainActorParameterFactory: FactoryModifying {
    /// What a resolve takes.
    public typealias Parameter = P
    /// The type of the instances the factory makes.
    public typealias Instance = T
    /// A main-actor parameter factory's bodies run on the main actor.
    public typealias Body = @MainActor @Sendable (P) -> T

    /// This factory value with `modification` applied to the factory underneath (bodies
    /// wrapped in the main-actor check); see ``FactoryModifying``.
    ///
    /// - Parameter modification: Made by a modifier such as ``FactoryModifying/cached-1jgb6``.
    /// - Returns: The modified factory.
    public func applying(_ modification: FactoryModification<MainActorParameterFactory<P, T>>) -> MainActorParameterFactory<P, T> {
        MainActorParameterFactory(factory.applying(modification.map { onMainActorOnly(factory.registration.key, $0) }))
    }

    /// Stores `override` (run on the main actor) in this factory's container, or removes
    /// it; see ``FactoryModifying/updateRegistration(override:)``.
    ///
    /// - Parameter override: The replacement body, or nil for the declared one.
    public func updateRegistration(override: Body?) {
        factory.updateRegistration(override: override.map { onMainActorOnly(factory.registration.key, $0) })
    }
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

extension MainActorFactory {
    /// Runs `decorate` on the main actor after every resolve, with the instance returned;
    /// see ``FactoryModifying/decorator(_:)->Self``.
    ///
    /// ```swift
    /// var viewModel: MainActorFactory<ScreenViewModel> {
    ///     self { @MainActor in ScreenViewModel() }.decorator { $0.isVisible = true }.shared
    /// }
    /// ```
    ///
    /// - Parameter decorate: Receives the instance after each resolve, on the main actor.
    /// - Returns: The factory with the decorator.
    public func decorator(_ decorate: @escaping @MainActor @Sendable (T) -> Void) -> MainActorFactory<T> {
        applying(FactoryModification(.decorator(onMainActorOnly(factory.registration.key, decorate))))
    }
}

extension MainActorParameterFactory {
    /// Runs `decorate` on the main actor after every resolve, with the instance returned;
    /// see ``FactoryModifying/decorator(_:)->Self``.
    ///
    /// - Parameter decorate: Receives the instance after each resolve, on the main actor.
    /// - Returns: The factory with the decorator.
    public func decorator(_ decorate: @escaping @MainActor @Sendable (T) -> Void) -> MainActorParameterFactory<P, T> {
        applying(FactoryModification(.decorator(onMainActorOnly(factory.registration.key, decorate))))
    }
}

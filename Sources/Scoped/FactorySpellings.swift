// Factory 3.2 spellings that Scoped replaces: each one does not compile (or, for a
// main-actor body in a `Factory`, is deprecated), and its diagnostic names what to write
// instead (MigratingFromFactory.md has a row for each).

extension FactoryModifying where Parameter: Hashable & Sendable {
    /// Factory's name for ``perParameter``.
    @available(*, unavailable, renamed: "perParameter")
    public var scopeOnParameters: Self { perParameter }
}

extension ContainerManager {
    /// Not available: Scoped detects actual cycles in every build, with nothing to tune.
    @available(*, unavailable, message: "not needed: Scoped stops on an actual cycle (a build that needs itself), in every build configuration, with the chain in the message")
    public var dependencyChainTestMax: Int {
        get { 0 }
        set {}  // settable, so that Factory's assignment gets this message too
    }

    /// Not available: register what an unfulfilled promise resolves to in the test instead.
    @available(*, unavailable, message: "register the promise's value in the test instead: Container.shared.accountService.register { nil }")
    public var promiseTriggersError: Bool {
        get { true }
        set {}  // settable, so that Factory's assignment gets this message too
    }

    /// Not available: a decorator belongs to each factory, or an observer sees every resolve.
    @available(*, unavailable, message: "give each factory its decorator (.decorator { }), or observe every resolve: container.observe { event in … }")
    public var decorator: (@Sendable (Any) -> Void)? {
        get { nil }
        set {}  // settable, so that Factory's assignment gets this message too
    }

    /// Not available: every factory states its scope; `.unique` is the default.
    @available(*, unavailable, message: "write the scope on each factory (.cached, .singleton, …); .unique is the default")
    public var defaultScope: Scope? {
        get { nil }
        set {}  // settable, so that Factory's assignment gets this message too
    }

    /// Not available: reset the container itself (``SharedContainer/reset()``), or say what
    /// to reset (``reset(options:)``, ``reset(scope:)``).
    @available(*, unavailable, message: "reset the container: Container.shared.reset(), or manager.reset(options: .all); manager.reset(scope:) drops one scope's instances only")
    public func reset() {}

    /// Not available: the event stream replaces Factory's logger.
    @available(*, unavailable, message: "use container.observe(.print), or container.observe { event in … } to log every resolve, build and release")
    public var logger: @Sendable (String) -> Void {
        get { { _ in } }
        set {}  // settable, so that Factory's assignment gets this message too
    }

    /// Not available: Scoped detects actual cycles in every build, with nothing to toggle.
    @available(*, unavailable, message: "not needed: Scoped stops on an actual cycle (a build that needs itself), in every build configuration, with the chain in the message")
    public var circularDependencyTesting: Bool {
        get { true }
        set {}  // settable, so that Factory's assignment and toggle() get this message too
    }

    /// Not available: the event stream replaces the trace.
    @available(*, unavailable, message: "use container.observe(.print) for a trace of every resolve, build and release")
    public var trace: Bool {
        get { false }
        set {}  // settable, so that Factory's `trace.toggle()` and `trace = true` get this message too
    }
}

extension Factory {
    /// Not available: call the factory to resolve.
    ///
    /// - Returns: Nothing: a call does not compile.
    @available(*, unavailable, message: "call the factory to resolve: Container.shared.service()")
    public func resolve() -> T {
        fatalError("unavailable")
    }

    /// Not available: a factory is declared as a container member, not made on its own.
    ///
    /// - Parameters:
    ///   - container: Factory's container argument.
    ///   - body: Its body.
    @available(*, unavailable, message: "declare a container member instead: extension Container { var service: Factory<Service> { self { Service() } } }")
    public init<C: SharedContainer>(_ container: C, _ body: @escaping @Sendable () -> T) {
        fatalError("unavailable")
    }
}

extension ParameterFactory {
    /// Not available: call the factory with its parameter to resolve.
    ///
    /// - Parameter parameter: The parameter.
    /// - Returns: Nothing: a call does not compile.
    @available(*, unavailable, message: "call the factory with its parameter to resolve: Container.shared.service(parameter)")
    public func resolve(_ parameter: P) -> T {
        fatalError("unavailable")
    }

    /// Not available: a factory is declared as a container member, not made on its own.
    ///
    /// - Parameters:
    ///   - container: Factory's container argument.
    ///   - body: Its body.
    @available(*, unavailable, message: "declare a container member instead: extension Container { var service: ParameterFactory<Int, Service> { self { Service(id: $0) } } }")
    public init<C: SharedContainer>(_ container: C, _ body: @escaping @Sendable (P) -> T) {
        fatalError("unavailable")
    }
}

extension SharedContainer {
    /// Not available: a decorator belongs to each factory, or an observer sees every resolve.
    ///
    /// - Parameter decorate: Factory's container-wide decorator.
    @available(*, unavailable, message: "give each factory its decorator (.decorator { }), or observe every resolve: container.observe { event in … }")
    public func decorator(_ decorate: @escaping @Sendable (Any) -> Void) {}
}

extension FactoryContext {
    /// Not available: contexts are set per container world, which ends with its test;
    /// there is nothing to restore.
    @available(*, unavailable, message: "nothing to restore: a context set with withContainer(context:) or @Test(.container(context: …)) ends with it; delete this line")
    public init() {
        fatalError("unavailable")
    }

    /// Not available: contexts are set per container world, not for the whole process.
    ///
    /// ```swift
    /// withContainer(context: .init(addingArguments: ["-mockAPI"])) { … }
    /// ```
    ///
    /// - Parameters:
    ///   - argument: The argument.
    ///   - key: Its key.
    @available(*, unavailable, message: "set arguments per container world: withContainer(context: .init(addingArguments: [argument])) { } or @Test(.container(context: …)) of ScopedTesting")
    public static func setArg(_ argument: String, forKey key: String) {}

    /// Not available: contexts are set per container world, not for the whole process.
    ///
    /// - Parameter key: The key `setArg` used.
    @available(*, unavailable, message: "set arguments per container world: withContainer(context: .init(arguments: […])) { } replaces them for that world only")
    public static func removeArg(forKey key: String) {}
}

extension AsyncFactory {
    /// Not available: `.graph` is the scope of one synchronous resolve, and an async
    /// build runs in a task of its own.
    @available(*, unavailable, message: "an async factory has no .graph scope (one synchronous resolve's): use .unique, or .scoped in a lifetime scope")
    public var graph: Self { self }
}

extension AsyncParameterFactory {
    /// Not available: `.graph` is the scope of one synchronous resolve, and an async
    /// build runs in a task of its own.
    @available(*, unavailable, message: "an async factory has no .graph scope (one synchronous resolve's): use .unique, or .scoped in a lifetime scope")
    public var graph: Self { self }
}

extension SharedContainer {
    /// Not available: Factory's registration by type (`Resolving`). Declare a factory member
    /// instead, and override it with its `register`.
    ///
    /// - Parameters:
    ///   - type: The type Factory would register.
    ///   - factory: Its body.
    @available(*, unavailable, message: "Scoped has no registration by type: declare a factory member (var service: Factory<Service> { self { Service() } }) and override it with container.service.register { … }")
    public func register<T>(_ type: T.Type = T.self, factory: @escaping @Sendable () -> T) {}

    /// Not available: Factory's resolve by type (`Resolving`). Declare a factory member and
    /// call it.
    ///
    /// - Parameter type: The type Factory would resolve.
    /// - Returns: Nothing: a call does not compile.
    @available(*, unavailable, message: "Scoped has no registration by type: declare a factory member (var service: Factory<Service> { self { Service() } }) and resolve it (container.service())")
    public func resolve<T>(_ type: T.Type = T.self) -> T {
        fatalError("unavailable")
    }
}

/// Not available: Factory's typed registration mode (`container.register { … }`,
/// `container.resolve(T.self)`). Scoped resolves declared members only, so a missing
/// registration cannot compile: declare a factory (`var service: Factory<Service> { self { Service() } }`).
@available(*, unavailable, message: "Scoped has no registration by type: declare a factory member (var service: Factory<Service> { self { Service() } }) and resolve it (container.service())")
public protocol Resolving {}

extension SharedContainer {
    /// Factory's spelling of a main-actor factory: a `@MainActor` body declared as a
    /// `Factory`. Declare the member as a ``MainActorFactory`` instead, so that the
    /// compiler lets it be resolved only from main-actor code.
    ///
    /// ```swift
    /// @MainActor var list: MainActorFactory<ListViewModel> { self { @MainActor in ListViewModel() } }
    /// ```
    ///
    /// Until then it compiles with this deprecation, and the `Factory` it returns runs the
    /// body on the main actor only: resolved anywhere else, it stops with a message naming
    /// the registration.
    ///
    /// - Parameters:
    ///   - key: The declaring member's name, filled in by the compiler.
    ///   - file: The file of this call (`#fileID`), filled in by the compiler.
    ///   - line: The line of this call, filled in by the compiler.
    ///   - column: The column of this call, filled in by the compiler.
    ///   - body: Makes an instance on the main actor.
    ///   - untyped: Never passed: with it, this overload ranks below the one returning a
    ///     ``MainActorFactory``, which an untyped `self { @MainActor in … }` makes.
    /// - Returns: A `.unique` factory whose body stops the process off the main actor.
    @available(*, deprecated, message: "a @MainActor body needs a main-actor factory: declare the member MainActorFactory<T> (@MainActor var list: MainActorFactory<ListViewModel> { self { @MainActor in ListViewModel() } })")
    public func callAsFunction<T: Sendable>(
        key: StaticString = #function, file: StaticString = #fileID, line: UInt = #line, column: UInt = #column,
        _ body: @escaping @MainActor @Sendable () -> T, _ untyped: Void = ()
    ) -> Factory<T> {
        Factory(container: self, key: key, file: file, line: line, column: column, declaredAsFactory: true, mainActorBody: body)
    }

    /// Factory's spelling of a main-actor parameter factory: declare the member as a
    /// ``MainActorParameterFactory`` instead (see the `Factory` form above).
    ///
    /// - Parameters:
    ///   - key: The declaring member's name, filled in by the compiler.
    ///   - file: The file of this call (`#fileID`), filled in by the compiler.
    ///   - line: The line of this call, filled in by the compiler.
    ///   - column: The column of this call, filled in by the compiler.
    ///   - body: Makes an instance from the parameter, on the main actor.
    ///   - untyped: Never passed (see the `Factory` form).
    /// - Returns: A `.unique` parameter factory whose body stops the process off the main actor.
    @available(*, deprecated, message: "a @MainActor body needs a main-actor factory: declare the member MainActorParameterFactory<P, T> (@MainActor var detail: MainActorParameterFactory<Int, DetailViewModel> { self { @MainActor id in DetailViewModel(id: id) } })")
    public func callAsFunction<P, T: Sendable>(
        key: StaticString = #function, file: StaticString = #fileID, line: UInt = #line, column: UInt = #column,
        _ body: @escaping @MainActor @Sendable (P) -> T, _ untyped: Void = ()
    ) -> ParameterFactory<P, T> {
        ParameterFactory(container: self, key: key, file: file, line: line, column: column, declaredAsFactory: true, mainActorBody: body)
    }
}

extension Injected {
    /// Not available: reset the factory, then resolve again.
    ///
    /// - Parameter options: What Factory would reset first.
    /// - Returns: Nothing: a call does not compile.
    @available(*, unavailable, message: "reset, then resolve: $service.factory.reset(options); $service.resolve()")
    public mutating func resolve(reset options: FactoryResetOptions) -> T {
        fatalError("unavailable")
    }
}

extension LazyInjected {
    /// Not available: reset the factory, then resolve again.
    ///
    /// - Parameter options: What Factory would reset first.
    /// - Returns: Nothing: a call does not compile.
    @available(*, unavailable, message: "reset, then resolve: $service.factory.reset(options); $service.resolve()")
    public mutating func resolve(reset options: FactoryResetOptions) -> T {
        fatalError("unavailable")
    }
}

extension WeakLazyInjected {
    /// Not available: reset the factory, then resolve again.
    ///
    /// - Parameter options: What Factory would reset first.
    /// - Returns: Nothing: a call does not compile.
    @available(*, unavailable, message: "reset, then resolve: $service.factory.reset(options); $service.resolve()")
    public func resolve(reset options: FactoryResetOptions) -> T {
        fatalError("unavailable")
    }
}

// Factory's `@LazyInjected(\.viewModel)` on a `@MainActor` factory: in Scoped that factory
// is a `MainActorFactory`, and a key path to a main-actor property is not `Sendable`, so
// these wrappers cannot keep it; without these overloads the compiler only says the key
// path's type does not match.

extension LazyInjected {
    /// Not available: a main-actor factory's key path is not `Sendable`; keep its thunk.
    ///
    /// - Parameter keyPath: A main-actor factory.
    @available(*, unavailable, message: "a key path to a main-actor factory is not Sendable: store its thunk instead (let viewModel = Container.shared.viewModel.lazy), or use @Injected in a @MainActor type")
    public init(_ keyPath: KeyPath<Container, MainActorFactory<T>>) {
        fatalError("unavailable")
    }

    /// Not available: a main-actor factory's key path is not `Sendable`; keep its thunk.
    ///
    /// - Parameter keyPath: A main-actor factory.
    @available(*, unavailable, message: "a key path to a main-actor factory is not Sendable: store its thunk instead (let viewModel = AppContainer.shared.viewModel.lazy), or use @Injected in a @MainActor type")
    public init<C: SharedContainer>(_ keyPath: KeyPath<C, MainActorFactory<T>>) {
        fatalError("unavailable")
    }
}

extension WeakLazyInjected {
    /// Not available: a main-actor factory's key path is not `Sendable`; keep its thunk.
    ///
    /// - Parameter keyPath: A main-actor factory.
    @available(*, unavailable, message: "a key path to a main-actor factory is not Sendable: store its thunk instead (let viewModel = Container.shared.viewModel.lazy), or use @Injected in a @MainActor type")
    public convenience init(_ keyPath: KeyPath<Container, MainActorFactory<T>>) {
        fatalError("unavailable")
    }

    /// Not available: a main-actor factory's key path is not `Sendable`; keep its thunk.
    ///
    /// - Parameter keyPath: A main-actor factory.
    @available(*, unavailable, message: "a key path to a main-actor factory is not Sendable: store its thunk instead (let viewModel = AppContainer.shared.viewModel.lazy), or use @Injected in a @MainActor type")
    public convenience init<C: SharedContainer>(_ keyPath: KeyPath<C, MainActorFactory<T>>) {
        fatalError("unavailable")
    }
}

extension DynamicInjected {
    /// Not available: a main-actor factory's key path is not `Sendable`; resolve it where
    /// you read it.
    ///
    /// - Parameter keyPath: A main-actor factory.
    @available(*, unavailable, message: "a key path to a main-actor factory is not Sendable: resolve it on the main actor where you read it (Container.shared.viewModel())")
    public init(_ keyPath: KeyPath<Container, MainActorFactory<T>>) {
        fatalError("unavailable")
    }

    /// Not available: a main-actor factory's key path is not `Sendable`; resolve it where
    /// you read it.
    ///
    /// - Parameter keyPath: A main-actor factory.
    @available(*, unavailable, message: "a key path to a main-actor factory is not Sendable: resolve it on the main actor where you read it (AppContainer.shared.viewModel())")
    public init<C: SharedContainer>(_ keyPath: KeyPath<C, MainActorFactory<T>>) {
        fatalError("unavailable")
    }
}

// Factory 3.2 spellings that Scoped replaces: each one does not compile, and its
// diagnostic names what to write instead (MigratingFromFactory.md has a row for each).

extension FactoryModifying where Parameter: Hashable & Sendable {
    /// Factory's name for ``perParameter``.
    @available(*, unavailable, renamed: "perParameter")
    public var scopeOnParameters: Self { perParameter }
}

extension ContainerManager {
    /// Saves this container's overrides (those of the calling code's container world),
    /// for ``pop()`` to put back: Factory's `push()` in a test's `setUp`.
    ///
    /// ```swift
    /// Container.shared.manager.push()
    /// Container.shared.api.register { MockAPI() }
    /// // … the test …
    /// Container.shared.manager.pop()   // the overrides as they were at push()
    /// ```
    ///
    /// Pushes nest. For tests that run in parallel, give each its own world instead
    /// (`@Test(.container)`, `withContainer { }` of ScopedTesting): a push on a shared
    /// container saves what other tests registered too.
    public func push() {
        openNode(for: "push()").pushOverrides()
    }

    /// Puts back the overrides the latest ``push()`` saved and drops the instances held for
    /// each registration whose override that changes, so the next resolve uses the restored
    /// one. A `pop()` without a `push()` before it stops with a message.
    public func pop() {
        openNode(for: "pop()").popOverrides()
    }

    /// Drops the instances of `scope` this container holds (in the calling code's world),
    /// leaving its overrides and other containers' instances (Factory's `reset(scope:)`).
    /// For ``Scope/singleton``: the singletons this root container built, its overrides'
    /// and the declared ones it resolved first; other roots keep theirs.
    ///
    /// ```swift
    /// Container.shared.manager.reset(scope: .cached)
    /// ```
    ///
    /// `Scope.cached.reset()` drops a scope's instances in every container at once.
    ///
    /// - Parameter scope: The scope whose instances go.
    public func reset(scope: Scope) {
        openNode(for: "reset(scope: .\(scope.name))").resetHeld(of: scope)
    }

    /// Factory's `reset(options:)` of a whole container (in the calling code's world):
    /// `.all` is ``SharedContainer/reset()``; `.registration` drops the overrides
    /// `register` made, `.context` the context modifiers stored at run time (each
    /// keeping the other), `.scope` every instance the container holds but its overrides
    /// and singletons, `.none` nothing. Each drops the instances made with what it removes.
    ///
    /// - Parameter options: What to reset.
    public func reset(options: FactoryResetOptions) {
        let node = openNode(for: "reset(options: .\(options))")
        switch options {
        case .all: node.reset()
        case .none: return
        case .registration: node.removeOverrideParts(of: nil, keepRegistered: false, keepContexts: true)
        case .context: node.removeOverrideParts(of: nil, keepRegistered: true, keepContexts: false)
        case .scope: node.releaseNewestFirst(node.storage.remove { _ in true })
        }
    }

    /// Whether this container (in the calling code's world) holds nothing of what
    /// `options` names (Factory's `isEmpty(_:)`): `.registration` no override `register`
    /// made, `.context` no context modifier stored at run time, `.scope` no instance,
    /// `.all` none of them; `.none` is always true.
    ///
    /// - Parameter options: What to look for.
    /// - Returns: Whether there is none of it.
    public func isEmpty(_ options: FactoryResetOptions) -> Bool {
        let node = node.nodeInCurrentWorld()
        let overrides = node.state.withLock { $0.overrides }
        let registrations = overrides.values.contains(where: StoredOverrides.hasRegistered)
        let contexts = overrides.values.contains(where: StoredOverrides.hasContexts)
        switch options {
        case .none: return true
        case .registration: return !registrations
        case .context: return !contexts
        case .scope: return node.storage.count == 0
        case .all: return overrides.isEmpty && node.storage.count == 0
        }
    }

    /// This container's node in the calling code's world; stops if it is closed, naming
    /// `call`: a closed lifetime scope holds nothing and takes no override, so Factory's
    /// container calls on it are a mistake, as `register` on it is.
    private func openNode(for call: String) -> ContainerNode {
        let node = node.nodeInCurrentWorld()
        if node.isClosed {
            ScopedFailure.stop("cannot \(call) on \(node.displayName): that \(node.isRoot ? "container" : "lifetime scope") is closed")
        }
        return node
    }

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
    public var defaultScope: Scope? { nil }

    /// Not available: the event stream replaces the trace.
    @available(*, unavailable, message: "use container.observe(.print) for a trace of every resolve, build and release")
    public var trace: Bool {
        get { false }
        set {}  // settable, so that Factory's `trace.toggle()` and `trace = true` get this message too
    }
}

extension SharedContainer {
    /// Makes a factory declared in one module whose body another module registers: it
    /// resolves to `nil` until something registers it. In a debug build of Scoped,
    /// resolving it before then stops with a message naming the registration, except in
    /// Xcode previews (Factory's `promised()`). Both read ``FactoryContext/current``, so a
    /// test world with `isPreview: true` or `isDebug: false` gets `nil`.
    ///
    /// ```swift
    /// // Module Accounts, which knows only the protocol:
    /// extension Container {
    ///     var accountService: Factory<(any AccountServing)?> { promised() }
    /// }
    /// // The app, at start-up:
    /// Container.shared.accountService.register { LiveAccountService() }
    /// ```
    ///
    /// - Parameters:
    ///   - key: The declaring member's name, filled in by the compiler.
    ///   - file: The file of this call (`#fileID`), filled in by the compiler.
    ///   - line: The line of this call, filled in by the compiler.
    ///   - column: The column of this call, filled in by the compiler.
    /// - Returns: A `.unique` factory of `T?`; chain a scope to change its lifetime.
    public func promised<T>(
        key: StaticString = #function, file: StaticString = #fileID, line: UInt = #line, column: UInt = #column
    ) -> Factory<T?> {
        self(key: key, file: file, line: line, column: column) {
            unfulfilledPromise(RegistrationKey(
                container: AnyDeclaringContainer.self, name: key, type: T?.self, file: file, line: line, column: column))
        }
    }

    /// Makes a parameter factory declared in one module whose body another module
    /// registers, as ``promised(key:file:line:column:)`` does for a factory without a
    /// parameter (Factory's `promised()` on a `ParameterFactory`).
    ///
    /// ```swift
    /// extension Container {
    ///     var receipt: ParameterFactory<Int, (any ReceiptPrinting)?> { promised() }
    /// }
    /// Container.shared.receipt.register { id in LiveReceiptPrinter(order: id) }
    /// ```
    ///
    /// - Parameters:
    ///   - key: The declaring member's name, filled in by the compiler.
    ///   - file: The file of this call (`#fileID`), filled in by the compiler.
    ///   - line: The line of this call, filled in by the compiler.
    ///   - column: The column of this call, filled in by the compiler.
    /// - Returns: A `.unique` parameter factory of `T?`.
    public func promised<P, T>(
        key: StaticString = #function, file: StaticString = #fileID, line: UInt = #line, column: UInt = #column
    ) -> ParameterFactory<P, T?> {
        self(key: key, file: file, line: line, column: column) { (_: P) in
            unfulfilledPromise(RegistrationKey(
                container: AnyDeclaringContainer.self, name: key, type: T?.self, file: file, line: line, column: column))
        }
    }
}

/// What an unregistered promise resolves to: as in Factory, a debug build stops, a
/// preview (a canvas renders screens with some services never registered) and a release
/// build get nil.
private func unfulfilledPromise<T>(_ registration: RegistrationKey) -> T? {
    let context = FactoryContext.current
    guard context.isDebug, !context.isPreview else { return nil }
    ScopedFailure.stop(
        "\(registration) is promised and was resolved before anything registered it; "
            + "register it at start-up (.register { … })",
        declaredBy: [registration])
}

extension SharedContainer {
    /// How many instances this container holds: the caching scopes' of a root (custom
    /// scopes included), a lifetime scope's `.scoped` ones, live `.shared` ones. Singletons
    /// belong to the process and are not counted. (Factory's `manager.isEmpty(.scope)`.)
    ///
    /// ```swift
    /// let container = Container()
    /// _ = container.store()
    /// container.heldInstanceCount   // 1
    /// container.reset()
    /// container.isEmpty             // true
    /// ```
    public var heldInstanceCount: Int {
        manager.node.nodeInCurrentWorld().storage.count
    }

    /// How many overrides are registered on this container itself (not on its parents).
    /// (Factory's `manager.isEmpty(.registration)`.)
    public var overrideCount: Int {
        Int(manager.node.nodeInCurrentWorld().overrideCount.load(ordering: .relaxed))
    }

    /// Whether this container holds no instance and no override.
    public var isEmpty: Bool {
        heldInstanceCount == 0 && overrideCount == 0
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
}

extension FactoryContext {
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

/// What Factory's `reset(options:)` resets, of one factory
/// (``FactoryModifying/reset(_:)``) or of a container (``ContainerManager/reset(options:)``).
public enum FactoryResetOptions: Sendable {
    /// Overrides, context modifiers stored at run time and held instances: ``FactoryModifying/reset()``.
    case all
    /// Nothing.
    case none
    /// The overrides `register` made; context modifiers stored at run time stay.
    case registration
    /// The context modifiers stored at run time (`Container.shared.api.onTest { … }`);
    /// overrides `register` made stay.
    case context
    /// Held instances only; overrides stay.
    case scope
}

extension FactoryModifying {
    /// Resets part of this factory's state in its container (Factory's `reset(options)`):
    /// see ``FactoryResetOptions``. The instances made with what it removes are dropped.
    ///
    /// ```swift
    /// Container.shared.api.reset(.context)   // the .onTest { } stored at run time goes
    /// ```
    ///
    /// - Parameter options: What to reset.
    public func reset(_ options: FactoryResetOptions) {
        _ = applying(FactoryModification(.storedReset(options)))
    }
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
        Factory(container: self, key: key, file: file, line: line, column: column, mainActorBody: body)
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
        ParameterFactory(container: self, key: key, file: file, line: line, column: column, mainActorBody: body)
    }
}

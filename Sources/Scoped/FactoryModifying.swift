/// What every kind of factory shares: the modifiers that choose its lifetime, its context
/// overrides, and the container-side `register` and `reset`, written once for
/// ``Factory``, ``ParameterFactory``, ``AsyncFactory``, ``AsyncParameterFactory``,
/// ``MainActorFactory`` and ``MainActorParameterFactory``.
///
/// A kind of factory supplies two things: how a modification changes the factory value
/// (``applying(_:)``) and how an override is written to, or removed from, its container
/// (``updateRegistration(override:)``). Every modifier is an extension of this protocol:
///
/// ```swift
/// extension Container {
///     var store: Factory<EntryStore> { self { EntryStore() }.onTest { EntryStore.empty() }.cached }
/// }
/// Container.shared.store.register { EntryStore.preview() }
/// ```
///
/// You don't conform your own types to it: its modifications are opaque.
public protocol FactoryModifying: Sendable {
    /// The type of the instances the factory makes.
    associatedtype Instance
    /// What a resolve takes: `Void` for a factory without a parameter.
    associatedtype Parameter
    /// The type of the factory's bodies, as `register` and the context modifiers take
    /// them: `@Sendable () -> Instance` for a ``Factory``,
    /// `@Sendable (Parameter) async throws -> Instance` for an ``AsyncParameterFactory``.
    associatedtype Body

    /// This factory value with `modification` applied: a scope, a context override, keys
    /// per parameter. The container is not touched.
    ///
    /// - Parameter modification: Made by a modifier such as ``FactoryModifying/cached-1jgb6`` or ``onTest(_:)->Self``.
    /// - Returns: The modified factory.
    func applying(_ modification: FactoryModification<Self>) -> Self

    /// Stores `override` as this registration's override in its container (nil removes
    /// the override), and drops the instances the container holds for the registration.
    ///
    /// - Parameter override: The replacement body, or nil to go back to the declared one.
    func updateRegistration(override: Body?)
}

/// A change a modifier makes to a factory value (``FactoryModifying/applying(_:)``):
/// opaque, made only by the modifiers of ``FactoryModifying``.
public struct FactoryModification<Modified: FactoryModifying> {
    @usableFromInline
    package enum Change {
        /// A built-in scope (only its kind is stored).
        case scope(Scope.Lifetime)
        /// A scope given as a value (built-in or custom).
        case customScope(Scope)
        /// A context override: `body` replaces the current body when `applies` and
        /// `rank` outranks the context override in place.
        case context(ContextRank, applies: Bool, body: Modified.Body)
        /// Keys held instances by parameter (one of the two forms, per kind of factory).
        case perParameter(box: @Sendable (Modified.Parameter) -> ParameterBox, hashable: @Sendable (Modified.Parameter) -> any Hashable & Sendable)
        /// Runs after every resolve with the instance returned, after the decorators
        /// already given (``FactoryModifying/decorator(_:)->Self``).
        case decorator(@Sendable (Modified.Instance) -> Void)
        /// Held instances expire this many seconds after they were stored
        /// (``FactoryModifying/timeToLive(_:)->Self``).
        case timeToLive(Double)
        /// A context modifier given at run time, as a statement: `body` is stored in the
        /// factory's container, used while the context holds (``StoredOverrides``). The
        /// factory value is unchanged.
        case storedContext(ContextRank, arguments: [String], body: Modified.Body)
        /// A scope given at run time, as a statement: stored with the factory's override in
        /// its container (``FactoryModifying/scope(_:)->RunTimeChain<Self>``). The value is unchanged.
        case storedScope(Scope)
        /// Factory's `reset(options)` (``FactoryModifying/reset(_:)``): part of the
        /// factory's state in its container. The value is unchanged.
        case storedReset(FactoryResetOptions)
        /// A time to live given at run time, as a statement: stored with the factory's
        /// override (``FactoryModifying/timeToLive(_:)->RunTimeChain<Self>``). The value is unchanged.
        case storedTimeToLive(Double)
        /// A decorator given at run time, as a statement: stored with the factory's override
        /// (``FactoryModifying/decorator(_:)->RunTimeChain<Self>``). The value is unchanged.
        case storedDecorator(@Sendable (Modified.Instance) -> Void)
    }

    @usableFromInline package let change: Change

    @inlinable
    package init(_ change: Change) {
        self.change = change
    }

    /// The same change for a factory of another kind whose bodies `convert` makes from
    /// this one's (a main-actor factory's changes, for the factory underneath).
    package func map<Other: FactoryModifying>(_ convert: (Modified.Body) -> Other.Body) -> FactoryModification<Other>
    where Other.Parameter == Modified.Parameter, Other.Instance == Modified.Instance {
        switch change {
        case .scope(let kind): FactoryModification<Other>(.scope(kind))
        case .customScope(let scope): FactoryModification<Other>(.customScope(scope))
        case .context(let rank, let applies, let body): FactoryModification<Other>(.context(rank, applies: applies, body: convert(body)))
        case .perParameter(let box, let hashable): FactoryModification<Other>(.perParameter(box: box, hashable: hashable))
        case .decorator(let decorate): FactoryModification<Other>(.decorator(decorate))
        case .timeToLive(let seconds): FactoryModification<Other>(.timeToLive(seconds))
        case .storedContext(let rank, let arguments, let body):
            FactoryModification<Other>(.storedContext(rank, arguments: arguments, body: convert(body)))
        case .storedScope(let scope): FactoryModification<Other>(.storedScope(scope))
        case .storedReset(let options): FactoryModification<Other>(.storedReset(options))
        case .storedTimeToLive(let seconds): FactoryModification<Other>(.storedTimeToLive(seconds))
        case .storedDecorator(let decorate): FactoryModification<Other>(.storedDecorator(decorate))
        }
    }
}

// MARK: - Lifetimes

extension FactoryModifying {
    /// A new instance on every resolve (the default).
    @inlinable @_disfavoredOverload  // a statement stores the scope instead (below)
    public var unique: Self { applying(FactoryModification(.scope(.unique))) }
}

/// A factory resolved synchronously (``Factory``, ``ParameterFactory``,
/// ``MainActorFactory``, ``MainActorParameterFactory``): it may use ``graph-79nn4``, the scope of
/// one synchronous resolve. Async factories do not conform: their builds run in tasks of
/// their own.
public protocol SynchronousFactoryModifying: FactoryModifying {}

extension SynchronousFactoryModifying {
    /// One instance per top-level resolve: everything built by one call shares it.
    @inlinable @_disfavoredOverload  // a statement stores the scope instead (below)
    public var graph: Self { applying(FactoryModification(.scope(.graph))) }
}

extension FactoryModifying where Instance: Sendable {
    /// Uses `scope` for this factory's instances.
    ///
    /// ```swift
    /// extension Scope { static let session = Scope.Cached(name: "session") }
    /// extension Container {
    ///     var profile: Factory<Profile> { self { Profile() }.scope(.session) }
    /// }
    /// ```
    ///
    /// - Parameter scope: A built-in scope or a custom ``Scope/Cached``. An async factory
    ///   stops with a message for ``Scope/graph``, which is one synchronous resolve's.
    /// - Returns: The factory with that scope.
    @_disfavoredOverload  // a statement stores the scope instead (below)
    public func scope(_ scope: Scope) -> Self {
        applying(FactoryModification(.customScope(scope)))
    }

    /// Gives this factory's override `scope`, written as a statement at run time (Factory's
    /// `Container.shared.api.register { MockAPI() }.scope(.cached)`).
    ///
    /// The container of the calling code's world stores it with the override, and drops the
    /// instances held for the factory; with no override, the declared body is stored under
    /// `scope`. As in Factory, the scope of the factory's declaration wins: a run-time scope
    /// applies to a factory declared without one (`.unique`); one the declaration overrules is
    /// reported (a `misuse` event, ``LifecycleEvent/Misuse/Reason-swift.enum/declarationWins``,
    /// and a fault in the log). As in Factory, it is kept
    /// apart from the registration: a later `register` (or `reset(.registration)`) keeps it,
    /// unless that `register` is called on a factory value given another scope
    /// (`.cached.register { … }`); ``reset()`` removes it.
    ///
    /// ```swift
    /// Container.shared.validator.register { StrictValidator() }.scope(.cached)
    /// ```
    ///
    /// - Parameter scope: A built-in scope or a custom ``Scope/Cached``.
    /// - Returns: A chain for more statements (``RunTimeChain``); it may be dropped.
    @discardableResult
    public func scope(_ scope: Scope) -> RunTimeChain<Self> {
        RunTimeChain(self).scope(scope)
    }

    /// One instance per root container, until that container, this factory or
    /// `Scope.cached` is reset (one per parameter with `perParameter`).
    @inlinable @_disfavoredOverload  // a statement stores the scope instead (below)
    public var cached: Self { applying(FactoryModification(.scope(.cached))) }

    /// One instance while anyone holds it: the container keeps it weakly (class
    /// instances, also inside an `Optional`; a value type is made anew each time).
    @inlinable @_disfavoredOverload  // a statement stores the scope instead (below)
    public var shared: Self { applying(FactoryModification(.scope(.shared))) }

    /// One instance per lifetime scope (``SharedContainer/child(_:)``), released when it
    /// closes; at the root container it behaves like ``FactoryModifying/cached-1jgb6``.
    @inlinable @_disfavoredOverload  // a statement stores the scope instead (below)
    public var scoped: Self { applying(FactoryModification(.scope(.scoped))) }

    /// One instance per process, until `Scope.singleton.reset()`: the same instance
    /// whichever container resolves it, also for a factory declared in an extension of
    /// ``SharedContainer`` that several container types share.
    @inlinable @_disfavoredOverload  // a statement stores the scope instead (below)
    public var singleton: Self { applying(FactoryModification(.scope(.singleton))) }
}

// MARK: - Lifetimes given at run time

// The statement forms of the scope properties (Factory's
// `Container.shared.api.register { MockAPI() }.cached` in a test). A property cannot be
// overloaded by type alone in one generic signature: each lives in an extension with one more
// requirement, which every factory kind meets (its bodies are `@Sendable` functions), and the
// value forms above are picked wherever a factory value is expected.

extension FactoryModifying where Body: Sendable {
    /// Gives this factory's override the `.unique` scope, written as a statement at run time;
    /// see ``FactoryModifying/scope(_:)->RunTimeChain<Self>``.
    public var unique: Void { storeScope(.unique) }

    fileprivate func storeScope(_ scope: Scope) {
        _ = applying(FactoryModification(.storedScope(scope)))
    }
}

extension SynchronousFactoryModifying where Body: Sendable {
    /// Gives this factory's override the `.graph` scope, written as a statement at run time;
    /// see ``FactoryModifying/scope(_:)->RunTimeChain<Self>``.
    public var graph: Void { storeScope(.graph) }
}

extension FactoryModifying where Instance: Sendable, Body: Sendable {
    /// Gives this factory's override the `.cached` scope, written as a statement at run time
    /// (Factory's `Container.shared.api.register { MockAPI() }.cached`): stored as
    /// ``FactoryModifying/scope(_:)->RunTimeChain<Self>`` stores it, where the declaration's scope wins.
    ///
    /// ```swift
    /// Container.shared.validator.register { StrictValidator() }.cached
    /// ```
    public var cached: Void { storeScope(.cached) }

    /// Gives this factory's override the `.shared` scope, written as a statement at run time;
    /// see ``FactoryModifying/scope(_:)->RunTimeChain<Self>``.
    public var shared: Void { storeScope(.shared) }

    /// Gives this factory's override the `.scoped` scope, written as a statement at run time;
    /// see ``FactoryModifying/scope(_:)->RunTimeChain<Self>``.
    public var scoped: Void { storeScope(.scoped) }

    /// Gives this factory's override the `.singleton` scope, written as a statement at run
    /// time; see ``FactoryModifying/scope(_:)->RunTimeChain<Self>``.
    public var singleton: Void { storeScope(.singleton) }
}

extension FactoryModifying where Parameter: Hashable & Sendable {
    /// Keeps one instance per distinct parameter under the factory's scope:
    /// `detail(1)` and `detail(2)` are two instances, each reused under its scope.
    ///
    /// ```swift
    /// var detail: ParameterFactory<Int, DetailViewModel> {
    ///     self { DetailViewModel(id: $0) }.scoped.perParameter
    /// }
    /// ```
    @inlinable
    public var perParameter: Self {
        applying(FactoryModification(.perParameter(box: { TypedParameterBox($0) }, hashable: { $0 })))
    }
}

// MARK: - Decorators

extension FactoryModifying {
    /// Runs `decorate` after every resolve through this factory, with the instance the
    /// resolve returns: a new build, a held instance (cached, shared, scoped, singleton,
    /// custom scope, graph) or an override's instance (Factory's `decorator`).
    ///
    /// ```swift
    /// extension Container {
    ///     var store: Factory<EntryStore> {
    ///         self { EntryStore() }.decorator { AccessLog.shared.record($0) }.cached
    ///     }
    /// }
    /// ```
    ///
    /// Several decorators all run, in the order they are written (Factory keeps only the
    /// last one given). A decorator runs on the resolving thread, after the resolve has
    /// let go of every lock: it may resolve other factories, but not its own, since it
    /// runs after every resolve of it. A `Factory`'s (or a main-actor one's) that does
    /// stops with a message naming the registration; a parameter or async factory's would
    /// recurse until the stack overflows. An async factory's runs in the resolving task,
    /// a main-actor factory's on the main actor.
    ///
    /// Written as a statement at run time (`Container.shared.store.decorator { … }`), it is
    /// stored in the container instead (``decorator(_:)->RunTimeChain<Self>``), also as a
    /// link of a chain (`Container.shared.store.decorator { … }.register { … }`). A factory
    /// value decorated in a typed local and then registered (`let store: Factory<EntryStore>
    /// = ….decorator { … }; store.register { … }`) gives its override the value's
    /// decorators, the declaration's among them: every resolve runs each once.
    ///
    /// - Parameter decorate: Receives the instance after each resolve.
    /// - Returns: The factory with the decorator.
    @_disfavoredOverload  // main-actor factories' own `decorator` takes a @MainActor closure
    public func decorator(_ decorate: @escaping @Sendable (Instance) -> Void) -> Self {
        applying(FactoryModification(.decorator(decorate)))
    }

    /// Stores `decorate` in this factory's container, written as a statement at run time
    /// (Factory's `Container.shared.api.decorator { … }` in a test): every resolve through
    /// the container of the calling code's world runs it with the instance returned, after
    /// the declaration's decorators — a held instance right after it is found, a new one
    /// right after its body made it.
    ///
    /// ```swift
    /// Container.shared.store.decorator { AccessLog.shared.record($0) }
    /// ```
    ///
    /// It is kept with the factory's override (with none, the declared body is stored with
    /// it) and drops the instances held for the factory. As in Factory, it is kept apart from
    /// the registration: a later `register` or context modifier runs it too, and ``reset()``
    /// removes it. Several run in the order written. It runs on the resolving thread.
    ///
    /// - Parameter decorate: Receives the instance after each resolve.
    /// - Returns: A chain for more statements (``RunTimeChain``); it may be dropped.
    @discardableResult
    public func decorator(_ decorate: @escaping @Sendable (Instance) -> Void) -> RunTimeChain<Self> {
        RunTimeChain(self).decorator(decorate)
    }
}

extension FactoryModifying {
    /// Not available: Scoped's decorator receives the instance only.
    ///
    /// - Parameter decorate: Factory's two-argument decorator.
    /// - Returns: Nothing: a call does not compile.
    @available(*, unavailable, message: "Scoped's decorator receives the instance only (.decorator { instance in … }); it runs after every resolve, new or held")
    public func decorator(_ decorate: @escaping @Sendable (Instance, Bool) -> Void) -> Self {
        fatalError("unavailable")
    }
}

// MARK: - Time to live

extension FactoryModifying where Instance: Sendable {  // as the caching scopes it needs
    /// Lets a held instance live `seconds` after it was stored: a resolve that finds it
    /// older builds a new one and holds that instead, releasing the old one (Factory's
    /// `timeToLive`).
    ///
    /// ```swift
    /// extension Container {
    ///     var feed: Factory<FeedSnapshot> { self { FeedSnapshot() }.cached.timeToLive(60) }
    /// }
    /// ```
    ///
    /// It works with every scope that holds instances — `.cached`, `.shared`, `.scoped`,
    /// `.singleton`, custom scopes — and each held instance has its own age (one per
    /// parameter with `perParameter`, one per lifetime scope with `.scoped`). The age is
    /// measured on a monotonic clock that counts while the device sleeps; nothing runs when
    /// an instance expires: the next resolve drops it (a `released` event) and builds anew,
    /// once however many threads or tasks ask. A resolve that finds `.unique` or `.graph`
    /// (which hold nothing) stops with a message naming the registration, as does a
    /// negative time to live.
    ///
    /// A factory with a time to live reads its held instance under its storage's lock, not
    /// lock-free (Performance.md). In tests, `withContainer(clock:)` of ScopedTesting gives
    /// the world a `TimeToLiveClock` to advance instead of sleeping.
    ///
    /// - Parameter seconds: How long a held instance lives, from when it was stored (a
    ///   `TimeInterval` converts); `.infinity` for ever.
    /// - Returns: The factory with that time to live.
    @_disfavoredOverload  // a statement stores the time to live instead (below)
    public func timeToLive(_ seconds: Double) -> Self {
        applying(FactoryModification(.timeToLive(seconds)))
    }

    /// Gives this factory's override a time to live, written as a statement at run time
    /// (Factory's `Container.shared.feed.timeToLive(60)` in a test).
    ///
    /// The container of the calling code's world stores it with the override, and drops the
    /// instances held for the factory; with no override, the declared body is stored with
    /// it. A time to live of the declaration wins, as its scope does, and a statement it
    /// overrules is reported (``LifecycleEvent/Misuse/Reason-swift.enum/declarationWins``). A later `register`
    /// keeps it, as in Factory; ``reset()`` removes it.
    ///
    /// ```swift
    /// Container.shared.validator.register { StrictValidator() }.scope(.cached)
    /// Container.shared.validator.timeToLive(60)
    /// ```
    ///
    /// - Parameter seconds: How long a held instance lives, from when it was stored.
    /// - Returns: A chain for more statements (``RunTimeChain``); it may be dropped.
    @discardableResult
    public func timeToLive(_ seconds: Double) -> RunTimeChain<Self> {
        RunTimeChain(self).timeToLive(seconds)
    }
}

// MARK: - Overrides

extension FactoryModifying {
    /// Replaces the body in this factory's container (mocks, stubs, previews) and drops
    /// the instances made with the body it replaces, so the next resolve uses `body`:
    /// those the container holds, and those its open lifetime scopes hold (except below a
    /// scope with an override of its own for this factory).
    ///
    /// An override registered on a child lifetime scope is seen by that scope and its
    /// children only; instances it makes for caching scopes are owned by that child. It
    /// outranks every context override (`onTest`, `onPreview`, `onDebug`, `onArg`).
    ///
    /// A build of this registration that another thread or task started before the
    /// `register` still returns its instance to the callers already waiting for it, but
    /// that instance is not kept: the next resolve builds with `body`. (The same holds for
    /// ``reset()``, `SharedContainer.reset()`, `Scope.x.reset()` and closing a scope.) A
    /// body that registers or resets its own factory while it builds is not such a build:
    /// its instance is kept.
    ///
    /// ```swift
    /// Container.shared.api.register { MockAPIClient() }
    /// ```
    ///
    /// - Parameter body: Makes the replacement instance.
    /// - Returns: This factory, for chaining.
    @discardableResult
    public func register(_ body: Body) -> Self {
        updateRegistration(override: body)
        return self
    }

    /// Registers `body` as the override, as ``FactoryModifying/register(_:)-5fb5z`` does: Factory's
    /// spelling with a label.
    ///
    /// - Parameter body: Makes the replacement instance.
    /// - Returns: This factory, for chaining.
    @discardableResult @_disfavoredOverload
    public func register(factory body: Body) -> Self {
        register(body)
    }

    /// Registers `body` as the override: `Container.shared.api { MockAPIClient() }` is
    /// `Container.shared.api.register { MockAPIClient() }`.
    ///
    /// - Parameter body: Makes the replacement instance.
    /// - Returns: This factory, for chaining.
    @discardableResult
    public func callAsFunction(_ body: Body) -> Self {
        register(body)
    }

    /// Drops this factory's override and the instances made with it (for every
    /// parameter): the container's, and its open lifetime scopes' (as ``FactoryModifying/register(_:)-5fb5z``
    /// does). Other registrations are untouched.
    public func reset() {
        updateRegistration(override: nil)
    }
}

// MARK: - Overrides that take their container

extension FactoryModifying where Parameter == Void, Body == @Sendable () -> Instance {
    /// Replaces the body in this factory's container with one that receives the
    /// container its instance belongs to, so that the override's dependencies share the
    /// instance's lifetime.
    ///
    /// ```swift
    /// let flow = Container.shared.child("checkout")
    /// flow.database.register { c in MockDatabase(log: c.requestLog()) }   // flow's requestLog
    /// ```
    ///
    /// The body receives a ``Container``; for a container type of your own, name it:
    /// `register { (c: AppContainer) in … }`. Which container it receives is decided by
    /// each build, as for the instance itself:
    ///
    /// | the scope its resolves use (the declaration's; for a factory declared `.unique`, the one `register` was called with) | `c` is |
    /// |---|---|
    /// | `.scoped` | the lifetime scope resolving it (the root, at the root) |
    /// | `.unique`, `.graph` | the container resolving it |
    /// | `.cached`, `.shared`, `.singleton`, custom | the container `register` was called on |
    ///
    /// So an override registered on a root (a test world's, say) and resolved through a
    /// lifetime scope builds its `.scoped` dependencies in that scope, and they close with
    /// it. `c` does not keep a lifetime scope open (an instance that stores it resolves
    /// from a closed scope once its flow ends) and releasing it closes nothing; calling
    /// `close()` on it closes the scope, as on any container of that scope.
    ///
    /// Name the type of the container you call `register` on. The body receives that
    /// container's state as the type you name, and Scoped cannot check the name: a root's
    /// state is made by your container's `init(manager:)`, so it does not know its
    /// container's type, and registrations are keyed without one (so that a
    /// `.singleton` declared for every container type is one per process).
    ///
    /// - Parameter body: Makes the replacement instance from the container.
    /// - Returns: This factory, for chaining.
    @discardableResult
    public func register(_ body: @escaping @Sendable (Container) -> Instance) -> Self {
        return register { body(Self.overrideContainer(as: Container.self)) }
    }

    /// Replaces the body with one that receives the container, as a `C`; see
    /// ``FactoryModifying/register(_:)-o64y``.
    ///
    /// - Parameter body: Makes the replacement instance from the container.
    /// - Returns: This factory, for chaining.
    @discardableResult
    public func register<C: SharedContainer>(_ body: @escaping @Sendable (C) -> Instance) -> Self {
        return register { body(Self.overrideContainer(as: C.self)) }
    }
}

extension FactoryModifying where Body == @Sendable (Parameter) -> Instance {
    /// Replaces the body in this factory's container with one that receives that
    /// container and the parameter; see ``FactoryModifying/register(_:)-o64y``.
    ///
    /// - Parameter body: Makes the replacement instance from the container and the parameter.
    /// - Returns: This factory, for chaining.
    @discardableResult
    public func register(_ body: @escaping @Sendable (Container, Parameter) -> Instance) -> Self {
        return register { body(Self.overrideContainer(as: Container.self), $0) }
    }

    /// Replaces the body with one that receives the container, as a `C`, and the parameter.
    ///
    /// - Parameter body: Makes the replacement instance from the container and the parameter.
    /// - Returns: This factory, for chaining.
    @discardableResult
    public func register<C: SharedContainer>(_ body: @escaping @Sendable (C, Parameter) -> Instance) -> Self {
        return register { body(Self.overrideContainer(as: C.self), $0) }
    }
}

extension FactoryModifying where Parameter == Void, Body == @MainActor @Sendable () -> Instance {
    /// Replaces a main-actor factory's body in this container with one that receives the
    /// container its instance belongs to, on the main actor; see ``FactoryModifying/register(_:)-o64y``.
    ///
    /// ```swift
    /// flow.profile.register { c in ProfileViewModel(session: c.session()) }   // flow's session
    /// ```
    ///
    /// - Parameter body: Makes the replacement instance from the container.
    /// - Returns: This factory, for chaining.
    @discardableResult
    public func register(_ body: @escaping @MainActor @Sendable (Container) -> Instance) -> Self {
        register { @MainActor in body(Self.overrideContainer(as: Container.self)) }
    }

    /// Replaces a main-actor factory's body with one that receives the container, as a `C`.
    ///
    /// - Parameter body: Makes the replacement instance from the container.
    /// - Returns: This factory, for chaining.
    @discardableResult
    public func register<C: SharedContainer>(_ body: @escaping @MainActor @Sendable (C) -> Instance) -> Self {
        register { @MainActor in body(Self.overrideContainer(as: C.self)) }
    }
}

extension FactoryModifying where Body == @MainActor @Sendable (Parameter) -> Instance {
    /// Replaces a main-actor parameter factory's body with one that receives the container
    /// its instance belongs to and the parameter, on the main actor.
    ///
    /// - Parameter body: Makes the replacement instance from the container and the parameter.
    /// - Returns: This factory, for chaining.
    @discardableResult
    public func register(_ body: @escaping @MainActor @Sendable (Container, Parameter) -> Instance) -> Self {
        register { @MainActor in body(Self.overrideContainer(as: Container.self), $0) }
    }

    /// Replaces a main-actor parameter factory's body with one that receives the container,
    /// as a `C`, and the parameter.
    ///
    /// - Parameter body: Makes the replacement instance from the container and the parameter.
    /// - Returns: This factory, for chaining.
    @discardableResult
    public func register<C: SharedContainer>(_ body: @escaping @MainActor @Sendable (C, Parameter) -> Instance) -> Self {
        register { @MainActor in body(Self.overrideContainer(as: C.self), $0) }
    }
}

extension FactoryModifying where Parameter == Void, Body == @Sendable () async throws -> Instance {
    /// Replaces the body in this async factory's container with one that receives that
    /// container; see ``FactoryModifying/register(_:)-o64y``.
    ///
    /// ```swift
    /// flow.database.register { c in try await MockDatabase.open(log: c.requestLog()) }
    /// ```
    ///
    /// - Parameter body: Makes the replacement instance from the container.
    /// - Returns: This factory, for chaining.
    @discardableResult
    public func register(_ body: @escaping @Sendable (Container) async throws -> Instance) -> Self {
        return register { try await body(Self.asyncOverrideContainer(as: Container.self)) }
    }

    /// Replaces the body with one that receives the container, as a `C`.
    ///
    /// - Parameter body: Makes the replacement instance from the container.
    /// - Returns: This factory, for chaining.
    @discardableResult
    public func register<C: SharedContainer>(_ body: @escaping @Sendable (C) async throws -> Instance) -> Self {
        return register { try await body(Self.asyncOverrideContainer(as: C.self)) }
    }
}

extension FactoryModifying where Body == @Sendable (Parameter) async throws -> Instance {
    /// Replaces the body in this async factory's container with one that receives that
    /// container and the parameter.
    ///
    /// - Parameter body: Makes the replacement instance from the container and the parameter.
    /// - Returns: This factory, for chaining.
    @discardableResult
    public func register(_ body: @escaping @Sendable (Container, Parameter) async throws -> Instance) -> Self {
        return register { try await body(Self.asyncOverrideContainer(as: Container.self), $0) }
    }

    /// Replaces the body with one that receives the container, as a `C`, and the parameter.
    ///
    /// - Parameter body: Makes the replacement instance from the container and the parameter.
    /// - Returns: This factory, for chaining.
    @discardableResult
    public func register<C: SharedContainer>(_ body: @escaping @Sendable (C, Parameter) async throws -> Instance) -> Self {
        return register { try await body(Self.asyncOverrideContainer(as: C.self), $0) }
    }
}

extension FactoryModifying {
    /// The container a synchronous override's body receives, made when it runs: the one
    /// its instance belongs to (``ResolutionContext/overrideContainer``), as a `C`.
    package static func overrideContainer<C: SharedContainer>(as type: C.Type) -> C {
        borrowedContainer(ResolutionContext.current.overrideContainer, as: type)
    }

    /// The container an async override's body receives (``TaskChain/overrideContainer``).
    package static func asyncOverrideContainer<C: SharedContainer>(as type: C.Type) -> C {
        borrowedContainer(TaskChain.overrideContainer, as: type)
    }

    /// `node` as a `C` with a borrowed manager: it neither keeps a lifetime scope open nor
    /// closes one when released.
    private static func borrowedContainer<C: SharedContainer>(_ node: ContainerNode?, as _: C.Type) -> C {
        guard let node else { preconditionFailure("an override's body ran outside a resolve") }
        return C(manager: ContainerManager(borrowing: node))
    }
}

// MARK: - Context overrides

extension FactoryModifying {
    /// Uses `body` when running tests (see ``FactoryContext/isTest``).
    ///
    /// Every context modifier reads ``FactoryContext/current`` when the factory value is
    /// made: the process's contexts, or those of the test's container world
    /// (`withContainer(context:)`). Written as a statement at run time
    /// (`Container.shared.api.onTest { MockAPI() }`), a context modifier is stored in the
    /// container instead (``FactoryModifying/onTest(_:)->RunTimeChain<Self>``).
    ///
    /// ```swift
    /// var api: Factory<APIClient> { self { LiveAPIClient() }.onTest { MockAPIClient() }.singleton }
    /// ```
    ///
    /// - Parameter body: Makes the instance used under tests.
    /// - Returns: The factory with that body when the context applies.
    @_disfavoredOverload  // a statement stores the body instead (below)
    public func onTest(_ body: Body) -> Self {
        applying(FactoryModification(.context(.test, applies: FactoryContext.current.isTest, body: body)))
    }

    /// Uses `body` in Xcode previews (see ``FactoryContext/isPreview``).
    ///
    /// - Parameter body: Makes the instance used in previews.
    /// - Returns: The factory with that body when the context applies.
    @_disfavoredOverload  // a statement stores the body instead (below)
    public func onPreview(_ body: Body) -> Self {
        applying(FactoryModification(.context(.preview, applies: FactoryContext.current.isPreview, body: body)))
    }

    /// Uses `body` in debug builds (see ``FactoryContext/isDebug``).
    ///
    /// - Parameter body: Makes the instance used in debug builds.
    /// - Returns: The factory with that body when the context applies.
    @_disfavoredOverload  // a statement stores the body instead (below)
    public func onDebug(_ body: Body) -> Self {
        applying(FactoryModification(.context(.debug, applies: FactoryContext.current.isDebug, body: body)))
    }

    /// Uses `body` when the process was launched with `argument` (`-mockAPI`).
    ///
    /// - Parameters:
    ///   - argument: A launch argument, matched exactly.
    ///   - body: Makes the instance used when the argument is present.
    /// - Returns: The factory with that body when the context applies.
    @_disfavoredOverload  // a statement stores the body instead (below)
    public func onArg(_ argument: String, _ body: Body) -> Self {
        applying(FactoryModification(.context(.argument, applies: FactoryContext.current.arguments.contains(argument), body: body)))
    }

    /// Uses `body` when the process was launched with any of `arguments`.
    ///
    /// - Parameters:
    ///   - arguments: Launch arguments, each matched exactly.
    ///   - body: Makes the instance used when one of them is present.
    /// - Returns: The factory with that body when the context applies.
    @_disfavoredOverload  // a statement stores the body instead (below)
    public func onArgs(_ arguments: [String], _ body: Body) -> Self {
        let current = FactoryContext.current.arguments
        let applies = arguments.contains { current.contains($0) }
        return applying(FactoryModification(.context(.argument, applies: applies, body: body)))
    }

    /// Uses `body` in a simulator (see ``FactoryContext/isSimulator``; never on Linux).
    ///
    /// - Parameter body: Makes the instance used in a simulator.
    /// - Returns: The factory with that body when the context applies.
    @_disfavoredOverload  // a statement stores the body instead (below)
    public func onSimulator(_ body: Body) -> Self {
        applying(FactoryModification(.context(.simulator, applies: FactoryContext.current.isSimulator, body: body)))
    }

    /// Uses `body` on a device of an Apple platform, not a simulator (see
    /// ``FactoryContext/isDevice``; never on Linux).
    ///
    /// - Parameter body: Makes the instance used on a device.
    /// - Returns: The factory with that body when the context applies.
    @_disfavoredOverload  // a statement stores the body instead (below)
    public func onDevice(_ body: Body) -> Self {
        applying(FactoryModification(.context(.device, applies: FactoryContext.current.isDevice, body: body)))
    }
}

// MARK: - Context overrides given at run time

extension FactoryModifying {
    /// Stores `body` in this factory's container as its body under tests: Factory's
    /// run-time spelling, written as a statement (in a test's set-up, say).
    ///
    /// ```swift
    /// Container.shared.api.onTest { MockAPIClient() }
    /// ```
    ///
    /// The container of the calling code's world stores it — a test's own world under
    /// `@Test(.container)` or `withContainer`, so parallel tests do not see each other's —
    /// and drops the instances held for the factory, as ``FactoryModifying/register(_:)-5fb5z`` does.
    /// Each resolve then picks, highest first: the body `register` gave; the body of the
    /// highest-ranked stored context that holds in the resolving world
    /// (``FactoryContext/current``, so a `withContainer(context:)` inside the test picks
    /// its own); the factory's declared body (its declaration's context modifiers
    /// included). A later call for the same context replaces the body (for `onArg`, of the
    /// same argument); ``reset()`` and `SharedContainer.reset()` remove them. The stored
    /// body uses the factory's scope.
    ///
    /// In a declaration (`self { … }.onTest { … }`), where the factory value is returned,
    /// the modifier changes that value instead and stores nothing.
    ///
    /// - Parameter body: Makes the instance used under tests.
    /// - Returns: A chain for more statements (``RunTimeChain``); it may be dropped.
    @discardableResult
    public func onTest(_ body: Body) -> RunTimeChain<Self> {
        RunTimeChain(self).onTest(body)
    }

    /// Stores `body` in this factory's container as its body in Xcode previews; see
    /// ``FactoryModifying/onTest(_:)->RunTimeChain<Self>``.
    ///
    /// - Parameter body: Makes the instance used in previews.
    /// - Returns: A chain for more statements (``RunTimeChain``); it may be dropped.
    @discardableResult
    public func onPreview(_ body: Body) -> RunTimeChain<Self> {
        RunTimeChain(self).onPreview(body)
    }

    /// Stores `body` in this factory's container as its body in debug builds; see
    /// ``FactoryModifying/onTest(_:)->RunTimeChain<Self>``.
    ///
    /// - Parameter body: Makes the instance used in debug builds.
    /// - Returns: A chain for more statements (``RunTimeChain``); it may be dropped.
    @discardableResult
    public func onDebug(_ body: Body) -> RunTimeChain<Self> {
        RunTimeChain(self).onDebug(body)
    }

    /// Stores `body` in this factory's container as its body when the process was launched
    /// with `argument`; see ``FactoryModifying/onTest(_:)->RunTimeChain<Self>``.
    ///
    /// - Parameters:
    ///   - argument: A launch argument, matched exactly.
    ///   - body: Makes the instance used when the argument is present.
    /// - Returns: A chain for more statements (``RunTimeChain``); it may be dropped.
    @discardableResult
    public func onArg(_ argument: String, _ body: Body) -> RunTimeChain<Self> {
        RunTimeChain(self).onArg(argument, body)
    }

    /// Stores `body` in this factory's container as its body when the process was launched
    /// with any of `arguments`; see ``FactoryModifying/onTest(_:)->RunTimeChain<Self>``.
    ///
    /// - Parameters:
    ///   - arguments: Launch arguments, each matched exactly.
    ///   - body: Makes the instance used when one of them is present.
    /// - Returns: A chain for more statements (``RunTimeChain``); it may be dropped.
    @discardableResult
    public func onArgs(_ arguments: [String], _ body: Body) -> RunTimeChain<Self> {
        RunTimeChain(self).onArgs(arguments, body)
    }

    /// Stores `body` in this factory's container as its body in a simulator (never on
    /// Linux); see ``FactoryModifying/onTest(_:)->RunTimeChain<Self>``.
    ///
    /// - Parameter body: Makes the instance used in a simulator.
    /// - Returns: A chain for more statements (``RunTimeChain``); it may be dropped.
    @discardableResult
    public func onSimulator(_ body: Body) -> RunTimeChain<Self> {
        RunTimeChain(self).onSimulator(body)
    }

    /// Stores `body` in this factory's container as its body on a device of an Apple
    /// platform (never on Linux); see ``FactoryModifying/onTest(_:)->RunTimeChain<Self>``.
    ///
    /// - Parameter body: Makes the instance used on a device.
    /// - Returns: A chain for more statements (``RunTimeChain``); it may be dropped.
    @discardableResult
    public func onDevice(_ body: Body) -> RunTimeChain<Self> {
        RunTimeChain(self).onDevice(body)
    }
}

// MARK: - Factory spellings that Scoped replaces

extension FactoryModifying {
    /// Not needed in Scoped: Factory's `once()` keeps the options a test set at run time
    /// from being overwritten by the declaration on the next access. Scoped's declarations
    /// write nothing to the container: what a test gives at run time (`register`, a context
    /// modifier or a scope as a statement) stays until ``reset()``; as in Factory, the
    /// declaration's scope wins over a run-time one, which applies to a factory declared
    /// without one.
    ///
    /// - Returns: Nothing: a call does not compile.
    @available(*, unavailable, message: "not needed: declarations write nothing to the container, so what a test registers at run time (register { }, .onTest { }, .scope(.cached)) stays until reset(); a declared scope still wins over a run-time one, so declare a factory whose scope tests change without one and give it at run time")
    public func once() -> Self {
        fatalError("unavailable")
    }
}

/// Makes instances of `T` under a lifetime ``Scope``: the unit you declare in a
/// container extension and resolve by calling it.
///
/// Declare a factory as a computed property (or a function, for values that come from
/// the call site) in an extension of a container; `self { … }` makes it, keyed by the
/// member's name and `T`:
///
/// ```swift
/// extension Container {
///     var api: Factory<APIClient> { self { LiveAPIClient() }.singleton }
///     var store: Factory<EntryStore> { self { EntryStore(api: self.api()) }.cached }
///     func counter(initialValue: Int) -> Factory<CounterViewModel> {
///         self { CounterViewModel(initialValue: initialValue) }.shared
///     }
/// }
///
/// let store = Container.shared.store()                  // resolve
/// let later = Container.shared.counter(initialValue: 3).lazy   // nothing built yet
/// ```
///
/// A factory value is cheap and short-lived: the container re-creates it on every
/// access, and everything it remembers (instances, overrides) lives in the container.
/// Scopes that hand one instance to many callers (`cached`, `shared`, `scoped`,
/// `singleton`, custom) require `T: Sendable`, since those callers may be on any thread.
public struct Factory<T>: Sendable {
    @usableFromInline package var registration: Registration<Void, T>

    @inlinable
    package init(registration: Registration<Void, T>) {
        self.registration = registration
    }

    /// Resolves: returns the instance the factory's scope calls for, building it if needed.
    ///
    /// - Returns: A new or held instance of `T`.
    @inlinable
    public func callAsFunction() -> T {
        registration.resolve(())
    }

    /// A ``Lazy`` thunk that resolves through this factory on its first call and returns
    /// that same instance afterwards. Making it builds nothing.
    ///
    /// ```swift
    /// let viewModel = Container.shared.counter(initialValue: 3).lazy
    /// viewModel.isResolved   // false
    /// viewModel()            // built now
    /// ```
    public var lazy: Lazy<T> {
        Lazy { registration.resolve(()) }
    }

    /// Replaces the body in this factory's container (mocks, stubs, previews) and drops
    /// the instance the container holds for it, so the next resolve uses `body`.
    ///
    /// An override registered on a child lifetime scope is seen by that scope and its
    /// children only; instances it makes for caching scopes are owned by that child.
    ///
    /// A build of this registration that another thread started before the `register`
    /// still returns its instance to the callers already waiting for it, but that
    /// instance is not kept: the next resolve builds with `body`. (The same holds for
    /// ``reset()``, `SharedContainer.reset()`, `Scope.x.reset()` and closing a scope.)
    ///
    /// ```swift
    /// Container.shared.api.register { MockAPIClient() }
    /// ```
    ///
    /// - Parameter body: Makes the replacement instance.
    /// - Returns: This factory, for chaining.
    @discardableResult
    public func register(_ body: @escaping @Sendable () -> T) -> Factory<T> {
        registration.register { _ in body() }
        return self
    }

    /// Drops this factory's override and the instance the container holds for it (the
    /// one a resolve from this container would return). Other registrations are untouched.
    public func reset() {
        registration.reset()
    }
}

extension Factory {
    /// A new instance on every resolve (the default).
    @inlinable public var unique: Factory<T> { with(.unique) }

    /// One instance per top-level resolve: everything built by one call shares it.
    @inlinable public var graph: Factory<T> { with(.graph) }

    /// A built-in scope: only its kind is stored.
    @inlinable
    internal func with(_ kind: Scope.Lifetime) -> Factory<T> {
        var copy = self
        copy.registration.setScope(kind)
        return copy
    }
}

extension Factory where T: Sendable {
    /// Uses `scope` for this factory's instances.
    ///
    /// - Parameter scope: A built-in scope or a custom ``Scope/Cached``.
    /// - Returns: The factory with that scope.
    public func scope(_ scope: Scope) -> Factory<T> {
        var copy = self
        copy.registration.scope = scope
        return copy
    }

    /// One instance per root container, until that container, this factory or
    /// `Scope.cached` is reset.
    @inlinable public var cached: Factory<T> { with(.cached) }

    /// One instance while anyone holds it: the container keeps it weakly (class
    /// instances; a value type is made anew each time).
    @inlinable public var shared: Factory<T> { with(.shared) }

    /// One instance per lifetime scope (``SharedContainer/child(_:)``), released when it
    /// closes; at the root container it behaves like ``cached``.
    @inlinable public var scoped: Factory<T> { with(.scoped) }

    /// One instance per process, until `Scope.singleton.reset()`.
    @inlinable public var singleton: Factory<T> { with(.singleton) }
}

extension Factory {
    @inlinable @inline(__always)
    package init<C: SharedContainer>(container: C, key: StaticString, file: StaticString, line: UInt, column: UInt, body: @escaping @Sendable () -> T) {
        let key = RegistrationKey(container: C.self, name: key, type: T.self, file: file, line: line, column: column)
        self.init(registration: Registration(manager: container.manager, key: key, plainBody: body))
    }
}

extension ParameterFactory {
    @inlinable @inline(__always)
    package init<C: SharedContainer>(container: C, key: StaticString, file: StaticString, line: UInt, column: UInt, body: @escaping @Sendable (P) -> T) {
        let key = RegistrationKey(container: C.self, name: key, type: T.self, file: file, line: line, column: column)
        self.init(registration: Registration(manager: container.manager, key: key, body: body))
    }
}

/// A factory value that can be resolved without knowing its type: graph validation in
/// ScopedTesting resolves the key paths an app lists (`[\.store, \.settings]`).
package protocol AnyFactoryValue {
    /// The registration's key, to name it in messages (its witnesses: AnyAsyncFactoryValue.swift).
    var registrationKey: RegistrationKey { get }
    /// Resolves and drops the instance; nil for a factory that needs a parameter.
    func resolveDiscardingInstance() -> Void?
}

extension Factory: AnyFactoryValue {
    package func resolveDiscardingInstance() -> Void? {
        _ = callAsFunction()
        return ()
    }
}

extension ParameterFactory: AnyFactoryValue {
    package func resolveDiscardingInstance() -> Void? { nil }
}

extension MainActorFactory: AnyFactoryValue {
    /// Resolves through the runtime-checked factory: graph validation of main-actor
    /// factories runs on the main actor (a `@MainActor` test), or stops with the usual message.
    package func resolveDiscardingInstance() -> Void? {
        _ = factory()
        return ()
    }
}

extension MainActorParameterFactory: AnyFactoryValue {
    package func resolveDiscardingInstance() -> Void? { nil }
}

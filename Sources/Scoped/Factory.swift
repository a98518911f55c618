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
}

extension Factory: FactoryModifying {
    /// A factory's bodies take nothing and make a `T`.
    /// What a resolve takes.
    public typealias Parameter = Void
    /// The type of the instances the factory makes.
    public typealias Instance = T
    /// The type of the factory's bodies.
    public typealias Body = @Sendable () -> T

    /// This factory value with `modification` applied; see ``FactoryModifying``.
    ///
    /// - Parameter modification: Made by a modifier such as ``FactoryModifying/cached-1jgb6``.
    /// - Returns: The modified factory.
    @inlinable
    public func applying(_ modification: FactoryModification<Factory<T>>) -> Factory<T> {
        if case .scope(let kind) = modification.change {
            var copy = self
            copy.registration.setScope(kind)
            return copy
        }
        // Specialised where it is written, as every factory access makes it anew.
        if case .timeToLive(let seconds) = modification.change {
            var copy = self
            copy.registration.storedBody = registration.storedBody.expiring(after: seconds)
            return copy
        }
        if case .decorator(let decorate) = modification.change {
            var copy = self
            copy.registration.storedBody = registration.storedBody.decorated(with: decorate)
            return copy
        }
        return applyingOutOfLine(modification)
    }

    /// Every modification but a built-in scope (the one applied on every factory access).
    @usableFromInline
    func applyingOutOfLine(_ modification: FactoryModification<Factory<T>>) -> Factory<T> {
        var copy = self
        modification.apply(to: &copy.registration, body: { .plain($0) }, override: { body in { _ in body() } })
        return copy
    }

    /// Stores `override` in this factory's container, or removes it; see
    /// ``FactoryModifying/updateRegistration(override:)``.
    ///
    /// - Parameter override: The replacement body, or nil for the declared one.
    public func updateRegistration(override: Body?) {
        if let override { registration.register { _ in override() } } else { registration.reset() }
    }
}

extension Factory {
    @inlinable @inline(__always)
    package init<C: SharedContainer>(container: C, key: StaticString, file: StaticString, line: UInt, column: UInt, body: @escaping @Sendable () -> T) {
        let key = RegistrationKey(name: key, type: T.self, file: file, line: line, column: column)
        self.init(registration: Registration(handle: NodeHandle(container.manager), key: key, storedBody: .plain(body)))
    }
}

extension ParameterFactory {
    @inlinable @inline(__always)
    package init<C: SharedContainer>(container: C, key: StaticString, file: StaticString, line: UInt, column: UInt, body: @escaping @Sendable (P) -> T) {
        let key = RegistrationKey(name: key, type: T.self, file: file, line: line, column: column)
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

extension Factory: SynchronousFactoryModifying {}
extension ParameterFactory: SynchronousFactoryModifying {}
extension MainActorFactory: SynchronousFactoryModifying {}
extension MainActorParameterFactory: SynchronousFactoryModifying {}

/// What registration keys name as their container: every container type alike. The
/// `self { … }` call's place already tells declarations apart, and each container's
/// instances and overrides live in its own state; leaving the concrete type out makes a
/// `.singleton` declared once in `extension SharedContainer` one instance per process
/// whichever container type resolves it, as in Factory.
@usableFromInline
package enum AnyDeclaringContainer {}


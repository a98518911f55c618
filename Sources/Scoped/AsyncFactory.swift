/// Makes instances of `T` whose construction awaits — a database opened from disk, a
/// session whose token comes from the keychain — under a lifetime ``Scope``, built once
/// however many tasks ask for it at the same time.
///
/// Declare it like a ``Factory``, with a body that may `await` and `throw`, and resolve it
/// with `try await`:
///
/// ```swift
/// extension Container {
///     var database: AsyncFactory<Database> {
///         self { try await Database.open(path: "app.sqlite") }.cached
///     }
///     var session: AsyncFactory<Session> {
///         self { Session(token: try await self.keychain().token(), database: try await self.database()) }.scoped
///     }
/// }
///
/// let database = try await Container.shared.database()
/// ```
///
/// For the caching scopes (``FactoryModifying/cached-1jgb6``, ``FactoryModifying/shared-3dyf0``, ``FactoryModifying/scoped-2esmp``, ``FactoryModifying/singleton-djk7``, custom
/// ones), concurrent first resolves start exactly one build and all await it; a held
/// instance comes back without suspending, at about the cost of a synchronous resolve.
/// A caller whose task is cancelled stops waiting and throws `CancellationError`; the build
/// goes on for the others, and is cancelled (and its result not kept) only when every
/// caller waiting for it has gone. A body that throws hands its error to every caller
/// waiting for that build, and nothing is kept: the next resolve builds again.
///
/// The rules of synchronous factories hold: an override, a reset or a closed lifetime
/// scope wins over a build already in flight (its instance reaches the callers waiting for
/// it but is not kept), events and captive-dependency reports are the same, and a body
/// that awaits its own factory, directly or through others, stops with the chain instead
/// of waiting forever. A body may resolve synchronous factories; a synchronous body cannot
/// await an async one. A `@MainActor` body (`self { @MainActor in … }`) runs on the main
/// actor. `T` is `Sendable`: a caching scope's build runs in a task of its own.
public struct AsyncFactory<T: Sendable>: Sendable {
    @usableFromInline package var registration: AsyncRegistration<Void, T>

    @inlinable
    package init(registration: AsyncRegistration<Void, T>) {
        self.registration = registration
    }

    /// Resolves: returns the instance the factory's scope calls for, building it if needed
    /// or awaiting the build already in flight.
    ///
    /// Runs on the caller's actor (`isolation`, filled in by the compiler): a held instance
    /// is returned without leaving it — from the main actor too, where SwiftUI code runs.
    ///
    /// - Parameter isolation: The caller's actor; leave it to the compiler.
    /// - Returns: A new or held instance of `T`.
    /// - Throws: `CancellationError` if the calling task is cancelled while it waits for a
    ///   build; ``LifetimeScopeClosedError`` if the lifetime scope that would hold the
    ///   instance is closed, or closes while its build runs; the error the body threw.
    @inlinable
    public func callAsFunction(isolation: isolated (any Actor)? = #isolation) async throws -> T {
        try await registration.resolve((), isolation: isolation)
    }
}

extension AsyncFactory: FactoryModifying {
    /// What a resolve takes.
    public typealias Parameter = Void
    /// The type of the instances the factory makes.
    public typealias Instance = T
    /// An async factory's bodies take nothing and may `await` and `throw`.
    public typealias Body = @Sendable () async throws -> T

    /// This factory value with `modification` applied; see ``FactoryModifying``.
    /// ``Scope/graph`` stops with a message: it is one synchronous resolve's scope.
    ///
    /// - Parameter modification: Made by a modifier such as ``FactoryModifying/cached-1jgb6``.
    /// - Returns: The modified factory.
    @inlinable
    public func applying(_ modification: FactoryModification<AsyncFactory<T>>) -> AsyncFactory<T> {
        guard case .scope(let kind) = modification.change, kind != .graph else { return applyingOutOfLine(modification) }
        var copy = self
        copy.registration.setScope(kind)
        return copy
    }

    /// A custom scope, `.graph` (which stops) or a context override.
    @usableFromInline
    func applyingOutOfLine(_ modification: FactoryModification<AsyncFactory<T>>) -> AsyncFactory<T> {
        var copy = self
        modification.apply(to: &copy.registration, body: { .plain($0) }, override: { body in { _ in try await body() } })
        return copy
    }

    /// Stores `override` in this factory's container, or removes it; a build already in
    /// flight still reaches the callers waiting for it, but is not kept. See
    /// ``FactoryModifying/updateRegistration(override:)``.
    ///
    /// - Parameter override: The replacement body, or nil for the declared one.
    public func updateRegistration(override: Body?) {
        if let override { registration.register { _ in try await override() } } else { registration.reset() }
    }
}

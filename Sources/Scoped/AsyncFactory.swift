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
/// For the caching scopes (``cached``, ``shared``, ``scoped``, ``singleton``, custom
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

    /// Replaces the body in this factory's container (mocks, stubs, previews) and drops
    /// the instance the container holds for it, so the next resolve uses `body`. A build
    /// already in flight still reaches the callers waiting for it, but is not kept.
    ///
    /// ```swift
    /// Container.shared.database.register { try await Database.inMemory() }
    /// ```
    ///
    /// - Parameter body: Makes the replacement instance.
    /// - Returns: This factory, for chaining.
    @discardableResult
    public func register(_ body: @escaping @Sendable () async throws -> T) -> AsyncFactory<T> {
        registration.register { _ in try await body() }
        return self
    }

    /// Drops this factory's override and the instance the container holds for it.
    public func reset() {
        registration.reset()
    }

    /// A new instance on every resolve (the default), built in the calling task.
    @inlinable public var unique: AsyncFactory<T> { with(.unique) }

    /// One instance per root container, until that container, this factory or
    /// `Scope.cached` is reset.
    @inlinable public var cached: AsyncFactory<T> { with(.cached) }

    /// One instance while anyone holds it: the container keeps it weakly (class
    /// instances; a value type is made anew each time).
    @inlinable public var shared: AsyncFactory<T> { with(.shared) }

    /// One instance per lifetime scope (``SharedContainer/child(_:)``), released when it
    /// closes; at the root container it behaves like ``cached``. An instance whose build
    /// finishes after its scope closed reaches its callers and is not kept.
    @inlinable public var scoped: AsyncFactory<T> { with(.scoped) }

    /// One instance per process, until `Scope.singleton.reset()`.
    @inlinable public var singleton: AsyncFactory<T> { with(.singleton) }

    /// Uses `scope` for this factory's instances.
    ///
    /// - Parameter scope: A built-in scope (not ``Scope/graph``, which is one synchronous
    ///   resolve's) or a custom ``Scope/Cached``.
    /// - Returns: The factory with that scope.
    public func scope(_ scope: Scope) -> AsyncFactory<T> {
        registration.checkAsyncScope(scope)
        var copy = self
        copy.registration.scope = scope
        return copy
    }

    @inlinable
    internal func with(_ kind: Scope.Lifetime) -> AsyncFactory<T> {
        var copy = self
        copy.registration.setScope(kind)
        return copy
    }
}

extension AsyncFactory {
    /// Uses `body` instead of the declared one when the process runs tests.
    ///
    /// - Parameter body: Makes the instance under test.
    /// - Returns: The factory, with `body` when ``FactoryContext/isTest``.
    public func onTest(_ body: @escaping @Sendable () async throws -> T) -> AsyncFactory<T> {
        replacing(body, rank: .test, if: FactoryContext.isTest)
    }

    /// Uses `body` instead of the declared one in SwiftUI previews.
    ///
    /// - Parameter body: Makes the preview's instance.
    /// - Returns: The factory, with `body` when ``FactoryContext/isPreview``.
    public func onPreview(_ body: @escaping @Sendable () async throws -> T) -> AsyncFactory<T> {
        replacing(body, rank: .preview, if: FactoryContext.isPreview)
    }

    /// Uses `body` instead of the declared one in debug builds.
    ///
    /// - Parameter body: Makes the debug build's instance.
    /// - Returns: The factory, with `body` when ``FactoryContext/isDebug``.
    public func onDebug(_ body: @escaping @Sendable () async throws -> T) -> AsyncFactory<T> {
        replacing(body, rank: .debug, if: FactoryContext.isDebug)
    }

    /// Uses `body` instead of the declared one when the process was launched with
    /// `argument`.
    ///
    /// - Parameters:
    ///   - argument: A launch argument, such as `-mockDatabase`.
    ///   - body: Makes the instance for that launch.
    /// - Returns: The factory, with `body` when `argument` is in ``FactoryContext/arguments``.
    public func onArg(_ argument: String, _ body: @escaping @Sendable () async throws -> T) -> AsyncFactory<T> {
        replacing(body, rank: .argument, if: FactoryContext.arguments.contains(argument))
    }

    private func replacing(_ body: @escaping @Sendable () async throws -> T, rank: ContextRank, if applies: Bool)
        -> AsyncFactory<T>
    {
        AsyncFactory(registration: registration.overriding(rank: rank, if: applies) { _ in try await body() })
    }
}

/// An ``AsyncFactory`` that takes a value from the call site: `try await detail(42)`.
///
/// ```swift
/// extension Container {
///     var document: AsyncParameterFactory<URL, Document> {
///         self { url in try await Document.load(from: url) }.cached.perParameter
///     }
/// }
///
/// let document = try await Container.shared.document(fileURL)
/// ```
///
/// Without ``perParameter`` a caching scope keeps one instance whatever the parameter (the
/// first build's); with it, each distinct parameter has its own instance and its own
/// single-flight build.
public struct AsyncParameterFactory<P: Sendable, T: Sendable>: Sendable {
    @usableFromInline package var registration: AsyncRegistration<P, T>

    @inlinable
    package init(registration: AsyncRegistration<P, T>) {
        self.registration = registration
    }

    /// Resolves with `parameter`: returns the instance the factory's scope calls for,
    /// building it if needed or awaiting the build already in flight.
    ///
    /// Runs on the caller's actor (`isolation`, filled in by the compiler): a held instance
    /// is returned without leaving it — from the main actor too.
    ///
    /// - Parameters:
    ///   - parameter: Passed to the body (and, per parameter, part of the key).
    ///   - isolation: The caller's actor; leave it to the compiler.
    /// - Returns: A new or held instance of `T`.
    /// - Throws: `CancellationError` if the calling task is cancelled while it waits for a
    ///   build; ``LifetimeScopeClosedError`` if the lifetime scope that would hold the
    ///   instance is closed, or closes while its build runs; the error the body threw.
    @inlinable
    public func callAsFunction(_ parameter: P, isolation: isolated (any Actor)? = #isolation) async throws -> T {
        try await registration.resolve(parameter, isolation: isolation)
    }

    /// Replaces the body in this factory's container and drops what the container holds
    /// for it (every parameter's instance).
    ///
    /// - Parameter body: Makes the replacement instance from the parameter.
    /// - Returns: This factory, for chaining.
    @discardableResult
    public func register(_ body: @escaping @Sendable (P) async throws -> T) -> AsyncParameterFactory<P, T> {
        registration.register(body)
        return self
    }

    /// Drops this factory's override and every instance the container holds for it.
    public func reset() {
        registration.reset()
    }

    /// A new instance on every resolve (the default), built in the calling task.
    @inlinable public var unique: AsyncParameterFactory<P, T> { with(.unique) }

    /// One instance per root container (per parameter with ``perParameter``).
    @inlinable public var cached: AsyncParameterFactory<P, T> { with(.cached) }

    /// One instance while anyone holds it, kept weakly by the container.
    @inlinable public var shared: AsyncParameterFactory<P, T> { with(.shared) }

    /// One instance per lifetime scope, released when it closes.
    @inlinable public var scoped: AsyncParameterFactory<P, T> { with(.scoped) }

    /// One instance per process, until `Scope.singleton.reset()`.
    @inlinable public var singleton: AsyncParameterFactory<P, T> { with(.singleton) }

    /// Uses `scope` for this factory's instances.
    ///
    /// - Parameter scope: A built-in scope (not ``Scope/graph``) or a custom ``Scope/Cached``.
    /// - Returns: The factory with that scope.
    public func scope(_ scope: Scope) -> AsyncParameterFactory<P, T> {
        registration.checkAsyncScope(scope)
        var copy = self
        copy.registration.scope = scope
        return copy
    }

    /// Uses `body` instead of the declared one when the process runs tests.
    ///
    /// - Parameter body: Makes the instance under test from the parameter.
    /// - Returns: The factory, with `body` when ``FactoryContext/isTest``.
    public func onTest(_ body: @escaping @Sendable (P) async throws -> T) -> AsyncParameterFactory<P, T> {
        replacing(body, rank: .test, if: FactoryContext.isTest)
    }

    /// Uses `body` instead of the declared one in SwiftUI previews.
    ///
    /// - Parameter body: Makes the preview's instance from the parameter.
    /// - Returns: The factory, with `body` when ``FactoryContext/isPreview``.
    public func onPreview(_ body: @escaping @Sendable (P) async throws -> T) -> AsyncParameterFactory<P, T> {
        replacing(body, rank: .preview, if: FactoryContext.isPreview)
    }

    /// Uses `body` instead of the declared one in debug builds.
    ///
    /// - Parameter body: Makes the debug build's instance from the parameter.
    /// - Returns: The factory, with `body` when ``FactoryContext/isDebug``.
    public func onDebug(_ body: @escaping @Sendable (P) async throws -> T) -> AsyncParameterFactory<P, T> {
        replacing(body, rank: .debug, if: FactoryContext.isDebug)
    }

    /// Uses `body` instead of the declared one when the process was launched with
    /// `argument`.
    ///
    /// - Parameters:
    ///   - argument: A launch argument.
    ///   - body: Makes the instance for that launch from the parameter.
    /// - Returns: The factory, with `body` when `argument` is in ``FactoryContext/arguments``.
    public func onArg(_ argument: String, _ body: @escaping @Sendable (P) async throws -> T)
        -> AsyncParameterFactory<P, T>
    {
        replacing(body, rank: .argument, if: FactoryContext.arguments.contains(argument))
    }

    @inlinable
    internal func with(_ kind: Scope.Lifetime) -> AsyncParameterFactory<P, T> {
        var copy = self
        copy.registration.setScope(kind)
        return copy
    }

    private func replacing(_ body: @escaping @Sendable (P) async throws -> T, rank: ContextRank, if applies: Bool)
        -> AsyncParameterFactory<P, T>
    {
        AsyncParameterFactory(registration: registration.overriding(rank: rank, if: applies, with: body))
    }
}

extension AsyncParameterFactory where P: Hashable {
    /// Keeps one instance per distinct parameter (`document(urlA)` and `document(urlB)` are
    /// two), each with its own single-flight build.
    public var perParameter: AsyncParameterFactory<P, T> {
        var copy = self
        copy.registration.parameterKey = { $0 }
        return copy
    }
}

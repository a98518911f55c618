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
/// Without ``FactoryModifying/perParameter`` a caching scope keeps one instance whatever the parameter (the
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
}

extension AsyncParameterFactory: FactoryModifying {
    /// What a resolve takes.
    public typealias Parameter = P
    /// The type of the instances the factory makes.
    public typealias Instance = T
    /// An async parameter factory's bodies make a `T` from the parameter, and may `await`
    /// and `throw`.
    public typealias Body = @Sendable (P) async throws -> T

    /// This factory value with `modification` applied; see ``FactoryModifying``.
    /// ``Scope/graph`` stops with a message: it is one synchronous resolve's scope.
    ///
    /// - Parameter modification: Made by a modifier such as ``FactoryModifying/cached-1jgb6``.
    /// - Returns: The modified factory.
    @inlinable
    public func applying(_ modification: FactoryModification<AsyncParameterFactory<P, T>>) -> AsyncParameterFactory<P, T> {
        guard case .scope(let kind) = modification.change, kind != .graph else { return applyingOutOfLine(modification) }
        var copy = self
        copy.registration.setScope(kind)
        return copy
    }

    /// A custom scope, `.graph` (which stops), a context override or keys per parameter.
    @usableFromInline
    func applyingOutOfLine(_ modification: FactoryModification<AsyncParameterFactory<P, T>>) -> AsyncParameterFactory<P, T> {
        var copy = self
        if case .perParameter(_, let hashable) = modification.change { copy.registration.parameterKey = hashable }
        modification.apply(to: &copy.registration, body: { .parameter($0) }, override: { $0 })
        return copy
    }

    /// Stores `override` in this factory's container, or removes it (every parameter's
    /// instance is dropped); see ``FactoryModifying/updateRegistration(override:)``.
    ///
    /// - Parameter override: The replacement body, or nil for the declared one.
    public func updateRegistration(override: Body?) {
        if let override { registration.register(override) } else { registration.reset() }
    }
}

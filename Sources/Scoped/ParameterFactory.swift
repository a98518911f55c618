/// A ``Factory`` whose body takes a parameter `P`, given at each resolve.
///
/// ```swift
/// extension Container {
///     var detail: ParameterFactory<Int, DetailViewModel> {
///         self { DetailViewModel(id: $0, store: self.store()) }.scoped.perParameter
///     }
/// }
/// let first = flow.detail(1)     // one view model per item id inside `flow`
/// ```
///
/// Without ``perParameter`` the parameter does not take part in the key: a caching
/// scope keeps the instance made by the first resolve, whatever later parameters are.
///
/// A body may resolve its own factory with another parameter (a tree of view models)
/// when `P` is `Hashable`; with an equal parameter, or any parameter of a type that is
/// not `Hashable`, that is a circular dependency (see <doc:Diagnostics#Messages>).
public struct ParameterFactory<P, T>: Sendable {
    @usableFromInline package var registration: Registration<P, T>
    /// For per-parameter factories: turns the parameter into part of the storage key.
    @usableFromInline package var parameterKey: (@Sendable (P) -> ParameterBox)?

    @inlinable
    package init(registration: Registration<P, T>) {
        self.registration = registration
    }

    /// Resolves with `parameter`.
    ///
    /// - Parameter parameter: Passed to the body when an instance is built.
    /// - Returns: A new or held instance of `T`.
    @inlinable
    public func callAsFunction(_ parameter: P) -> T {
        registration.resolve(parameter, parameterKey: parameterKey)
    }

    /// A ``Lazy`` thunk that resolves with `parameter` on its first call.
    ///
    /// - Parameter parameter: Passed to the body when the thunk first resolves.
    /// - Returns: A thunk; nothing is built until it is called.
    public func lazy(_ parameter: P) -> Lazy<T> where P: Sendable {
        let registration = self.registration
        let parameterKey = self.parameterKey
        return Lazy { registration.resolve(parameter, parameterKey: parameterKey) }
    }

    /// Replaces the body in this factory's container and drops what the container holds
    /// for it. See ``Factory/register(_:)``.
    ///
    /// - Parameter body: Makes the replacement instance from the parameter.
    /// - Returns: This factory, for chaining.
    @discardableResult
    public func register(_ body: @escaping @Sendable (P) -> T) -> ParameterFactory<P, T> {
        registration.register(body)
        return self
    }

    /// Drops this factory's override and every instance the container holds for it
    /// (for every parameter).
    public func reset() {
        registration.reset()
    }
}

extension ParameterFactory {
    /// A new instance on every resolve (the default).
    @inlinable public var unique: ParameterFactory<P, T> { with(.unique) }

    /// One instance per top-level resolve: everything built by one call shares it.
    @inlinable public var graph: ParameterFactory<P, T> { with(.graph) }

    /// A built-in scope: only its kind is stored.
    @inlinable
    internal func with(_ kind: Scope.Lifetime) -> ParameterFactory<P, T> {
        var copy = self
        copy.registration.setScope(kind)
        return copy
    }
}

extension ParameterFactory where T: Sendable {
    /// Uses `scope` for this factory's instances.
    ///
    /// - Parameter scope: A built-in scope or a custom ``Scope/Cached``.
    /// - Returns: The factory with that scope.
    public func scope(_ scope: Scope) -> ParameterFactory<P, T> {
        var copy = self
        copy.registration.scope = scope
        return copy
    }
    /// One instance per root container, until that container, this factory or
    /// `Scope.cached` is reset (one per parameter with ``perParameter``).
    @inlinable public var cached: ParameterFactory<P, T> { with(.cached) }
    /// One instance while anyone holds it: the container keeps it weakly (one per
    /// parameter with ``perParameter``).
    @inlinable public var shared: ParameterFactory<P, T> { with(.shared) }
    /// One instance per lifetime scope (``SharedContainer/child(_:)``), released when it
    /// closes; at the root container it behaves like ``cached`` (one per parameter with
    /// ``perParameter``).
    @inlinable public var scoped: ParameterFactory<P, T> { with(.scoped) }
    /// One instance per process, until `Scope.singleton.reset()` (one per parameter with
    /// ``perParameter``).
    @inlinable public var singleton: ParameterFactory<P, T> { with(.singleton) }
}

extension ParameterFactory where P: Hashable & Sendable {
    /// Keeps one instance per distinct parameter under the factory's scope:
    /// `detail(1)` and `detail(2)` are two instances, each reused under its scope.
    ///
    /// ```swift
    /// var detail: ParameterFactory<Int, DetailViewModel> {
    ///     self { DetailViewModel(id: $0) }.scoped.perParameter
    /// }
    /// ```
    @inlinable
    public var perParameter: ParameterFactory<P, T> {
        var copy = self
        copy.parameterKey = { TypedParameterBox($0) }
        return copy
    }
}

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
/// Without ``FactoryModifying/perParameter`` the parameter does not take part in the key: a caching
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
}

extension ParameterFactory: FactoryModifying {
    /// A parameter factory's bodies make a `T` from the parameter.
    /// What a resolve takes.
    public typealias Parameter = P
    /// The type of the instances the factory makes.
    public typealias Instance = T
    /// The type of the factory's bodies.
    public typealias Body = @Sendable (P) -> T

    /// This factory value with `modification` applied; see ``FactoryModifying``. A context
    /// override keeps ``FactoryModifying/perParameter``'s key.
    ///
    /// - Parameter modification: Made by a modifier such as ``FactoryModifying/cached-1jgb6``.
    /// - Returns: The modified factory.
    @inlinable
    public func applying(_ modification: FactoryModification<ParameterFactory<P, T>>) -> ParameterFactory<P, T> {
        var copy = self
        switch modification.change {
        case .scope(let kind): copy.registration.setScope(kind)
        case .perParameter(let box, _): copy.parameterKey = box
        case .timeToLive(let seconds): copy.registration.storedBody = registration.storedBody.expiring(after: seconds)
        case .decorator(let decorate): copy.registration.storedBody = registration.storedBody.decorated(with: decorate)
        default: return applyingOutOfLine(modification)
        }
        return copy
    }

    /// A custom scope or a context override.
    @usableFromInline
    func applyingOutOfLine(_ modification: FactoryModification<ParameterFactory<P, T>>) -> ParameterFactory<P, T> {
        var copy = self
        if case .perParameter(let box, _) = modification.change { copy.parameterKey = box }
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

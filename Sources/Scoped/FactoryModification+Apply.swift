// Concurrency rule: pure value code; the changes that write to a container go through the
// registration's own methods (their container's locks).

/// The registration inside a kind of factory, as ``FactoryModification/apply(to:body:override:)``
/// changes it: ``Registration`` (``Factory``, ``ParameterFactory``) and ``AsyncRegistration``
/// (``AsyncFactory``, ``AsyncParameterFactory``); each says only how it makes an override and
/// which scope it refuses; `register` and the stored statements are written once (Registration.swift).
package protocol ModifiableRegistration: RegistrationFields {
    /// The factory's parameter (`Void` for one without).
    associatedtype Parameter
    /// The type of the instances.
    associatedtype Instance
    /// The body as stored in the factory value (`Registration.Body`, `AsyncRegistration.Body`).
    associatedtype StoredBody: ModifiableBody where StoredBody.Instance == Instance
    /// The function a run-time context modifier's body is stored as.
    associatedtype OverrideFunction

    var storedBody: StoredBody { get set }
    /// `function` (nil: the declared body) as an override with this value's scope, time to live
    /// and decorators, which run in place of those of the value a resolve goes through.
    func overrideBox(_ function: OverrideFunction?) -> OverrideBox<Parameter, Instance>
    /// Stops if an async factory is given `.graph`; nothing for a synchronous one.
    func check(_ scope: Scope)
}

extension Registration: ModifiableRegistration {
    package typealias Parameter = P
    package typealias Instance = T
}
extension Registration.Body: ModifiableBody {
    @usableFromInline package typealias Instance = T
    @usableFromInline package typealias Decorated = DecoratedRegistration<P, T>
}
extension AsyncRegistration: ModifiableRegistration {
    package typealias Parameter = P
    package typealias Instance = T
}
extension AsyncRegistration.Body: ModifiableBody {
    @usableFromInline package typealias Instance = T
    @usableFromInline package typealias Decorated = Decoration<Self, T>
}

extension FactoryModification {
    /// Applies this change to `registration`, the one place every kind of factory applies a
    /// modification out of line (its `applying(_:)` inlines the few applied on every access).
    /// ``Change/perParameter(box:hashable:)`` is left to the kind, which keeps its key itself.
    ///
    /// - Parameters:
    ///   - registration: The copy of the factory value's registration to change.
    ///   - body: Makes a declared body of `registration`'s kind from a modifier's body
    ///     (`.plain`, `.parameter`).
    ///   - override: Makes the function a run-time context modifier's body is stored as.
    package func apply<R: ModifiableRegistration>(
        to registration: inout R,
        body: (Modified.Body) -> R.StoredBody,
        override: (Modified.Body) -> R.OverrideFunction
    ) where R.Instance == Modified.Instance {
        let original = registration
        switch change {
        case .scope(let kind):
            registration.setScope(kind)
            registration.check(registration.scope)
        case .customScope(let scope):
            registration.scope = scope
            registration.check(scope)
        case .context(let rank, let applies, let newBody):
            let replacement = body(newBody)
            registration = original.overriding(rank: rank, if: applies) { $0.storedBody = $0.storedBody.replacingBase(with: replacement) }
        case .perParameter: break
        case .decorator(let decorate): registration.storedBody = original.storedBody.decorated(with: decorate)
        case .timeToLive(let seconds): registration.storedBody = original.storedBody.expiring(after: seconds)
        case .storedContext(let rank, let arguments, let newBody): original.register(override(newBody), context: (rank, arguments))
        case .storedScope(let scope): original.store(scope: scope, timeToLive: nil)
        case .storedTimeToLive(let seconds): original.store(scope: nil, timeToLive: seconds)
        case .storedDecorator(let decorate): original.store(decorator: decorate)
        case .storedReset(let options): original.reset(options)
        }
    }
}

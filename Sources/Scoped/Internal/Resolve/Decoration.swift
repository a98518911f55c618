// Concurrency rule: a `Decoration` is immutable once made (a new one is made for each
// `.decorator` or `.timeToLive` call), so it is shared between threads freely. Its
// decorators are user code: they run after the resolve that returned the instance has
// released every lock (Registration.resolve, AsyncRegistration.resolve), never inside a
// build's bookkeeping.

/// A factory's options that are stored by reference: its decorators (`.decorator { }`),
/// its time to live (`.timeToLive(_:)`) and the body they apply to: the payload of the
/// `decorated` case of ``Registration/Body`` and ``AsyncRegistration/Body``.
///
/// A class, so that a factory value without them stays as it was (one case more in its
/// body's enum, no field more) and one with them carries one reference; the resolve
/// checks the case once, before anything else, and a decorated resolve is the resolve of
/// `base` (under the storage's lock, with a time to live) followed by `run(_:)`.
@usableFromInline
package final class Decoration<Base: Sendable, T>: Sendable {
    /// The body the decorators follow (never itself decorated).
    @usableFromInline package let base: Base
    /// In the order the `.decorator` calls were written.
    @usableFromInline package let decorators: [@Sendable (T) -> Void]
    /// Seconds a held instance lives (`.timeToLive`; the last one given); nil for ever.
    package let timeToLive: Double?

    package init(base: Base, decorators: [@Sendable (T) -> Void], timeToLive: Double? = nil) {
        self.base = base
        self.decorators = decorators
        self.timeToLive = timeToLive
    }

    /// Runs every decorator with `instance`, first declared first.
    @usableFromInline
    package func run(_ instance: T) {
        guard !decorators.isEmpty else { return }   // a time to live alone
        for decorate in decorators { decorate(instance) }
    }

    /// This decoration around another body (a context override replaced the body).
    package func replacingBase(with base: Base) -> Decoration {
        Decoration(base: base, decorators: decorators, timeToLive: timeToLive)
    }

    /// This decoration with `decorate` run after the others.
    package func appending(_ decorate: @escaping @Sendable (T) -> Void) -> Decoration {
        Decoration(base: base, decorators: decorators + [decorate], timeToLive: timeToLive)
    }

    /// This decoration with a time to live of `seconds`.
    package func expiring(after seconds: Double) -> Decoration {
        Decoration(base: base, decorators: decorators, timeToLive: seconds)
    }
}

/// What a resolve sees of a decorated ``Registration/Body``: a class without generic
/// parameters, so that the specialised resolve of every `T` calls it with the same code
/// (the compiler merges the copies: a typed call would pass `T`'s metadata, 100 bytes per
/// factory in codesize.sh). Its one subclass, ``DecoratedRegistration``, knows the types.
@usableFromInline
package class DecoratedResolve: @unchecked Sendable {  // no state; the subclass's is immutable
    /// Resolves the decorated body and runs the decorators: `parameter` points at a `P`,
    /// `parameterKey` at a `((P) -> ParameterBox)??` (`.none` for a ``Factory``),
    /// `result` at a `T?` it sets.
    @usableFromInline
    func resolve(
        _ nodeRef: NodeReference, _ key: RegistrationKey, kind: Scope.Lifetime, custom: Scope?,
        parameter: UnsafeRawPointer, parameterKey: UnsafeRawPointer, into result: UnsafeMutableRawPointer
    ) {
        preconditionFailure("DecoratedResolve is abstract")
    }

    /// Resolves a decorated ``Factory`` (`P` is `Void`) and runs the decorators; returns
    /// the instance as a ``Payload``.
    @usableFromInline
    func resolveWrapped(_ nodeRef: NodeReference, _ key: RegistrationKey, kind: Scope.Lifetime, custom: Scope?) -> AnyObject {
        preconditionFailure("DecoratedResolve is abstract")
    }
}

/// A ``Registration``'s decoration, behind ``DecoratedResolve``.
package final class DecoratedRegistration<P, T>: DecoratedResolve, @unchecked Sendable {  // immutable
    package let decoration: Decoration<Registration<P, T>.Body, T>

    package init(_ decoration: Decoration<Registration<P, T>.Body, T>) {
        self.decoration = decoration
    }

    override func resolveWrapped(
        _ nodeRef: NodeReference, _ key: RegistrationKey, kind: Scope.Lifetime, custom: Scope?
    ) -> AnyObject {
        guard let parameter = () as Any as? P else { preconditionFailure("a decorated Factory takes no parameter") }
        let instance =
            if let timeToLive = decoration.timeToLive {
                Registration<P, T>.resolveExpiring(
                    nodeRef, key, kind: kind, custom: custom, body: decoration.base, parameter: parameter,
                    buildParameter: nil, timeToLive: timeToLive)
            } else {
                Registration<P, T>.resolve(
                    in: nodeRef, container: key.container, name: key.name, type: key.producedType, position: key.position,
                    file: key.file, kind: kind, custom: custom, body: decoration.base, parameter: parameter)
            }
        decoration.run(instance)
        return Payload.wrap(instance)
    }

    override func resolve(
        _ nodeRef: NodeReference, _ key: RegistrationKey, kind: Scope.Lifetime, custom: Scope?,
        parameter: UnsafeRawPointer, parameterKey: UnsafeRawPointer, into result: UnsafeMutableRawPointer
    ) {
        let parameter = parameter.assumingMemoryBound(to: P.self).pointee
        let parameterKey = parameterKey.assumingMemoryBound(to: (@Sendable (P) -> ParameterBox)??.self).pointee
        let instance =
            if let timeToLive = decoration.timeToLive {
                withUnsafePointer(to: parameter) { value in
                    let box = parameterKey.flatMap { $0?(parameter) }
                    return withUnsafePointer(to: BuildParameter(value, box: box)) { buildParameter in
                        Registration<P, T>.resolveExpiring(
                            nodeRef, key, kind: kind, custom: custom, body: decoration.base, parameter: parameter,
                            buildParameter: buildParameter, timeToLive: timeToLive)
                    }
                }
            } else if case .some(let parameterKey) = parameterKey {
                Registration<P, T>.resolve(
                    in: nodeRef, container: key.container, name: key.name, type: key.producedType, position: key.position,
                    file: key.file, kind: kind, custom: custom, body: decoration.base, parameter: parameter,
                    parameterKey: parameterKey)
            } else {
                Registration<P, T>.resolve(
                    in: nodeRef, container: key.container, name: key.name, type: key.producedType, position: key.position,
                    file: key.file, kind: kind, custom: custom, body: decoration.base, parameter: parameter)
            }
        result.assumingMemoryBound(to: T?.self).pointee = instance
        decoration.run(instance)
    }
}

extension Registration {
    /// The resolve of a factory with a time to live, in Scoped (not inlined into apps):
    /// no lock-free read; ``ContainerNode/beginExpiringBuild(_:parameter:kind:custom:timeToLive:)``
    /// drops an expired instance, then finds the held one or begins the build, as for any
    /// caching scope. `buildParameter`: nil for a ``Factory``, the parameter (with its
    /// per-parameter key, if any) for a ``ParameterFactory``.
    static func resolveExpiring(
        _ nodeRef: NodeReference, _ key: RegistrationKey, kind: Scope.Lifetime, custom: Scope?, body: Body, parameter: P,
        buildParameter: UnsafePointer<BuildParameter>?, timeToLive: Double
    ) -> T {
        let step = nodeRef.withNode {
            $0.beginExpiringBuild(key, parameter: buildParameter, kind: kind, custom: custom, timeToLive: timeToLive)
        }
        guard case .build(let override, let form, let context) = step else {
            return step.heldInstance(as: T.self).unsafelyUnwrapped
        }
        let value = override.map { Self.body(of: $0, for: key)(parameter) } ?? Self.call(body, parameter)
        context.withBorrowed { $0.finishBuild(Self.payload(value, form)) }
        return value
    }
}

// Concurrency rule: a `Decoration` is immutable once made (a new one is made for each
// `.decorator` call), so it is shared between threads freely. Its decorators are user
// code: they run after the resolve that returned the instance has released every lock
// (Registration.resolve, AsyncRegistration.resolve), never inside a build's bookkeeping.

/// A factory's decorators (`.decorator { }`) and the body they decorate: the payload of
/// the `decorated` case of ``Registration/Body`` and ``AsyncRegistration/Body``.
///
/// A class, so that an undecorated factory value stays as it was (one case more in its
/// body's enum, no field more) and a decorated one carries one reference; the resolve
/// checks the case once, before anything else, and a decorated resolve is the plain
/// resolve of `base` followed by `run(_:)`.
@usableFromInline
package final class Decoration<Base: Sendable, T>: Sendable {
    /// The body the decorators follow (never itself decorated).
    @usableFromInline package let base: Base
    /// In the order the `.decorator` calls were written.
    @usableFromInline package let decorators: [@Sendable (T) -> Void]

    package init(base: Base, decorators: [@Sendable (T) -> Void]) {
        self.base = base
        self.decorators = decorators
    }

    /// Runs every decorator with `instance`, first declared first.
    @usableFromInline
    package func run(_ instance: T) {
        for decorate in decorators { decorate(instance) }
    }

    /// This decoration around another body (a context override replaced the body).
    package func replacingBase(with base: Base) -> Decoration {
        Decoration(base: base, decorators: decorators)
    }

    /// This decoration with `decorate` run after the others.
    package func appending(_ decorate: @escaping @Sendable (T) -> Void) -> Decoration {
        Decoration(base: base, decorators: decorators + [decorate])
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
        let instance = Registration<P, T>.resolve(
            in: nodeRef, container: key.container, name: key.name, type: key.producedType, position: key.position,
            file: key.file, kind: kind, custom: custom, body: decoration.base, parameter: parameter)
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
            if case .some(let parameterKey) = parameterKey {
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

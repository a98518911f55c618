// Concurrency rule: a `Decoration` is immutable once made (a new one is made for each
// `.decorator` or `.timeToLive` call), so it is shared between threads freely. Its
// decorators are user code: they run after the resolve that returned the instance has
// released every lock (Registration.resolve, AsyncRegistration.resolve), never inside a
// build's bookkeeping.

/// What a resolve sees of a decorated ``Registration/Body``: a class without generic
/// parameters, so that the specialised resolve of every `T` calls it with the same code
/// (the compiler merges the copies: a typed call would pass `T`'s metadata, 100 bytes per
/// factory in codesize.sh), and so that a factory with a time to live and no decorators
/// reads its held instance without any generic code (``resolveWrapped(_:_:kind:custom:)``).
/// Its subclasses, ``Decoration`` and ``DecoratedRegistration``, know the types; a
/// synchronous body's is always a ``DecoratedRegistration`` (an async body's
/// ``Decoration`` is never resolved through these entry points).
@usableFromInline
package class DecoratedResolve: @unchecked Sendable {  // immutable: every field is set in init
    /// Seconds a held instance lives (`.timeToLive`; the last one given); nil for ever.
    @usableFromInline package let timeToLive: Double?
    /// Whether decorators follow the body (false: a time to live alone).
    @usableFromInline package let hasDecorators: Bool

    @usableFromInline
    init(timeToLive: Double?, hasDecorators: Bool) {
        self.timeToLive = timeToLive
        self.hasDecorators = hasDecorators
    }

    /// Resolves a decorated ``Factory`` (`P` is `Void`) and runs the decorators; returns
    /// the instance as a ``Payload``. With a time to live and no decorators, an instance
    /// held strongly and younger than that is read lock-free here
    /// (``ContainerNode/fastReadExpiring(_:parameter:kind:)``); everything else goes to
    /// the typed subclass.
    @usableFromInline
    final func resolveWrapped(_ nodeRef: NodeReference, _ key: RegistrationKey, kind: Scope.Lifetime, custom: Scope?) -> AnyObject {
        if timeToLive != nil, !hasDecorators, kind.holdsInstances,
            case .held(let payload) = nodeRef.withNode({ $0.fastReadExpiring(key, parameter: nil, kind: kind) })
        {
            return payload
        }
        return resolveWrappedTyped(nodeRef, key, kind: kind, custom: custom)
    }

    /// ``resolveWrapped(_:_:kind:custom:)`` when the typed subclass has to act.
    func resolveWrappedTyped(_ nodeRef: NodeReference, _ key: RegistrationKey, kind: Scope.Lifetime, custom: Scope?) -> AnyObject {
        preconditionFailure("DecoratedResolve is abstract")
    }

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
}

/// A factory's options that are stored by reference: its decorators (`.decorator { }`),
/// its time to live (`.timeToLive(_:)`) and the body they apply to: the payload of the
/// `decorated` case of ``Registration/Body`` (as ``DecoratedRegistration``, one object
/// per factory value) and ``AsyncRegistration/Body``.
///
/// A class, so that a factory value without them stays as it was (one case more in its
/// body's enum, no field more) and one with them carries one reference; the resolve
/// checks the case once, before anything else, and a decorated resolve is the resolve of
/// `base` (under the storage's lock, with a time to live) followed by `run(_:)`.
@usableFromInline
package class Decoration<Base: Sendable, T>: DecoratedResolve, @unchecked Sendable {  // immutable, as its base
    /// The body the decorators follow (never itself decorated).
    @usableFromInline package let base: Base
    /// In the order the `.decorator` calls were written.
    @usableFromInline package let decorators: [@Sendable (T) -> Void]

    @usableFromInline
    package required init(base: Base, decorators: [@Sendable (T) -> Void], timeToLive: Double? = nil) {
        self.base = base
        self.decorators = decorators
        super.init(timeToLive: timeToLive, hasDecorators: !decorators.isEmpty)
    }

    /// Runs every decorator with `instance`, first declared first.
    @usableFromInline
    package final func run(_ instance: T) {
        guard hasDecorators else { return }   // a time to live alone
        for decorate in decorators { decorate(instance) }
    }

    /// This decoration around another body (a context override replaced the body).
    package final func replacingBase(with base: Base) -> Self {
        Self(base: base, decorators: decorators, timeToLive: timeToLive)
    }

    /// This decoration with `decorate` run after the others.
    @usableFromInline
    package final func appending(_ decorate: @escaping @Sendable (T) -> Void) -> Self {
        Self(base: base, decorators: decorators + [decorate], timeToLive: timeToLive)
    }

    /// This decoration with a time to live of `seconds`.
    @usableFromInline
    package final func expiring(after seconds: Double) -> Self {
        Self(base: base, decorators: decorators, timeToLive: seconds)
    }
}

/// A ``Registration``'s decoration: the typed resolves behind ``DecoratedResolve``.
@usableFromInline
package final class DecoratedRegistration<P, T>: Decoration<Registration<P, T>.Body, T>, @unchecked Sendable {  // immutable
    @usableFromInline
    package required init(base: Registration<P, T>.Body, decorators: [@Sendable (T) -> Void], timeToLive: Double? = nil) {
        super.init(base: base, decorators: decorators, timeToLive: timeToLive)
    }

    override func resolveWrappedTyped(
        _ nodeRef: NodeReference, _ key: RegistrationKey, kind: Scope.Lifetime, custom: Scope?
    ) -> AnyObject {
        let parameter = unsafeBitCast((), to: P.self)   // a decorated `Factory`: `P` is `Void`
        let context = ResolutionContext.current
        let (instance, carriedRan) = context.resolvingDecorated(key) {
            if let timeToLive {
                Registration<P, T>.resolveExpiring(
                    nodeRef, key, kind: kind, custom: custom, body: base, parameter: parameter,
                    buildParameter: nil, timeToLive: timeToLive)
            } else {
                Registration<P, T>.resolve(
                    in: nodeRef, container: key.container, name: key.name, type: key.producedType, position: key.position,
                    file: key.file, kind: kind, custom: custom, body: base, parameter: parameter)
            }
        }
        // A decorator that resolves its own factory would run again after that resolve:
        // stopped with a message (a parameter factory's may resolve another parameter).
        // An override made from a decorated value ran that value's decorators, these among them.
        if hasDecorators && !carriedRan { context.runningDecorators(of: key) { run(instance) } }
        return Payload.wrap(instance)
    }

    override func resolve(
        _ nodeRef: NodeReference, _ key: RegistrationKey, kind: Scope.Lifetime, custom: Scope?,
        parameter: UnsafeRawPointer, parameterKey: UnsafeRawPointer, into result: UnsafeMutableRawPointer
    ) {
        let parameter = parameter.assumingMemoryBound(to: P.self).pointee
        let parameterKey = parameterKey.assumingMemoryBound(to: (@Sendable (P) -> ParameterBox)??.self).pointee
        let (instance, carriedRan) = ResolutionContext.current.resolvingDecorated(key) {
            if let timeToLive {
                withUnsafePointer(to: parameter) { value in
                    let box = parameterKey.flatMap { $0?(parameter) }
                    return withUnsafePointer(to: BuildParameter(value, box: box)) { buildParameter in
                        Registration<P, T>.resolveExpiring(
                            nodeRef, key, kind: kind, custom: custom, body: base, parameter: parameter,
                            buildParameter: buildParameter, timeToLive: timeToLive)
                    }
                }
            } else if case .some(let parameterKey) = parameterKey {
                Registration<P, T>.resolve(
                    in: nodeRef, container: key.container, name: key.name, type: key.producedType, position: key.position,
                    file: key.file, kind: kind, custom: custom, body: base, parameter: parameter,
                    parameterKey: parameterKey)
            } else {
                Registration<P, T>.resolve(
                    in: nodeRef, container: key.container, name: key.name, type: key.producedType, position: key.position,
                    file: key.file, kind: kind, custom: custom, body: base, parameter: parameter)
            }
        }
        result.assumingMemoryBound(to: T?.self).pointee = instance
        if !carriedRan { run(instance) }
    }
}

extension Registration {
    /// The resolve of a factory with a time to live, in Scoped (not inlined into apps):
    /// the lock-free read of a young instance
    /// (``ContainerNode/fastReadExpiring(_:parameter:kind:)``), else
    /// ``ContainerNode/beginExpiringBuild(_:parameter:kind:custom:timeToLive:)``, which
    /// drops an expired instance, then finds the held one or begins the build, as for any
    /// caching scope. `buildParameter`: nil for a ``Factory``, the parameter (with its
    /// per-parameter key, if any) for a ``ParameterFactory``.
    static func resolveExpiring(
        _ nodeRef: NodeReference, _ key: RegistrationKey, kind: Scope.Lifetime, custom: Scope?, body: Body, parameter: P,
        buildParameter: UnsafePointer<BuildParameter>?, timeToLive: Double
    ) -> T {
        if kind.holdsInstances {
            let found = nodeRef.withNode { $0.fastReadExpiring(key, parameter: buildParameter, kind: kind) }
            if let held = found.heldInstance(as: T.self) { return held }
        }
        let step = nodeRef.withNode {
            $0.beginExpiringBuild(key, parameter: buildParameter, kind: kind, custom: custom, timeToLive: timeToLive)
        }
        return carryOut(step, key, body: body, parameter: parameter)
    }
}

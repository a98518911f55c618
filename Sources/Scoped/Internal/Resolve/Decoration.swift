// Concurrency rule: a `Decoration` is immutable (each `.decorator` or `.timeToLive` makes a
// new one), shared between threads freely. Its decorators are user code: they run after the
// resolve that returned the instance released every lock.

/// What a resolve sees of a decorated body: no generic parameters, so the resolves of every `T` merge.
@usableFromInline package class DecoratedResolve: @unchecked Sendable {  // immutable: every field is set in init
    /// Seconds a held instance lives (the last `.timeToLive` given); nil for ever.
    @usableFromInline package let timeToLive: Double?
    @usableFromInline package let hasDecorators: Bool  // false: a time to live alone
    @usableFromInline init(timeToLive: Double?, hasDecorators: Bool) {
        self.timeToLive = timeToLive
        self.hasDecorators = hasDecorators
    }
    /// A young held instance without decorators is read lock-free here; the rest goes typed.
    @usableFromInline
    final func resolveWrapped(_ nodeRef: NodeReference, _ key: RegistrationKey, kind: Scope.Lifetime, custom: Scope?) -> AnyObject {
        if timeToLive != nil, !hasDecorators, kind.holdsInstances,
            case .held(let payload) = nodeRef.withNode({ $0.fastReadExpiring(key, parameter: nil, kind: kind) })
        {
            return payload
        }
        return resolveWrappedTyped(nodeRef, key, kind: kind, custom: custom)
    }
    func resolveWrappedTyped(_ nodeRef: NodeReference, _ key: RegistrationKey, kind: Scope.Lifetime, custom: Scope?) -> AnyObject {
        preconditionFailure("DecoratedResolve is abstract")
    }
    /// Resolves a decorated ``ParameterFactory`` and runs the decorators: `parameter` points
    /// at a `P`, `parameterKey` at a `((P) -> ParameterBox)??`, `result` at a `T?` it sets.
    @usableFromInline func resolve(
        _ nodeRef: NodeReference, _ key: RegistrationKey, kind: Scope.Lifetime, custom: Scope?,
        parameter: UnsafeRawPointer, parameterKey: UnsafeRawPointer, into result: UnsafeMutableRawPointer
    ) {
        preconditionFailure("DecoratedResolve is abstract")
    }
}

/// A factory's decorators, time to live and the body they apply to (a class: one reference
/// in a factory value); a decorated resolve is `base`'s followed by `run(_:)`.
@usableFromInline
package class Decoration<Base: Sendable, T>: DecoratedResolve, @unchecked Sendable {  // immutable, as its base
    @usableFromInline package let base: Base
    @usableFromInline package let decorators: [@Sendable (T) -> Void]
    @usableFromInline
    package required init(base: Base, decorators: [@Sendable (T) -> Void], timeToLive: Double? = nil) {
        self.base = base
        self.decorators = decorators
        super.init(timeToLive: timeToLive, hasDecorators: !decorators.isEmpty)
    }
    @usableFromInline package final func run(_ instance: T) {
        guard hasDecorators else { return }
        for decorate in decorators { decorate(instance) }
    }
}

/// A factory value's stored body, as `.decorator`, `.timeToLive` and a context's body change it.
@usableFromInline package protocol ModifiableBody: Sendable {
    associatedtype Instance
    associatedtype Decorated: Decoration<Self, Instance>
    var decoration: Decorated? { get }
    /// `base` under `decorators` and `timeToLive`: a static call, not `Decorated`'s required
    /// `init` (dispatched through the class, 900 more instructions a decorated resolve).
    static func decorating(_ base: Self, with decorators: [@Sendable (Instance) -> Void], timeToLive: Double?) -> Self
}

extension ModifiableBody {
    /// Inlined where the modifier is written: the decoration's metadata is cached there.
    @inlinable package func decorated(with decorate: @escaping @Sendable (Instance) -> Void) -> Self {
        guard let decoration else { return .decorating(self, with: [decorate], timeToLive: nil) }
        return .decorating(decoration.base, with: decoration.decorators + [decorate], timeToLive: decoration.timeToLive)
    }
    /// With a time to live of `seconds`, decorators kept; inlined as ``decorated(with:)``.
    @inlinable package func expiring(after seconds: Double) -> Self {
        .decorating(decoration?.base ?? self, with: decoration?.decorators ?? [], timeToLive: seconds)
    }
    /// A context's body in place of the declared one, under the same decorators and time to live.
    package func replacingBase(with body: Self) -> Self {
        guard let decoration else { return body }
        return .decorating(body, with: decoration.decorators, timeToLive: decoration.timeToLive)
    }
}

/// The typed resolves behind ``DecoratedResolve``.
@usableFromInline
package final class DecoratedRegistration<P, T>: Decoration<Registration<P, T>.Body, T>, @unchecked Sendable {  // immutable
    @usableFromInline  // declared again: an inherited initializer cannot be `@usableFromInline`
    package required init(base: Registration<P, T>.Body, decorators: [@Sendable (T) -> Void], timeToLive: Double? = nil) {
        super.init(base: base, decorators: decorators, timeToLive: timeToLive)
    }
    override func resolveWrappedTyped(
        _ nodeRef: NodeReference, _ key: RegistrationKey, kind: Scope.Lifetime, custom: Scope?
    ) -> AnyObject {
        let context = ResolutionContext.current
        let (instance, carriedRan) = resolveBase(
            nodeRef, key, kind: kind, custom: custom, parameter: unsafeBitCast((), to: P.self),  // a `Factory`: `P` is `Void`
            parameterKey: .none, context: context)
        // A decorator resolving its own factory stops (a parameter factory's may use another).
        if hasDecorators && !carriedRan { context.runningDecorators(of: key) { run(instance) } }
        return Payload.wrap(instance)
    }
    override func resolve(
        _ nodeRef: NodeReference, _ key: RegistrationKey, kind: Scope.Lifetime, custom: Scope?,
        parameter: UnsafeRawPointer, parameterKey: UnsafeRawPointer, into result: UnsafeMutableRawPointer
    ) {
        let (instance, carriedRan) = resolveBase(
            nodeRef, key, kind: kind, custom: custom, parameter: parameter.assumingMemoryBound(to: P.self).pointee,
            parameterKey: parameterKey.assumingMemoryBound(to: (@Sendable (P) -> ParameterBox)??.self).pointee,
            context: ResolutionContext.current)
        result.assumingMemoryBound(to: T?.self).pointee = instance
        if !carriedRan { run(instance) }
    }
    /// And whether the override in effect (made from a decorated value) ran the decorators.
    @inline(__always) private func resolveBase(
        _ nodeRef: NodeReference, _ key: RegistrationKey, kind: Scope.Lifetime, custom: Scope?, parameter: P,
        parameterKey: (@Sendable (P) -> ParameterBox)??, context: ResolutionContext
    ) -> (T, carriedRan: Bool) {
        context.resolvingDecorated(key) {
            guard case .some(let parameterKey) = parameterKey else {  // a `Factory`
                guard let timeToLive else {
                    return Registration<P, T>.resolve(
                        in: nodeRef, name: key.name, shape: key.shape, type: key.producedType, file: key.file, kind: kind, custom: custom, body: base, parameter: parameter)
                }
                return Registration<P, T>.resolveExpiring(
                    nodeRef, key, kind: kind, custom: custom, body: base, parameter: parameter, buildParameter: nil, timeToLive: timeToLive)
            }
            guard let timeToLive else {
                return Registration<P, T>.resolve(
                    in: nodeRef, name: key.name, shape: key.shape, type: key.producedType, file: key.file, kind: kind, custom: custom, body: base, parameter: parameter, parameterKey: parameterKey)
            }
            return withUnsafePointer(to: parameter) { value in
                withUnsafePointer(to: AnyParameter(value, box: parameterKey?(parameter))) { buildParameter in
                    Registration<P, T>.resolveExpiring(
                        nodeRef, key, kind: kind, custom: custom, body: base, parameter: parameter,
                        buildParameter: buildParameter, timeToLive: timeToLive)
                }
            }
        }
    }
}

extension Registration {
    /// The lock-free read of a young instance, else `beginExpiringBuild`.
    static func resolveExpiring(
        _ nodeRef: NodeReference, _ key: RegistrationKey, kind: Scope.Lifetime, custom: Scope?, body: Body, parameter: P,
        buildParameter: UnsafePointer<AnyParameter>?, timeToLive: Double
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

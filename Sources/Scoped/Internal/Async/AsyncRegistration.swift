// Concurrency rule: immutable, like `Registration`; shared state lives behind the storages' locks (AsyncResolve.swift).

/// What ``AsyncFactory`` and ``AsyncParameterFactory`` share, as ``Registration`` does.
@usableFromInline
package struct AsyncRegistration<P: Sendable, T: Sendable>: RegistrationFields, Sendable {
    @usableFromInline
    package enum Body: Sendable {
        case plain(@Sendable () async throws -> T)
        case parameter(@Sendable (P) async throws -> T)
        case decorated(Decoration<Body, T>)
        @usableFromInline package var decoration: Decoration<Body, T>? {
            if case .decorated(let decoration) = self { decoration } else { nil }
        }
        @usableFromInline
        package static func decorating(_ base: Body, with decorators: [@Sendable (T) -> Void], timeToLive: Double?) -> Body {
            .decorated(Decoration(base: base, decorators: decorators, timeToLive: timeToLive))
        }
    }
    // The fields of `RegistrationFields`, stored flat as in `Registration` (see there).
    @usableFromInline package let nodeRef: NodeReference
    @usableFromInline package let nodeOwner: ContainerManager?
    @usableFromInline package let key: RegistrationKey
    @usableFromInline package var scopeKind: Scope.Lifetime = .unique
    @usableFromInline package unowned(unsafe) var customScope: Scope?
    @usableFromInline package var contextRank: UInt8 = 0
    @usableFromInline package var storedBody: Body
    /// For a per-parameter factory: the parameter as the part of the storage key.
    @usableFromInline package var parameterKey: (@Sendable (P) -> any Hashable & Sendable)?
    /// `references` first, so the keeper is taken before the body is copied.
    @inlinable
    package init(references: (NodeReference, ContainerManager?), key: RegistrationKey, body: Body) {
        (nodeRef, nodeOwner) = references
        self.key = key
        self.storedBody = body
    }
    /// Resolves: a held instance read as a synchronous resolve reads it (no suspension), otherwise the async path.
    /// Isolated to the caller's actor, so a hit never hops.
    @inlinable
    package func resolve(_ parameter: P, isolation: isolated (any Actor)?) async throws -> T {
        if let instance = held() {
            if case .decorated(let decoration) = storedBody { decoration.run(instance) }
            return instance
        }
        return try await resolveMissed(parameter)
    }
    /// The instance a caching scope holds (no per-parameter key), read on the fast path; or nil.
    @inlinable
    package func held() -> T? {
        guard parameterKey == nil, scopeKind.holdsInstances else { return nil }
        if case .decorated = storedBody { return heldDecorated() }
        let (key, kind) = (self.key, scopeKind)
        return nodeRef.withNode { $0.fastReadWithoutClaim(key, kind: kind) }.heldInstance(as: T.self)
    }
    /// ``held()`` for a decorated body (with a time to live, a fresh one only), out of line.
    @usableFromInline
    package func heldDecorated() -> T? {
        let (key, kind, timeToLive) = (self.key, scopeKind, storedBody.decoration?.timeToLive)
        return nodeRef.withNode { node in
            timeToLive == nil ? node.fastReadWithoutClaim(key, kind: kind) : node.fastReadExpiring(key, parameter: nil, kind: kind)
        }.heldInstance(as: T.self)
    }
    @usableFromInline
    package func resolveMissed(_ parameter: P) async throws -> T {
        let key = self.key
        let body = storedBody
        let (outcome, override) = try await node.resolveAsync(
            key, parameter: parameterKey?(parameter), kind: scopeKind, custom: customScope,
            timeToLive: body.decoration?.timeToLive
        ) { override in
            guard let override else { return Payload.wrap(try await Self.call(body, parameter)) }
            return Payload.wrap(try await Self.body(of: override, for: key)(parameter))
        }
        let instance = outcome.heldInstance(as: T.self).unsafelyUnwrapped
        // No lock held: decorators are user code. An override made from a decorated value ran them.
        if let decoration = body.decoration, override?.carriesValueDecorators != true { decoration.run(instance) }
        return instance
    }
    package func check(_ scope: Scope) {
        guard !scope.kind.allowsAsyncBodies else { return }
        ScopedFailure.stop("\(key) is an async factory and cannot use .graph, the scope of one synchronous resolve "
            + "(use .unique, or a caching scope)", declaredBy: [key])
    }
    package func overrideBox(_ function: (@Sendable (P) async throws -> T)?) -> OverrideBox<P, T> {
        let declared = storedBody
        return override(.async(function ?? { try await Self.call(declared, $0) }), decoration: storedBody.decoration)
    }
    private static func call(_ body: Body, _ parameter: P) async throws -> T {
        switch body {
        case .plain(let body): try await body()
        case .parameter(let body): try await body(parameter)
        case .decorated(let decoration): try await call(decoration.base, parameter)
        }
    }
    private static func body(of override: any OverrideBody, for key: RegistrationKey) -> @Sendable (P) async throws -> T {
        guard let box = override as? OverrideBox<P, T>, case .async(let body) = box.body else {
            overrideTypeMismatch(key, parameter: P.self)
        }
        return body
    }
}

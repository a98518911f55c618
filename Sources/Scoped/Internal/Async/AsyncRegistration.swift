// Concurrency rule: an immutable value, like `Registration`; shared state lives behind the
// storages' locks (AsyncResolve.swift).

/// An async override body (`register { try await … }`), as ``OverrideBox``.
package final class AsyncOverrideBox<P, T>: OverrideBody {
    let body: @Sendable (P) async throws -> T
    package let scope: Scope
    package let timeToLive: Double?
    let decorators: RunTimeDecorators<T>
    private let undecorated: @Sendable (P) async throws -> T

    init(body: @escaping @Sendable (P) async throws -> T, scope: Scope, timeToLive: Double?, decorators: RunTimeDecorators<T>) {
        undecorated = body
        if decorators.isEmpty {
            self.body = body
        } else {
            self.body = { decorators.applied(to: try await body($0)) }
        }
        self.scope = scope
        self.timeToLive = timeToLive
        self.decorators = decorators
    }

    package func adjusted(scope: Scope?, timeToLive: Double?) -> any OverrideBody {
        AsyncOverrideBox(body: undecorated, scope: scope ?? self.scope, timeToLive: timeToLive ?? self.timeToLive, decorators: decorators)
    }

    func decorated(with decorate: @escaping @Sendable (T) -> Void) -> AsyncOverrideBox {
        AsyncOverrideBox(body: undecorated, scope: scope, timeToLive: timeToLive, decorators: decorators.appending(decorate))
    }

    package func decorate(_ held: Lookup) { decorators.run(onHeld: held) }

    package var carriesValueDecorators: Bool { decorators.key != nil }

    package func keepingDecorators(of other: any OverrideBody) -> any OverrideBody {
        guard let other = other as? AsyncOverrideBox, let kept = decorators.keepingStatements(of: other.decorators) else { return self }
        return AsyncOverrideBox(body: undecorated, scope: scope, timeToLive: timeToLive, decorators: kept)
    }
}

/// What ``AsyncFactory`` and ``AsyncParameterFactory`` share, as ``Registration`` does.
@usableFromInline
package struct AsyncRegistration<P: Sendable, T: Sendable>: RegistrationFields, Sendable {
    @usableFromInline
    package enum Body: Sendable {
        case plain(@Sendable () async throws -> T)
        case parameter(@Sendable (P) async throws -> T)
        case decorated(Decoration<Body, T>)

        var decoration: Decoration<Body, T>? {
            guard case .decorated(let decoration) = self else { return nil }
            return decoration
        }

        package func decorated(with decorate: @escaping @Sendable (T) -> Void) -> Body {
            .decorated(decoration?.appending(decorate) ?? Decoration(base: self, decorators: [decorate]))
        }

        package func replacingBase(with body: Body) -> Body {
            decoration.map { .decorated($0.replacingBase(with: body)) } ?? body
        }

        package func expiring(after seconds: Double) -> Body {
            .decorated(decoration?.expiring(after: seconds) ?? Decoration(base: self, decorators: [], timeToLive: seconds))
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

    /// Resolves: a held instance read as a synchronous resolve reads it (no suspension),
    /// otherwise the async path. Isolated to the caller's actor, so a hit never hops.
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
        let key = self.key
        let kind = scopeKind
        let found = nodeRef.withNode { $0.fastReadWithoutClaim(key, kind: kind) }
        return found.heldInstance(as: T.self)
    }

    /// ``held()`` for a decorated body (with a time to live, a fresh one only), out of line.
    @usableFromInline
    package func heldDecorated() -> T? {
        let (key, kind, timeToLive) = (self.key, scopeKind, storedBody.decoration?.timeToLive)
        let found = nodeRef.withNode { node in
            timeToLive == nil ? node.fastReadWithoutClaim(key, kind: kind) : node.fastReadExpiring(key, parameter: nil, kind: kind)
        }
        return found.heldInstance(as: T.self)
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

    package func checkAsyncScope(_ scope: Scope) {
        guard !scope.kind.allowsAsyncBodies else { return }
        ScopedFailure.stop(
            "\(key) is an async factory and cannot use .graph, the scope of one synchronous resolve "
                + "(use .unique, or a caching scope)",
            declaredBy: [key])
    }

    package func register(
        _ body: @escaping @Sendable (P) async throws -> T, context: (rank: ContextRank, arguments: [String])? = nil
    ) {
        register(override: override(body: body), context: context)
    }

    package func store(scope: Scope?, timeToLive: Double?) {
        if let scope { checkAsyncScope(scope) }
        store(scope: scope, timeToLive: timeToLive, declared: declaredOverride())
    }

    package func store(decorator decorate: @escaping @Sendable (T) -> Void) {
        updateOverride { existing in
            StoredOverrides.decorating(StoredOverrides.withDeclared(existing, declaredOverride), key: key) { (box: AsyncOverrideBox<P, T>) in
                box.decorated(with: decorate)
            }
        }
    }

    private func declaredOverride() -> AsyncOverrideBox<P, T> {
        let declared = storedBody
        return override(body: { try await Self.call(declared, $0) })
    }

    /// `body` as an override with this value's scope, time to live and decorators.
    private func override(body: @escaping @Sendable (P) async throws -> T) -> AsyncOverrideBox<P, T> {
        let decoration = storedBody.decoration
        let decorators = RunTimeDecorators(carried: decoration?.decorators ?? [], key: key)
        return AsyncOverrideBox(body: body, scope: scope, timeToLive: decoration?.timeToLive, decorators: decorators)
    }

    private static func call(_ body: Body, _ parameter: P) async throws -> T {
        switch body {
        case .plain(let body): try await body()
        case .parameter(let body): try await body(parameter)
        case .decorated(let decoration): try await call(decoration.base, parameter)
        }
    }

    private static func body(of override: any OverrideBody, for key: RegistrationKey) -> @Sendable (P) async throws -> T {
        guard let box = override as? AsyncOverrideBox<P, T> else { overrideTypeMismatch(key, parameter: P.self) }
        return box.body
    }
}
